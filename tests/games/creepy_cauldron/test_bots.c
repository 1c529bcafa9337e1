/* What bots rely on: resampling changes nothing (nothing is hidden), and
 * the easy bot's rule of thumb ranks the moves the rule document says. */
#include "test_support.h"

#include <stdlib.h>

#include "boardgames/bot.h"

/* With nothing hidden, a redraw for any seat from any seed is the same position. */
static void test_resample_changes_nothing(void **s)
{
    (void)s;
    tg_game *g = tgt_game("creepy_cauldron", "players=4");
    for (uint64_t seed = 1; seed <= 4; seed++) {
        tg_state *st = tgt_random_state(g, seed, (uint32_t)(seed * 40));
        for (int p = 0; p < 4; p++) {
            tg_state *a = NULL, *b = NULL;
            assert_int_equal(tg_state_clone(st, &a), TG_OK);
            assert_int_equal(tg_state_seed(a, 11 + seed), TG_OK);
            assert_int_equal(tg_state_resample(a, p), TG_OK);
            assert_true(tg_state_equal(a, st));
            assert_int_equal(tg_state_clone(a, &b), TG_OK);
            assert_int_equal(tg_state_seed(b, 99), TG_OK);
            assert_int_equal(tg_state_resample(b, p), TG_OK);
            assert_true(tg_state_equal(a, b));
            tg_state_free(a);
            tg_state_free(b);
        }
        tg_state_free(st);
    }
    tg_game_free(g);
}

/* Nothing is hidden, so nothing needs remembering: every viewer, the public
 * one included, gets the same observation (but for "viewer") and the same
 * tensor; and the tensor's slots decode as docs/rules/creepy_cauldron.md
 * names them (core 10 slots for 4 players, phase 9, turn 4, then per pawn
 * its space (32), invisible, miss, frog, key, creatures (4)). */
static void test_every_viewer_sees_the_same(void **s)
{
    (void)s;
    tg_game *g = tgt_game("creepy_cauldron", "players=4");
    tg_state *st = tgt_random_state(g, 3, 90);
    size_t n = tg_game_observation_tensor_size(g);
    float *want = calloc(n, sizeof *want), *got = calloc(n, sizeof *got);
    json_t *ref = tgt_observation(st, TG_VIEW_OMNISCIENT);
    json_object_del(ref, "viewer");
    assert_int_equal(tg_state_observation_tensor(st, TG_VIEW_OMNISCIENT, want, n), TG_OK);
    for (int v = TG_VIEW_PUBLIC; v < 4; v++) {
        json_t *o = tgt_observation(st, v);
        json_object_del(o, "viewer");
        assert_true(json_equal(o, ref));
        json_decref(o);
        assert_int_equal(tg_state_observation_tensor(st, v, got, n), TG_OK);
        assert_memory_equal(want, got, n * sizeof *got);
    }
    json_t *pawn0 = json_array_get(json_object_get(ref, "pawns"), 0);
    json_t *space = json_object_get(pawn0, "space");
    const size_t pawn = 10 + 9 + 4;
    if (json_is_integer(space))
        assert_true(want[pawn + (size_t)json_integer_value(space)] == 1.0f);
    assert_true(want[10 + 9 + (size_t)json_integer_value(json_object_get(ref, "turn"))] == 1.0f);
    json_decref(ref);
    free(want);
    free(got);
    tg_state_free(st);
    tg_game_free(g);
}

/* The easy bot's first choice and its raw rule-of-thumb score. */
static tg_move cc_easy_hint(const char *options, tg_state *st, double *best, double *second)
{
    tg_game *g = tgt_game("creepy_cauldron", options);
    tg_bot_params params = TG_BOT_PARAMS_INIT;
    params.level = TG_BOT_EASY;
    tg_bot *bot = NULL;
    assert_int_equal(tg_bot_new(g, tg_state_current_player(st), &params, &bot), TG_OK);
    tg_move moves[8];
    double scores[8];
    size_t n = 0;
    assert_int_equal(tg_bot_hint(bot, st, moves, scores, 8, &n), TG_OK);
    assert_true(n >= 2);
    *best = scores[0];
    *second = scores[1];
    tg_bot_free(bot);
    tg_game_free(g);
    return moves[0];
}

static void cc_assert_easy_first(const char *options, const char *position, const char *want)
{
    tg_state *st = cc_load(options, position);
    tg_move want_id = 0;
    assert_int_equal(tg_state_parse_move(st, want, &want_id), TG_OK);
    double best = 0, second = 0;
    tg_move got = cc_easy_hint(options, st, &best, &second);
    /* A strict lead, so no whim or tie can put another move first. */
    assert_true(best > second);
    assert_int_equal(got, want_id);
    tg_state_free(st);
}

/* Red (spider, bat, rat) robs green: the bat red lacks beats the snake it
 * does not need, and taking anything beats taking nothing. */
static void test_easy_steals_a_missing_book_creature(void **s)
{
    (void)s;
    cc_assert_easy_first("players=2",
                         "{'phase':'steal','thefts':[1],'pawns':[{'space':5},"
                         "{'space':9,'creatures':['snake','bat']}]}",
                         "steal-bat");
}

/* A fifth object goes back: the snake outside red's book, not a book creature. */
static void test_easy_returns_a_useless_creature(void **s)
{
    (void)s;
    cc_assert_easy_first("players=2",
                         "{'phase':'return','after':'fish','pawns':[{'space':3,'creatures':"
                         "['spider','bat','rat','snake','bat']},{'space':9}]}",
                         "return-snake");
}

/* Still missing a creature the cauldron holds: fish again rather than pass. */
static void test_easy_fishes_for_a_missing_creature(void **s)
{
    (void)s;
    cc_assert_easy_first("players=2",
                         "{'phase':'again','attempts':1,'pawns':[{'space':3,'creatures':"
                         "['bat']},{'space':9}]}",
                         "fish");
    /* With the whole book in hand the risk of the frog is not worth it. */
    cc_assert_easy_first("players=2",
                         "{'phase':'again','attempts':1,'pawns':[{'space':3,'creatures':"
                         "['spider','bat','rat']},{'space':9}]}",
                         "pass");
}

int cc_run_bots(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_resample_changes_nothing),
        cmocka_unit_test(test_every_viewer_sees_the_same),
        cmocka_unit_test(test_easy_steals_a_missing_book_creature),
        cmocka_unit_test(test_easy_returns_a_useless_creature),
        cmocka_unit_test(test_easy_fishes_for_a_missing_creature),
    };
    return cmocka_run_group_tests_name("creepy_cauldron bots", tests, NULL, NULL);
}
