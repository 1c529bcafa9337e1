/* tg_state_playout(): random decisions in one call. It must play whole
 * legal games (a save replays and checks every recorded decision), stop
 * where it is told, repeat itself for a seed, refuse bad arguments, and on
 * running out of memory change nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

/* Saving and loading replays the history from the root, checking each
 * decision's legality, so a loaded copy equal to st proves the playout
 * only made legal decisions. */
static void assert_history_replays(const tg_state *st)
{
    size_t len = 0;
    unsigned char *bytes = tgt_save(st, &len);
    tg_state *back = NULL;
    assert_int_equal(tg_state_load(bytes, len, NULL, &back, NULL, 0), TG_OK);
    assert_true(tg_state_equal(back, st));
    tg_state_free(back);
    tg_free(bytes);
}

static void plays_every_game_to_the_end(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        for (int p = info->min_players; p <= info->max_players; p++) {
            char options[32];
            snprintf(options, sizeof options, "players=%d", p);
            tg_game *g = tgt_game(info->id, options);
            tg_state *st = NULL;
            assert_int_equal(tg_state_new(g, 11, &st), TG_OK);
            uint32_t made = 0;
            assert_int_equal(tg_state_playout(st, UINT32_MAX, &made), TG_OK);
            assert_true(tg_state_is_terminal(st));
            assert_true(made > 0);
            assert_int_equal(made, tg_state_move_number(st));
            assert_int_equal(made, tg_state_history_length(st));
            assert_history_replays(st);
            /* At the end there is nothing left to play. */
            assert_int_equal(tg_state_playout(st, 5, &made), TG_OK);
            assert_int_equal(made, 0);
            tg_state_free(st);
            tg_game_free(g);
        }
    }
}

static void stops_after_max_decisions_and_repeats_for_a_seed(void **unused)
{
    (void)unused;
    tg_game *g = tgt_game("witches_dance", "players=3");
    tg_state *a = NULL, *b = NULL;
    assert_int_equal(tg_state_new(g, 99, &a), TG_OK);
    assert_int_equal(tg_state_new(g, 99, &b), TG_OK);
    uint32_t made = 7;
    assert_int_equal(tg_state_playout(a, 0, &made), TG_OK);
    assert_int_equal(made, 0);
    assert_int_equal(tg_state_move_number(a), 0);
    /* 40 at once or 1 + 39 in two calls: the same decisions. */
    assert_int_equal(tg_state_playout(a, 40, &made), TG_OK);
    assert_int_equal(made, 40);
    assert_int_equal(tg_state_playout(b, 1, &made), TG_OK);
    assert_int_equal(made, 1);
    assert_int_equal(tg_state_playout(b, 39, NULL), TG_OK);
    tgt_assert_identical(a, b, "40 decisions in one call and in two");
    /* Recorded like apply: undo takes them back one by one. */
    assert_int_equal(tg_state_undo(a), TG_OK);
    assert_int_equal(tg_state_move_number(a), 39);
    tg_state_free(a);
    tg_state_free(b);
    tg_game_free(g);
}

static void refuses_a_null_state(void **unused)
{
    (void)unused;
    uint32_t made = 123;
    assert_int_equal(tg_state_playout(NULL, 10, &made), TG_E_INVALID_ARGUMENT);
    assert_int_equal(made, 0);
    assert_int_equal(tg_state_playout(NULL, 10, NULL), TG_E_INVALID_ARGUMENT);
}

static void out_of_memory_changes_nothing(void **unused)
{
    (void)unused;
    int fail = 0;
    tg_game *g = tgt_game_failing_memory("creepy_cauldron", "players=2", &fail);
    tg_state *st = NULL;
    assert_int_equal(tg_state_new(g, 5, &st), TG_OK);
    size_t len = 0;
    unsigned char *before = tgt_save(st, &len);
    fail = 1;
    uint32_t made = 9;
    /* A fresh state has no history buffer yet, so the playout must allocate. */
    assert_int_equal(tg_state_playout(st, UINT32_MAX, &made), TG_E_NO_MEMORY);
    assert_int_equal(made, 0);
    fail = 0;
    tgt_assert_save_is(st, before, len, "state after a playout that ran out of memory");
    tg_free(before);
    tg_state_free(st);
    tg_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plays_every_game_to_the_end),
        cmocka_unit_test(stops_after_max_decisions_and_repeats_for_a_seed),
        cmocka_unit_test(refuses_a_null_state),
        cmocka_unit_test(out_of_memory_changes_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
