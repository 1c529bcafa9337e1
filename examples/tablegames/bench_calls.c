/* tablegames bench, second part: the cost of single calls a search or a
 * host makes besides playing (clone, copy into a state it already has,
 * binary save and load, one player's observation, resampling), each timed
 * on a mid-game position by the wall clock and by the thread's CPU time;
 * and the information key (1.3) of the player to move after 10, 100 and
 * 1,000 decisions of history (at the first player's decision from there
 * on), which should cost the same at each. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <stdlib.h>
#include <time.h>

/* How long each call is repeated in all (short enough to keep `bench`
 * brisk), cut into slices taken in turn, call after call: each figure is
 * its median slice, so a moment when the host stalls the thread lands on
 * one slice of one call, not on the call's whole figure. */
#define CALLS_SECONDS 0.15
#define CALLS_SLICES 5

static double calls_clock(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One random decision that does not end the game when another would not
 * (a long history for the key figures, in games that random play ends
 * sooner): legal moves are tried from a random one on, chance is drawn
 * again, each taken back with undo when it ended the game. */
static tg_status calls_prolong(tg_state *st, cli_rng *rng, tg_move *moves)
{
    size_t n = 0;
    tg_status s = TG_OK;
    int chance = tg_state_current_player(st) == TG_PLAYER_CHANCE;
    if (!chance && (s = tg_state_legal_moves(st, moves, 4096, &n)) != TG_OK)
        return s;
    uint32_t first = chance ? 0 : cli_rng_below(rng, (uint32_t)n);
    size_t tries = chance ? 20 : n;
    for (size_t j = 0; j < tries; j++) {
        s = chance ? tg_state_apply_chance(st, NULL)
                   : tg_state_apply(st, moves[(first + j) % n]);
        if (s != TG_OK || !tg_state_is_terminal(st) || j + 1 == tries)
            return s;
        tg_state_undo(st);
    }
    return s;
}

/* A position `decisions` into a seeded random game, so saves carry
 * history: seed 7's game, as in 1.2. With want_player (the key figures),
 * the game is kept going as long as it can be, on to the first player's
 * decision at or after `decisions` (the next seed if it ends before). */
static tg_status calls_position_at(tg_game *game, int decisions, int want_player, tg_state **out)
{
    tg_move moves[4096];
    size_t n;
    tg_status s = TG_OK;
    *out = NULL;
    for (uint64_t seed = 7; s == TG_OK && seed < 7 + 100; seed++) {
        cli_rng rng;
        cli_rng_seed(&rng, seed);
        tg_state_free(*out);
        s = tg_state_new(game, seed, out);
        for (int i = 0; s == TG_OK && !tg_state_is_terminal(*out); i++) {
            if (i >= decisions && (!want_player || tg_state_current_player(*out) >= 0))
                break;
            if (want_player)
                s = calls_prolong(*out, &rng, moves);
            else if (tg_state_current_player(*out) == TG_PLAYER_CHANCE)
                s = tg_state_apply_chance(*out, NULL);
            else if ((s = tg_state_legal_moves(*out, moves, 4096, &n)) == TG_OK)
                s = tg_state_apply(*out, moves[cli_rng_below(&rng, (uint32_t)n)]);
        }
        if (!want_player || (s == TG_OK && (int)tg_state_history_length(*out) >= decisions &&
                             tg_state_current_player(*out) >= 0))
            return s;
    }
    return s == TG_OK ? TG_E_WRONG_PHASE : s;
}

static tg_status calls_position(tg_game *game, tg_state **out)
{
    return calls_position_at(game, 60, 0, out);
}

/* The positions of the key figures: 10, 100 and 1,000 decisions in. */
#define CALLS_KEY_LENGTHS 3
static const int calls_key_lengths[CALLS_KEY_LENGTHS] = {10, 100, 1000};

typedef enum calls_kind {
    CALL_CLONE,
    CALL_COPY,
    CALL_SAVE_LOAD,
    CALL_OBSERVE,
    CALL_RESAMPLE,
    CALL_KEY_10,
    CALL_KEY_100,
    CALL_KEY_1000,
    CALL_KINDS
} calls_kind;

static const char *const calls_names[CALL_KINDS] = {
    "clone", "copy", "save_load", "observation", "resample", "key_10", "key_100", "key_1000"};

static tg_status calls_once(calls_kind kind, tg_state *st, tg_state *scratch,
                            tg_state *const *keyed)
{
    tg_status s = TG_OK;
    uint64_t key[2];
    switch (kind) {
    case CALL_CLONE: {
        tg_state *c = NULL;
        s = tg_state_clone(st, &c);
        tg_state_free(c);
        break;
    }
    case CALL_COPY: /* what a search does per simulation: no allocation */
        s = tg_state_copy(scratch, st);
        break;
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
    case CALL_KEY_10:
    case CALL_KEY_100:
    case CALL_KEY_1000: {
        const tg_state *k = keyed[kind - CALL_KEY_10];
        s = tg_state_information_key(k, tg_state_current_player(k), key);
        break;
    }
    case CALL_KINDS:
        break;
    }
    return s;
}

static int calls_compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of one call's slices (sorted in place; CALLS_SLICES is odd). */
static double calls_median(double *slices)
{
    qsort(slices, CALLS_SLICES, sizeof *slices, calls_compare);
    return slices[CALLS_SLICES / 2];
}

/* Prints one JSON member "key":{"clone":N,...} of per-call nanoseconds. */
static void calls_print_json(const char *key, const double *ns, int last)
{
    printf("\"%s\":{", key);
    for (int k = 0; k < CALL_KINDS; k++)
        printf("\"%s\":%.1f%s", calls_names[k], ns[k], k + 1 < CALL_KINDS ? "," : "");
    printf("}%s", last ? "" : ",");
}

int cli_bench_calls(tg_game *game, int json)
{
    tg_state *st = NULL, *scratch = NULL, *keyed[CALLS_KEY_LENGTHS] = {NULL};
    tg_status s = calls_position(game, &st);
    for (int i = 0; s == TG_OK && i < CALLS_KEY_LENGTHS; i++)
        s = calls_position_at(game, calls_key_lengths[i], 1, &keyed[i]);
    if (s == TG_OK)
        s = tg_state_new(game, 1, &scratch);
    /* The first copy grows the scratch state's history; later ones reuse it. */
    if (s == TG_OK)
        s = tg_state_copy(scratch, st);
    double ns[CALL_KINDS] = {0}, cpu_ns[CALL_KINDS] = {0};
    double slice_ns[CALL_KINDS][CALLS_SLICES], slice_cpu_ns[CALL_KINDS][CALLS_SLICES];
    for (int r = 0; s == TG_OK && r < CALLS_SLICES; r++) {
        for (int k = 0; s == TG_OK && k < CALL_KINDS; k++) {
            uint64_t count = 0;
            double cpu_start = calls_clock(CLOCK_THREAD_CPUTIME_ID);
            double start = calls_clock(CLOCK_MONOTONIC), now = start;
            while (s == TG_OK && now - start < CALLS_SECONDS / CALLS_SLICES) {
                for (int i = 0; s == TG_OK && i < 64; i++)
                    s = calls_once((calls_kind)k, st, scratch, keyed);
                count += 64;
                now = calls_clock(CLOCK_MONOTONIC);
            }
            slice_ns[k][r] = (now - start) * 1e9 / (double)count;
            slice_cpu_ns[k][r] =
                (calls_clock(CLOCK_THREAD_CPUTIME_ID) - cpu_start) * 1e9 / (double)count;
        }
    }
    for (int k = 0; s == TG_OK && k < CALL_KINDS; k++) {
        ns[k] = calls_median(slice_ns[k]);
        cpu_ns[k] = calls_median(slice_cpu_ns[k]);
    }
    if (s == TG_OK) {
        if (json) {
            printf("{\"game\":\"%s\",\"players\":%d,", tg_game_id(game),
                   tg_game_players(game));
            calls_print_json("ns_per_call", ns, 0);
            calls_print_json("cpu_ns_per_call", cpu_ns, 1);
            printf("}\n");
        } else {
            printf("%-16s %7d   CPU ns/call:", tg_game_id(game), tg_game_players(game));
            for (int k = 0; k < CALL_KINDS; k++)
                printf(" %s %.0f%s", calls_names[k], cpu_ns[k], k + 1 < CALL_KINDS ? "," : "\n");
        }
    } else {
        cli_report("bench calls", s, NULL);
    }
    tg_state_free(scratch);
    tg_state_free(st);
    for (int i = 0; i < CALLS_KEY_LENGTHS; i++)
        tg_state_free(keyed[i]);
    return s == TG_OK ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
}
