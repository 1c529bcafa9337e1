/* Bewitched, "A turn", "Routes" and "Collisions" (rules 2-6): the dice,
 * frogs leaving the pad, cats, one frog per space, doubles. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"
#include "support.h"

/* Rule 2: one die per frog, two different frogs; never one frog for both. */
static void test_two_dice_two_frogs(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, NULL);
    tgt_apply(st, "3f2:5-6-7");
    assert_int_equal(bw_frog_at(st, 1), 7);
    assert_false(bw_legal_prefix(st, "5f2:"));
    assert_true(bw_legal_prefix(st, "5f1:"));
    assert_true(bw_legal_prefix(st, "5f3:"));
    tg_state_free(st);
}

/* Rule 2: a frog leaves its pad onto either of the two spaces beside it. */
static void test_leave_pad_either_side(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{\"dice\":[1,2]}");
    assert_true(tgt_is_legal(st, "1f1:4"));
    assert_true(tgt_is_legal(st, "1f1:5"));
    assert_false(bw_legal_prefix(st, "1f1:home"));
    tg_state_free(st);
}

/* Rule 2 NB: with one frog left, the other die may be let go after it moved. */
static void test_one_frog_may_skip(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{\"frogs\":[{\"at\":\"red\"},{\"at\":null},{\"at\":null},"
                                  "{\"at\":\"green\"},{\"at\":\"green\"},{\"at\":\"green\"}],"
                                  "\"magnetic_known\":[1,2],\"gone\":[0,1]}");
    assert_false(tgt_is_legal(st, "skip"));
    tgt_apply(st, "3f1:5-6-7");
    assert_true(tgt_is_legal(st, "skip"));
    assert_true(bw_legal_prefix(st, "5c"));
    tgt_apply(st, "skip");
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    assert_int_equal(bw_pos_int(st, "player", 0), 1);
    tg_state_free(st);
}

/* Rule 4: landing on a frog moves on to the next free space forward. */
static void test_bump_forward(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{\"dice\":[2,5],\"frogs\":[{\"at\":\"red\"},{\"at\":\"red\"},"
                                  "{\"at\":\"red\"},{\"at\":6},{\"at\":\"green\"},{\"at\":\"green\"}]}");
    tgt_apply(st, "2f2:5-6");
    assert_int_equal(bw_frog_at(st, 1), 7);
    json_t *holder;
    json_t *ev = tgt_find_event(st, 0, "bump", &holder);
    assert_int_equal(json_integer_value(json_object_get(ev, "from")), 6);
    assert_int_equal(json_integer_value(json_object_get(ev, "to")), 7);
    json_decref(holder);
    tg_state_free(st);
}

/* Rule 4: forward blocked (a cat), the frog goes back along its route. */
static void test_bump_back(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{\"frogs\":[{\"at\":\"red\"},{\"at\":\"red\"},{\"at\":\"red\"},"
                                  "{\"at\":7},{\"at\":\"green\"},{\"at\":\"green\"}],\"gone\":[1],"
                                  "\"cats\":[8,36,40,42,47,51,55,57]}");
    tgt_apply(st, "3f2:5-6-7");
    assert_int_equal(bw_frog_at(st, 1), 6);
    tg_state_free(st);
}

/* Rule 4: with nowhere forward or back, the frog stays where it was. */
static void test_bump_stays(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{\"dice\":[1,5],\"frogs\":[{\"at\":6},{\"at\":\"red\"},"
                                  "{\"at\":\"red\"},{\"at\":7},{\"at\":\"green\"},{\"at\":\"green\"}],"
                                  "\"gone\":[1],\"cats\":[8,10,40,42,47,51,55,57]}");
    tgt_apply(st, "1f1:7");
    assert_int_equal(bw_frog_at(st, 0), 6);
    tg_state_free(st);
}

/* Rule 5: a double gives another turn after both dice are used. */
static void test_double_extra_turn(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{\"dice\":[2,2]}");
    tgt_apply(st, "2f1:5-6");
    tgt_apply(st, "2f2:4-3");
    bw_expect_roll_for(st, 0, 1);
    tg_state_free(st);
}

/* Rule 3: no retracing within a move: routes never visit a space twice. */
static void test_no_retrace(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{\"dice\":[2,5],\"frogs\":[{\"at\":6},{\"at\":\"red\"},"
                                  "{\"at\":\"red\"},{\"at\":\"green\"},{\"at\":\"green\"},"
                                  "{\"at\":\"green\"}]}");
    assert_false(tgt_is_legal(st, "2f1:7-6"));
    assert_true(tgt_is_legal(st, "2f1:7-10"));
    assert_true(tgt_is_legal(st, "2f1:7-8"));
    tg_state_free(st);
}

/* Rule 6: a frog can neither land on nor pass a cat; it stops short of it. */
static void test_cat_blocks_frog(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{\"cats\":[7,36,40,42,47,51,55,57]}");
    assert_true(tgt_is_legal(st, "5f1:5-6"));
    assert_false(bw_legal_prefix(st, "5f1:5-6-7"));
    assert_false(tgt_is_legal(st, "3f1:5-6-7"));
    tgt_apply(st, "5f1:5-6");
    assert_int_equal(bw_frog_at(st, 0), 6);
    tg_state_free(st);
}

/* Rule 6: a cat passes anything but moves on from an occupied landing
 * space; rule 2b: one cat per turn. */
static void test_cat_bumps_and_one_cat_per_turn(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{\"dice\":[2,5],\"frogs\":[{\"at\":\"red\"},{\"at\":\"red\"},"
                                  "{\"at\":\"red\"},{\"at\":4},{\"at\":\"green\"},{\"at\":\"green\"}],"
                                  "\"cats\":[2,36,40,42,47,51,55,57]}");
    tgt_apply(st, "2c1:3-4");
    assert_int_equal(bw_cat_at(st, 0), 5);
    assert_false(bw_legal_prefix(st, "5c"));
    assert_true(bw_legal_prefix(st, "5f1:"));
    tg_state_free(st);
}

/* Rule 2: cats never enter a lily pad. */
static void test_cat_never_on_pad(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{\"dice\":[1,5],\"cats\":[4,36,40,42,47,51,55,57]}");
    assert_true(tgt_is_legal(st, "1c1:3"));
    assert_true(tgt_is_legal(st, "1c1:5"));
    assert_false(bw_legal_prefix(st, "1c1:home"));
    tg_state_free(st);
}

/* Rule 4 for cats: a cat landing on a dropped book cannot stay there; it
 * moves on to the next free space forward. Book 0 lies where snake 1 bit
 * (space 8); the cat from space 6 lands on it with a 2. */
static void test_cat_moves_on_from_a_dropped_book(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{\"dice\":[2,5],\"gone\":[1],\"cats\":[6,36,40,42,47,51,55,57],"
                                  "\"books\":[{\"where\":\"ground\",\"at\":8},{\"where\":\"hat\","
                                  "\"at\":1},{\"where\":\"hat\",\"at\":2},{\"where\":\"hat\",\"at\":3}]}");
    tgt_apply(st, "2c1:7-8");
    assert_int_equal(bw_cat_at(st, 0), 9);
    bw_expect_book(st, 0, "ground", 8);
    json_t *holder;
    json_t *bump = tgt_find_event(st, 1, "bump", &holder);
    assert_int_equal(json_integer_value(json_object_get(bump, "to")), 9);
    json_decref(holder);
    tg_state_free(st);
}

int bw_run_turn(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_dice_two_frogs),
        cmocka_unit_test(test_leave_pad_either_side),
        cmocka_unit_test(test_one_frog_may_skip),
        cmocka_unit_test(test_bump_forward),
        cmocka_unit_test(test_bump_back),
        cmocka_unit_test(test_bump_stays),
        cmocka_unit_test(test_double_extra_turn),
        cmocka_unit_test(test_no_retrace),
        cmocka_unit_test(test_cat_blocks_frog),
        cmocka_unit_test(test_cat_bumps_and_one_cat_per_turn),
        cmocka_unit_test(test_cat_never_on_pad),
        cmocka_unit_test(test_cat_moves_on_from_a_dropped_book),
    };
    return cmocka_run_group_tests_name("bewitched turn", tests, NULL, NULL);
}
