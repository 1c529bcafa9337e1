/* Cauldron spaces: fishing, the optional second attempt, the snap that
 * turns a pawn into the frog, and the limit of four objects. */
#include "test_support.h"

#include <math.h>

static void test_landing_on_cauldron_fishes(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2", "{'pawns':[{'space':0},{'space':16}]}");
    tgt_apply(st, "1");
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    assert_string_equal(cc_word(st, "phase"), "fish");
    /* Default snap chance 0.15; otherwise one attempt in ten (empty=0.1)
     * brings up nothing, and the rest one of the 16 creatures uniformly. */
    assert_true(fabs(cc_prob(st, "snap") - 0.15) < 1e-12);
    assert_true(fabs(cc_prob(st, "nothing") - 0.85 * 0.1) < 1e-12);
    assert_true(fabs(cc_prob(st, "bat") - 0.85 * 0.9 * 4 / 16) < 1e-12);
    tgt_apply(st, "bat");
    assert_int_equal(cc_holds(st, 0, "bat"), 1);
    /* A "1" space gives one attempt: the turn passes. */
    assert_int_equal(cc_field(st, "turn"), 1);
    json_t *obs = tgt_observation(st, 1);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(obs, "cauldron"), "bat")), 3);
    json_decref(obs);
    tg_state_free(st);
}

/* An attempt may bring up nothing without touching the handle: the
 * attempt is used, nothing changes hands, a second one stays optional. */
static void test_attempt_may_bring_up_nothing(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2", "{'pawns':[{'space':0},{'space':16}]}");
    tgt_apply(st, "3"); /* space 3 is a "2" */
    tgt_apply(st, "nothing");
    assert_int_equal(cc_count_events(st, "fish_nothing"), 1);
    assert_int_equal(cc_holds(st, 0, "spider") + cc_holds(st, 0, "bat") +
                         cc_holds(st, 0, "rat") + cc_holds(st, 0, "snake"),
                     0);
    assert_int_equal(cc_field(st, "frog"), -1);
    assert_string_equal(tgt_legal_texts(st), "fish pass");
    tgt_apply(st, "fish");
    tgt_apply(st, "nothing");
    assert_int_equal(cc_field(st, "turn"), 1);
    tg_state_free(st);
    /* empty=0 (release 1.1): every attempt snaps or brings up a creature. */
    st = cc_load("players=2,empty=0", "{'pawns':[{'space':0},{'space':16}]}");
    tgt_apply(st, "1");
    assert_true(cc_prob(st, "nothing") < 0);
    assert_true(fabs(cc_prob(st, "bat") - 0.85 * 4 / 16) < 1e-12);
    tg_state_free(st);
}

static void test_second_attempt_is_optional(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2", "{'pawns':[{'space':0},{'space':16}]}");
    tgt_apply_all(st, "3;spider");
    assert_string_equal(tgt_legal_texts(st), "fish pass");
    tgt_apply(st, "fish");
    assert_string_equal(cc_word(st, "phase"), "fish");
    tgt_apply(st, "rat");
    assert_int_equal(cc_holds(st, 0, "rat"), 1);
    assert_int_equal(cc_field(st, "turn"), 1);
    tg_state_free(st);

    st = cc_load("players=2", "{'pawns':[{'space':0},{'space':16}]}");
    tgt_apply_all(st, "3;spider;pass");
    assert_int_equal(cc_field(st, "turn"), 1);
    tg_state_free(st);
}

static void test_snap_returns_object_and_makes_frog(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2", "{'frog':1,'pawns':[{'space':0,'creatures':['bat','snake']},"
                                        "{'space':16}]}");
    tgt_apply_all(st, "3;snap");
    /* No second attempt after a snap; the head moves from player 1 to 0. */
    assert_int_equal(cc_field(st, "frog"), 0);
    assert_int_equal(cc_event_int(st, "frog", "freed"), 1);
    assert_string_equal(tgt_legal_texts(st), "return-bat return-snake");
    tgt_apply(st, "return-snake");
    assert_int_equal(cc_holds(st, 0, "snake"), 0);
    assert_int_equal(cc_field(st, "turn"), 1);
    assert_string_equal(cc_word(st, "phase"), "roll");
    tg_state_free(st);
}

static void test_snap_with_empty_hands(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2", "{'pawns':[{'space':0},{'space':16}]}");
    tgt_apply_all(st, "1;snap");
    assert_int_equal(cc_field(st, "frog"), 0);
    assert_int_equal(cc_field(st, "turn"), 1);
    tg_state_free(st);
}

static void test_fifth_object_goes_back(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2", "{'pawns':[{'space':0,"
                                        "'creatures':['snake','snake','spider','spider']},"
                                        "{'space':16}]}");
    tgt_apply_all(st, "3;bat");
    assert_string_equal(tgt_legal_texts(st), "return-spider return-bat return-snake");
    tgt_apply(st, "return-snake");
    assert_int_equal(cc_holds(st, 0, "snake"), 1);
    assert_int_equal(cc_holds(st, 0, "bat"), 1);
    /* The second attempt of the "2" space is still there. */
    assert_string_equal(tgt_legal_texts(st), "fish pass");
    tg_state_free(st);
}

static void test_invisible_pawn_cannot_fish(void **s)
{
    (void)s;
    tg_state *st =
        cc_load("players=2", "{'pawns':[{'space':0,'invisible':true},{'space':16}]}");
    tgt_apply(st, "1");
    assert_int_equal(cc_field(st, "turn"), 1);
    assert_int_equal(cc_flag(st, 0, "invisible"), 1);
    tg_state_free(st);
}

static void test_empty_cauldron_gives_nothing(void **s)
{
    (void)s;
    tg_state *st = cc_load(
        "players=4", "{'pawns':["
                     "{'space':0,'creatures':['spider','spider','spider','spider']},"
                     "{'space':8,'creatures':['bat','bat','bat','bat']},"
                     "{'space':16,'creatures':['rat','rat','rat','rat']},"
                     "{'space':24,'creatures':['snake','snake','snake','snake']}]}");
    tgt_apply(st, "1");
    assert_int_equal(cc_field(st, "turn"), 1);
    tg_state_free(st);
}

static void test_per_player_snap_option(void **s)
{
    (void)s;
    const char *pos = "{'pawns':[{'space':0},{'space':16}]}";
    tg_state *st = cc_load("players=2,snap=0.1,snap0=0.5", pos);
    tgt_apply(st, "1");
    assert_true(fabs(cc_prob(st, "snap") - 0.5) < 1e-12);
    tg_state_free(st);
    st = cc_load("players=2,snap=0.1,snap0=0.5", "{'turn':1,'pawns':[{'space':0},{'space':16}]}");
    tgt_apply(st, "1");
    assert_true(fabs(cc_prob(st, "snap") - 0.1) < 1e-12);
    tg_state_free(st);
    /* A snap chance of 0 leaves the outcome out altogether. */
    st = cc_load("players=2,snap=0", pos);
    tgt_apply(st, "1");
    assert_true(cc_prob(st, "snap") < 0);
    tg_state_free(st);
    char err[256];
    tg_game *g = NULL;
    assert_int_equal(tg_game_new("creepy_cauldron", "snap1=-0.5", NULL, &g, err, sizeof err),
                     TG_E_BAD_OPTION);
    assert_null(g);
}

int cc_run_cauldron(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_landing_on_cauldron_fishes),
        cmocka_unit_test(test_attempt_may_bring_up_nothing),
        cmocka_unit_test(test_second_attempt_is_optional),
        cmocka_unit_test(test_snap_returns_object_and_makes_frog),
        cmocka_unit_test(test_snap_with_empty_hands),
        cmocka_unit_test(test_fifth_object_goes_back),
        cmocka_unit_test(test_invisible_pawn_cannot_fish),
        cmocka_unit_test(test_empty_cauldron_gives_nothing),
        cmocka_unit_test(test_per_player_snap_option),
    };
    return cmocka_run_group_tests_name("creepy_cauldron cauldron", tests, NULL, NULL);
}
