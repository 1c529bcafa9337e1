/* tablegames bench, second part: the cost of single calls a search or a
 * host makes besides playing (clone, binary save and load, one player's
 * observation, resampling), each timed on a mid-game position. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <time.h>

/* How long each call is repeated; short enough to keep `bench` brisk. */
#define CALLS_SECONDS 0.15

static double calls_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A position some way into a seeded random game, so saves carry history. */
static tg_status calls_position(tg_game *game, tg_state **out)
{
    tg_move moves[4096];
    size_t n;
    cli_rng rng;
    cli_rng_seed(&rng, 7);
    tg_status s = tg_state_new(game, 7, out);
    for (int i = 0; s == TG_OK && i < 60 && !tg_state_is_terminal(*out); i++) {
        if (tg_state_current_player(*out) == TG_PLAYER_CHANCE)
            s = tg_state_apply_chance(*out, NULL);
        else if ((s = tg_state_legal_moves(*out, moves, 4096, &n)) == TG_OK)
            s = tg_state_apply(*out, moves[cli_rng_below(&rng, (uint32_t)n)]);
    }
    return s;
}

typedef enum calls_kind { CALL_CLONE, CALL_SAVE_LOAD, CALL_OBSERVE, CALL_RESAMPLE, CALL_KINDS } calls_kind;

static const char *const calls_names[CALL_KINDS] = {"clone", "save_load", "observation",
                                                    "resample"};

static tg_status calls_once(calls_kind kind, tg_state *st, tg_state *scratch)
{
    tg_status s = TG_OK;
    switch (kind) {
    case CALL_CLONE: {
        tg_state *c = NULL;
        s = tg_state_clone(st, &c);
        tg_state_free(c);
        break;
    }
    case CALL_SAVE_LOAD: {
        unsigned char *bytes = NULL;
        size_t len = 0;
        tg_state *back = NULL;
        s = tg_state_save(st, &bytes, &len);
        if (s == TG_OK)
            s = tg_state_load(bytes, len, NULL, &back, NULL, 0);
        tg_state_free(back);
        tg_free(bytes);
        break;
    }
    case CALL_OBSERVE: {
        char *text = NULL;
        s = tg_state_observation_json(st, 0, &text, NULL);
        tg_free(text);
        break;
    }
    case CALL_RESAMPLE:
        s = tg_state_copy(scratch, st);
        if (s == TG_OK)
            s = tg_state_resample(scratch, 0);
        break;
    case CALL_KINDS:
        break;
    }
    return s;
}

int cli_bench_calls(tg_game *game, int json)
{
    tg_state *st = NULL, *scratch = NULL;
    tg_status s = calls_position(game, &st);
    if (s == TG_OK)
        s = tg_state_new(game, 1, &scratch);
    double ns[CALL_KINDS] = {0};
    for (int k = 0; s == TG_OK && k < CALL_KINDS; k++) {
        uint64_t count = 0;
        double start = calls_now(), now = start;
        while (s == TG_OK && now - start < CALLS_SECONDS) {
            for (int i = 0; s == TG_OK && i < 64; i++)
                s = calls_once((calls_kind)k, st, scratch);
            count += 64;
            now = calls_now();
        }
        ns[k] = (now - start) * 1e9 / (double)count;
    }
    if (s == TG_OK) {
        if (json)
            printf("{\"game\":\"%s\",\"players\":%d,\"ns_per_call\":{\"%s\":%.0f,\"%s\":%.0f,"
                   "\"%s\":%.0f,\"%s\":%.0f}}\n",
                   tg_game_id(game), tg_game_players(game), calls_names[0], ns[0],
                   calls_names[1], ns[1], calls_names[2], ns[2], calls_names[3], ns[3]);
        else
            printf("%-16s %7d   ns/call: clone %.0f, save+load %.0f, observation %.0f, "
                   "resample %.0f\n",
                   tg_game_id(game), tg_game_players(game), ns[0], ns[1], ns[2], ns[3]);
    } else {
        cli_report("bench calls", s, NULL);
    }
    tg_state_free(scratch);
    tg_state_free(st);
    return s == TG_OK ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
}
