/* What a person at a real table types for the chance outcomes: the hidden
 * setup (for a game master who set the board up knowing it), the two dice
 * and the escape die; and the first player, which the rulebook lets the
 * table choose. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "table_words.h"
#include "test_support.h"

static tg_state *fresh(const char *options)
{
    tg_game *g = tgt_game("bewitched", options);
    tg_state *st = NULL;
    assert_int_equal(tg_state_new(g, 1, &st), TG_OK);
    tg_game_free(g);
    return st;
}

static void test_setup_in_words(void **unused)
{
    (void)unused;
    tg_state *st = fresh("players=2");
    TGT_ASSERT_WORDS(st, {"hat 2", "prince:hat2"}, {"the prince is under hat four", "prince:hat4"},
                         {"H1", "prince:hat1"});
    tgt_assert_refused(st, "hat 5", "1 to 4");
    tgt_apply(st, "prince under hat 3");
    tgt_assert_words(st, "frog 2 is plain", "plain:f2");
    tgt_assert_words(st, "f3", "plain:f3");
    tgt_assert_refused(st, "frog 4", "1 to 3");
    tgt_apply_all(st, "frog 1;frog 1");
    /* Twelve snakes, seven of them deadly: after seven deadly ones the
     * rest cannot be. */
    TGT_ASSERT_WORDS(st, {"it bites", "deadly"}, {"not deadly", "harmless"}, {"safe", "harmless"});
    for (int i = 0; i < 7; i++)
        tgt_apply(st, "deadly");
    tgt_assert_refused(st, "deadly", "seven deadly");
    for (int i = 0; i < 4; i++)
        tgt_apply(st, "harmless");
    tgt_apply(st, "safe");
    assert_string_equal(tgt_legal_texts(st) + strlen(tgt_legal_texts(st)) - 8, "roll:6-6");
    tg_state_free(st);
}

static void test_dice_in_words(void **unused)
{
    (void)unused;
    tg_state *st = bw_state("players=2", "{\"stage\":\"roll\",\"dice\":[0,0]}");
    TGT_ASSERT_WORDS(st, {"3 5", "roll:3-5"}, {"5 and 3", "roll:3-5"}, {"five-three", "roll:3-5"},
                         {"double 4", "roll:4-4"}, {"double four", "roll:4-4"},
                         {"I rolled 6 and 6", "roll:6-6"});
    tgt_assert_refused(st, "3 7", "1 to 6");
    tgt_assert_refused(st, "a 4", "two dice");
    tgt_assert_no_words(st, "double 3 5");
    tg_state_free(st);
}

static void test_escape_die_in_words(void **unused)
{
    (void)unused;
    tg_state *st =
        bw_state("players=2", "{\"stage\":\"escape_roll\",\"dice\":[3,5],\"used\":3,"
                              "\"escape_frog\":0,\"stole\":true,"
                              BW_RED_AT("12", "\"red\"", "\"red\"") "}");
    tgt_assert_words(st, "four", "escape:4");
    tgt_assert_words(st, "escape 2", "escape:2");
    tgt_assert_refused(st, "9", "1 to 6");
    tg_state_free(st);
}

/* "Choose a starting player": option first (default 0, as before). */
static void test_first_player_option(void **unused)
{
    (void)unused;
    tg_state *st = fresh("players=3,first=2");
    while (tg_state_current_player(st) == TG_PLAYER_CHANCE &&
           strncmp(tgt_legal_texts(st), "roll:", 5) != 0)
        assert_int_equal(tg_state_apply_chance(st, NULL), TG_OK);
    assert_int_equal(bw_pos_int(st, "player", -1), 2);
    tgt_apply(st, "double 6"); /* player 2 rolls first */
    assert_int_equal(tg_state_current_player(st), 2);
    tg_state_free(st);
    st = fresh("players=3");
    while (strncmp(tgt_legal_texts(st), "roll:", 5) != 0)
        assert_int_equal(tg_state_apply_chance(st, NULL), TG_OK);
    assert_int_equal(bw_pos_int(st, "player", -1), 0);
    tg_state_free(st);
    tg_game *g = NULL;
    char err[256] = "";
    assert_int_equal(tg_game_new("bewitched", "players=2,first=2", NULL, &g, err, sizeof err),
                     TG_E_BAD_OPTION);
    assert_non_null(strstr(err, "first"));
}

int bw_run_words(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_setup_in_words),
        cmocka_unit_test(test_dice_in_words),
        cmocka_unit_test(test_escape_die_in_words),
        cmocka_unit_test(test_first_player_option),
    };
    return cmocka_run_group_tests_name("bewitched words", tests, NULL, NULL);
}
