/* The structure-aware position mutator without libFuzzer: a seeded,
 * deterministic loop that the test command runs on the sanitizer build
 * (any compiler), for every registered game.
 *
 *   fuzz_mutate_positions [--game ID]... [--runs N | --seconds S] [--seed N]
 *                         [--played N] [--sweep N] [--artifact PREFIX] [SAVE|DIR]...
 *
 * --seconds is processor time per game (the sweep included); the times it
 * prints are processor time too.
 *
 * For each game: N played positions (fzj_played_save) and the JSON saves
 * of that game among the files given are the pool. First every single
 * edit of the state variables (sm_neighbours) of the first --sweep played
 * positions of each stage is tried; then each run takes one
 * (positions are drawn by stage first, so a rare decision such as a
 * Bewitched hat or a Creepy Cauldron theft is edited as often as a roll),
 * edits it (sm_mutate, with another save of the same options as the
 * donor) and loads the result (fzj_run); a position the loader accepts
 * joins the pool, so edits pile up on positions that pass the checks.
 * The input of the run in progress is in PREFIX<game>.json (removed when
 * the game's runs end), so a finding (an abort) leaves it behind to replay
 * with fuzz_replay_position_json and to keep in regressions/position_json/.
 * The same seed and counts give the same inputs. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fuzz_common.h"
#include "fuzz_position_json.h"

enum { POOL_MAX = 4096, GROWN_MAX = 1024, MAX_GAMES = 16 };

typedef struct pool {
    json_t *save[POOL_MAX];
    const char *stage[POOL_MAX]; /* its bucket: the position's words */
    size_t n, seeded;            /* entries; the first `seeded` are never replaced */
    char *stages[POOL_MAX];      /* the buckets */
    size_t nstages;
} pool;

typedef struct options {
    const char *games[MAX_GAMES];
    size_t ngames;
    unsigned long runs, played, seconds, sweep;
    uint64_t seed;
    const char *artifact;
    char **files;
    int nfiles;
} options;

/* Processor time of this process: --seconds is a budget of work, the
 * same on a quiet machine and on a loaded one. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The bucket of a save: the words of its position (a stage, a phase, what
 * comes after), which say which decision it is at. */
static char *stage_of(const json_t *save)
{
    char key[512] = "";
    int len = 0;
    const char *name;
    json_t *v;
    json_object_foreach(json_object_get(save, "position"), name, v) {
        if (json_is_string(v) && len >= 0 && (size_t)len < sizeof key)
            len += snprintf(key + len, sizeof key - (size_t)len, "|%s=%s", name,
                            json_string_value(v));
    }
    char *copy = strdup(key);
    fz_require(copy != NULL, "memory");
    return copy;
}

/* The bucket name, kept once in the bucket list (name is taken over). */
static char *pool_bucket(pool *p, char *name)
{
    for (size_t k = 0; k < p->nstages; k++)
        if (strcmp(p->stages[k], name) == 0) {
            free(name);
            return p->stages[k];
        }
    fz_require(p->nstages < POOL_MAX, "bucket list size");
    return p->stages[p->nstages++] = name;
}

static void pool_put(pool *p, size_t i, json_t *save)
{
    if (i < p->n)
        json_decref(p->save[i]);
    else
        p->n++;
    p->save[i] = save;
    p->stage[i] = pool_bucket(p, stage_of(save));
}

/* A save drawn by bucket first, then within it. */
static size_t pool_draw(const pool *p, sm_rng *r)
{
    const char *stage = p->stages[sm_below(r, (uint32_t)p->nstages)];
    size_t count = 0;
    for (size_t i = 0; i < p->n; i++)
        count += strcmp(p->stage[i], stage) == 0;
    size_t k = sm_below(r, (uint32_t)count);
    for (size_t i = 0; i < p->n; i++)
        if (strcmp(p->stage[i], stage) == 0 && k-- == 0)
            return i;
    return 0;
}

/* Another save of the same options, or NULL after a few tries. */
static const json_t *pool_donor(const pool *p, size_t base, sm_rng *r)
{
    const char *opts = json_string_value(json_object_get(p->save[base], "options"));
    for (int tries = 0; tries < 8; tries++) {
        size_t i = sm_below(r, (uint32_t)p->n);
        const char *o = json_string_value(json_object_get(p->save[i], "options"));
        if (i != base && o && opts && strcmp(o, opts) == 0)
            return p->save[i];
    }
    return NULL;
}

static void add_file(pool *p, const char *path, const char *game)
{
    json_t *save = json_load_file(path, 0, NULL);
    const char *id = json_string_value(json_object_get(save, "game"));
    if (p->n < POOL_MAX && id && strcmp(id, game) == 0 &&
        json_is_object(json_object_get(save, "position")))
        pool_put(p, p->n, save);
    else
        json_decref(save);
}

static void add_files(pool *p, const options *o, const char *game)
{
    for (int i = 0; i < o->nfiles; i++) {
        DIR *d = opendir(o->files[i]);
        if (!d) {
            add_file(p, o->files[i], game);
            continue;
        }
        /* sorted, so the pool and the runs do not depend on the directory's order */
        struct dirent **names = NULL;
        closedir(d);
        int n = scandir(o->files[i], &names, NULL, alphasort);
        for (int k = 0; k < n; k++) {
            char path[4096];
            if (names[k]->d_name[0] != '.') {
                snprintf(path, sizeof path, "%s/%s", o->files[i], names[k]->d_name);
                add_file(p, path, game);
            }
            free(names[k]);
        }
        free(names);
    }
}

static void write_artifact(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    fz_require(f != NULL, "the artifact file opens");
    fz_require(fwrite(text, 1, len, f) == len && fclose(f) == 0, "the artifact is written");
}

/* One game's runs: the pool, what it holds by name, and the counts. */
typedef struct session {
    pool p;
    json_t *values;
    sm_rng r;
    char artifact[4096];
    unsigned long runs, loaded, swept;
    size_t grown;
} session;

/* Loads save (the reference is taken over); one loaded edit of base (not
 * equal to it) joins the pool to be edited further. */
static void try_save(session *s, json_t *save, const json_t *base)
{
    char *text = json_dumps(save, JSON_COMPACT);
    fz_require(text != NULL, "dump");
    size_t len = strlen(text);
    write_artifact(s->artifact, text, len);
    /* every fourth loaded position gets the whole exercise */
    if (fzj_run(text, len, s->loaded % 4 == 0)) {
        s->loaded++;
        if (!json_equal(save, base)) {
            pool *p = &s->p;
            size_t slot = s->grown < GROWN_MAX && p->n < POOL_MAX
                              ? p->n
                              : p->seeded + sm_below(&s->r, (uint32_t)(p->n - p->seeded));
            pool_put(p, slot, save);
            save = NULL;
            s->grown++;
        }
    }
    json_decref(save);
    free(text);
    s->runs++;
}

static const json_t *sweep_base;

static void sweep_visit(json_t *edited, void *ctx)
{
    try_save(ctx, edited, sweep_base);
}

/* Every single edit of the state variables (sm_neighbours) of the first
 * `reps` played positions of each stage. */
static void sweep(session *s, unsigned long reps)
{
    pool *p = &s->p;
    size_t stages = p->nstages, seeded = p->seeded;
    for (size_t k = 0; k < stages; k++) {
        unsigned long done = 0;
        for (size_t i = 0; i < seeded && done < reps; i++) {
            if (p->stage[i] != p->stages[k])
                continue;
            json_t *base = json_incref(p->save[i]); /* the pool may replace it meanwhile */
            sweep_base = base;
            sm_neighbours(base, s->values, sweep_visit, s);
            json_decref(base);
            done++;
        }
    }
    s->swept = s->runs;
}

static void run_game(const char *game, const options *o)
{
    static session s;
    memset(&s, 0, sizeof s);
    pool *p = &s.p;
    s.r.s = o->seed;
    for (const char *c = game; *c; c++)
        s.r.s = s.r.s * 131 + (unsigned char)*c; /* each game its own sequence */
    for (unsigned long k = 0; k < o->played && p->n < POOL_MAX; k++)
        pool_put(p, p->n, fzj_played_save(game, &s.r));
    add_files(p, o, game);
    p->seeded = p->n;
    fz_require(p->n > 0, "a pool of saves");
    s.values = json_object();
    for (size_t i = 0; i < p->n; i++)
        sm_values_add(s.values, json_object_get(p->save[i], "position"));

    snprintf(s.artifact, sizeof s.artifact, "%s%s.json", o->artifact, game);
    fprintf(stderr, "%s: %zu saves in %zu stages; the input in progress is in %s\n", game, p->n,
            p->nstages, s.artifact);
    double start = now();
    sweep(&s, o->sweep);
    fprintf(stderr, "%s: %lu single edits, %lu loaded, %.0f s\n", game, s.swept, s.loaded,
            now() - start);
    for (unsigned long k = 0; o->seconds ? now() - start < (double)o->seconds : k < o->runs;
         k++) {
        size_t base = pool_draw(p, &s.r);
        json_t *save = json_deep_copy(p->save[base]);
        sm_mutate(save, s.values, pool_donor(p, base, &s.r), &s.r);
        try_save(&s, save, p->save[base]);
        if (k % 500 == 499)
            fprintf(stderr, "%s: %lu runs, %lu loaded, %.0f s\n", game, k + 1, s.loaded,
                    now() - start);
    }
    remove(s.artifact);
    printf("%s: %lu single edits and %lu edited positions, %lu loaded (%zu kept to edit "
           "further), %zu stages, %.1f s\n",
           game, s.swept, s.runs - s.swept, s.loaded, s.grown, p->nstages, now() - start);
    json_decref(s.values);
    for (size_t i = 0; i < p->n; i++)
        json_decref(p->save[i]);
    for (size_t i = 0; i < p->nstages; i++)
        free(p->stages[i]);
}

static int usage(void)
{
    fprintf(stderr, "usage: fuzz_mutate_positions [--game ID]... [--runs N | --seconds S] "
                    "[--seed N] [--played N] [--sweep N] [--artifact PREFIX] [SAVE|DIR]...\n");
    return 2;
}

int main(int argc, char **argv)
{
    options o = {.runs = 2000, .played = 240, .sweep = 2, .seed = 1, .artifact = "mutate-",
                 .files = argv};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (a[0] != '-') {
            o.files[o.nfiles++] = argv[i];
            continue;
        }
        if (!v)
            return usage();
        i++;
        if (strcmp(a, "--game") == 0 && o.ngames < MAX_GAMES)
            o.games[o.ngames++] = v;
        else if (strcmp(a, "--runs") == 0)
            o.runs = strtoul(v, NULL, 10);
        else if (strcmp(a, "--seconds") == 0)
            o.seconds = strtoul(v, NULL, 10);
        else if (strcmp(a, "--seed") == 0)
            o.seed = strtoull(v, NULL, 10);
        else if (strcmp(a, "--sweep") == 0)
            o.sweep = strtoul(v, NULL, 10);
        else if (strcmp(a, "--played") == 0)
            o.played = strtoul(v, NULL, 10);
        else if (strcmp(a, "--artifact") == 0)
            o.artifact = v;
        else
            return usage();
    }
    if (o.played == 0 && o.nfiles == 0)
        return usage();
    if (o.ngames == 0)
        for (size_t i = 0; i < tg_catalogue_count() && o.ngames < MAX_GAMES; i++)
            o.games[o.ngames++] = tg_catalogue_get(i)->id;
    for (size_t g = 0; g < o.ngames; g++)
        run_game(o.games[g], &o);
    return 0;
}
