/* Shared pieces of the tablegames command: argument parsing, making a game
 * from command-line options, a local PRNG for random players, and exit
 * codes. The command uses the public API only, like any other program. */
#ifndef TABLEGAMES_CLI_H
#define TABLEGAMES_CLI_H

#include <boardgames/tablegames.h>
#include <stdint.h>
#include <stdio.h>

/* Exit codes of every subcommand (documented in the usage text). */
enum {
    CLI_EXIT_OK = 0,
    CLI_EXIT_FAILURE = 1, /* the library refused something or a check failed */
    CLI_EXIT_USAGE = 2    /* bad command line */
};

/* Counter-based generator for the command's own random choices (which move a
 * random player picks, bench seeds); the library's RNG stays for chance. */
typedef struct cli_rng {
    uint64_t state;
} cli_rng;

void cli_rng_seed(cli_rng *rng, uint64_t seed);

/* The next two are inline because `tablegames bench` picks a move with them
 * at every decision, where a call into another file costs a sixth of the
 * pick; the numbers are the same either way. */

/* splitmix64's output function over a counter. */
static inline uint64_t cli_rng_next(cli_rng *rng)
{
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Uniform in [0, n), n > 0, without modulo bias: Lemire's multiply-and-reject,
 * exact uniformity with almost no divisions. */
static inline uint32_t cli_rng_below(cli_rng *rng, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)cli_rng_next(rng) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)cli_rng_next(rng) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Strict parsers: the whole text must be the number. Return 0 on success. */
int cli_parse_int(const char *text, long min, long max, long *out);
int cli_parse_u64(const char *text, uint64_t *out);
int cli_parse_seconds(const char *text, double *out);

/* True when an options string sets "players", so that --players and
 * --options cannot silently disagree. */
int cli_options_name_players(const char *options);

/* Makes a game from an id, a player count (0: the game's default) and an
 * options string (NULL or ""); prints the library's message on failure. */
tg_status cli_make_game(const char *id, int players, const char *options,
                        const tg_game_params *params, tg_game **out);

/* Prints "tablegames: <what>: <status text>[: detail]" to stderr. */
void cli_report(const char *what, tg_status status, const char *detail);

/* Writes "player 2" or "players 0, 3" (or "no winner") for a winner mask. */
void cli_print_winners(FILE *out, uint32_t mask);

/* The subcommands and their --help texts (usage lines first, then a blank
 * line and the details). */
int cli_cmd_list(int argc, char **argv);
extern const char cli_list_help[];
extern const char cli_play_help[];
extern const char cli_bench_help[];
extern const char cli_tour_help[];
int cli_cmd_play(int argc, char **argv);
int cli_cmd_bench(int argc, char **argv);
/* bench --batch: the batched environment's decisions per CPU second (fill:
 * bit 1 observation tensors, bit 2 information tensors; masks always). */
int cli_bench_batch(tg_game *game, size_t n, int fill, double seconds, double warmup, long runs,
                    uint64_t seed, int json);
/* bench's second part: nanoseconds per clone, save+load, observation, resample. */
int cli_bench_calls(tg_game *game, int json);
int cli_cmd_tournament(int argc, char **argv);

#endif
