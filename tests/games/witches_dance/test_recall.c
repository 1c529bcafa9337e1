/* Witches' Dance, "What each player knows": who learns a hat's colour, that
 * the knowledge stays with the hat as it moves, what the public viewer and
 * the tensor show of it, and that resampling keeps it and is uniform over
 * the rest. */
#include "save_edit.h"
#include "test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Three players, every witch out of its start area, nobody knows any hat:
 * yellow on 1-4, red on 8-11, lightblue on 30-33. Player 0 rolled a 6. */
#define WD_ALL_OUT(extra)                                                                    \
    P3("{\"phase\":\"choose\",\"player\":0,\"die\":6,\"circle\":{\"yellow\":[1,2,3,4],"      \
       "\"red\":[8,9,10,11],\"lightblue\":[30,31,32,33]}" extra "}")

/* Entry s of the viewer's "known_color" as JSON text ("null" or "\"red\""). */
static const char *known_at(const tg_state *st, int viewer, int space)
{
    static char out[64];
    json_t *obs = tgt_observation(st, viewer);
    json_t *e = json_array_get(json_object_get(obs, "known_color"), (size_t)space);
    char *t = e ? json_dumps(e, JSON_ENCODE_ANY) : NULL;
    snprintf(out, sizeof out, "%s", t ? t : "(absent)");
    free(t);
    json_decref(obs);
    return out;
}

static void test_peek_is_remembered_two_turns_later(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(WD_ALL_OUT(""));
    assert_string_equal(known_at(st, 0, 9), "null");
    tgt_apply_all(st, "peek9;roll1;4;roll1;5");
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    assert_string_equal(known_at(st, 0, 9), "\"red\"");
    assert_string_equal(known_at(st, 1, 9), "null");
    assert_string_equal(known_at(st, 2, 9), "null");
    assert_string_equal(known_at(st, TG_VIEW_PUBLIC, 9), "null");
    /* Who peeked is public; the colour is not. */
    assert_non_null(strstr(wd_seen(st, 1, "known_by"), "[],[0],[],"));
    assert_null(strstr(wd_seen(st, TG_VIEW_PUBLIC, "circle"), "red"));
    /* The drawing marks it too: the colour letter of a hat one remembers. */
    char *text = NULL;
    assert_int_equal(tg_state_to_text(st, 0, &text, NULL), TG_OK);
    assert_non_null(strstr(text, "09 R"));
    tg_free(text);
    assert_int_equal(tg_state_to_text(st, TG_VIEW_PUBLIC, &text, NULL), TG_OK);
    assert_non_null(strstr(text, "09 @"));
    tg_free(text);
    /* Resampling for the peeker keeps it, every time. */
    for (uint64_t seed = 1; seed <= 40; seed++) {
        tg_state *r = wd_resampled(st, 0, seed);
        assert_string_equal(known_at(r, 0, 9), "\"red\"");
        assert_non_null(strstr(wd_field(r, "circle"), "\"red\":[") );
        json_t *pos = tgt_position(r);
        json_t *reds = json_object_get(json_object_get(pos, "circle"), "red");
        int found = 0;
        for (size_t i = 0; i < json_array_size(reds); i++)
            found |= json_integer_value(json_array_get(reds, i)) == 9;
        json_decref(pos);
        assert_true(found);
        tg_state_free(r);
    }
    tg_state_free(st);
}

static void test_the_hat_keeps_its_colour_while_it_moves(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(WD_ALL_OUT(""));
    /* Peek at 9, the others move aside, then yellow moves the red hat on. */
    tgt_apply_all(st, "peek9;roll1;4;roll1;5;roll3;9");
    assert_string_equal(known_at(st, 0, 9), "null");
    assert_string_equal(known_at(st, 0, 12), "\"red\"");
    assert_string_equal(known_at(st, 1, 12), "null");
    assert_string_equal(wd_field(st, "known"),
                        "[null,null,null,null,null,null,null,null,null,null,null,null,[0],"
                        "null,null,null,null,null,null,null,null,null,null,null,null,null,"
                        "null,null,null,null,null,null,null,null,null,null]");
    tg_state_free(st);
}

/* A hat that crushes another takes its own marks to the space, not the
 * crushed hat's: player 0 peeked at the red hat on 9, player 1 at the one
 * on 10; when the hat from 9 lands on 10, player 1 does not know it, and
 * the hat pushed back from 10 is known to all. */
static void test_a_crushing_hat_keeps_only_its_own_marks(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(WD_ALL_OUT(""));
    tgt_apply_all(st, "peek9;roll6;peek10;roll1;33");
    assert_string_equal(known_at(st, 1, 10), "\"red\"");
    assert_string_equal(known_at(st, 0, 10), "null");
    /* The hat on 10 jumps back by sevens past 3 and 32 to 25. */
    tgt_apply_all(st, "roll1;9");
    assert_string_equal(known_at(st, 0, 10), "\"red\"");
    assert_string_equal(known_at(st, 1, 10), "null");
    assert_string_equal(known_at(st, 2, 10), "null");
    assert_string_equal(known_at(st, TG_VIEW_PUBLIC, 10), "null");
    for (int v = TG_VIEW_PUBLIC; v < 3; v++)
        assert_string_equal(known_at(st, v, 25), "\"red\"");
    assert_string_equal(wd_field(st, "known"),
                        "[null,null,null,null,null,null,null,null,null,null,[0],null,null,"
                        "null,null,null,null,null,null,null,null,null,null,null,null,\"public\","
                        "null,null,null,null,null,null,null,null,null,null]");
    tg_state_free(st);
}

static void test_a_push_shows_the_colour_to_everyone(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(WD_ALL_OUT(""));
    /* Yellow moves the hat on 4 by 6 onto 10: the red hat there jumps back
     * by sevens to the first free space (3 and 32 are taken: 25). */
    tgt_apply(st, "4");
    for (int v = TG_VIEW_PUBLIC; v < 3; v++)
        assert_string_equal(known_at(st, v, 25), "\"red\"");
    /* Two more turns: still known to all, and the moving hat on 10 to none. */
    tgt_apply_all(st, "roll1;11;roll1;33");
    for (int v = TG_VIEW_PUBLIC; v < 3; v++) {
        assert_string_equal(known_at(st, v, 25), "\"red\"");
        if (v != TG_VIEW_OMNISCIENT) /* the referee knows every hat */
            assert_string_equal(known_at(st, v, 10), "null");
    }
    tg_state_free(st);
}

static void test_entering_shows_the_colour_to_everyone(void **state)
{
    (void)state;
    /* Red still has a witch waiting; the roll brings it in on 12. */
    tg_state *st = tgt_from_json(P3("{\"phase\":\"roll\",\"player\":1,\"circle\":{"
                                    "\"yellow\":[1,2,3,4],\"red\":[8,9,10],"
                                    "\"lightblue\":[30,31,32,33]}}"));
    tgt_apply_all(st, "roll1;enter;roll1;32;roll2;1");
    for (int v = TG_VIEW_PUBLIC; v < 3; v++)
        assert_string_equal(known_at(st, v, 12), "\"red\"");
    assert_string_equal(known_at(st, TG_VIEW_PUBLIC, 8), "null");
    tg_state_free(st);
}

/* A binary save of st's position with the knowledge marks of one space
 * set to marks (the marks are the last 36 bytes of the block), loaded: it
 * must be refused with a message naming words. */
static void wd_marks_refused(const tg_state *st, int space, unsigned char marks,
                             const char *words)
{
    size_t len = 0, at = 0, size = 0;
    unsigned char *save = tgt_position_save(st, &len);
    assert_non_null(save);
    tgt_save_layout(save, &at, &size);
    assert_int_equal(size, 136);
    save[at + size - 36 + (size_t)space] = save[at + 2 * size - 36 + (size_t)space] = marks;
    tgt_save_seal(save, len);
    tg_state *back = NULL;
    char err[256] = "";
    assert_int_equal(tg_state_load(save, len, NULL, &back, err, sizeof err), TG_E_CORRUPT);
    assert_null(back);
    if (!strstr(err, words))
        fail_msg("message \"%s\" does not mention \"%s\"", err, words);
    free(save);
}

/* Hostile saves: knowledge marks only on hats, only of players of the game,
 * the public mark only with every player's, and never fewer than the last
 * decision showed (validate.c, wd_check_knowledge). */
static void test_knowledge_marks_must_fit(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(WD_ALL_OUT(""));
    tgt_apply(st, "peek9");
    size_t len = 0;
    unsigned char *save = tgt_position_save(st, &len);
    tg_state *back = NULL;
    assert_int_equal(tg_state_load(save, len, NULL, &back, NULL, 0), TG_OK);
    assert_true(tg_state_equal(back, st));
    tg_state_free(back);
    free(save);
    wd_marks_refused(st, 5, 0x01, "empty space 5");
    wd_marks_refused(st, 1, 0x08, "name no player");
    wd_marks_refused(st, 1, 0x80, "public mark without every player");
    wd_marks_refused(st, 9, 0x00, "showed its hat to more players");
    wd_marks_refused(st, 9, 0x02, "showed its hat to more players");
    /* The JSON form says the same. */
    const char *msg = tgt_from_json_fails(
        WD_ALL_OUT(",\"known\":[null,null,null,null,null,[0],null,null,null,null,null,null,"
                   "null,null,null,null,null,null,null,null,null,null,null,null,null,null,"
                   "null,null,null,null,null,null,null,null,null,null]"),
        TG_E_CORRUPT);
    if (!strstr(msg, "empty space 5"))
        fail_msg("message \"%s\" does not mention the empty space", msg);
    tg_state_free(st);
}

static void test_a_whole_game_is_known_to_everyone(void **state)
{
    (void)state;
    /* From the start, every hat entered in view of the table: with perfect
     * recall nothing in the circle stays hidden from anyone. */
    tg_game *g = tgt_game("witches_dance", "players=4");
    tg_state *st = tgt_random_state(g, 5, 200);
    json_t *pos = tgt_position(st);
    json_t *known = json_object_get(pos, "known");
    int hats = 0;
    for (size_t s = 0; s < json_array_size(known); s++) {
        json_t *e = json_array_get(known, s);
        if (!json_is_null(e)) {
            hats++;
            assert_string_equal(json_string_value(e), "public");
        }
    }
    assert_true(hats > 0);
    json_decref(pos);
    tg_state_free(st);
    tg_game_free(g);
}

/* The tensor's slots for a circle space (docs/rules/witches_dance.md):
 * after the 8 core slots of 3 players come phase (5), player (3), die (6),
 * selected (36), then per space occupied, 6 colour flags, 3 known-by flags. */
static void test_tensor_slots_of_a_known_hat(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(WD_ALL_OUT(""));
    tgt_apply(st, "peek9");
    tg_game *g = tg_game_ref(tg_state_game(st));
    size_t n = tg_game_observation_tensor_size(g);
    assert_int_equal(n, 8 + 5 + 3 + 6 + 36 + 36 * 10 + 6 + 36 + 6);
    float *t = calloc(n, sizeof *t);
    const size_t space9 = 8 + 5 + 3 + 6 + 36 + 9 * 10;
    assert_int_equal(tg_state_observation_tensor(st, 0, t, n), TG_OK);
    assert_true(t[8 + 1] == 1.0f);                    /* phase roll */
    assert_true(t[8 + 5 + 1] == 1.0f);                 /* player 1 is next */
    assert_true(t[8 + 5 + 3 + 5] == 1.0f);             /* the die shows 6 */
    assert_true(t[space9] == 1.0f);                    /* a hat on 9 */
    assert_true(t[space9 + 1 + 2] == 1.0f);            /* red, for the peeker */
    assert_true(t[space9 + 7] == 1.0f && t[space9 + 8] == 0.0f); /* known by 0 only */
    assert_int_equal(tg_state_observation_tensor(st, 1, t, n), TG_OK);
    for (int c = 0; c < 6; c++)
        assert_true(t[space9 + 1 + c] == 0.0f);       /* player 1 sees a hat */
    assert_true(t[space9 + 7] == 1.0f);                /* but knows player 0 knows */
    free(t);
    tg_game_free(g);
    tg_state_free(st);
}

static void test_information_key_follows_what_the_player_knows(void **state)
{
    (void)state;
    /* Two positions that differ in the colours on 1 and 8 after player 0
     * peeked at 9: player 1 cannot tell them apart, player 0 neither (she
     * knows only 9), the referee can. */
    tg_state *a = tgt_from_json(WD_ALL_OUT(""));
    tg_state *b = tgt_from_json(P3("{\"phase\":\"choose\",\"player\":0,\"die\":6,\"circle\":{"
                                   "\"yellow\":[8,2,3,4],\"red\":[1,9,10,11],"
                                   "\"lightblue\":[30,31,32,33]}}"));
    tgt_apply(a, "peek9");
    tgt_apply(b, "peek9");
    for (int p = 0; p < 3; p++) {
        uint64_t ka[2], kb[2];
        assert_int_equal(tg_state_information_key(a, p, ka), TG_OK);
        assert_int_equal(tg_state_information_key(b, p, kb), TG_OK);
        assert_memory_equal(ka, kb, sizeof ka);
    }
    /* Peeking at 1 instead tells player 0 apart from the other position. */
    tg_state *c = tgt_from_json(WD_ALL_OUT(""));
    tg_state *d = tgt_from_json(P3("{\"phase\":\"choose\",\"player\":0,\"die\":6,\"circle\":{"
                                   "\"yellow\":[8,2,3,4],\"red\":[1,9,10,11],"
                                   "\"lightblue\":[30,31,32,33]}}"));
    tgt_apply(c, "peek1");
    tgt_apply(d, "peek1");
    uint64_t kc[2], kd[2];
    assert_int_equal(tg_state_information_key(c, 0, kc), TG_OK);
    assert_int_equal(tg_state_information_key(d, 0, kd), TG_OK);
    assert_memory_not_equal(kc, kd, sizeof kc);
    assert_int_equal(tg_state_information_key(c, 1, kc), TG_OK);
    assert_int_equal(tg_state_information_key(d, 1, kd), TG_OK);
    assert_memory_equal(kc, kd, sizeof kc);
    char *text = NULL;
    assert_int_equal(tg_state_information_json(c, 0, &text, NULL), TG_OK);
    assert_non_null(strstr(text, "\"own_decisions\":[43]"));
    tg_free(text);
    tg_state_free(a);
    tg_state_free(b);
    tg_state_free(c);
    tg_state_free(d);
}

/* The colours on spaces 1, 2, 8, 9 and 20 as one word ("yyrrl"): the
 * cell of the chi-square table. */
static const int wd_cells[] = {1, 2, 8, 9, 20};

static void colouring(const tg_state *st, const int *spaces, int n, char *out)
{
    json_t *obs = tgt_observation(st, TG_VIEW_OMNISCIENT);
    json_t *circle = json_object_get(obs, "circle");
    for (int i = 0; i < n; i++)
        out[i] = json_string_value(json_array_get(circle, (size_t)spaces[i]))[0];
    out[n] = '\0';
    json_decref(obs);
}

static void wd_cell(const tg_state *st, char *out, size_t cap)
{
    (void)cap;
    colouring(st, wd_cells, 5, out);
}

static void test_resample_is_uniform_over_what_is_unknown(void **state)
{
    (void)state;
    /* Two yellow and two red hats nobody knows, one lightblue hat player 0
     * peeked at; the rest home or waiting. */
    tg_state *st = tgt_from_json(P3("{\"phase\":\"roll\",\"player\":1,\"actor\":0,\"die\":6,"
                                    "\"circle\":{\"yellow\":[1,2],\"red\":[8,9],"
                                    "\"lightblue\":[20]},\"events\":[{\"type\":\"peek\","
                                    "\"at\":20,\"color\":\"lightblue\"}]}"));
    /* Player 0 knows 20: the 4!/(2!2!) = 6 colourings of the rest (so 20
     * stays lightblue in every draw, or more than 6 would appear). */
    tgt_expect_uniform_resample(st, 0, wd_cell, 6, 3000, 20.52);
    /* Player 1 knows none: 5!/(2!2!1!) = 30 colourings. */
    tgt_expect_uniform_resample(st, 1, wd_cell, 30, 6000, 59.70);
    tg_state_free(st);
}

int wd_run_recall(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_peek_is_remembered_two_turns_later),
        cmocka_unit_test(test_the_hat_keeps_its_colour_while_it_moves),
        cmocka_unit_test(test_a_push_shows_the_colour_to_everyone),
        cmocka_unit_test(test_a_crushing_hat_keeps_only_its_own_marks),
        cmocka_unit_test(test_entering_shows_the_colour_to_everyone),
        cmocka_unit_test(test_knowledge_marks_must_fit),
        cmocka_unit_test(test_a_whole_game_is_known_to_everyone),
        cmocka_unit_test(test_tensor_slots_of_a_known_hat),
        cmocka_unit_test(test_information_key_follows_what_the_player_knows),
        cmocka_unit_test(test_resample_is_uniform_over_what_is_unknown),
    };
    return cmocka_run_group_tests_name("recall", tests, NULL, NULL);
}
