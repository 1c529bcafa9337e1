/* Bewitched hidden information: what each seat sees of pages, snakes and
 * plain frogs, and resampling that keeps it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"
#include "support.h"

static const char *const bw_carry =
    "{\"frogs\":[{\"at\":14},{\"at\":\"red\"},{\"at\":\"red\"},{\"at\":\"green\"},"
    "{\"at\":\"green\"},{\"at\":\"green\"}],\"books\":[{\"where\":\"frog\",\"at\":0},"
    "{\"where\":\"hat\",\"at\":1},{\"where\":\"hat\",\"at\":2},{\"where\":\"hat\",\"at\":3}],"
    "\"seen\":[[0],[]],\"touches\":[[8,4]],\"magnetic_known\":[1],\"gone\":[0]}";

/* A player sees the pages of books they have looked at, never others'. */
static void test_hidden_pages(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, bw_carry);
    json_t *mine = tgt_observation(st, 0), *theirs = tgt_observation(st, 1);
    json_t *b0 = json_array_get(json_object_get(mine, "books"), 0);
    json_t *b1 = json_array_get(json_object_get(theirs, "books"), 0);
    assert_string_equal(json_string_value(json_object_get(b0, "page")), "prince");
    assert_true(json_is_null(json_object_get(b1, "page")));
    json_t *f0 = json_array_get(json_object_get(theirs, "frogs"), 0);
    assert_int_equal(json_integer_value(json_object_get(f0, "book")), 0);
    json_decref(mine);
    json_decref(theirs);
    tg_state_free(st);
}

/* Nobody, owner included, sees which frogs are magnetic or which snakes are
 * deadly, until a bite shows both. */
static void test_hidden_snakes_and_frogs(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, bw_carry);
    json_t *mine = tgt_observation(st, 0), *all = tgt_observation(st, TG_VIEW_OMNISCIENT);
    json_t *fr = json_object_get(mine, "frogs"), *sn = json_object_get(mine, "snakes");
    assert_true(json_is_null(json_object_get(json_array_get(fr, 0), "magnetic")));
    assert_true(json_is_true(json_object_get(json_array_get(fr, 1), "magnetic")));
    assert_true(json_is_null(json_object_get(json_array_get(sn, 1), "deadly")));
    assert_true(json_is_true(json_object_get(json_array_get(sn, 0), "deadly")));
    json_t *all_sn = json_object_get(all, "snakes");
    assert_true(json_is_true(json_object_get(json_array_get(all_sn, 1), "deadly")));
    assert_true(json_is_false(json_object_get(json_array_get(all_sn, 8), "deadly")));
    json_decref(mine);
    json_decref(all);
    tg_state_free(st);
}

static int bw_same_json(json_t *a, json_t *b)
{
    int same = json_equal(a, b);
    json_decref(a);
    json_decref(b);
    return same;
}

/* Resampling for a player keeps that player's observation and events. */
static void test_resample_keeps_view(void **state)
{
    (void)state;
    for (int p = 0; p < 2; p++) {
        tg_state *st = bw_state(NULL, bw_carry);
        tgt_apply(st, "3f1:13-12-11");
        json_t *obs = tgt_observation(st, p), *ev = tgt_events(st, p);
        assert_int_equal(tg_state_resample(st, p), TG_OK);
        assert_true(bw_same_json(obs, tgt_observation(st, p)));
        assert_true(bw_same_json(ev, tgt_events(st, p)));
        tg_state_free(st);
    }
}

/* Resampling never contradicts a bite or a touch without a bite: snake 8
 * touched frog 4 with no bite, so they are never deadly and magnetic
 * together; frog 1 was bitten, so it stays magnetic and snake 0 deadly. */
static void test_resample_respects_touches(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, bw_carry);
    int prince_moved = 0, snake8_deadly = 0;
    for (int i = 0; i < 200; i++) {
        assert_int_equal(tg_state_seed(st, (uint64_t)i + 1), TG_OK);
        assert_int_equal(tg_state_resample(st, 1), TG_OK);
        json_t *all = tgt_observation(st, TG_VIEW_OMNISCIENT);
        json_t *fr = json_object_get(all, "frogs"), *sn = json_object_get(all, "snakes");
        int d8 = json_is_true(json_object_get(json_array_get(sn, 8), "deadly"));
        int m4 = json_is_true(json_object_get(json_array_get(fr, 4), "magnetic"));
        assert_false(d8 && m4);
        assert_true(json_is_true(json_object_get(json_array_get(fr, 1), "magnetic")));
        assert_true(json_is_true(json_object_get(json_array_get(sn, 0), "deadly")));
        snake8_deadly += d8;
        json_t *b0 = json_array_get(json_object_get(all, "books"), 0);
        prince_moved |= strcmp(json_string_value(json_object_get(b0, "page")), "frog") == 0;
        json_decref(all);
    }
    /* the draw does vary what player 1 cannot know */
    assert_true(prince_moved);
    assert_true(snake8_deadly > 0);
    tg_state_free(st);
}

/* The referee's hidden facts as a word: the prince's book, then each
 * player's plain frog. */
static void bw_cell(const tg_state *st, char *out, size_t cap)
{
    json_t *all = tgt_observation(st, TG_VIEW_OMNISCIENT);
    json_t *books = json_object_get(all, "books"), *frogs = json_object_get(all, "frogs");
    int prince = -1, plain[2] = {-1, -1};
    for (size_t k = 0; k < json_array_size(books); k++)
        if (strcmp(json_string_value(json_object_get(json_array_get(books, k), "page")),
                   "prince") == 0)
            prince = (int)k;
    for (size_t f = 0; f < json_array_size(frogs); f++)
        if (json_is_false(json_object_get(json_array_get(frogs, f), "magnetic")))
            plain[f / 3] = (int)(f % 3);
    snprintf(out, cap, "%d%d%d", prince, plain[0], plain[1]);
    json_decref(all);
}

/* Snake 0 bit (deadly, gone); snake 8 touched frog 4 without a bite, so it
 * is harmless when frog 4 is magnetic: 6 deadly among the other 10 snakes,
 * C(10,6) = 210 ways; when frog 4 (player 1's second) is the plain one,
 * 6 among all 11: C(11,6) = 462 ways. */
static double bw_weight(const char *cell)
{
    return cell[2] == '1' ? 462.0 : 210.0;
}

/* The draw is uniform over every assignment consistent with what the seat
 * saw: grouped by prince's book and plain frogs, each group is as likely as
 * the snake sets it holds. Player 1 has seen no page: 4 books; frog 1 was
 * bitten, so player 0's plain frog is 0 or 2; any of player 1's three. */
static void test_resample_is_uniform_over_consistent_assignments(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, bw_carry);
    tgt_expect_resample_shares(st, 1, bw_cell, bw_weight, 4 * 2 * 3, 4800, 49.73);
    /* Player 0 read book 0: it is the prince's in every draw. */
    tgt_expect_resample_shares(st, 0, bw_cell, bw_weight, 2 * 3, 1800, 20.52);
    tg_state_free(st);
}

/* What each player knows: a page once read stays known while play goes on
 * (wherever the book goes: the mark is on the reader, per book), who read
 * which book is public, and the public view shows no page nobody revealed
 * to the table. */
static void test_a_read_page_is_remembered(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, bw_carry);
    assert_int_equal(tg_state_playout(st, 30, NULL), TG_OK);
    json_t *mine = tgt_observation(st, 0), *pub = tgt_observation(st, TG_VIEW_PUBLIC);
    json_t *b0 = json_array_get(json_object_get(mine, "books"), 0);
    json_t *p0 = json_array_get(json_object_get(pub, "books"), 0);
    assert_string_equal(json_string_value(json_object_get(b0, "page")), "prince");
    assert_true(json_is_null(json_object_get(p0, "page")));
    char *by = json_dumps(json_object_get(p0, "seen_by"), JSON_COMPACT);
    assert_non_null(strstr(by, "0"));
    free(by);
    json_decref(mine);
    json_decref(pub);
    tg_state_free(st);
}

/* Tensor slots (docs/rules/bewitched.md): a book's page flags for its
 * reader and the public. */
static void test_tensor_slots_of_a_read_page(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, bw_carry);
    tg_game *g = tg_game_ref(tg_state_game(st));
    size_t n = tg_game_observation_tensor_size(g);
    /* core 6, stage 9, player 2, setup step, dice 2, used 2, cat, stolen,
     * frogs 6 x 73, cats 8 x 64, snakes 12 x 15, hats 4 x 4, then books of
     * 3 + 80 + 2 + 2 slots each. */
    const size_t books = 6 + 9 + 2 + 1 + 2 + 2 + 2 + 6 * 73 + 8 * 64 + 12 * 15 + 16;
    const size_t book = 3 + 80 + 2 + 2;
    assert_int_equal(n, books + 4 * book + 2 + 12 + 12 + 12 + 2);
    float *t = calloc(n, sizeof *t);
    assert_int_equal(tg_state_observation_tensor(st, 0, t, n), TG_OK);
    assert_true(t[books + 1] == 1.0f);              /* book 0 on a frog */
    assert_true(t[books + 3 + 4 + 0] == 1.0f);      /* ... frog 0 */
    assert_true(t[books + 3 + 80] == 1.0f);         /* the prince's page, to its reader */
    assert_true(t[books + 3 + 82] == 1.0f && t[books + 3 + 83] == 0.0f); /* read by 0 */
    assert_int_equal(tg_state_observation_tensor(st, TG_VIEW_PUBLIC, t, n), TG_OK);
    assert_true(t[books + 3 + 80] == 0.0f && t[books + 3 + 82] == 1.0f);
    free(t);
    tg_game_free(g);
    tg_state_free(st);
}

/* The drawing and the events' texts a seat gets say nothing the referee's
 * view knows and the seat's does not: no page of a book the seat has not
 * looked at, no plain or magnetic frog before a bite, no deadly snake, no
 * setup outcome. */
static void bw_check_secrets(const tg_state *st, void *ctx)
{
    (void)ctx;
    int players = tg_game_players(tg_state_game(st));
    for (int v = 0; v < players; v++) {
        json_t *mine = tgt_observation(st, v);
        char *drawing = tgt_drawing(st, v);
        for (int k = 0; k < 4; k++) {
            json_t *page = json_object_get(json_array_get(json_object_get(mine, "books"), k),
                                           "page");
            char want[64];
            snprintf(want, sizeof want, "Book %d: ", k);
            const char *line = strstr(drawing, want);
            assert_non_null(line);
            size_t len = strcspn(line, "\n");
            if (json_is_null(page) && (len < 13 || strncmp(line + len - 13, "page unknown.", 13)))
                fail_msg("seat %d's drawing shows a page it has not seen: %.*s", v, (int)len, line);
        }
        tgt_assert_not_in(drawing, "(plain)", "a seat's drawing");
        tgt_assert_not_in(drawing, "(magnetic)", "a seat's drawing");
        tgt_assert_not_in(drawing, "S!", "a seat's drawing");
        json_t *events = tgt_events(st, v);
        size_t i;
        json_t *ev;
        json_array_foreach(events, i, ev) {
            const char *text = json_string_value(json_object_get(ev, "text"));
            assert_non_null(text);
            if (json_is_null(json_object_get(ev, "page"))) {
                tgt_assert_not_in(text, "prince's page)", "an event's text");
                tgt_assert_not_in(text, "frog page)", "an event's text");
            }
            tgt_assert_not_in(text, " is deadly", "a setup text");
            tgt_assert_not_in(text, " is harmless", "a setup text");
            tgt_assert_not_in(text, "plain frog is frog", "a setup text");
            tgt_assert_not_in(text, "page is in book", "a setup text");
        }
        json_decref(events);
        free(drawing);
        json_decref(mine);
    }
}

static void test_drawings_and_texts_keep_secrets(void **state)
{
    (void)state;
    tgt_walk_random_games("bewitched", 2, 4, 1, 2, 1500, bw_check_secrets, NULL);
}

int bw_run_hidden(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hidden_pages),
        cmocka_unit_test(test_hidden_snakes_and_frogs),
        cmocka_unit_test(test_resample_keeps_view),
        cmocka_unit_test(test_resample_respects_touches),
        cmocka_unit_test(test_resample_is_uniform_over_consistent_assignments),
        cmocka_unit_test(test_a_read_page_is_remembered),
        cmocka_unit_test(test_tensor_slots_of_a_read_page),
        cmocka_unit_test(test_drawings_and_texts_keep_secrets),
    };
    return cmocka_run_group_tests_name("bewitched hidden", tests, NULL, NULL);
}
