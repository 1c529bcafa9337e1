/* Hidden information, validation of saves, and the setup draw. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bw_tests.h"
#include "test_support.h"
#include "support.h"

static void bw_expect_refused(const char *position, const char *words)
{
    char over[1024];
    snprintf(over, sizeof over, "{\"stage\":\"roll\",%s}", position);
    char *doc = bw_doc(NULL, over);
    const char *msg = tgt_from_json_fails(doc, TG_E_CORRUPT);
    free(doc);
    if (!strstr(msg, words))
        fail_msg("message \"%s\" does not mention \"%s\"", msg, words);
}

void test_validate_rejects(void **state)
{
    (void)state;
    bw_expect_refused("\"frogs\":[{\"at\":6},{\"at\":6},{\"at\":\"red\"},{\"at\":\"green\"},"
                      "{\"at\":\"green\"},{\"at\":\"green\"}]",
                      "two frogs");
    bw_expect_refused("\"frogs\":[{\"at\":\"green\"},{\"at\":\"red\"},{\"at\":\"red\"},"
                      "{\"at\":\"green\"},{\"at\":\"green\"},{\"at\":\"green\"}]",
                      "not its own");
    bw_expect_refused("\"frogs\":[{\"at\":8},{\"at\":\"red\"},{\"at\":\"red\"},"
                      "{\"at\":\"green\"},{\"at\":\"green\"},{\"at\":\"green\"}]",
                      "snake");
    bw_expect_refused("\"cats\":[8,36,40,42,47,51,55,57]", "snake");
    bw_expect_refused("\"cats\":[36,36,40,42,47,51,55,57]", "cat 1");
    bw_expect_refused("\"deadly\":[0,1,2,3,4,5]", "deadly");
    bw_expect_refused("\"plain\":[1,0],\"touches\":[[0,0]]", "without a bite");
    bw_expect_refused("\"gone\":[8]", "not deadly");
    bw_expect_refused("\"books\":[{\"where\":\"frog\",\"at\":0},{\"where\":\"frog\",\"at\":0},"
                      "{\"where\":\"hat\",\"at\":2},{\"where\":\"hat\",\"at\":3}]",
                      "two books");
    bw_expect_refused("\"books\":[{\"where\":\"ground\",\"at\":8},{\"where\":\"hat\",\"at\":1},"
                      "{\"where\":\"hat\",\"at\":2},{\"where\":\"hat\",\"at\":3}]",
                      "no snake bit");
    bw_expect_refused("\"antidotes\":[1,1],\"events\":[[4,0,0,99,0]]", "out of range");
    bw_expect_refused("\"prince\":1,\"not_prince\":[1]", "prince");
}

static const char *const bw_carry =
    "{\"frogs\":[{\"at\":14},{\"at\":\"red\"},{\"at\":\"red\"},{\"at\":\"green\"},"
    "{\"at\":\"green\"},{\"at\":\"green\"}],\"books\":[{\"where\":\"frog\",\"at\":0},"
    "{\"where\":\"hat\",\"at\":1},{\"where\":\"hat\",\"at\":2},{\"where\":\"hat\",\"at\":3}],"
    "\"seen\":[[0],[]],\"touches\":[[8,4]],\"magnetic_known\":[1],\"gone\":[0]}";

/* A player sees the pages of books they have looked at, never others'. */
void test_hidden_pages(void **state)
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
void test_hidden_snakes_and_frogs(void **state)
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
void test_resample_keeps_view(void **state)
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
void test_resample_respects_touches(void **state)
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

/* Setup: the prince hat, each plain frog and the deadly snakes are chance;
 * exactly seven snakes end up deadly and no player sees them. */
void test_setup_chance(void **state)
{
    (void)state;
    tg_game *g = tgt_game("bewitched", "players=3");
    tg_state *st;
    assert_int_equal(tg_state_new(g, 7, &st), TG_OK);
    tg_move moves[64];
    double probs[64];
    size_t n;
    assert_int_equal(tg_state_chance_outcomes(st, moves, probs, 64, &n), TG_OK);
    assert_int_equal(n, 4);
    for (int i = 0; i < 1 + 3 + 12; i++)
        assert_int_equal(tg_state_apply_chance(st, NULL), TG_OK);
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    json_t *all = tgt_observation(st, TG_VIEW_OMNISCIENT), *mine = tgt_observation(st, 0);
    int deadly = 0;
    for (int s = 0; s < 12; s++) {
        deadly += json_is_true(
            json_object_get(json_array_get(json_object_get(all, "snakes"), (size_t)s), "deadly"));
        assert_true(json_is_null(json_object_get(
            json_array_get(json_object_get(mine, "snakes"), (size_t)s), "deadly")));
    }
    assert_int_equal(deadly, 7);
    assert_string_equal(json_string_value(json_object_get(mine, "stage")), "roll");
    /* the cats start on the eight paw prints */
    static const int paws[8] = {3, 9, 18, 24, 33, 39, 48, 54};
    for (size_t c = 0; c < 8; c++)
        assert_int_equal(json_integer_value(json_array_get(json_object_get(mine, "cats"), c)),
                         paws[c]);
    json_decref(all);
    json_decref(mine);
    assert_int_equal(tg_state_chance_outcomes(st, moves, probs, 64, &n), TG_OK);
    assert_int_equal(n, 21);
    tg_state_free(st);
    tg_game_free(g);
}
