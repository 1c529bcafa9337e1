/* Bewitched, "Setup (chance)": the hidden draws before the first roll. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"
#include "support.h"

/* Setup: the prince hat, each plain frog and the deadly snakes are chance;
 * exactly seven snakes end up deadly and no player sees them. */
static void test_setup_chance(void **state)
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

int bw_run_setup(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_setup_chance),
    };
    return cmocka_run_group_tests_name("bewitched setup", tests, NULL, NULL);
}
