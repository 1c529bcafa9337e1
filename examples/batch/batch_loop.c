/* A learning loop's environment side on the batched API (batch.h): 256
 * games of Witches' Dance stepped together, a "policy" that picks a random
 * legal action from each mask (a network would read the observation
 * tensors instead), and the results of the games that end, with shared
 * draws so every game's utilities sum to 1. Optionally the slots are split
 * between threads the program starts itself; the library starts none.
 *
 *   batch_loop [STEPS] [THREADS]
 */
#include <boardgames/tablegames.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { SLOTS = 256, MAX_THREADS = 8 };

typedef struct env {
    tg_batch *batch;
    size_t actions, players;
    tg_batch_buffers out; /* arrays for every slot, shared by the threads */
    uint32_t *act;
} env;

typedef struct worker {
    env *e;
    size_t first, count;
    unsigned steps;
    uint64_t rng;
    tg_status status;
    char err[256];
    unsigned long ended, truncated;
    double utility[TG_MAX_PLAYERS];
} worker;

static uint64_t next(uint64_t *s) /* xorshift64*, the policy's own randomness */
{
    *s ^= *s >> 12, *s ^= *s << 25, *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

/* The policy: a uniformly random action among those the mask allows. */
static uint32_t policy(const uint8_t *mask, size_t actions, uint64_t *rng)
{
    size_t legal = 0;
    for (size_t a = 0; a < actions; a++)
        legal += mask[a];
    size_t k = (size_t)(next(rng) % legal);
    for (size_t a = 0;; a++)
        if (mask[a] && k-- == 0)
            return (uint32_t)a;
}

/* One thread's range of slots: steps, and what the ended games scored. */
static void *run(void *arg)
{
    worker *w = arg;
    env *e = w->e;
    for (unsigned s = 0; s < w->steps && w->status == TG_OK; s++) {
        for (size_t i = w->first; i < w->first + w->count; i++)
            e->act[i] = policy(e->out.mask + i * e->actions, e->actions, &w->rng);
        w->status = tg_batch_step(e->batch, w->first, w->count, e->act, &e->out, w->err,
                                  sizeof w->err);
        for (size_t i = w->first; i < w->first + w->count; i++) {
            if (e->out.done[i] == TG_BATCH_RUNNING)
                continue;
            w->ended++;
            w->truncated += e->out.done[i] == TG_BATCH_TRUNCATED;
            for (size_t p = 0; p < e->players; p++)
                w->utility[p] += e->out.rewards[i * e->players + p];
        }
    }
    return NULL;
}

int main(int argc, char **argv)
{
    unsigned steps = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 2000;
    long threads = argc > 2 ? strtol(argv[2], NULL, 10) : 2;
    if (threads < 1 || threads > MAX_THREADS)
        threads = 1;
    char err[256] = "";
    tg_game *game = NULL;
    env e = {0};
    int rc = 1;
    if (tg_game_new("witches_dance", "players=4", NULL, &game, err, sizeof err) != TG_OK) {
        fprintf(stderr, "game: %s\n", err);
        return 1;
    }
    tg_batch_params params = TG_BATCH_PARAMS_INIT;
    params.draw = TG_DRAW_SHARED;
    e.actions = tg_game_player_move_count(game);
    e.players = (size_t)tg_game_players(game);
    tg_batch_buffers out = TG_BATCH_BUFFERS_INIT;
    out.mask = malloc(SLOTS * e.actions);
    out.observation = malloc(SLOTS * tg_game_observation_tensor_size(game) * sizeof(float));
    out.rewards = malloc(SLOTS * e.players * sizeof(double));
    out.done = malloc(SLOTS);
    e.out = out;
    e.act = malloc(SLOTS * sizeof *e.act);
    if (!out.mask || !out.observation || !out.rewards || !out.done || !e.act ||
        tg_batch_new(game, SLOTS, 1, &params, &e.batch, err, sizeof err) != TG_OK ||
        tg_batch_observe(e.batch, 0, SLOTS, &e.out, err, sizeof err) != TG_OK) {
        fprintf(stderr, "batch: %s\n", err[0] ? err : "out of memory");
        goto done;
    }
    worker w[MAX_THREADS] = {{0}};
    pthread_t tid[MAX_THREADS];
    size_t per = SLOTS / (size_t)threads;
    for (long t = 0; t < threads; t++) {
        w[t] = (worker){.e = &e, .first = (size_t)t * per, .steps = steps,
                        .rng = 0x9E3779B97F4A7C15ull * (uint64_t)(t + 1)};
        w[t].count = t == threads - 1 ? SLOTS - w[t].first : per;
        if (pthread_create(&tid[t], NULL, run, &w[t]) != 0) {
            fprintf(stderr, "cannot start a thread\n");
            threads = t;
            goto join;
        }
    }
join:
    for (long t = 0; t < threads; t++)
        pthread_join(tid[t], NULL);
    unsigned long ended = 0, truncated = 0;
    double utility[TG_MAX_PLAYERS] = {0}, total = 0;
    rc = 0;
    for (long t = 0; t < threads; t++) {
        if (w[t].status != TG_OK) {
            fprintf(stderr, "step: %s\n", w[t].err);
            rc = 1;
        }
        ended += w[t].ended;
        truncated += w[t].truncated;
        for (size_t p = 0; p < e.players; p++)
            utility[p] += w[t].utility[p];
    }
    printf("%u steps of %d games on %ld threads: %lu games ended (%lu stopped by the cap)\n",
           steps, SLOTS, threads, ended, truncated);
    for (size_t p = 0; p < e.players; p++) {
        printf("player %zu: %.2f\n", p, utility[p]);
        total += utility[p];
    }
    /* Shared draws make every game constant-sum: one point per game. */
    if (total < (double)ended - 1e-6 || total > (double)ended + 1e-6) {
        fprintf(stderr, "utilities sum to %.6f over %lu games\n", total, ended);
        rc = 1;
    } else {
        printf("utilities sum to %.2f: one point per game\n", total);
    }
done:
    tg_batch_free(e.batch);
    tg_game_free(game);
    free(out.mask);
    free(out.observation);
    free(out.rewards);
    free(out.done);
    free(e.act);
    return rc;
}
