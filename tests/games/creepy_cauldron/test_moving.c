/* Moving, footprint spaces, invisibility, theft and the frog head.
 * Board (see docs/rules/creepy_cauldron.md): 0 red key, 1 cauldron 1,
 * 2 witch start, 3 cauldron 2, 4 footprint, 5 cauldron 1, 6 plain, 7 blue
 * padlock, 8 blue key, ... the pattern repeats every 8 spaces; 31 is the
 * red padlock. With two players, player 0 is red and player 1 green. */
#include "test_support.h"

static void test_number_moves_clockwise(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2", "{'pawns':[{'space':6},{'space':16}]}");
    tgt_apply(st, "4");
    assert_int_equal(cc_space(st, 0), 10);
    assert_int_equal(cc_field(st, "turn"), 1);
    assert_string_equal(cc_word(st, "phase"), "roll");
    assert_int_equal(cc_event_int(st, "move", "from"), 6);
    assert_int_equal(cc_event_int(st, "move", "to"), 10);
    tg_state_free(st);
}

static void test_occupied_space_sends_on(void **s)
{
    (void)s;
    /* A 3 from 6 would end on 9, where the other pawn stands. */
    tg_state *st = cc_load("players=2", "{'pawns':[{'space':6},{'space':9}]}");
    tgt_apply(st, "3");
    assert_int_equal(cc_space(st, 0), 10);
    tg_state_free(st);
    /* Kalmorda occupies her space too. */
    st = cc_load("players=2", "{'witch':9,'pawns':[{'space':6},{'space':16}]}");
    tgt_apply(st, "3");
    assert_int_equal(cc_space(st, 0), 10);
    tg_state_free(st);
}

static void test_footprint_may_vanish(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2", "{'pawns':[{'space':10},{'space':16}]}");
    tgt_apply(st, "2");
    assert_string_equal(tgt_legal_texts(st), "vanish stay");
    tgt_apply(st, "vanish");
    assert_int_equal(cc_flag(st, 0, "invisible"), 1);
    assert_int_equal(cc_count_events(st, "vanish"), 1);
    tg_state_free(st);

    st = cc_load("players=2", "{'pawns':[{'space':10},{'space':16}]}");
    tgt_apply_all(st, "2;stay");
    assert_int_equal(cc_flag(st, 0, "invisible"), 0);
    assert_int_equal(cc_field(st, "turn"), 1);
    tg_state_free(st);
}

static void test_footprint_makes_visible_again(void **s)
{
    (void)s;
    tg_state *st =
        cc_load("players=2", "{'pawns':[{'space':10,'invisible':true},{'space':16}]}");
    tgt_apply(st, "2");
    assert_int_equal(cc_flag(st, 0, "invisible"), 0);
    assert_int_equal(cc_field(st, "turn"), 1);
    assert_string_equal(cc_event_str(st, "appear", "cause"), "footprint");
    tg_state_free(st);
}

static void test_invisible_thief_in_other_cell(void **s)
{
    (void)s;
    /* Player 0 passes green's cell (15, 16) and lands on 17. */
    tg_state *st = cc_load("players=2", "{'pawns':[{'space':14,'invisible':true},"
                                        "{'space':20,'creatures':['rat','snake']}]}");
    tgt_apply(st, "3");
    assert_string_equal(cc_word(st, "phase"), "steal");
    assert_string_equal(tgt_legal_texts(st), "steal-rat steal-snake nosteal");
    tgt_apply(st, "steal-snake");
    assert_int_equal(cc_holds(st, 0, "snake"), 1);
    assert_int_equal(cc_holds(st, 1, "snake"), 0);
    assert_int_equal(cc_count_events(st, "steal"), 1);
    /* Invisible on a cauldron space: no fishing, the turn passes. */
    assert_int_equal(cc_field(st, "turn"), 1);
    tg_state_free(st);

    /* Landing in the cell counts too; declining takes nothing. */
    st = cc_load("players=2", "{'pawns':[{'space':14,'invisible':true},"
                              "{'space':20,'creatures':['rat']}]}");
    tgt_apply_all(st, "1;nosteal");
    assert_int_equal(cc_holds(st, 1, "rat"), 1);
    assert_int_equal(cc_field(st, "turn"), 1);
    tg_state_free(st);
}

static void test_invisible_thief_in_two_cells_and_across_the_start(void **s)
{
    (void)s;
    /* From 7, four steps and four occupied spaces (11-14) reach 15: the
     * move passes blue's key space 8 and ends on green's padlock 15, so
     * both owners are robbed, in seat order. */
    tg_state *st = cc_load("players=4", "{'witch':13,'pawns':[{'space':7,'invisible':true},"
                                        "{'space':11,'creatures':['rat']},"
                                        "{'space':12,'creatures':['snake']},{'space':14}]}");
    tgt_apply(st, "4");
    assert_int_equal(cc_space(st, 0), 15);
    assert_string_equal(tgt_legal_texts(st), "steal-rat nosteal");
    tgt_apply(st, "steal-rat");
    assert_string_equal(tgt_legal_texts(st), "steal-snake nosteal");
    tgt_apply(st, "steal-snake");
    assert_int_equal(cc_holds(st, 0, "rat") + cc_holds(st, 0, "snake"), 2);
    assert_int_equal(cc_field(st, "turn"), 1);
    tg_state_free(st);

    /* Red's cell is spaces 31 and 0, where the ring's numbering starts
     * again: from 29, three steps and red on 0 take blue over both to 1. */
    st = cc_load("players=4", "{'turn':1,'pawns':[{'space':0,'creatures':['spider']},"
                              "{'space':29,'invisible':true},{'space':20},{'space':21}]}");
    tgt_apply(st, "3");
    assert_int_equal(cc_space(st, 1), 1);
    assert_string_equal(tgt_legal_texts(st), "steal-spider nosteal");
    tg_state_free(st);
}

static void test_no_theft_when_visible_or_cell_empty(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2", "{'pawns':[{'space':14},"
                                        "{'space':20,'creatures':['rat']}]}");
    tgt_apply(st, "2");
    assert_int_equal(cc_field(st, "turn"), 1);
    tg_state_free(st);
    /* Blue's cell has no player in a two-player game. */
    st = cc_load("players=2", "{'pawns':[{'space':6,'invisible':true},{'space':16}]}");
    tgt_apply(st, "4");
    assert_int_equal(cc_space(st, 0), 10);
    assert_int_equal(cc_field(st, "turn"), 1);
    tg_state_free(st);
}

static void test_theft_of_fifth_object_returns_one(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2",
                           "{'pawns':[{'space':14,'invisible':true,"
                           "'creatures':['spider','bat','rat','snake']},"
                           "{'space':20,'creatures':['spider']}]}");
    tgt_apply_all(st, "1;steal-spider");
    assert_string_equal(cc_word(st, "phase"), "return");
    tgt_apply(st, "return-snake");
    assert_int_equal(cc_holds(st, 0, "snake"), 0);
    assert_int_equal(cc_holds(st, 0, "spider"), 2);
    assert_int_equal(cc_field(st, "turn"), 1);
    tg_state_free(st);
}

static void test_frog_cannot_move(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2", "{'frog':0,'pawns':[{'space':5},{'space':16}]}");
    tgt_apply(st, "4");
    assert_int_equal(cc_space(st, 0), 5);
    assert_int_equal(cc_field(st, "turn"), 1);
    assert_int_equal(cc_field(st, "frog"), 0);
    tg_state_free(st);
}

static void test_frog_face_frees_frog(void **s)
{
    (void)s;
    /* Anyone's frog roll frees the frog; the freed pawn moves next turn. */
    tg_state *st =
        cc_load("players=2", "{'turn':1,'frog':0,'pawns':[{'space':5},{'space':16}]}");
    tgt_apply(st, "frog");
    assert_int_equal(cc_field(st, "frog"), -1);
    assert_int_equal(cc_count_events(st, "unfrog"), 1);
    assert_int_equal(cc_field(st, "turn"), 0);
    tgt_apply(st, "1");
    assert_int_equal(cc_space(st, 0), 6);
    tg_state_free(st);
}

static void test_frog_face_without_frog(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2", "{'pawns':[{'space':5},{'space':16}]}");
    tgt_apply(st, "frog");
    assert_int_equal(cc_field(st, "turn"), 1);
    tg_state_free(st);
    st = cc_load("players=2,nofrog=again", "{'pawns':[{'space':5},{'space':16}]}");
    tgt_apply(st, "frog");
    assert_int_equal(cc_field(st, "turn"), 0);
    assert_string_equal(cc_word(st, "phase"), "roll");
    tg_state_free(st);
}

int cc_run_moving(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_number_moves_clockwise),
        cmocka_unit_test(test_occupied_space_sends_on),
        cmocka_unit_test(test_footprint_may_vanish),
        cmocka_unit_test(test_footprint_makes_visible_again),
        cmocka_unit_test(test_invisible_thief_in_other_cell),
        cmocka_unit_test(test_invisible_thief_in_two_cells_and_across_the_start),
        cmocka_unit_test(test_no_theft_when_visible_or_cell_empty),
        cmocka_unit_test(test_theft_of_fifth_object_returns_one),
        cmocka_unit_test(test_frog_cannot_move),
        cmocka_unit_test(test_frog_face_frees_frog),
        cmocka_unit_test(test_frog_face_without_frog),
    };
    return cmocka_run_group_tests_name("creepy_cauldron moving", tests, NULL, NULL);
}
