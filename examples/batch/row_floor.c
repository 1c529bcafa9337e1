/* The floor a batch's rows set under tg_batch_step(): how many decisions
 * per CPU second a machine allows when a step does nothing but write the
 * rows, for a game's real rows at N slots (docs/performance.md, issue 34).
 *
 * A batch of N slots plays WARMUP steps of random legal actions (games
 * in full swing, some ended and begun again), then one more; the mask and
 * observation rows before and after that step are kept. Then, with no play at all, the rows are written over and over:
 *
 *   whole rows       as tg_batch_step() writes them: each slot's mask row
 *                    zeroed and its set actions marked, its observation row
 *                    zeroed and its non-zero entries stored;
 *   changed entries  only the entries that differ between the two steps,
 *                    the least any scheme of kept rows could write.
 *
 * Between passes every mask row is read whole, as a policy that picks from
 * the masks reads them (tablegames bench --batch does the same), and only
 * the writing is timed.
 *
 *   row_floor [GAME [PLAYERS [SLOTS [PASSES [WARMUP]]]]]
 *   (defaults: bewitched 4 1024 200 100)
 */
#define _POSIX_C_SOURCE 200809L
#include <boardgames/tablegames.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct rows {
    uint8_t *mask;
    float *obs;
} rows;

typedef struct entries { /* a list of (row entry, value) per slot, packed */
    uint32_t *at;
    float *value;
    size_t *start; /* slot i's entries are start[i] .. start[i + 1] - 1 */
} entries;

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void *need(void *p)
{
    if (!p) {
        fprintf(stderr, "row_floor: out of memory\n");
        exit(1);
    }
    return p;
}

/* The entries of `now` that are not zero (differ == NULL) or that differ
 * from `before`, for n rows of len floats each. */
static void list_entries(const float *now, const float *before, size_t n, size_t len,
                         entries *out)
{
    out->at = need(malloc(n * len * sizeof *out->at));
    out->value = need(malloc(n * len * sizeof *out->value));
    out->start = need(malloc((n + 1) * sizeof *out->start));
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        out->start[i] = k;
        for (size_t j = 0; j < len; j++) {
            float v = now[i * len + j];
            if (before ? memcmp(&v, &before[i * len + j], sizeof v) != 0 : v != 0.0f) {
                out->at[k] = (uint32_t)j;
                out->value[k++] = v;
            }
        }
    }
    out->start[n] = k;
    /* Shrunk to what was found (rows are mostly zeros). */
    out->at = need(realloc(out->at, (k ? k : 1) * sizeof *out->at));
    out->value = need(realloc(out->value, (k ? k : 1) * sizeof *out->value));
}

static void free_entries(entries *e)
{
    free(e->at);
    free(e->value);
    free(e->start);
}

/* The mask bytes as floats, so that one list type serves both rows. */
static float *mask_floats(const uint8_t *mask, size_t count)
{
    float *f = need(malloc(count * sizeof *f));
    for (size_t i = 0; i < count; i++)
        f[i] = mask[i];
    return f;
}

int main(int argc, char **argv)
{
    const char *id = argc > 1 ? argv[1] : "bewitched";
    int players = argc > 2 ? atoi(argv[2]) : 4;
    size_t n = argc > 3 ? strtoul(argv[3], NULL, 10) : 1024;
    long passes = argc > 4 ? atol(argv[4]) : 200;
    long warmup = argc > 5 ? atol(argv[5]) : 100;
    char options[32], err[256] = "";
    snprintf(options, sizeof options, "players=%d", players);
    tg_game *game = NULL;
    tg_batch *batch = NULL;
    if (n == 0 || passes <= 0 || warmup < 0 ||
        tg_game_new(id, options, NULL, &game, err, sizeof err) != TG_OK ||
        tg_batch_new(game, n, 1, NULL, &batch, err, sizeof err) != TG_OK) {
        fprintf(stderr, "row_floor: %s\n", err[0] ? err : "slots and passes must be positive");
        return 2;
    }
    size_t actions = tg_game_player_move_count(game), len = tg_game_observation_tensor_size(game);
    rows r[2];
    for (int k = 0; k < 2; k++) {
        r[k].mask = need(malloc(n * actions));
        r[k].obs = need(malloc(n * len * sizeof(float)));
    }
    /* The rows of one step, r[0], and of the next, r[1]. */
    uint32_t *act = need(malloc(n * sizeof *act));
    tg_batch_buffers out = TG_BATCH_BUFFERS_INIT;
    out.mask = r[0].mask;
    out.observation = r[0].obs;
    tg_status s = tg_batch_observe(batch, 0, n, &out, err, sizeof err);
    uint64_t rng = 0x9E3779B97F4A7C15u;
    for (long step = 0; step <= warmup && s == TG_OK; step++) {
        for (size_t i = 0; i < n; i++) { /* a random legal action */
            const uint8_t *m = out.mask + i * actions;
            size_t legal = 0;
            for (size_t a = 0; a < actions; a++)
                legal += m[a];
            rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
            size_t k = legal ? (size_t)(rng % legal) : 0;
            for (act[i] = 0; act[i] + 1 < actions && !(m[act[i]] && k-- == 0);)
                act[i]++;
        }
        if (step == warmup) { /* the last step writes r[1] */
            memcpy(r[0].mask, out.mask, n * actions);
            memcpy(r[0].obs, out.observation, n * len * sizeof(float));
            out.mask = r[1].mask;
            out.observation = r[1].obs;
        }
        s = tg_batch_step(batch, 0, n, act, &out, err, sizeof err);
    }
    if (s != TG_OK) {
        fprintf(stderr, "row_floor: %s\n", err);
        return 1;
    }
    float *m0 = mask_floats(r[0].mask, n * actions), *m1 = mask_floats(r[1].mask, n * actions);
    entries set_mask, set_obs, changed_mask, changed_obs;
    list_entries(m1, NULL, n, actions, &set_mask);
    list_entries(r[1].obs, NULL, n, len, &set_obs);
    list_entries(m1, m0, n, actions, &changed_mask);
    list_entries(r[1].obs, r[0].obs, n, len, &changed_obs);
    /* Back and forth between the steps' values in the changed entries. */
    entries back_mask, back_obs;
    list_entries(m0, m1, n, actions, &back_mask);
    list_entries(r[0].obs, r[1].obs, n, len, &back_obs);

    uint8_t *mask = r[0].mask;
    float *obs = r[0].obs;
    double whole = 0.0, changed = 0.0;
    unsigned long sink = 0;
    for (long p = 0; p < passes; p++) {
        for (int mode = 0; mode < 2; mode++) {
            for (size_t i = 0; i < n * actions; i++) /* the policy's read */
                sink += mask[i];
            const entries *em = mode == 0 ? &set_mask : (p & 1) ? &back_mask : &changed_mask;
            const entries *eo = mode == 0 ? &set_obs : (p & 1) ? &back_obs : &changed_obs;
            double t0 = cpu_seconds();
            for (size_t i = 0; i < n; i++) {
                uint8_t *mrow = mask + i * actions;
                float *orow = obs + i * len;
                if (mode == 0) {
                    memset(mrow, 0, actions);
                    memset(orow, 0, len * sizeof *orow);
                }
                for (size_t k = em->start[i]; k < em->start[i + 1]; k++)
                    mrow[em->at[k]] = (uint8_t)em->value[k];
                for (size_t k = eo->start[i]; k < eo->start[i + 1]; k++)
                    orow[eo->at[k]] = eo->value[k];
            }
            double t = cpu_seconds() - t0;
            if (mode == 0)
                whole += t;
            else
                changed += t;
        }
    }
    double rows_written = (double)passes * (double)n;
    printf("%s, %d players, %zu slots (sink %lu)\n", id, players, n, sink % 2);
    printf("  per slot: mask %zu bytes, %.1f set, %.1f changed; observation %zu floats, "
           "%.1f set, %.1f changed\n",
           actions, (double)set_mask.start[n] / (double)n,
           (double)changed_mask.start[n] / (double)n, len, (double)set_obs.start[n] / (double)n,
           (double)changed_obs.start[n] / (double)n);
    printf("  whole rows:      %.2f M decisions per CPU second at most\n",
           rows_written / whole / 1e6);
    printf("  changed entries: %.2f M decisions per CPU second at most\n",
           rows_written / changed / 1e6);
    free_entries(&set_mask);
    free_entries(&set_obs);
    free_entries(&changed_mask);
    free_entries(&changed_obs);
    free_entries(&back_mask);
    free_entries(&back_obs);
    free(m0);
    free(m1);
    for (int k = 0; k < 2; k++) {
        free(r[k].mask);
        free(r[k].obs);
    }
    free(act);
    tg_batch_free(batch);
    tg_game_free(game);
    return 0;
}
