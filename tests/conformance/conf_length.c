/* No game outlasts its stated bound (tg_game_length_bound()): 100,000
 * random games of every game, spread over its player counts, played by
 * tg_state_playout() (the library's own random players and dice), each
 * allowed one decision more than the bound, must end within it. One cmocka
 * test per game, so a failure names the game.
 *
 * It runs in the release ctest only (not under the sanitizers, whose build
 * does not register it, nor under valgrind, which runs test_conformance):
 * with TG_CONFORMANCE_QUICK set it plays 1,000 games per game instead.
 * TG_LENGTH_GAMES overrides the count. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/tablegames.h>
#include <cmocka.h>

#define LENGTH_GAMES 100000ul
#define LENGTH_QUICK_GAMES 1000ul

static unsigned long length_games(void)
{
    const char *n = getenv("TG_LENGTH_GAMES");
    if (n && *n)
        return strtoul(n, NULL, 10);
    const char *quick = getenv("TG_CONFORMANCE_QUICK");
    return quick && *quick && strcmp(quick, "0") != 0 ? LENGTH_QUICK_GAMES : LENGTH_GAMES;
}

static void length_check_game(void **state)
{
    const tg_game_info *info = *state;
    int counts = info->max_players - info->min_players + 1;
    tg_game *games[TG_MAX_PLAYERS] = {0};
    tg_state *states[TG_MAX_PLAYERS] = {0};
    uint32_t bounds[TG_MAX_PLAYERS] = {0}, longest[TG_MAX_PLAYERS] = {0};
    for (int i = 0; i < counts; i++) {
        char options[32], err[256] = "";
        snprintf(options, sizeof options, "players=%d", info->min_players + i);
        assert_int_equal(tg_game_new(info->id, options, NULL, &games[i], err, sizeof err),
                         TG_OK);
        assert_int_equal(tg_state_new(games[i], 1, &states[i]), TG_OK);
        bounds[i] = tg_game_length_bound(games[i]);
        assert_true(bounds[i] > 0 && bounds[i] <= tg_game_max_length(games[i]));
    }
    unsigned long n = length_games();
    for (unsigned long g = 0; g < n; g++) {
        int i = (int)(g % (unsigned long)counts);
        tg_state *st = states[i];
        uint32_t made = 0;
        assert_int_equal(tg_state_reset(st, 0x6C656E67ull + g), TG_OK);
        tg_status s = tg_state_playout(st, bounds[i] + 1, &made);
        if (s != TG_OK || !tg_state_is_terminal(st) || made > bounds[i] ||
            tg_state_move_number(st) != made)
            fail_msg("%s players=%d, seed %lu: %s after %u decisions (bound %u): %s", info->id,
                     info->min_players + i, 0x6C656E67ul + g,
                     tg_state_is_terminal(st) ? "over" : "still going", (unsigned)made,
                     (unsigned)bounds[i], tg_state_last_error(st));
        if (made > longest[i])
            longest[i] = made;
    }
    for (int i = 0; i < counts; i++) {
        printf("[ SUMMARY  ] %s players=%d: longest of %lu random games %u, bound %u\n", info->id,
               info->min_players + i,
               n / (unsigned long)counts + ((unsigned long)i < n % (unsigned long)counts),
               (unsigned)longest[i], (unsigned)bounds[i]);
        tg_state_free(states[i]);
        tg_game_free(games[i]);
    }
}

int main(void)
{
    size_t n = tg_catalogue_count();
    struct CMUnitTest *tests = calloc(n ? n : 1, sizeof *tests);
    if (!tests)
        return 1;
    for (size_t i = 0; i < n; i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        tests[i].name = info->id;
        tests[i].test_func = length_check_game;
        tests[i].initial_state = (void *)(uintptr_t)info;
    }
    int failed = _cmocka_run_group_tests("length_bound", tests, n, NULL, NULL);
    free(tests);
    return failed;
}
