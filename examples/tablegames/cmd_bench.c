/* tablegames bench: random games for a fixed wall time, the loop of
 * docs/performance.md. One thread, fixed seed; the library's RNG rolls the
 * dice and a local PRNG picks each player's move uniformly. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include "cli_args.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Most runs --runs accepts. */
#define BENCH_MAX_RUNS 99

typedef struct bench_args {
    const char *game_id; /* NULL: every game */
    long players;        /* 0: every player count */
    double seconds;
    double warmup; /* uncounted play before each run; < 0: a tenth of seconds */
    long games;    /* > 0: each run plays exactly this many games, whatever the time */
    long runs;
    uint64_t seed;
    int json;
    long batch; /* > 0: the batched environment with this many slots */
    int playout; /* each game one tg_state_playout() call instead of the loop */
    int fill;   /* with batch: bit 1 observation tensors, bit 2 information tensors, bit 4
                   observation tensors as bytes, bit 8 the mask as bits */
} bench_args;

/* Counts the library's heap allocations through the allocator hook. */
typedef struct bench_alloc_count {
    uint64_t allocs;
} bench_alloc_count;

typedef struct bench_result {
    double seconds;       /* wall clock */
    double cpu_seconds;   /* this thread's CPU time over the same stretch */
    uint64_t games;
    uint64_t decisions;   /* chance and player decisions alike */
    uint64_t choices;     /* player decisions */
    uint64_t legal_total; /* legal moves summed over player decisions */
    uint64_t allocs;      /* heap allocations inside the timed loop */
} bench_result;

static void *bench_alloc(size_t size, void *user_data)
{
    ((bench_alloc_count *)user_data)->allocs++;
    return malloc(size);
}

static void bench_release(void *ptr, void *user_data)
{
    (void)user_data;
    free(ptr);
}

static double bench_clock(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double bench_now(void)
{
    return bench_clock(CLOCK_MONOTONIC);
}

/* On a shared machine the wall clock also counts the time other programs
 * held the core; the thread's CPU time counts only this loop's. */
static double bench_cpu_now(void)
{
    return bench_clock(CLOCK_THREAD_CPUTIME_ID);
}

/* Plays one random game from the state's current position to the end.
 * The tallies and the pick's generator are kept in locals and written back
 * once per game: through the pointers they would be loaded and stored at
 * every decision, since the library's calls might (for all the compiler
 * knows) change what they point to. The library promises to end a game
 * within limit decisions; a game still going after limit + 1 is an error. */
static tg_status bench_one_game(tg_state *st, tg_move *moves, size_t cap, uint32_t limit,
                                cli_rng *rng, bench_result *r)
{
    uint64_t left = (uint64_t)limit + 1, choices = 0, legal_total = 0;
    cli_rng pick = *rng;
    tg_status s = TG_OK;
    for (;;) {
        int seat = tg_state_current_player(st);
        if (seat >= 0) { /* a player first: one test for most decisions */
            size_t count;
            s = tg_state_legal_moves(st, moves, cap, &count);
            if (s == TG_OK) {
                s = count > 0 ? tg_state_apply(st, moves[cli_rng_below(&pick, (uint32_t)count)])
                              : TG_E_WRONG_PHASE;
                legal_total += count;
            }
            choices++;
        } else if (seat == TG_PLAYER_CHANCE) {
            s = tg_state_apply_chance(st, NULL);
        } else {
            if (seat != TG_PLAYER_TERMINAL)
                s = TG_E_WRONG_PHASE;
            break;
        }
        if (s != TG_OK)
            break;
        if (--left == 0) { /* counted down here, once per decision made */
            if (tg_state_current_player(st) != TG_PLAYER_TERMINAL)
                s = TG_E_TOO_LARGE;
            break;
        }
    }
    *rng = pick;
    r->decisions += (uint64_t)limit + 1 - left;
    r->choices += choices;
    r->legal_total += legal_total;
    return s;
}

/* One random game by tg_state_playout(): the library's own loop, with the
 * game's playout hook where it has one, one call per game. This is what
 * the bindings' playout() runs, so their figures have a native one to be
 * set beside. The library's RNG picks the moves, so the games are not
 * bench_one_game()'s. */
static tg_status bench_playout_game(tg_state *st, bench_result *r)
{
    uint32_t made = 0;
    tg_status s = tg_state_playout(st, UINT32_MAX, &made);
    r->decisions += made;
    if (s == TG_OK && tg_state_current_player(st) != TG_PLAYER_TERMINAL)
        s = TG_E_TOO_LARGE;
    return s;
}

static tg_status bench_run(tg_game *game, const bench_args *a, uint64_t seed,
                           const bench_alloc_count *counter, bench_result *r)
{
    size_t cap = tg_game_max_legal_moves(game);
    uint32_t limit = tg_game_max_length(game);
    tg_move *moves = malloc((cap > 0 ? cap : 1) * sizeof *moves);
    tg_state *st = NULL;
    cli_rng rng;
    uint64_t allocs_before;
    double start, now, cpu_start;
    tg_status s = moves != NULL ? tg_state_new(game, seed, &st) : TG_E_NO_MEMORY;

    memset(r, 0, sizeof *r);
    cli_rng_seed(&rng, seed);
    /* Warm-up, not counted: the caches fill and the state's history buffer
     * grows to the length of a long game, as in any program that plays more
     * than one game; what is left is the steady state the figures describe. */
    start = now = bench_now();
    double warmup = a->warmup < 0 ? a->seconds * 0.1 : a->warmup;
    while (s == TG_OK && now - start < warmup) {
        s = tg_state_reset(st, cli_rng_next(&rng));
        if (s == TG_OK)
            s = a->playout ? bench_playout_game(st, r)
                           : bench_one_game(st, moves, cap, limit, &rng, r);
        now = bench_now();
    }
    memset(r, 0, sizeof *r);
    allocs_before = counter->allocs;
    cpu_start = bench_cpu_now();
    start = now = bench_now();
    while (s == TG_OK &&
           (a->games > 0 ? r->games < (uint64_t)a->games : now - start < a->seconds)) {
        s = tg_state_reset(st, cli_rng_next(&rng));
        if (s == TG_OK)
            s = a->playout ? bench_playout_game(st, r)
                           : bench_one_game(st, moves, cap, limit, &rng, r);
        if (s == TG_OK)
            r->games++;
        now = bench_now();
    }
    r->seconds = now - start;
    r->cpu_seconds = bench_cpu_now() - cpu_start;
    r->allocs = counter->allocs - allocs_before;
    if (s != TG_OK)
        cli_report("bench", s, st != NULL ? tg_state_last_error(st) : NULL);
    tg_state_free(st);
    free(moves);
    return s;
}

static double bench_ratio(uint64_t num, uint64_t den)
{
    return den > 0 ? (double)num / (double)den : 0.0;
}

static double bench_rate(uint64_t count, double seconds)
{
    return seconds > 0.0 ? (double)count / seconds : 0.0;
}

static int bench_cmp_double(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

static int bench_cmp_cpu_rate(const void *pa, const void *pb)
{
    const bench_result *x = pa, *y = pb;
    double a = bench_rate(x->decisions, x->cpu_seconds);
    double b = bench_rate(y->decisions, y->cpu_seconds);
    return bench_cmp_double(&a, &b);
}

/* The median of R runs, once by the wall clock and once by CPU time; the
 * counts (decisions per game, allocations) are those of the CPU median. */
typedef struct bench_summary {
    const bench_result *run; /* the run with the median CPU-time rate */
    double games_s, dec_s;   /* median wall-clock rates */
} bench_summary;

static void bench_summarise(bench_result *runs, long n, bench_summary *out)
{
    double dec[BENCH_MAX_RUNS], games[BENCH_MAX_RUNS];
    for (long i = 0; i < n; i++) {
        dec[i] = bench_rate(runs[i].decisions, runs[i].seconds);
        games[i] = bench_rate(runs[i].games, runs[i].seconds);
    }
    qsort(dec, (size_t)n, sizeof *dec, bench_cmp_double);
    qsort(games, (size_t)n, sizeof *games, bench_cmp_double);
    qsort(runs, (size_t)n, sizeof *runs, bench_cmp_cpu_rate);
    out->run = &runs[n / 2];
    out->dec_s = dec[n / 2];
    out->games_s = games[n / 2];
}

static void bench_print(const bench_args *a, const tg_game *game, const bench_summary *sum)
{
    const bench_result *r = sum->run;
    double cpu_games_s = bench_rate(r->games, r->cpu_seconds);
    double cpu_dec_s = bench_rate(r->decisions, r->cpu_seconds);
    double cpu_share = r->seconds > 0.0 ? r->cpu_seconds / r->seconds : 0.0;
    double per_game = bench_ratio(r->decisions, r->games);
    double per_choice = bench_ratio(r->legal_total, r->choices);
    double allocs = bench_ratio(r->allocs, r->decisions);
    size_t bytes = tg_game_state_size(game);

    if (a->json)
        printf("{\"game\":\"%s\",\"players\":%d,\"seconds\":%.3f,\"cpu_seconds\":%.3f,"
               "\"games\":%llu,\"decisions\":%llu,\"games_per_second\":%.1f,"
               "\"decisions_per_second\":%.1f,\"games_per_cpu_second\":%.1f,"
               "\"decisions_per_cpu_second\":%.1f,\"cpu_share\":%.3f,"
               "\"decisions_per_game\":%.2f,\"legal_moves_per_choice\":%.3f,"
               "\"bytes_per_state\":%zu,\"allocations\":%llu,"
               "\"allocations_per_decision\":%.6f}\n",
               tg_game_id(game), tg_game_players(game), r->seconds, r->cpu_seconds,
               (unsigned long long)r->games, (unsigned long long)r->decisions, sum->games_s,
               sum->dec_s, cpu_games_s, cpu_dec_s, cpu_share, per_game, per_choice, bytes,
               (unsigned long long)r->allocs, allocs);
    else
        printf("%-16s %7d %11.1f %13.0f %13.0f %5.0f%% %9.1f %8.2f %7zu %10.6f\n",
               tg_game_id(game), tg_game_players(game), sum->games_s, sum->dec_s, cpu_dec_s,
               cpu_share * 100.0, per_game, per_choice, bytes, allocs);
    fflush(stdout);
}

/* Benchmarks one game at one player count: a->runs runs, median printed. */
static int bench_game(const bench_args *a, const char *id, int players)
{
    if (a->batch > 0) {
        tg_game *game = NULL;
        if (cli_make_game(id, players, NULL, NULL, &game) != TG_OK)
            return CLI_EXIT_FAILURE;
        double warmup = a->warmup < 0 ? a->seconds * 0.1 : a->warmup;
        int rc = cli_bench_batch(game, (size_t)a->batch, a->fill, a->seconds, warmup, a->runs,
                                 a->seed, a->json);
        tg_game_free(game);
        return rc;
    }
    bench_alloc_count counter = { 0 };
    tg_allocator hook = { bench_alloc, bench_release, &counter };
    tg_game_params params = TG_GAME_PARAMS_INIT;
    bench_result *runs = calloc((size_t)a->runs, sizeof *runs);
    tg_game *game = NULL;
    tg_status s = runs != NULL ? TG_OK : TG_E_NO_MEMORY;

    params.allocator = &hook;
    if (s == TG_OK)
        s = cli_make_game(id, players, NULL, &params, &game);
    for (long i = 0; s == TG_OK && i < a->runs; i++)
        s = bench_run(game, a, a->seed + (uint64_t)i, &counter, &runs[i]);
    int rc = s == TG_OK ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
    if (s == TG_OK) {
        bench_summary sum;
        bench_summarise(runs, a->runs, &sum);
        bench_print(a, game, &sum);
        rc = cli_bench_calls(game, a->json);
    }
    tg_game_free(game);
    free(runs);
    return rc;
}

/* --fill: "mask" or a comma list of "obs", "obs8", "info" and "bits" (the
 * mask as bits instead of bytes); a mask is always filled: the bench draws
 * its actions from it. */
static int bench_parse_fill(const char *text, void *dest)
{
    int fill = 0;
    const char *p = text;
    while (*p) {
        size_t len = strcspn(p, ",");
        if (len == 4 && strncmp(p, "mask", 4) == 0)
            ;
        else if (len == 3 && strncmp(p, "obs", 3) == 0)
            fill |= 1;
        else if (len == 4 && strncmp(p, "info", 4) == 0)
            fill |= 2;
        else if (len == 4 && strncmp(p, "obs8", 4) == 0)
            fill |= 4;
        else if (len == 4 && strncmp(p, "bits", 4) == 0)
            fill |= 8;
        else
            return -1;
        p += len;
        if (*p == ',')
            p++;
    }
    *(int *)dest = fill;
    return 0;
}

/* "0" is allowed here (no warm-up, as under callgrind); other times as usual. */
static int bench_parse_warmup(const char *text, void *dest)
{
    if (strcmp(text, "0") == 0) {
        *(double *)dest = 0.0;
        return 0;
    }
    return cli_parse_seconds(text, dest);
}

const char cli_bench_help[] =
    "usage: tablegames bench [GAME] [--seconds T] [--players N] [--runs R]\n"
    "                               [--warmup W] [--games G] [--seed S] [--json]\n"
    "                               [--playout | --batch N [--fill F]]\n"
    "\n"
    "Plays random games for T seconds (default 1) per game and player count\n"
    "and prints games/s, decisions/s by the wall clock and per CPU second\n"
    "(with the share of the wall time the loop had the CPU), decisions per\n"
    "game, legal moves per player decision, bytes per state and heap\n"
    "allocations per decision, then the cost of a clone, a copy into a\n"
    "state, a save and load, an observation, a resampling and an information\n"
    "key after 10, 100 and 1,000 decisions of history.\n"
    "  --runs R    reports the medians of R runs (wall clock and CPU time)\n"
    "  --warmup W  seconds of uncounted play before each run (default T/10;\n"
    "              0 for none, as under callgrind)\n"
    "  --games G   each run plays exactly G games instead of T seconds: the\n"
    "              same games on any machine, for instruction counts\n"
    "  --json      one JSON object per line\n"
    "  --playout   each game one tg_state_playout() call (the library picks the\n"
    "              moves; what the bindings' playout() runs) instead of a call\n"
    "              per decision\n"
    "  --batch N   the batched environment instead (batch.h): N games stepped\n"
    "              together, a random legal action each, and the decisions per\n"
    "              CPU second inside tg_batch_step() and over the whole loop\n"
    "  --fill F    with --batch: what each step fills besides the masks, a\n"
    "              comma list of obs, obs8 (the observations as bytes), info\n"
    "              and bits (the masks as bits instead of bytes), or mask\n"
    "              alone (default obs)\n";

static int bench_parse_args(int argc, char **argv, bench_args *a)
{
    memset(a, 0, sizeof *a);
    a->seconds = 1.0;
    a->warmup = -1.0;
    a->runs = 1;
    a->seed = 1;
    a->fill = 1;
    const cli_opt opts[] = {
        { "--json", CLI_OPT_FLAG, &a->json, 0, 0, NULL, NULL },
        { "--seconds", CLI_OPT_SECONDS, &a->seconds, 0, 0, NULL, NULL },
        { "--warmup", CLI_OPT_CALL, &a->warmup, 0, 0, bench_parse_warmup, NULL },
        { "--players", CLI_OPT_INT, &a->players, 1, 1000, NULL, NULL },
        { "--runs", CLI_OPT_INT, &a->runs, 1, BENCH_MAX_RUNS, NULL, NULL },
        { "--games", CLI_OPT_INT, &a->games, 1, 100000000, NULL, NULL },
        { "--seed", CLI_OPT_U64, &a->seed, 0, 0, NULL, NULL },
        { "--batch", CLI_OPT_INT, &a->batch, 1, 1 << 20, NULL, NULL },
        { "--fill", CLI_OPT_CALL, &a->fill, 0, 0, bench_parse_fill, NULL },
        { "--playout", CLI_OPT_FLAG, &a->playout, 0, 0, NULL, NULL },
    };
    const cli_command cmd = { "bench", cli_bench_help, opts, sizeof opts / sizeof opts[0],
                              &a->game_id };
    int parsed = cli_parse_args(&cmd, argc, argv);
    if (parsed == CLI_ARGS_OK && a->playout && a->batch > 0) {
        cli_args_error(&cmd, "--playout and --batch are two loops: choose one");
        return CLI_ARGS_BAD;
    }
    if (parsed == CLI_ARGS_OK && a->game_id != NULL &&
        cli_check_game_players(&cmd, a->game_id, a->players) != 0)
        return CLI_ARGS_BAD;
    return parsed;
}

int cli_cmd_bench(int argc, char **argv)
{
    bench_args a;
    int rc = CLI_EXIT_OK;
    int measured = 0;
    size_t count = tg_catalogue_count();

    if ((rc = cli_args_exit(bench_parse_args(argc, argv, &a))) >= 0)
        return rc;
    rc = CLI_EXIT_OK;
    if (a.game_id != NULL && tg_catalogue_find(a.game_id) == NULL) {
        cli_report(a.game_id, TG_E_UNKNOWN_GAME, "see tablegames list");
        return CLI_EXIT_FAILURE;
    }
    if (!a.json && a.batch > 0)
        printf("%-16s %7s %6s %-14s %14s %14s %8s %8s\n", "game", "players", "batch", "fill",
               "dec/cpu-s lib", "dec/cpu-s loop", "steps", "ended");
    else if (!a.json)
        printf("%-16s %7s %11s %13s %13s %6s %9s %8s %7s %10s\n", "game", "players",
               "games/s", "decisions/s", "dec/cpu-s", "cpu", "dec/game", "legal", "bytes",
               "allocs/dec");
    for (size_t i = 0; i < count; i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        if (info == NULL || (a.game_id != NULL && strcmp(info->id, a.game_id) != 0))
            continue;
        for (int p = info->min_players; p <= info->max_players; p++) {
            if (a.players != 0 && p != a.players)
                continue;
            measured++;
            if (bench_game(&a, info->id, p) != CLI_EXIT_OK)
                rc = CLI_EXIT_FAILURE;
        }
    }
    if (measured == 0) {
        fputs("tablegames bench: no game has that player count\n", stderr);
        return CLI_EXIT_USAGE;
    }
    return rc;
}
