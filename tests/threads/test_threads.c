/* Several threads share one tg_game and each plays its own states to the
 * end; and several threads step disjoint ranges of one batch (1.4). Run
 * under ThreadSanitizer by the test command; in every build it also checks
 * that what the threads played is what the same seeds give on a single
 * thread (no thread sees another's state or slot). */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

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

/* ---- one batch, its slots split between threads (batch.h) ---- */

enum { SLOTS = 24, STEPS = 300 };

typedef struct batch_job {
    tg_batch *batch;
    size_t first, count, actions, obs;
    uint8_t *mask;      /* the whole batch's arrays, shared by the threads */
    float *observation;
    uint8_t *done;
    uint32_t *act;
    tg_status status;
    unsigned long ended; /* games the range finished */
} batch_job;

/* The thread's range for STEPS steps: it reads and writes only its rows,
 * and picks its actions from its own masks by a fixed rule. */
static void *run_range(void *arg)
{
    batch_job *j = arg;
    tg_batch_buffers bufs = TG_BATCH_BUFFERS_INIT;
    bufs.mask = j->mask;
    bufs.observation = j->observation;
    bufs.done = j->done;
    j->status = tg_batch_observe(j->batch, j->first, j->count, &bufs, NULL, 0);
    for (unsigned s = 0; s < STEPS && j->status == TG_OK; s++) {
        for (size_t i = j->first; i < j->first + j->count; i++) {
            const uint8_t *m = j->mask + i * j->actions;
            size_t k = (s * 31u + i) % 5, a = 0;
            for (;; a = (a + 1) % j->actions)
                if (m[a] && k-- == 0)
                    break;
            j->act[i] = (uint32_t)a;
        }
        j->status = tg_batch_step(j->batch, j->first, j->count, j->act, &bufs, NULL, 0);
        for (size_t i = j->first; i < j->first + j->count; i++)
            j->ended += j->done[i] != TG_BATCH_RUNNING;
    }
    return NULL;
}

static void threads_step_disjoint_ranges_of_one_batch(void **unused)
{
    (void)unused;
    tg_game *g = NULL;
    assert_int_equal(tg_game_new("witches_dance", "players=4", NULL, &g, NULL, 0), TG_OK);
    size_t actions = tg_game_player_move_count(g), obs = tg_game_observation_tensor_size(g);
    uint8_t *mask[2], *done[2];
    float *observation[2];
    uint32_t *act[2];
    tg_batch *batch[2];
    for (int k = 0; k < 2; k++) {
        assert_int_equal(tg_batch_new(g, SLOTS, 11, NULL, &batch[k], NULL, 0), TG_OK);
        mask[k] = calloc(SLOTS * actions, 1);
        observation[k] = calloc(SLOTS * obs, sizeof(float));
        done[k] = calloc(SLOTS, 1);
        act[k] = calloc(SLOTS, sizeof(uint32_t));
        assert_true(mask[k] && observation[k] && done[k] && act[k]);
    }
    /* batch[0] in THREADS ranges at once, batch[1] whole on this thread. */
    batch_job jobs[THREADS], alone = {batch[1], 0, SLOTS, actions, obs, mask[1],
                                      observation[1], done[1], act[1], TG_OK, 0};
    pthread_t tids[THREADS];
    unsigned long ended = 0;
    for (int t = 0; t < THREADS; t++) {
        size_t per = SLOTS / THREADS;
        jobs[t] = (batch_job){batch[0], (size_t)t * per, per, actions, obs, mask[0],
                              observation[0], done[0], act[0], TG_OK, 0};
        assert_int_equal(pthread_create(&tids[t], NULL, run_range, &jobs[t]), 0);
    }
    for (int t = 0; t < THREADS; t++) {
        assert_int_equal(pthread_join(tids[t], NULL), 0);
        assert_int_equal(jobs[t].status, TG_OK);
        ended += jobs[t].ended;
    }
    run_range(&alone);
    assert_int_equal(alone.status, TG_OK);
    assert_true(ended == alone.ended && ended > 0);
    assert_memory_equal(mask[0], mask[1], SLOTS * actions);
    assert_memory_equal(observation[0], observation[1], SLOTS * obs * sizeof(float));
    for (size_t i = 0; i < SLOTS; i++)
        assert_true(tg_state_equal(tg_batch_state(batch[0], i), tg_batch_state(batch[1], i)));
    printf("witches_dance: one batch of %d slots on %d threads (%lu games ended) agrees with "
           "one thread\n", SLOTS, THREADS, ended);
    for (int k = 0; k < 2; k++) {
        tg_batch_free(batch[k]);
        free(mask[k]);
        free(observation[k]);
        free(done[k]);
        free(act[k]);
    }
    tg_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(threads_share_a_game),
                                       cmocka_unit_test(threads_step_disjoint_ranges_of_one_batch)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
