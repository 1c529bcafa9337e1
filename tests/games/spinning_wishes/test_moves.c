/* Moving round the outer edge and the Roll Again, Miss a Turn and blank
 * spaces. Outer spaces: 0, 10, 20, 30 gates; per quarter from the gate
 * clockwise: blank, wheel, trade, roll again, miss, roll again, trade,
 * wheel, blank. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

#define OPT2 "players=2,princesses=seat"
#define WHEEL6 "'wheel':['snow','snow','snow','cinder','cinder','cinder',null,null,null,null,null,null]"
#define PRESENTS "'presents':['snow','cinder','belle','beauty']"
#define AT(a, b) \
    "{'phase':'roll','turn':0,'players':[{'space':'" a "'},{'space':'" b "'}]," WHEEL6 \
    "," PRESENTS "}"

/* Rolling 1: move the full roll along the outer edge, either way. */
static void test_move_the_full_roll_either_way(void **unused)
{
    (void)unused;
    tg_state *st = swt_load(OPT2, AT("15", "10"));
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    tgt_apply(st, "roll:3");
    assert_int_equal(tg_state_current_player(st), 0);
    swt_legal(st, "12 18");
    tgt_apply(st, "18");
    json_t *holder = NULL;
    json_t *mv = tgt_find_event(st, 1, "move", &holder);
    assert_string_equal(json_string_value(json_object_get(mv, "from")), "15");
    assert_string_equal(json_string_value(json_object_get(mv, "to")), "18");
    json_decref(holder);
    tg_state_free(st);
}

/* Rolling 2: a move may not end on another princess; it goes on to the
 * next open space in the direction of travel. */
static void test_move_ending_on_a_princess_goes_on(void **unused)
{
    (void)unused;
    tg_state *st = swt_load(OPT2, AT("15", "18"));
    tgt_apply(st, "roll:3");
    swt_legal(st, "12 19");
    tg_state_free(st);
    st = swt_load(OPT2, AT("15", "12"));
    tgt_apply(st, "roll:3");
    swt_legal(st, "11 18");
    tg_state_free(st);
}

/* A roll across space 0 wraps round the edge. */
static void test_the_edge_is_a_loop(void **unused)
{
    (void)unused;
    tg_state *st = swt_load(OPT2, AT("1", "10"));
    tgt_apply(st, "roll:3");
    swt_legal(st, "4 38");
    tg_state_free(st);
}

/* Roll Again: take another turn. */
static void test_roll_again_gives_another_turn(void **unused)
{
    (void)unused;
    tg_state *st = swt_load(OPT2, AT("1", "10"));
    tgt_apply_all(st, "roll:3;4");
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    assert_int_equal(swt_turn(st), 0);
    json_t *holder = NULL;
    tgt_find_event(st, 1, "roll_again", &holder);
    json_decref(holder);
    tg_state_free(st);
}

/* Miss a Turn: the turn ends and the next one is lost. */
static void test_miss_a_turn_loses_the_next_turn(void **unused)
{
    (void)unused;
    tg_state *st = swt_load(OPT2, AT("2", "10"));
    tgt_apply_all(st, "roll:3;5");
    assert_int_equal(swt_turn(st), 1);
    assert_string_equal(swt_player(st, 0, "miss_turn"), "true");
    tgt_apply_all(st, "roll:1;11");
    assert_int_equal(swt_turn(st), 1);
    json_t *holder = NULL;
    json_t *lost = tgt_find_event(st, 0, "lost_turn", &holder);
    assert_int_equal(json_integer_value(json_object_get(lost, "player")), 0);
    json_decref(holder);
    assert_string_equal(swt_player(st, 0, "miss_turn"), "false");
    tgt_apply_all(st, "roll:1;10");
    assert_int_equal(swt_turn(st), 0);
    tg_state_free(st);
}

/* Blank space: the turn ends. A gate is a blank space for a princess who
 * does not hold her own three wishes. */
static void test_blank_and_gate_end_the_turn(void **unused)
{
    (void)unused;
    tg_state *st = swt_load(OPT2, AT("15", "10"));
    tgt_apply_all(st, "roll:4;11");
    assert_int_equal(swt_turn(st), 1);
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    tg_state_free(st);
    st = swt_load(OPT2, AT("15", "10"));
    tgt_apply(st, "roll:5");
    swt_legal(st, "9 20");
    tgt_apply(st, "20");
    assert_int_equal(swt_turn(st), 1);
    tg_state_free(st);
}

/* Miss a Turn for two players in a row: when play passes to the left and
 * the next two both must miss a turn, both are skipped (each told) and
 * play goes on to the one after them. */
static void test_two_in_a_row_miss_their_turns(void **unused)
{
    (void)unused;
    tg_state *st = swt_load("players=4,princesses=seat",
                            "{'phase':'roll','turn':0,'players':[{'space':'15'},"
                            "{'space':'20','miss_turn':true},{'space':'30','miss_turn':true},"
                            "{'space':'0'}],'wheel':['snow','snow','snow','cinder','cinder',"
                            "'cinder','belle','belle','belle','beauty','beauty','beauty'],"
                            PRESENTS "}");
    tgt_apply_all(st, "roll:4;11");
    assert_int_equal(swt_turn(st), 3);
    assert_string_equal(swt_player(st, 1, "miss_turn"), "false");
    assert_string_equal(swt_player(st, 2, "miss_turn"), "false");
    json_t *ev = tgt_events(st, 0);
    int lost[4] = {0, 0, 0, 0};
    for (size_t i = 0; i < json_array_size(ev); i++) {
        json_t *e = json_array_get(ev, i);
        if (strcmp(json_string_value(json_object_get(e, "type")), "lost_turn") == 0)
            lost[json_integer_value(json_object_get(e, "player")) & 3]++;
    }
    json_decref(ev);
    assert_int_equal(lost[0], 0);
    assert_int_equal(lost[1], 1);
    assert_int_equal(lost[2], 1);
    assert_int_equal(lost[3], 0);
    /* The turns after that are back to normal: 3, then 0, then 1. */
    tgt_apply_all(st, "roll:1;1");
    assert_int_equal(swt_turn(st), 0);
    tg_state_free(st);
}

int sw_run_moves(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_move_the_full_roll_either_way),
        cmocka_unit_test(test_move_ending_on_a_princess_goes_on),
        cmocka_unit_test(test_the_edge_is_a_loop),
        cmocka_unit_test(test_roll_again_gives_another_turn),
        cmocka_unit_test(test_miss_a_turn_loses_the_next_turn),
        cmocka_unit_test(test_blank_and_gate_end_the_turn),
        cmocka_unit_test(test_two_in_a_row_miss_their_turns),
    };
    return cmocka_run_group_tests_name("spinning_wishes moves", tests, NULL, NULL);
}
