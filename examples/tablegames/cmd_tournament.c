/* tablegames tournament: many seeded games between bot strengths, with the
 * seats rotated so that every level plays every seat equally often, and win
 * rates with 95% Wilson intervals. */
#define _POSIX_C_SOURCE 200809L
#include "play.h"

#include "cli_args.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct tour_args {
    const char *game_id;
    const char *options;
    long players;              /* 0: as many as levels */
    long games;
    uint64_t seed;
    uint32_t simulations;      /* 0: the levels' defaults */
    int json;
    int progress;
    int levels;                /* entries in level[] */
    tg_bot_level level[TG_MAX_PLAYERS];
    tg_bot_memory memory[TG_MAX_PLAYERS]; /* "medium:last": what each level remembers */
} tour_args;

/* Tallies per level and memory setting (default, full, last). */
#define TOUR_KINDS (4 * 3)

/* Totals of one strength over all the seats it played. */
typedef struct tour_tally {
    int used;
    uint64_t seat_games;
    double wins;               /* a win shared by k players counts 1/k */
    uint64_t decisions;
    double seconds;            /* spent choosing those decisions */
} tour_tally;

static const char *const tour_level_names[] = { "random", "easy", "medium", "hard" };
static const char *const tour_memory_names[] = { "", ":full", ":last" };

static int tour_kind(const tour_args *a, int i)
{
    return (int)a->level[i] * 3 + (int)a->memory[i];
}

static double tour_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Reads "LEVEL,LEVEL,..." into a->level; returns 0 on success. */
static int tour_parse_seats(const char *text, void *dest)
{
    tour_args *a = dest;
    char buf[256];
    char *save = NULL;
    size_t len = strlen(text);
    if (len == 0 || len >= sizeof buf || text[len - 1] == ',' || text[0] == ',' ||
        strstr(text, ",,") != NULL)
        return -1;
    memcpy(buf, text, len + 1);
    a->levels = 0;
    for (char *tok = strtok_r(buf, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
        char *colon = strchr(tok, ':');
        tg_bot_memory memory = TG_BOT_MEMORY_DEFAULT;
        if (colon != NULL) {
            *colon = '\0';
            if (strcmp(colon + 1, "full") == 0)
                memory = TG_BOT_MEMORY_FULL;
            else if (strcmp(colon + 1, "last") == 0)
                memory = TG_BOT_MEMORY_LAST;
            else
                return -1;
        }
        if (a->levels >= TG_MAX_PLAYERS || play_parse_level(tok, &a->level[a->levels]) != 0)
            return -1;
        a->memory[a->levels++] = memory;
    }
    return a->levels > 0 ? 0 : -1;
}

const char cli_tour_help[] =
    "usage: tablegames tournament GAME --seats LEVEL,... [--players N] [--games G]\n"
    "                            [--seed S] [--simulations K] [--options O] [--json]\n"
    "                            [--progress]\n"
    "\n"
    "Plays G games (default 100) with seeds S..S+G-1 (S default 1), game i\n"
    "giving seat p the level at (p + i) mod N of --seats, so every level plays\n"
    "every seat equally; prints per level the seat-games, wins (a shared win\n"
    "counts 1/k), win rate with a 95% Wilson interval, decisions per game and\n"
    "the bots' decisions/s. Levels: random, easy, medium, hard.\n"
    "  --simulations K  the search budget of medium and hard (defaults 400 and\n"
    "                   3000)\n"
    "  --players N      must match the number of levels in --seats\n"
    "  --json           one JSON object instead of the table\n"
    "  --progress       reports each finished game on stderr\n";

static int tour_parse_args(int argc, char **argv, tour_args *a)
{
    long simulations = 0;
    memset(a, 0, sizeof *a);
    a->seed = 1;
    a->games = 100;
    const cli_opt opts[] = {
        { "--json", CLI_OPT_FLAG, &a->json, 0, 0, NULL, NULL },
        { "--progress", CLI_OPT_FLAG, &a->progress, 0, 0, NULL, NULL },
        { "--players", CLI_OPT_INT, &a->players, 1, 1000, NULL, NULL },
        { "--games", CLI_OPT_INT, &a->games, 1, 100000000L, NULL, NULL },
        { "--simulations", CLI_OPT_INT, &simulations, 1, 10000000L, NULL, NULL },
        { "--seed", CLI_OPT_U64, &a->seed, 0, 0, NULL, NULL },
        { "--options", CLI_OPT_TEXT, &a->options, 0, 0, NULL, NULL },
        { "--seats", CLI_OPT_CALL, a, 0, 0, tour_parse_seats, NULL },
    };
    const cli_command cmd = { "tournament", cli_tour_help, opts, sizeof opts / sizeof opts[0],
                              &a->game_id };
    int parsed = cli_parse_args(&cmd, argc, argv);
    if (parsed != CLI_ARGS_OK)
        return parsed;
    a->simulations = (uint32_t)simulations;
    if (a->game_id == NULL) {
        cli_args_error(&cmd, "which game? (see tablegames list)");
        return CLI_ARGS_BAD;
    }
    if (a->levels == 0) {
        cli_args_error(&cmd, "--seats LEVEL,LEVEL,... is required");
        return CLI_ARGS_BAD;
    }
    if (a->players == 0)
        a->players = a->levels;
    if (cli_check_game_players(&cmd, a->game_id, a->players) != 0)
        return CLI_ARGS_BAD;
    if (a->players != a->levels) {
        cli_args_error(&cmd, "--seats names %d levels for %ld players", a->levels, a->players);
        return CLI_ARGS_BAD;
    }
    if (cli_options_name_players(a->options)) {
        cli_args_error(&cmd, "give the player count by --players");
        return CLI_ARGS_BAD;
    }
    return CLI_ARGS_OK;
}

/* Plays game number `index`: seat p is played by level[(p + index) % n]. */
static tg_status tour_play_one(tg_game *game, const tour_args *a, long index,
                               tour_tally *tally)
{
    uint64_t seed = a->seed + (uint64_t)index;
    uint32_t limit = tg_game_max_length(game);
    tg_bot *bots[TG_MAX_PLAYERS] = { NULL };
    tg_bot_level seat_level[TG_MAX_PLAYERS];
    int seat_kind[TG_MAX_PLAYERS];
    tg_state *st = NULL;
    uint32_t mask = 0;
    int winners = 0;
    tg_status s = tg_state_new(game, seed, &st);

    for (int p = 0; p < a->players && s == TG_OK; p++) {
        tg_bot_params params = TG_BOT_PARAMS_INIT;
        seat_level[p] = a->level[(p + index) % a->players];
        seat_kind[p] = tour_kind(a, (int)((p + index) % a->players));
        params.level = seat_level[p];
        params.memory = a->memory[(p + index) % a->players];
        if (seat_level[p] == TG_BOT_MEDIUM || seat_level[p] == TG_BOT_HARD)
            params.simulations = a->simulations;
        /* Each seat its own stream, so bots of one level do not mirror each other. */
        params.seed = seed + 0x9E3779B97F4A7C15u * (uint64_t)(p + 1);
        s = tg_bot_new(game, p, &params, &bots[p]);
    }
    for (uint32_t made = 0; s == TG_OK; made++) {
        int seat = tg_state_current_player(st);
        tg_move move;
        if (seat == TG_PLAYER_TERMINAL)
            break;
        if (made > limit) {
            s = TG_E_TOO_LARGE;
        } else if (seat == TG_PLAYER_CHANCE) {
            s = tg_state_apply_chance(st, NULL);
        } else if (seat >= 0 && seat < a->players) {
            double start = tour_now();
            s = tg_bot_choose(bots[seat], st, &move);
            tally[seat_kind[seat]].seconds += tour_now() - start;
            tally[seat_kind[seat]].decisions++;
            if (s == TG_OK)
                s = tg_state_apply(st, move);
        } else {
            s = TG_E_WRONG_PHASE;
        }
    }
    if (s == TG_OK)
        s = tg_state_winners(st, &mask);
    if (s == TG_OK) {
        for (int p = 0; p < a->players; p++)
            winners += (mask >> p) & 1u;
        for (int p = 0; p < a->players; p++) {
            tally[seat_kind[p]].used = 1;
            tally[seat_kind[p]].seat_games++;
            if ((mask >> p) & 1u)
                tally[seat_kind[p]].wins += 1.0 / winners;
        }
    } else {
        cli_report("tournament", s, st != NULL ? tg_state_last_error(st) : NULL);
        fprintf(stderr, "tablegames tournament: in the game with seed %llu\n",
                (unsigned long long)seed);
    }
    for (int p = 0; p < a->players; p++)
        tg_bot_free(bots[p]);
    tg_state_free(st);
    return s;
}

/* 95% Wilson score interval for a share p of n trials. */
static void tour_wilson(double p, double n, double *low, double *high)
{
    const double z = 1.959963984540054;
    double z2n = z * z / n;
    double centre = (p + z2n / 2.0) / (1.0 + z2n);
    double half = z * sqrt(p * (1.0 - p) / n + z2n / (4.0 * n)) / (1.0 + z2n);
    *low = centre - half < 0.0 ? 0.0 : centre - half;
    *high = centre + half > 1.0 ? 1.0 : centre + half;
}

static void tour_print(const tg_game *game, const tour_args *a, const tour_tally *tally,
                       double seconds)
{
    int first = 1;
    if (a->json) {
        printf("{\"game\":\"%s\",\"options\":\"%s\",\"players\":%ld,\"games\":%ld,"
               "\"seed\":%llu,\"simulations\":%u,\"seconds\":%.3f,\"levels\":[",
               tg_game_id(game), tg_game_options(game), a->players, a->games,
               (unsigned long long)a->seed, (unsigned)a->simulations, seconds);
    } else {
        printf("%s (%s), %ld games, seeds %llu..%llu, seats rotated every game\n",
               tg_game_id(game), tg_game_options(game), a->games,
               (unsigned long long)a->seed,
               (unsigned long long)(a->seed + (uint64_t)a->games - 1));
        if (a->simulations)
            printf("medium and hard search %u simulations per decision\n", (unsigned)a->simulations);
        printf("no-skill share: %.3f\n", 1.0 / a->players);
        printf("%-11s %8s %10s %8s %17s %10s %12s\n", "level", "games", "wins", "win%",
               "95% CI", "dec/game", "decisions/s");
    }
    for (int l = 0; l < TOUR_KINDS; l++) {
        const tour_tally *t = &tally[l];
        char name[32];
        snprintf(name, sizeof name, "%s%s", tour_level_names[l / 3], tour_memory_names[l % 3]);
        double n, rate, low, high, per_game, per_second;
        if (!t->used)
            continue;
        n = (double)t->seat_games;
        rate = t->wins / n;
        tour_wilson(rate, n, &low, &high);
        per_game = (double)t->decisions / n;
        per_second = t->seconds > 0.0 ? (double)t->decisions / t->seconds : 0.0;
        if (a->json)
            printf("%s{\"level\":\"%s\",\"games\":%llu,\"wins\":%.3f,\"win_rate\":%.5f,"
                   "\"ci_low\":%.5f,\"ci_high\":%.5f,\"decisions_per_game\":%.2f,"
                   "\"decisions_per_second\":%.1f}",
                   first ? "" : ",", name, (unsigned long long)t->seat_games,
                   t->wins, rate, low, high, per_game, per_second);
        else
            printf("%-11s %8llu %10.1f %7.1f%% [%5.1f%%, %5.1f%%] %10.1f %12.1f\n",
                   name, (unsigned long long)t->seat_games, t->wins,
                   100.0 * rate, 100.0 * low, 100.0 * high, per_game, per_second);
        first = 0;
    }
    if (a->json)
        puts("]}");
}

int cli_cmd_tournament(int argc, char **argv)
{
    tour_args a;
    tour_tally tally[TOUR_KINDS];
    tg_game *game = NULL;
    double start;

    int rc;

    if ((rc = cli_args_exit(tour_parse_args(argc, argv, &a))) >= 0)
        return rc;
    if (cli_make_game(a.game_id, (int)a.players, a.options, NULL, &game) != TG_OK)
        return CLI_EXIT_FAILURE;
    memset(tally, 0, sizeof tally);
    start = tour_now();
    for (long i = 0; i < a.games; i++) {
        if (tour_play_one(game, &a, i, tally) != TG_OK) {
            tg_game_free(game);
            return CLI_EXIT_FAILURE;
        }
        if (a.progress)
            fprintf(stderr, "game %ld/%ld done after %.1f s\n", i + 1, a.games,
                    tour_now() - start);
    }
    tour_print(game, &a, tally, tour_now() - start);
    tg_game_free(game);
    return CLI_EXIT_OK;
}
