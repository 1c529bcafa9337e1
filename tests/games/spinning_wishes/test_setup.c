/* Setup rules: picking princesses, dealing the presents, placing the wish
 * holders and rolling for the first player. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

static tg_state *new_state(const char *options)
{
    tg_game *g = tgt_game("spinning_wishes", options);
    tg_state *st = NULL;
    assert_int_equal(tg_state_new(g, 1, &st), TG_OK);
    tg_game_free(g);
    return st;
}

/* Rulebook setup 4-5: each player, youngest first, chooses a princess and
 * puts her on the matching gate; the others go back in the box. */
static void test_players_pick_princesses_youngest_first(void **unused)
{
    (void)unused;
    tg_state *st = new_state("players=3");
    assert_int_equal(tg_state_current_player(st), 0);
    swt_legal(st, "pick:snow pick:cinder pick:belle pick:beauty");
    tgt_apply(st, "pick:belle");
    assert_int_equal(tg_state_current_player(st), 1);
    swt_legal(st, "pick:snow pick:cinder pick:beauty");
    tgt_apply_all(st, "pick:snow;pick:beauty");
    assert_string_equal(swt_player(st, 0, "space"), "\"20\"");
    assert_string_equal(swt_player(st, 1, "space"), "\"0\"");
    assert_string_equal(swt_player(st, 2, "space"), "\"30\"");
    assert_string_equal(swt_pos_str(st, "phase"), "deal");
    tg_state_free(st);
}

/* Setup 6: all four presents are shuffled onto the four courtyards, always
 * all four, each order equally likely. */
static void test_all_four_presents_are_dealt_uniformly(void **unused)
{
    (void)unused;
    tg_state *st = new_state("players=2,princesses=seat");
    swt_uniform_chance(st, 24);
    tgt_apply(st, "deal:5");
    assert_string_equal(swt_pos(st, "presents"), "[\"snow\",\"beauty\",\"belle\",\"cinder\"]");
    tg_state_free(st);
}

/* Setup 7: youngest first, then to the left (the next gate clockwise), each
 * player puts one of her holders on a free slot until all are placed. */
static void test_holders_are_placed_in_turn_to_the_left(void **unused)
{
    (void)unused;
    tg_state *st = new_state("players=3");
    tgt_apply_all(st, "pick:belle;pick:snow;pick:beauty;deal:0");
    const int order[9] = {0, 2, 1, 0, 2, 1, 0, 2, 1};
    for (int k = 0; k < 9; k++) {
        assert_int_equal(tg_state_current_player(st), order[k]);
        char move[16];
        snprintf(move, sizeof move, "place:%d", k);
        tgt_apply(st, move);
        assert_false(tgt_is_legal(st, move));
    }
    assert_string_equal(swt_pos(st, "wheel"),
                        "[\"belle\",\"beauty\",\"snow\",\"belle\",\"beauty\",\"snow\",\"belle\","
                        "\"beauty\",\"snow\",null,null,null]");
    assert_string_equal(swt_pos_str(st, "phase"), "start");
    tg_state_free(st);
}

static void test_random_wheel_places_holders_by_chance(void **unused)
{
    (void)unused;
    tg_state *st = new_state("players=2,princesses=seat,wheel=random");
    tgt_apply(st, "deal:0");
    swt_uniform_chance(st, 12);
    swt_legal(st, "place:0 place:1 place:2 place:3 place:4 place:5 place:6 place:7 place:8 "
                  "place:9 place:10 place:11");
    tgt_apply(st, "place:7");
    swt_legal(st, "place:0 place:1 place:2 place:3 place:4 place:5 place:6 place:8 "
                  "place:9 place:10 place:11");
    tg_state_free(st);
}

/* Playing the game: everyone rolls, the highest starts; those tied for the
 * highest roll again. */
static void test_highest_start_roll_begins_and_ties_roll_again(void **unused)
{
    (void)unused;
    tg_state *st = new_state("players=3,princesses=seat");
    tgt_apply(st, "deal:0");
    for (int k = 0; k < 9; k++) {
        char move[16];
        snprintf(move, sizeof move, "place:%d", k);
        tgt_apply(st, move);
    }
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    tgt_apply_all(st, "roll:6;roll:2;roll:6");
    json_t *holder = NULL;
    json_t *tie = tgt_find_event(st, 1, "tie", &holder);
    json_t *tied = json_object_get(tie, "players");
    assert_int_equal(json_array_size(tied), 2);
    assert_int_equal(json_integer_value(json_array_get(tied, 0)), 0);
    assert_int_equal(json_integer_value(json_array_get(tied, 1)), 2);
    json_decref(holder);
    assert_string_equal(swt_pos(st, "start_pending"), "[0,2]");
    tgt_apply_all(st, "roll:3;roll:5");
    json_t *first = tgt_find_event(st, 0, "first", &holder);
    assert_int_equal(json_integer_value(json_object_get(first, "player")), 2);
    json_decref(holder);
    assert_string_equal(swt_pos_str(st, "phase"), "roll");
    assert_string_equal(swt_pos(st, "turn"), "2");
    tg_state_free(st);
}

int sw_run_setup(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_players_pick_princesses_youngest_first),
        cmocka_unit_test(test_all_four_presents_are_dealt_uniformly),
        cmocka_unit_test(test_holders_are_placed_in_turn_to_the_left),
        cmocka_unit_test(test_random_wheel_places_holders_by_chance),
        cmocka_unit_test(test_highest_start_roll_begins_and_ties_roll_again),
    };
    return cmocka_run_group_tests_name("spinning_wishes setup", tests, NULL, NULL);
}
