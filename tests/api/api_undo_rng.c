/* Undo and re-rolls (tg_state_set_undo_rewinds_rng(), 1.4): by default
 * undo leaves the RNG as it is, so a chance outcome taken back may come out
 * differently when drawn again (the 1.3 behaviour, kept); with the setting
 * on, undo rewinds the RNG and the same outcome comes again, however it was
 * drawn; an outcome whose draw the state does not know cannot be taken back. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

/* A state of a game with chance, at a chance point after some play. */
static tg_state *at_chance(tg_game *g, uint64_t seed, uint32_t decisions)
{
    tg_state *st = tgt_random_state(g, seed, decisions);
    while (!tg_state_is_terminal(st) && tg_state_current_player(st) != TG_PLAYER_CHANCE) {
        tg_move moves[4096];
        size_t n = 0;
        assert_int_equal(tg_state_legal_moves(st, moves, 4096, &n), TG_OK);
        assert_int_equal(tg_state_apply(st, moves[seed % n]), TG_OK);
    }
    if (tg_state_is_terminal(st)) {
        tg_state_free(st);
        return NULL;
    }
    return st;
}

/* The 1.3 behaviour stays the default: some roll taken back comes out
 * differently (the RNG goes on), in every game with chance. */
static void by_default_a_roll_taken_back_can_differ(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        tg_game *g = tgt_game(tg_catalogue_get(i)->id, NULL);
        int differed = 0, tried = 0;
        for (uint64_t seed = 1; seed <= 40 && !differed; seed++) {
            tg_state *st = at_chance(g, seed, 5 + (uint32_t)seed);
            if (!st)
                continue;
            assert_int_equal(tg_state_undo_rewinds_rng(st), 0);
            tg_move a = 0, b = 0;
            assert_int_equal(tg_state_apply_chance(st, &a), TG_OK);
            assert_int_equal(tg_state_undo(st), TG_OK);
            assert_int_equal(tg_state_apply_chance(st, &b), TG_OK);
            differed = a != b;
            tried++;
            tg_state_free(st);
        }
        assert_true(tried > 0);
        if (!differed)
            fail_msg("%s: no roll came out differently after undo", tg_game_id(g));
        tg_game_free(g);
    }
}

/* With the setting on: drawn by apply_chance(), step_chance(), or sampled
 * and applied, the outcome taken back comes again; and after taking back
 * the player's move too, the roll after another move draws the same numbers. */
static void rewinding_draws_the_same_roll_again(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        tg_game *g = tgt_game(tg_catalogue_get(i)->id, NULL);
        int checked = 0;
        for (uint64_t seed = 1; seed <= 30; seed++) {
            tg_state *st = at_chance(g, seed, 3 + 2 * (uint32_t)seed);
            if (!st)
                continue;
            assert_int_equal(tg_state_set_undo_rewinds_rng(st, 1), TG_OK);
            assert_int_equal(tg_state_undo_rewinds_rng(st), 1);
            size_t len = 0;
            unsigned char *before = tgt_save(st, &len);
            tg_move a = 0, b = 0, c = 0, s1 = 0, s2 = 0;
            assert_int_equal(tg_state_apply_chance(st, &a), TG_OK);
            assert_int_equal(tg_state_undo(st), TG_OK);
            tgt_assert_save_is(st, before, len, "undo of a drawn outcome");
            assert_int_equal(tg_state_apply_chance(st, &b), TG_OK);
            assert_int_equal(a, b);
            assert_int_equal(tg_state_undo(st), TG_OK);
            /* a step draws as apply_chance() does */
            int player = 0;
            size_t count = 0;
            tg_move *next = malloc(tg_game_max_legal_moves(g) * sizeof *next);
            assert_int_equal(tg_state_step_chance(st, &c, &player, next,
                                                  tg_game_max_legal_moves(g), &count),
                             TG_OK);
            assert_int_equal(c, a);
            free(next);
            assert_int_equal(tg_state_undo(st), TG_OK);
            /* sampled, then applied (a host that shows the roll first) */
            assert_int_equal(tg_state_sample_chance(st, &s1), TG_OK);
            assert_int_equal(tg_state_sample_chance(st, &c), TG_OK);
            assert_int_equal(tg_state_apply(st, s1), TG_OK);
            assert_int_equal(tg_state_undo(st), TG_OK);
            tgt_assert_save_is(st, before, len, "undo of a sampled outcome");
            assert_int_equal(tg_state_sample_chance(st, &s2), TG_OK);
            assert_int_equal(s1, s2);
            tg_free(before);
            tg_state_free(st);
            checked++;
        }
        assert_true(checked > 0);
        tg_game_free(g);
    }
}

/* Plays the first legal move until a chance point; returns the decisions
 * made, or -1 if the game ended. */
static int first_moves_to_chance(tg_state *st)
{
    int made = 0;
    while (tg_state_current_player(st) >= 0) {
        tg_move moves[4096];
        size_t n = 0;
        assert_int_equal(tg_state_legal_moves(st, moves, 4096, &n), TG_OK);
        assert_int_equal(tg_state_apply(st, moves[0]), TG_OK);
        made++;
    }
    return tg_state_current_player(st) == TG_PLAYER_CHANCE ? made : -1;
}

/* Undo of the roll and of the moves before it, then another move: the
 * next roll draws the numbers the undone one drew, so the die comes out
 * the same. */
static void another_move_then_the_same_die(void **unused)
{
    (void)unused;
    tg_game *g = tgt_game("witches_dance", NULL);
    int checked = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        tg_state *st = tgt_player_state(g, seed, 30 + (uint32_t)seed);
        assert_int_equal(tg_state_set_undo_rewinds_rng(st, 1), TG_OK);
        tg_move moves[4096];
        size_t n = 0;
        assert_int_equal(tg_state_legal_moves(st, moves, 4096, &n), TG_OK);
        if (n >= 2) {
            assert_int_equal(tg_state_apply(st, moves[0]), TG_OK);
            int made = first_moves_to_chance(st);
            tg_move a = 0, b = 0;
            if (made >= 0) {
                assert_int_equal(tg_state_apply_chance(st, &a), TG_OK);
                for (int i = 0; i < made + 2; i++)
                    assert_int_equal(tg_state_undo(st), TG_OK);
                assert_int_equal(tg_state_apply(st, moves[1]), TG_OK);
                if (first_moves_to_chance(st) >= 0) {
                    assert_int_equal(tg_state_apply_chance(st, &b), TG_OK);
                    assert_int_equal(a, b);
                    checked++;
                }
            }
        }
        tg_state_free(st);
    }
    assert_true(checked > 0);
    tg_game_free(g);
}

/* Outcomes made before the setting was on, or loaded, cannot be taken back
 * (nothing changes); a clone and a copy carry the setting and the draws it
 * knows; reset keeps it; a loaded state starts without it. */
static void unknown_draws_are_not_taken_back(void **unused)
{
    (void)unused;
    tg_game *g = tgt_game("bewitched", NULL);
    tg_state *st = at_chance(g, 4, 20);
    assert_non_null(st);
    assert_int_equal(tg_state_apply_chance(st, NULL), TG_OK);
    assert_int_equal(tg_state_set_undo_rewinds_rng(st, 1), TG_OK);
    size_t len = 0;
    unsigned char *before = tgt_save(st, &len);
    assert_int_equal(tg_state_undo(st), TG_E_NOTHING_TO_UNDO);
    assert_non_null(strstr(tg_state_last_error(st), "drawn again"));
    tgt_assert_save_is(st, before, len, "a refused undo");
    tg_free(before);

    /* turned off, undo takes it back as in 1.3 */
    tg_state *off = NULL;
    assert_int_equal(tg_state_clone(st, &off), TG_OK);
    assert_int_equal(tg_state_undo_rewinds_rng(off), 1);
    assert_int_equal(tg_state_set_undo_rewinds_rng(off, 0), TG_OK);
    assert_int_equal(tg_state_undo(off), TG_OK);
    tg_state_free(off);

    /* the clone and a copy know the draws made since */
    while (tg_state_current_player(st) != TG_PLAYER_CHANCE) {
        tg_move moves[4096];
        size_t n = 0;
        assert_int_equal(tg_state_legal_moves(st, moves, 4096, &n), TG_OK);
        assert_int_equal(tg_state_apply(st, moves[n - 1]), TG_OK);
    }
    tg_move a = 0, b = 0, c = 0;
    assert_int_equal(tg_state_apply_chance(st, &a), TG_OK);
    tg_state *clone = NULL, *copy = NULL;
    assert_int_equal(tg_state_clone(st, &clone), TG_OK);
    assert_int_equal(tg_state_new(g, 99, &copy), TG_OK);
    assert_int_equal(tg_state_copy(copy, st), TG_OK);
    assert_int_equal(tg_state_undo_rewinds_rng(copy), 1);
    assert_int_equal(tg_state_undo(clone), TG_OK);
    assert_int_equal(tg_state_undo(copy), TG_OK);
    assert_int_equal(tg_state_apply_chance(clone, &b), TG_OK);
    assert_int_equal(tg_state_apply_chance(copy, &c), TG_OK);
    assert_int_equal(a, b);
    assert_int_equal(a, c);

    /* loaded: off, and turned on it cannot take back a loaded outcome */
    unsigned char *data = tgt_save(st, &len);
    tg_state *loaded = NULL;
    char err[256];
    assert_int_equal(tg_state_load(data, len, NULL, &loaded, err, sizeof err), TG_OK);
    assert_int_equal(tg_state_undo_rewinds_rng(loaded), 0);
    assert_int_equal(tg_state_set_undo_rewinds_rng(loaded, 1), TG_OK);
    assert_int_equal(tg_state_undo(loaded), TG_E_NOTHING_TO_UNDO);

    assert_int_equal(tg_state_reset(st, 5), TG_OK);
    assert_int_equal(tg_state_undo_rewinds_rng(st), 1);
    tg_free(data);
    tg_state_free(loaded);
    tg_state_free(clone);
    tg_state_free(copy);
    tg_state_free(st);
    tg_game_free(g);
}

/* Rewinding changes no random stream: the same seed plays the same game
 * with the setting on or off, one call at a time or by playout. */
static void the_setting_changes_no_game(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        tg_game *g = tgt_game(tg_catalogue_get(i)->id, NULL);
        tg_state *a = NULL, *b = NULL;
        assert_int_equal(tg_state_new(g, 21, &a), TG_OK);
        assert_int_equal(tg_state_new(g, 21, &b), TG_OK);
        assert_int_equal(tg_state_set_undo_rewinds_rng(b, 1), TG_OK);
        assert_int_equal(tg_state_playout(a, 150, NULL), TG_OK);
        assert_int_equal(tg_state_playout(b, 150, NULL), TG_OK);
        tgt_assert_identical(a, b, "a playout with undo rewinding");
        while (!tg_state_is_terminal(a) && tg_state_move_number(a) < 300) {
            if (tg_state_current_player(a) == TG_PLAYER_CHANCE) {
                assert_int_equal(tg_state_apply_chance(a, NULL), TG_OK);
                assert_int_equal(tg_state_apply_chance(b, NULL), TG_OK);
            } else {
                assert_int_equal(tg_state_playout(a, 1, NULL), TG_OK);
                assert_int_equal(tg_state_playout(b, 1, NULL), TG_OK);
            }
        }
        tgt_assert_identical(a, b, "one call at a time with undo rewinding");
        /* and undo all the way back restores the RNG of the root */
        while (tg_state_history_length(b) > 0)
            assert_int_equal(tg_state_undo(b), TG_OK);
        tg_state *fresh = NULL;
        assert_int_equal(tg_state_new(g, 21, &fresh), TG_OK);
        tg_move x = 0, y = 0;
        if (tg_state_current_player(b) == TG_PLAYER_CHANCE) {
            assert_int_equal(tg_state_apply_chance(b, &x), TG_OK);
            assert_int_equal(tg_state_apply_chance(fresh, &y), TG_OK);
            assert_int_equal(x, y);
        }
        tg_state_free(fresh);
        tg_state_free(a);
        tg_state_free(b);
        tg_game_free(g);
    }
}

/* Turning it on, or a history that grows, without memory: NO_MEMORY and
 * nothing changed. */
static void no_memory_changes_nothing(void **unused)
{
    (void)unused;
    int fail = 0;
    tg_game *g = tgt_game_failing_memory("witches_dance", NULL, &fail);
    tg_state *st = tgt_random_state(g, 3, 100);
    size_t len = 0;
    unsigned char *before = tgt_save(st, &len);
    fail = 1;
    assert_int_equal(tg_state_set_undo_rewinds_rng(st, 1), TG_E_NO_MEMORY);
    assert_int_equal(tg_state_undo_rewinds_rng(st), 0);
    fail = 0;
    tgt_assert_save_is(st, before, len, "a refused setting");
    tg_free(before);
    /* a playout that needs more history than the state has: taken back */
    assert_int_equal(tg_state_set_undo_rewinds_rng(st, 1), TG_OK);
    before = tgt_save(st, &len);
    fail = 1;
    uint32_t made = 7;
    assert_int_equal(tg_state_playout(st, UINT32_MAX, &made), TG_E_NO_MEMORY);
    assert_int_equal(made, 0);
    fail = 0;
    tgt_assert_save_is(st, before, len, "a playout out of memory");
    tg_free(before);
    tg_state_free(st);
    tg_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(by_default_a_roll_taken_back_can_differ),
        cmocka_unit_test(rewinding_draws_the_same_roll_again),
        cmocka_unit_test(another_move_then_the_same_die),
        cmocka_unit_test(unknown_draws_are_not_taken_back),
        cmocka_unit_test(the_setting_changes_no_game),
        cmocka_unit_test(no_memory_changes_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
