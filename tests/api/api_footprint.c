/* A state's memory: what a finished game holds, counted through the
 * allocator hook. The history grows with the game (geometrically, from a
 * small start), never to the game's length cap: a finished state holds its
 * fixed part and at most twice its decisions' history entries, whichever
 * way it was played (tg_state_playout() or one tg_state_apply() at a time).
 * Run with -v to print the figures per game (docs/performance.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

static int verbose;

/* Live bytes through a sized allocator (told each block's size). */
static void *sized(void *ud, void *ptr, size_t old, size_t size)
{
    long long *live = ud;
    if (size == 0) {
        if (ptr)
            *live -= (long long)old;
        free(ptr);
        return NULL;
    }
    void *p = realloc(ptr, size);
    if (p)
        *live += (long long)size - (ptr ? (long long)old : 0);
    return p;
}

static tg_game *counted_game(const char *id, long long *live)
{
    tg_sized_allocator a = {sizeof a, sized, live};
    tg_game_params p = TG_GAME_PARAMS_INIT;
    p.sized_allocator = &a;
    tg_game *g = NULL;
    char err[256] = "";
    if (tg_game_new(id, NULL, &p, &g, err, sizeof err) != TG_OK)
        fail_msg("%s: %s", id, err);
    return g;
}

/* Bytes of a history of n entries as the core keeps it (a move id and who
 * made it), grown by doubling from 64. */
static long long history_bound(uint32_t n)
{
    uint32_t cap = 64;
    while (cap < n)
        cap *= 2;
    return (long long)cap * (long long)(sizeof(tg_move) + 1);
}

/* One decision at a time, as a binding's loop plays: a random legal move
 * or the state's own draw. */
static void play_by_apply(tg_state *st)
{
    tg_move moves[4096];
    size_t n = 0;
    uint64_t x = 7;
    while (!tg_state_is_terminal(st)) {
        if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
            assert_int_equal(tg_state_apply_chance(st, NULL), TG_OK);
            continue;
        }
        assert_int_equal(tg_state_legal_moves(st, moves, 4096, &n), TG_OK);
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        assert_int_equal(tg_state_apply(st, moves[(x >> 33) % n]), TG_OK);
    }
}

static void finished_states_hold_their_history_not_the_cap(void **unused)
{
    (void)unused;
    int over = 0; /* every game is measured (and with -v printed) before failing */
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const char *id = tg_catalogue_get(i)->id;
        long long live = 0;
        tg_game *g = counted_game(id, &live);
        long long game_bytes = live;
        for (int way = 0; way < 2; way++) {
            tg_state *st = NULL;
            assert_int_equal(tg_state_new(g, 11, &st), TG_OK);
            long long fresh = live - game_bytes;
            if (way == 0)
                assert_int_equal(tg_state_playout(st, UINT32_MAX, NULL), TG_OK);
            else
                play_by_apply(st);
            assert_true(tg_state_is_terminal(st));
            uint32_t len = tg_state_history_length(st);
            long long finished = live - game_bytes;
            if (verbose)
                printf("%-16s %-8s %6u decisions: new %7lld B, finished %7lld B\n", id,
                       way ? "apply" : "playout", (unsigned)len, fresh, finished);
            if (finished - fresh > history_bound(len)) {
                print_error("%s (%s): %u decisions hold %lld bytes of history; at most %lld\n",
                            id, way ? "apply" : "playout", (unsigned)len, finished - fresh,
                            history_bound(len));
                over = 1;
            }
            tg_state_free(st);
        }
        tg_game_free(g);
        assert_int_equal(live, 0);
    }
    assert_false(over);
}

/* A playout that stops early holds what it played, not what it might have. */
static void a_short_playout_reserves_what_it_plays(void **unused)
{
    (void)unused;
    long long live = 0;
    tg_game *g = counted_game("bewitched", &live);
    tg_state *st = NULL;
    assert_int_equal(tg_state_new(g, 3, &st), TG_OK);
    long long fresh = live;
    uint32_t made = 0;
    assert_int_equal(tg_state_playout(st, 10, &made), TG_OK);
    assert_int_equal(made, 10);
    assert_true(live - fresh <= history_bound(10));
    tg_state_free(st);
    tg_game_free(g);
}

int main(int argc, char **argv)
{
    verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(finished_states_hold_their_history_not_the_cap),
        cmocka_unit_test(a_short_playout_reserves_what_it_plays),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
