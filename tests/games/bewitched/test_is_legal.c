/* The quick legality check agrees with the list of legal moves for every
 * move id, in positions from all stages of random games. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "bw_tests.h"
#include "support.h"

static void bw_check_ids(const tg_state *st, uint32_t count)
{
    static tg_move moves[4096];
    size_t n = 0;
    assert_int_equal(tg_state_legal_moves(st, moves, 4096, &n), TG_OK);
    size_t next = 0;
    for (uint32_t id = 0; id < count; id++) {
        int listed = 0;
        for (size_t i = 0; i < n; i++)
            listed |= moves[i] == id;
        int quick = tg_state_is_legal(st, id) == TG_OK;
        if (listed != quick)
            fail_msg("move %u: listed %d, is_legal %d", (unsigned)id, listed, quick);
        next += (size_t)listed;
    }
    assert_int_equal(next, n);
}

void test_is_legal_agrees(void **state)
{
    (void)state;
    tg_game *g = tgt_game("bewitched", "players=3");
    uint32_t count = tg_game_move_count(g);
    for (uint32_t seed = 1; seed <= 12; seed++) {
        tg_state *st = tgt_random_state(g, seed, seed * 37);
        if (!tg_state_is_terminal(st))
            bw_check_ids(st, count);
        tg_state_free(st);
    }
    tg_game_free(g);
}
