/* Kalmorda's flight and the key: release, theft by overtaking, the key
 * dropped by a caught carrier, and escaping through the padlock space. */
#include "test_support.h"

#include <math.h>

static void test_witch_flies_to_next_free_cauldron(void **s)
{
    (void)s;
    /* Space 3 (cauldron) is taken by player 1, so she flies on to 5 and
     * catches player 1 on the way; the roller's pawn does not move. */
    tg_state *st = cc_load("players=2", "{'pawns':[{'space':0},{'space':3}]}");
    tgt_apply(st, "witch");
    assert_int_equal(cc_field(st, "witch"), 5);
    assert_int_equal(cc_space(st, 0), 0);
    assert_int_equal(cc_count_events(st, "cave"), 1);
    /* Player 1 misses the turn that was coming, so player 0 rolls again. */
    assert_int_equal(cc_count_events(st, "skip"), 1);
    assert_int_equal(cc_field(st, "turn"), 0);
    assert_int_equal(cc_flag(st, 1, "miss"), 0);
    tg_state_free(st);
}

static void test_own_key_space_is_safe(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2",
                           "{'turn':1,'witch':29,'pawns':[{'space':0},{'space':30}]}");
    tgt_apply(st, "witch");
    assert_int_equal(cc_field(st, "witch"), 1);
    assert_int_equal(cc_flag(st, 0, "miss"), 0);
    assert_int_equal(cc_flag(st, 1, "miss"), 1);
    assert_int_equal(cc_field(st, "turn"), 0);
    tg_state_free(st);
}

static void test_other_key_space_depends_on_option(void **s)
{
    (void)s;
    /* Player 1 (green) stands on red's key space 0. The rulebook shelters
     * "players on a key space" (keysafe=any, the default); keysafe=own
     * shelters only a pawn on its own. */
    const char *pos = "{'witch':29,'pawns':[{'space':5},{'space':0}]}";
    tg_state *st = cc_load("players=2", pos);
    tgt_apply(st, "witch");
    assert_int_equal(cc_count_events(st, "cave"), 0);
    assert_int_equal(cc_field(st, "turn"), 1);
    tg_state_free(st);
    st = cc_load("players=2,keysafe=own", pos);
    tgt_apply(st, "witch");
    assert_int_equal(cc_count_events(st, "cave"), 1);
    tg_state_free(st);
}

static void test_witch_and_invisible_pawns(void **s)
{
    (void)s;
    const char *pos = "{'witch':29,'pawns':[{'space':5},{'space':30,'invisible':true}]}";
    tg_state *st = cc_load("players=2", pos);
    tgt_apply(st, "witch");
    assert_int_equal(cc_flag(st, 1, "invisible"), 0);
    assert_int_equal(cc_count_events(st, "cave"), 0);
    assert_string_equal(cc_event_str(st, "appear", "cause"), "witch");
    assert_int_equal(cc_field(st, "turn"), 1);
    tg_state_free(st);

    st = cc_load("players=2,invisible=catch", pos);
    tgt_apply(st, "witch");
    assert_int_equal(cc_flag(st, 1, "invisible"), 0);
    assert_int_equal(cc_count_events(st, "cave"), 1);
    assert_int_equal(cc_field(st, "turn"), 0);
    tg_state_free(st);

    st = cc_load("players=2,invisible=hide", pos);
    tgt_apply(st, "witch");
    assert_int_equal(cc_flag(st, 1, "invisible"), 1);
    assert_int_equal(cc_count_events(st, "cave"), 0);
    tg_state_free(st);
}

static void test_caught_carrier_drops_key(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2",
                           "{'witch':29,'key_player':1,'pawns':[{'space':26},{'space':30}]}");
    tgt_apply(st, "witch");
    assert_int_equal(cc_field(st, "key_player"), -1);
    assert_int_equal(cc_field(st, "key_space"), 30);
    assert_int_equal(cc_count_events(st, "key_drop"), 1);
    /* Player 1 misses a turn; player 0 passes space 30 and takes the key,
     * then reaches the red padlock (31) with it and escapes. */
    assert_int_equal(cc_field(st, "turn"), 0);
    tgt_apply(st, "4");
    /* The rulebook: the next player passing the key "may" take it. */
    assert_string_equal(cc_word(st, "phase"), "pickup");
    assert_string_equal(tgt_legal_texts(st), "take-key leave-key");
    tgt_apply(st, "take-key");
    assert_int_equal(cc_count_events(st, "key_pickup"), 1);
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_TERMINAL);
    uint32_t mask = 0;
    assert_int_equal(tg_state_winners(st, &mask), TG_OK);
    assert_int_equal(mask, 1u);
    tg_state_free(st);
}

static void test_dropped_key_taken_by_passing(void **s)
{
    (void)s;
    const char *pos = "{'key_space':10,'pawns':[{'space':8},{'space':20}]}";
    tg_state *st = cc_load("players=2", pos);
    tgt_apply(st, "3");
    assert_int_equal(cc_space(st, 0), 11);
    assert_string_equal(cc_word(st, "phase"), "pickup");
    assert_int_equal(tg_state_current_player(st), 0);
    tgt_apply(st, "take-key");
    assert_int_equal(cc_field(st, "key_player"), 0);
    assert_int_equal(cc_field(st, "key_space"), -1);
    assert_int_equal(cc_event_int(st, "key_pickup", "space"), 10);
    tg_state_free(st);
    /* Left lying: it stays, and the turn goes on as after any move. */
    st = cc_load("players=2", pos);
    tgt_apply_all(st, "3;leave-key");
    assert_int_equal(cc_field(st, "key_player"), -1);
    assert_int_equal(cc_field(st, "key_space"), 10);
    assert_int_equal(cc_event_int(st, "key_leave", "space"), 10);
    assert_string_equal(cc_word(st, "phase"), "fish"); /* space 11 is a cauldron */
    tg_state_free(st);
    /* pickup=auto (release 1.1): taken on the way, no question. */
    st = cc_load("players=2,pickup=auto", pos);
    tgt_apply(st, "3");
    assert_int_equal(cc_field(st, "key_player"), 0);
    assert_int_equal(cc_field(st, "key_space"), -1);
    tg_state_free(st);
}

/* With exact=yes an exact roll onto the carrier's own padlock space wins
 * even when another pawn stands there: the rulebook's winner "reaches"
 * the padlock space and leaves by the door; it does not need the space
 * free. Before the fix the carrier was pushed past it and stuck.
 * exact_free=yes keeps that old reading. */
static void test_exact_roll_onto_a_taken_padlock(void **s)
{
    (void)s;
    const char *pos = "{'key_player':0,'pawns':[{'space':28},{'space':31}]}";
    tg_state *st = cc_load("players=2,exact=yes", pos);
    tgt_apply(st, "3");
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_TERMINAL);
    assert_int_equal(cc_field(st, "winner"), 0);
    assert_int_equal(cc_space(st, 1), 31);
    tg_state_free(st);
    /* A roll that moves on over taken spaces onto a taken padlock too. */
    st = cc_load("players=3,exact=yes",
                 "{'key_player':0,'witch':29,'pawns':[{'space':28},{'space':30},{'space':31}]}");
    tgt_apply(st, "1");
    assert_int_equal(cc_field(st, "winner"), 0);
    tg_state_free(st);
    st = cc_load("players=2,exact=yes,exact_free=yes", pos);
    tgt_apply(st, "3");
    assert_int_equal(cc_count_events(st, "stuck"), 1);
    assert_int_equal(cc_field(st, "winner"), -1);
    assert_int_equal(cc_space(st, 0), 28);
    tg_state_free(st);
}

static void test_cave_option_sends_home(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2,cave=cell",
                           "{'witch':29,'pawns':[{'space':5},{'space':30}]}");
    tgt_apply(st, "witch");
    assert_int_equal(cc_space(st, 1), 16);
    assert_int_equal(cc_event_int(st, "cave", "to"), 16);
    /* The turn player 1 misses is the next one. */
    assert_int_equal(cc_count_events(st, "skip"), 1);
    tg_state_free(st);
}

static const char *const with_book =
    "{'pawns':[{'space':28,'creatures':['spider','bat','rat']},{'space':12}]}";

static void test_home_with_book_tries_the_key(void **s)
{
    (void)s;
    /* The roll of 4 would reach 0; the pawn stops on its padlock space 31,
     * the first free space of its cell, and tries the roller. */
    tg_state *st = cc_load("players=2", with_book);
    tgt_apply(st, "4");
    assert_int_equal(cc_space(st, 0), 31);
    assert_string_equal(cc_word(st, "phase"), "roller");
    assert_true(fabs(cc_prob(st, "key") - 1.0 / 3) < 1e-12);
    tgt_apply(st, "key");
    assert_int_equal(cc_field(st, "key_player"), 0);
    assert_int_equal(cc_count_events(st, "key_release"), 1);
    assert_int_equal(cc_field(st, "turn"), 1);
    tg_state_free(st);
}

static void test_failed_key_retry(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2", with_book);
    tgt_apply_all(st, "4;nokey;witch");
    /* retry=turn: the next turn is spent on the roller again. */
    assert_int_equal(cc_field(st, "turn"), 0);
    assert_string_equal(cc_word(st, "phase"), "roller");
    tg_state_free(st);

    st = cc_load("players=2,retry=lap", with_book);
    tgt_apply_all(st, "4;nokey;witch");
    assert_string_equal(cc_word(st, "phase"), "roll");
    /* Leaving the cell does not count as arriving: no attempt on 0. */
    tgt_apply(st, "1");
    assert_int_equal(cc_space(st, 0), 0);
    assert_int_equal(cc_field(st, "turn"), 1);
    tg_state_free(st);

    st = cc_load("players=2,roller=1", with_book);
    tgt_apply(st, "4");
    assert_true(fabs(cc_prob(st, "key") - 1.0) < 1e-12);
    tg_state_free(st);
}

static void test_overtaking_carrier_takes_key(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2",
                           "{'witch':11,'key_player':1,'pawns':[{'space':4},{'space':6}]}");
    tgt_apply(st, "3");
    assert_int_equal(cc_field(st, "key_player"), 0);
    assert_int_equal(cc_event_int(st, "key_taken", "from"), 1);
    tg_state_free(st);
}

static void test_escape_with_key(void **s)
{
    (void)s;
    const char *pos = "{'key_player':0,'pawns':[{'space':28},{'space':12}]}";
    tg_state *st = cc_load("players=2", pos);
    tgt_apply(st, "4");
    assert_int_equal(tg_state_is_terminal(st), 1);
    assert_int_equal(cc_space(st, 0), -1);
    assert_int_equal(cc_field(st, "winner"), 0);
    assert_int_equal(cc_count_events(st, "win"), 1);
    tg_state_free(st);

    /* exact=yes: overshooting leaves the pawn where it is. */
    st = cc_load("players=2,exact=yes", pos);
    tgt_apply(st, "4");
    assert_int_equal(cc_space(st, 0), 28);
    assert_int_equal(cc_count_events(st, "stuck"), 1);
    assert_int_equal(cc_field(st, "turn"), 1);
    tg_state_free(st);
    st = cc_load("players=2,exact=yes", pos);
    tgt_apply(st, "3");
    assert_int_equal(tg_state_is_terminal(st), 1);
    tg_state_free(st);
}

static void test_padlock_without_key(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2", "{'pawns':[{'space':28},{'space':12}]}");
    tgt_apply(st, "3");
    assert_int_equal(cc_space(st, 0), 31);
    assert_int_equal(tg_state_is_terminal(st), 0);
    tg_state_free(st);
}

/* The key: entering the own cell with the three creatures stops on its
 * first free space. Green stands on red's padlock space 31, so red stops
 * on its key space 0 and works the roller there; with both cell spaces
 * taken red passes and the roll ends on the next free space. */
static void test_home_with_book_padlock_taken(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2", "{'pawns':[{'space':28,'creatures':['spider','bat','rat']},"
                                        "{'space':31}]}");
    tgt_apply(st, "3");
    assert_int_equal(cc_space(st, 0), 0);
    assert_int_equal(cc_space(st, 1), 31);
    assert_string_equal(cc_word(st, "phase"), "roller");
    tg_state_free(st);

    st = cc_load("players=3", "{'pawns':[{'space':28,'creatures':['spider','bat','rat']},"
                              "{'space':31},{'space':0}]}");
    tgt_apply(st, "4");
    assert_int_equal(cc_space(st, 0), 1);
    assert_int_equal(cc_space(st, 1), 31);
    assert_int_equal(cc_space(st, 2), 0);
    /* Space 1 is a cauldron space: red fishes there, no roller. */
    assert_string_equal(cc_word(st, "phase"), "fish");
    tg_state_free(st);
}

/* Winning: the carrier reaching its own padlock space wins even when
 * another pawn stands there, landing on it exactly or passing it; the
 * winner's pawn leaves the board and the other pawn stays. */
static void test_escape_onto_a_taken_padlock(void **s)
{
    (void)s;
    const char *pos = "{'key_player':0,'pawns':[{'space':28},{'space':31}]}";
    for (int roll = 3; roll <= 4; roll++) {
        tg_state *st = cc_load("players=2", pos);
        tgt_apply(st, roll == 3 ? "3" : "4");
        assert_int_equal(tg_state_is_terminal(st), 1);
        assert_int_equal(cc_field(st, "winner"), 0);
        assert_int_equal(cc_space(st, 0), -1);
        assert_int_equal(cc_space(st, 1), 31);
        assert_int_equal(cc_count_events(st, "win"), 1);
        tg_state_free(st);
    }
}

int cc_run_witch_and_key(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_witch_flies_to_next_free_cauldron),
        cmocka_unit_test(test_own_key_space_is_safe),
        cmocka_unit_test(test_other_key_space_depends_on_option),
        cmocka_unit_test(test_witch_and_invisible_pawns),
        cmocka_unit_test(test_caught_carrier_drops_key),
        cmocka_unit_test(test_dropped_key_taken_by_passing),
        cmocka_unit_test(test_cave_option_sends_home),
        cmocka_unit_test(test_home_with_book_tries_the_key),
        cmocka_unit_test(test_failed_key_retry),
        cmocka_unit_test(test_overtaking_carrier_takes_key),
        cmocka_unit_test(test_escape_with_key),
        cmocka_unit_test(test_padlock_without_key),
        cmocka_unit_test(test_home_with_book_padlock_taken),
        cmocka_unit_test(test_escape_onto_a_taken_padlock),
        cmocka_unit_test(test_exact_roll_onto_a_taken_padlock),
    };
    return cmocka_run_group_tests_name("creepy_cauldron witch_and_key", tests, NULL, NULL);
}
