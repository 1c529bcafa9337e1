/* Runs the conformance checks on every game of the catalogue under every
 * option set from tgt_option_sets(), one cmocka test per option set.
 *
 * Environment:
 *   TG_CONFORMANCE_GAMES  playouts for each player count (default 2); the
 *                         sets that change one other option get a third of
 *                         that (at least 1), since they share most code
 *   TG_CONFORMANCE_STRIDE run the costly checks (views, resampling, save
 *                         round trips) at every Nth state (default 4; the
 *                         states checked shift with the seed); 1 is all
 *   TG_CONFORMANCE_QUICK  when set and not "0": 1 playout per option set
 *                         and stride 16, for sanitizer and valgrind runs
 *   TG_CONFORMANCE_SEED   first seed (default 1); a failure names its seed
 *   TG_CONFORMANCE_SHARD  "I/N": only the option sets at positions I, I+N,
 *                         I+2N... of the list (0 <= I < N), so that N
 *                         processes share one slow run (valgrind)
 *   TG_CONFORMANCE_ONLY   a game id: only that game's option sets (the
 *                         mutation script, scripts/mutate.py, checks a
 *                         change to one game with it) */
#include "conf.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#define CONF_DEFAULT_GAMES 2
#define CONF_DEFAULT_STRIDE 4
#define CONF_QUICK_GAMES 1
#define CONF_QUICK_STRIDE 16

typedef struct conf_plan {
    unsigned games_per_set;
    unsigned stride;
    uint64_t first_seed;
} conf_plan;

typedef struct conf_case {
    conf_ctx ctx;
    const conf_plan *plan;
    unsigned playouts;
} conf_case;

static unsigned long conf_env_number(const char *name, unsigned long fallback)
{
    const char *v = getenv(name);
    if (!v || !*v)
        return fallback;
    char *end = NULL;
    unsigned long n = strtoul(v, &end, 10);
    if (*end != '\0') {
        fprintf(stderr, "conformance: ignoring %s=%s (not a number)\n", name, v);
        return fallback;
    }
    return n;
}

static conf_plan conf_read_plan(void)
{
    conf_plan plan;
    const char *quick = getenv("TG_CONFORMANCE_QUICK");
    int is_quick = quick && *quick && strcmp(quick, "0") != 0;
    plan.games_per_set = (unsigned)conf_env_number(
        "TG_CONFORMANCE_GAMES", is_quick ? CONF_QUICK_GAMES : CONF_DEFAULT_GAMES);
    plan.stride =
        (unsigned)conf_env_number("TG_CONFORMANCE_STRIDE",
                                  is_quick ? CONF_QUICK_STRIDE : CONF_DEFAULT_STRIDE);
    if (plan.stride == 0)
        plan.stride = 1;
    plan.first_seed = conf_env_number("TG_CONFORMANCE_SEED", 1);
    return plan;
}

static int conf_setup(void **state)
{
    conf_ctx *c = &((conf_case *)*state)->ctx;
    c->game = tgt_game(c->info->id, c->options);
    c->players = tg_game_players(c->game);
    c->move_count = tg_game_move_count(c->game);
    c->max_legal = tg_game_max_legal_moves(c->game);
    c->max_chance = tg_game_max_chance_outcomes(c->game);
    c->max_length = tg_game_max_length(c->game);
    c->buf_cap = (size_t)(c->max_legal > c->max_chance ? c->max_legal : c->max_chance) + 1;
    c->moves = calloc(c->buf_cap, sizeof *c->moves);
    c->other = calloc(c->buf_cap, sizeof *c->other);
    c->probs = calloc(c->buf_cap, sizeof *c->probs);
    c->stepped = calloc(c->buf_cap, sizeof *c->stepped);
    if (!c->moves || !c->other || !c->probs || !c->stepped)
        return -1;
    return 0;
}

static int conf_teardown(void **state)
{
    conf_ctx *c = &((conf_case *)*state)->ctx;
    tg_game_free(c->game);
    free(c->moves);
    free(c->other);
    free(c->probs);
    free(c->stepped);
    c->game = NULL;
    c->moves = c->other = c->stepped = NULL;
    c->probs = NULL;
    return 0;
}

/* The bounds a game reports must make sense before any playout uses them. */
static void conf_check_bounds(conf_ctx *c)
{
    if (c->players < c->info->min_players || c->players > c->info->max_players)
        conf_fail(c, "%d players outside the catalogue range", c->players);
    if (c->move_count == 0 || c->max_legal == 0 || c->max_legal > c->move_count)
        conf_fail(c, "move_count %u, max_legal_moves %u", (unsigned)c->move_count,
                  (unsigned)c->max_legal);
    if (c->max_chance > c->move_count || c->max_length == 0)
        conf_fail(c, "max_chance_outcomes %u, max_length %u", (unsigned)c->max_chance,
                  (unsigned)c->max_length);
    char *board = NULL;
    size_t len = 0;
    tg_status s = tg_game_board_json(c->game, &board, &len);
    json_error_t e;
    json_t *j = s == TG_OK && board ? json_loads(board, 0, &e) : NULL;
    int ok = j != NULL && len == strlen(board);
    json_decref(j);
    tg_free(board);
    if (!ok)
        conf_fail(c, "board_json gave %s and no valid JSON", tg_status_name(s));
}

static void conf_run_case(void **state)
{
    conf_case *k = *state;
    conf_ctx *c = &k->ctx;
    conf_check_bounds(c);
    conf_check_research_game(c);
    conf_check_actions_game(c);
    for (unsigned i = 0; i < k->playouts; i++)
        conf_play_checked(c, k->plan->first_seed + i);
    printf("[ SUMMARY  ] %s: %lu games, %lu decisions, mean length %.1f, longest %u, %lu views "
           "of histories a player cannot tell apart\n",
           c->label, c->games, c->decisions,
           c->games ? (double)c->decisions / (double)c->games : 0.0, (unsigned)c->longest,
           c->hidden_pairs);
}

/* An empty catalogue is allowed (the suite then checks nothing) but said
 * out loud; the catalogue's own contract is tests/api/api_catalogue.c's. */
static void conf_catalogue(void **state)
{
    (void)state;
    size_t n = tg_catalogue_count();
    printf("[ SUMMARY  ] %zu games in the catalogue%s\n", n, n ? "" : ": ran zero games");
}

static size_t conf_build_cases(conf_case **out, const conf_plan *plan)
{
    size_t total = 0, used = 0;
    const char *only = getenv("TG_CONFORMANCE_ONLY");
    if (only && !*only)
        only = NULL;
    if (only && !tg_catalogue_find(only)) {
        fprintf(stderr, "conformance: TG_CONFORMANCE_ONLY=%s names no game\n", only);
        exit(1);
    }
    for (size_t g = 0; g < tg_catalogue_count(); g++)
        total += tgt_option_sets(tg_catalogue_get(g), NULL, 0);
    conf_case *cases = calloc(total ? total : 1, sizeof *cases);
    char(*sets)[TGT_OPTIONS_MAX] = calloc(total ? total : 1, sizeof *sets);
    if (!cases || !sets) {
        fprintf(stderr, "conformance: out of memory\n");
        exit(1);
    }
    for (size_t g = 0; g < tg_catalogue_count(); g++) {
        const tg_game_info *info = tg_catalogue_get(g);
        if (only && strcmp(only, info->id) != 0)
            continue;
        size_t n = tgt_option_sets(info, sets, total - used);
        /* tgt_option_sets() lists the player counts first. */
        size_t counts = (size_t)(info->max_players - info->min_players + 1);
        for (size_t i = 0; i < n; i++, used++) {
            conf_ctx *c = &cases[used].ctx;
            cases[used].plan = plan;
            /* A third, rounded up, for the sets that change another option. */
            cases[used].playouts =
                i < counts ? plan->games_per_set : (plan->games_per_set + 2) / 3;
            c->info = info;
            c->stride = plan->stride;
            snprintf(c->options, sizeof c->options, "%s", sets[i]);
            snprintf(c->label, sizeof c->label, "%s [%s]", info->id, sets[i]);
        }
    }
    free(sets);
    *out = cases;
    return used;
}

/* One line per game: the totals over all its option sets. */
static void conf_print_totals(const conf_case *cases, size_t n)
{
    for (size_t g = 0; g < tg_catalogue_count(); g++) {
        const tg_game_info *info = tg_catalogue_get(g);
        unsigned long games = 0, decisions = 0;
        size_t sets = 0;
        for (size_t i = 0; i < n; i++)
            if (cases[i].ctx.info == info) {
                games += cases[i].ctx.games;
                decisions += cases[i].ctx.decisions;
                sets++;
            }
        printf("[ SUMMARY  ] %s total: %zu option sets, %lu games, %lu decisions, mean length "
               "%.1f\n",
               info->id, sets, games, decisions, games ? (double)decisions / (double)games : 0.0);
    }
}

/* TG_CONFORMANCE_SHARD as "I/N"; without it (or if malformed, said
 * out loud) the whole list: shard 0 of 1. */
static void conf_read_shard(unsigned long *index, unsigned long *count)
{
    const char *v = getenv("TG_CONFORMANCE_SHARD");
    *index = 0;
    *count = 1;
    if (!v || !*v)
        return;
    char *slash = NULL, *end = NULL;
    unsigned long i = strtoul(v, &slash, 10), n = 0;
    if (slash != v && *slash == '/')
        n = strtoul(slash + 1, &end, 10);
    if (n == 0 || i >= n || !end || *end != '\0' || end == slash + 1) {
        fprintf(stderr, "conformance: ignoring TG_CONFORMANCE_SHARD=%s (not I/N with I < N)\n", v);
        return;
    }
    *index = i;
    *count = n;
}

int main(void)
{
    conf_plan plan = conf_read_plan();
    conf_case *cases = NULL;
    size_t n = conf_build_cases(&cases, &plan);
    unsigned long shard, shards;
    conf_read_shard(&shard, &shards);
    struct CMUnitTest *tests = calloc(n + 1, sizeof *tests);
    if (!tests)
        return 1;
    size_t used = 0;
    if (shard == 0)
        tests[used++] = (struct CMUnitTest)cmocka_unit_test(conf_catalogue);
    for (size_t i = 0; i < n; i++) {
        if (i % shards != shard)
            continue;
        tests[used].name = cases[i].ctx.label;
        tests[used].test_func = conf_run_case;
        tests[used].setup_func = conf_setup;
        tests[used].teardown_func = conf_teardown;
        tests[used].initial_state = &cases[i];
        used++;
    }
    printf("[ SUMMARY  ] %u playouts per player count, seeds from %llu, costly checks every %u "
           "states\n",
           plan.games_per_set, (unsigned long long)plan.first_seed, plan.stride);
    if (shards > 1)
        printf("[ SUMMARY  ] shard %lu of %lu: %zu of %zu option sets\n", shard, shards,
               used - (shard == 0), n);
    int failed = _cmocka_run_group_tests("conformance", tests, used, NULL, NULL);
    conf_print_totals(cases, n);
    free(tests);
    free(cases);
    return failed;
}
