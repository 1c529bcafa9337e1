/* Several threads share one tg_game and each plays its own states to the
 * end. Run under ThreadSanitizer by the test command; in every build it
 * also checks that a thread's games are the ones the same seeds give on a
 * single thread (no thread sees another's state). */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include <boardgames/tablegames.h>

enum { THREADS = 4, GAMES_PER_THREAD = 6 };

typedef struct job {
    tg_game *game;
    uint64_t first_seed;
    uint64_t digest; /* folds every decision of every game played */
    int finished;
} job;

static uint64_t play(tg_game *g, uint64_t seed, int *finished)
{
    tg_state *st = NULL;
    if (tg_state_new(g, seed, &st) != TG_OK)
        return 0;
    uint64_t digest = seed, pick = seed * 2654435761u + 1;
    tg_move moves[4096];
    size_t n;
    while (!tg_state_is_terminal(st)) {
        tg_move m;
        if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
            tg_state_apply_chance(st, &m);
        } else {
            tg_state_legal_moves(st, moves, 4096, &n);
            pick = pick * 6364136223846793005u + 1442695040888963407u;
            m = moves[(pick >> 33) % n];
            tg_state_apply(st, m);
        }
        digest = digest * 31 + m;
        /* Views and saves read the shared game too. */
        if (tg_state_move_number(st) % 64 == 0) {
            char *text = NULL;
            tg_state_observation_json(st, 0, &text, NULL);
            tg_free(text);
            unsigned char *bytes = NULL;
            size_t len;
            tg_state_save(st, &bytes, &len);
            tg_free(bytes);
        }
    }
    *finished += 1;
    tg_state_free(st);
    return digest;
}

static void *run(void *arg)
{
    job *j = arg;
    for (int i = 0; i < GAMES_PER_THREAD; i++)
        j->digest ^= play(j->game, j->first_seed + (uint64_t)i, &j->finished) + (uint64_t)i;
    return NULL;
}

static void threads_share_a_game(void **unused)
{
    (void)unused;
    for (size_t gi = 0; gi < tg_catalogue_count(); gi++) {
        const tg_game_info *info = tg_catalogue_get(gi);
        tg_game *g = NULL;
        char opts[32];
        snprintf(opts, sizeof opts, "players=%d", info->max_players);
        assert_int_equal(tg_game_new(info->id, opts, NULL, &g, NULL, 0), TG_OK);
        job jobs[THREADS], alone[THREADS];
        pthread_t tids[THREADS];
        for (int t = 0; t < THREADS; t++) {
            jobs[t] = (job){g, 1000u * (uint64_t)t, 0, 0};
            alone[t] = jobs[t];
            assert_int_equal(pthread_create(&tids[t], NULL, run, &jobs[t]), 0);
        }
        for (int t = 0; t < THREADS; t++)
            assert_int_equal(pthread_join(tids[t], NULL), 0);
        for (int t = 0; t < THREADS; t++) {
            run(&alone[t]);
            assert_int_equal(jobs[t].finished, GAMES_PER_THREAD);
            assert_true(jobs[t].digest == alone[t].digest);
        }
        printf("%s: %d threads x %d games agree with a single thread\n", info->id, THREADS,
               GAMES_PER_THREAD);
        tg_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(threads_share_a_game)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
