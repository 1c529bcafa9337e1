/* tablegames bench --batch N: the batched environment of batch.h, a
 * learning loop's steps of N games at once. Each step fills what the loop
 * asked for (--fill: the action masks and the observation tensors by
 * default) and plays a uniformly random legal action in every slot, drawn
 * from the mask the previous step wrote, as a policy would.
 *
 * Two rates per CPU second of this thread: "in the library" counts only
 * the time inside tg_batch_step() (the figure issue 34 sets targets for),
 * "whole loop" adds the picking of the actions from the masks. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Most runs the caller may ask for (as cmd_bench.c). */
#define BATCH_MAX_RUNS 99

typedef struct batch_rig {
    tg_batch *batch;
    size_t n, actions, obs, info, players;
    size_t stride; /* bytes of a slot's row: actions, or as bits a byte per 8 */
    tg_batch_buffers bufs;
    uint32_t *act;
    uint32_t *legal; /* scratch for one slot's legal actions */
} batch_rig;

typedef struct batch_run {
    double cpu_in, cpu_all; /* seconds in tg_batch_step(), and in the whole loop */
    uint64_t decisions, ended, steps;
} batch_run;

static double batch_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void batch_rig_free(batch_rig *r)
{
    tg_batch_free(r->batch);
    free(r->bufs.player);
    free(r->bufs.mask);
    free(r->bufs.mask_bits);
    free(r->bufs.observation);
    free(r->bufs.information);
    free(r->bufs.observation_u8);
    free(r->bufs.rewards);
    free(r->bufs.done);
    free(r->act);
    free(r->legal);
}

/* fill: bit 1 observation, bit 2 information, bit 4 observation as bytes,
 * bit 8 the mask as bits instead of bytes (a mask is always filled: the
 * actions are drawn from it). */
static tg_status batch_rig_make(tg_game *game, size_t n, uint64_t seed, int fill, batch_rig *r)
{
    memset(r, 0, sizeof *r);
    r->n = n;
    r->actions = tg_game_player_move_count(game);
    r->obs = tg_game_observation_tensor_size(game);
    r->info = tg_game_information_tensor_size(game);
    r->players = (size_t)tg_game_players(game);
    tg_batch_buffers b = TG_BATCH_BUFFERS_INIT;
    b.player = malloc(n * sizeof *b.player);
    int bits = (fill & 8) != 0;
    r->stride = bits ? TG_BATCH_MASK_BITS_STRIDE(r->actions) : r->actions;
    uint8_t *mask = malloc(n * (r->stride > 0 ? r->stride : 1));
    if (bits)
        b.mask_bits = mask;
    else
        b.mask = mask;
    b.rewards = malloc(n * r->players * sizeof *b.rewards);
    b.done = malloc(n);
    if (fill & 1)
        b.observation = malloc(n * r->obs * sizeof(float));
    if (fill & 2)
        b.information = malloc(n * r->info * sizeof(float));
    if (fill & 4)
        b.observation_u8 = malloc(n * r->obs);
    r->bufs = b;
    r->act = malloc(n * sizeof *r->act);
    r->legal = malloc((r->actions > 0 ? r->actions : 1) * sizeof *r->legal);
    if (!b.player || !mask || !b.rewards || !b.done || ((fill & 1) && !b.observation) ||
        ((fill & 2) && !b.information) ||
        ((fill & 4) && !b.observation_u8) || !r->act || !r->legal)
        return TG_E_NO_MEMORY;
    char err[256] = "";
    tg_status s = tg_batch_new(game, n, seed, NULL, &r->batch, err, sizeof err);
    if (s == TG_OK)
        s = tg_batch_observe(r->batch, 0, n, &r->bufs, err, sizeof err);
    if (s != TG_OK)
        cli_report("bench --batch", s, err);
    return s;
}

/* A uniformly random set entry of each slot's mask, bytes or bits. */
static void batch_pick(batch_rig *r, cli_rng *rng)
{
    for (size_t i = 0; i < r->n; i++) {
        uint32_t k = 0;
        if (r->bufs.mask_bits) {
            /* Only the bytes with a bit set are looked into: a Bewitched
             * row has about 30 set of 2,835. */
            const uint8_t *m = r->bufs.mask_bits + i * r->stride;
            for (size_t j = 0; j < r->stride; j++)
                for (unsigned v = m[j], bit = 0; v; v >>= 1, bit++)
                    if (v & 1u)
                        r->legal[k++] = (uint32_t)(j * 8 + bit);
        } else {
            const uint8_t *m = r->bufs.mask + i * r->actions;
            for (size_t a = 0; a < r->actions; a++)
                if (m[a])
                    r->legal[k++] = (uint32_t)a;
        }
        r->act[i] = k > 0 ? r->legal[cli_rng_below(rng, k)] : 0;
    }
}

static tg_status batch_loop(batch_rig *r, cli_rng *rng, double seconds, batch_run *out)
{
    char err[256] = "";
    double start = batch_cpu(), in = 0.0;
    memset(out, 0, sizeof *out);
    tg_status s = TG_OK;
    while (s == TG_OK && batch_cpu() - start < seconds) {
        batch_pick(r, rng);
        double t0 = batch_cpu();
        s = tg_batch_step(r->batch, 0, r->n, r->act, &r->bufs, err, sizeof err);
        in += batch_cpu() - t0;
        for (size_t i = 0; i < r->n; i++)
            out->ended += r->bufs.done[i] != TG_BATCH_RUNNING;
        out->steps++;
    }
    out->cpu_all = batch_cpu() - start;
    out->cpu_in = in;
    out->decisions = out->steps * r->n;
    if (s != TG_OK)
        cli_report("bench --batch", s, err);
    return s;
}

static int batch_cmp_in(const void *pa, const void *pb)
{
    const batch_run *x = pa, *y = pb;
    double a = (double)x->decisions / x->cpu_in, b = (double)y->decisions / y->cpu_in;
    return (a > b) - (a < b);
}

static const char *batch_fill_name(int fill)
{
    static const char *const names[] = { "mask",          "mask+obs",           "mask+info",
                                         "mask+obs+info", "mask+obs8",          "mask+obs+obs8",
                                         "mask+info+obs8", "mask+obs+info+obs8" };
    static const char *const bits[] = { "bits",          "bits+obs",           "bits+info",
                                        "bits+obs+info", "bits+obs8",          "bits+obs+obs8",
                                        "bits+info+obs8", "bits+obs+info+obs8" };
    return (fill & 8 ? bits : names)[fill & 7];
}

int cli_bench_batch(tg_game *game, size_t n, int fill, double seconds, double warmup, long runs,
                    uint64_t seed, int json)
{
    batch_rig r;
    batch_run res[BATCH_MAX_RUNS];
    cli_rng rng;
    cli_rng_seed(&rng, seed);
    tg_status s = batch_rig_make(game, n, seed, fill, &r);
    batch_run scratch;
    if (s == TG_OK && warmup > 0)
        s = batch_loop(&r, &rng, warmup, &scratch);
    for (long i = 0; s == TG_OK && i < runs && i < BATCH_MAX_RUNS; i++)
        s = batch_loop(&r, &rng, seconds, &res[i]);
    batch_rig_free(&r);
    if (s != TG_OK)
        return CLI_EXIT_FAILURE;
    qsort(res, (size_t)runs, sizeof *res, batch_cmp_in);
    const batch_run *m = &res[runs / 2];
    double in = (double)m->decisions / m->cpu_in, all = (double)m->decisions / m->cpu_all;
    if (json)
        printf("{\"game\":\"%s\",\"players\":%d,\"batch\":%zu,\"fill\":\"%s\","
               "\"decisions_per_cpu_second_in_library\":%.1f,"
               "\"decisions_per_cpu_second_whole_loop\":%.1f,\"steps\":%llu,"
               "\"games_ended\":%llu,\"cpu_seconds\":%.3f}\n",
               tg_game_id(game), tg_game_players(game), n, batch_fill_name(fill), in, all,
               (unsigned long long)m->steps, (unsigned long long)m->ended, m->cpu_all);
    else
        printf("%-16s %7d %6zu %-14s %12.3f M %12.3f M %8llu %8llu\n", tg_game_id(game),
               tg_game_players(game), n, batch_fill_name(fill), in / 1e6, all / 1e6,
               (unsigned long long)m->steps, (unsigned long long)m->ended);
    fflush(stdout);
    return CLI_EXIT_OK;
}
