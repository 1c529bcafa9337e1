/* Shared by the fuzz harnesses: picking a game from input bytes and the
 * invariants every harness checks after each call. A broken invariant
 * aborts, which libFuzzer reports as a finding. */
#ifndef TG_FUZZ_COMMON_H
#define TG_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include <boardgames/tablegames.h>
#include <jansson.h>

/* Consumes bytes from the front of an input. */
typedef struct fz_input {
    const uint8_t *p;
    size_t n;
} fz_input;

unsigned fz_byte(fz_input *in);
uint32_t fz_u32(fz_input *in);

/* Makes a game chosen by the input (id and player count), or NULL. */
tg_game *fz_pick_game(fz_input *in);
/* Options with the players given and one alternative value of one BOOL or
 * CHOICE option (variant 0, or one past the alternatives: all defaults),
 * like the conformance suite's sets. */
void fz_options(const tg_game_info *info, int players, unsigned variant, char *out, size_t cap);
/* Plays up to steps random decisions from seed: players pick uniformly,
 * chance by the same draw. */
void fz_play(tg_state *st, uint32_t steps, uint32_t seed);
/* The state's JSON save, parsed (a new reference). */
json_t *fz_state_json(const tg_state *st);
/* The invariants of play on one state: whose turn it is; legal moves
 * sorted, unique, in range, within the game's maximum, none exactly at the
 * end; each listed move legal by tg_state_is_legal, with a text that parses
 * back to it; at a chance point, outcomes equal to the legal moves with
 * probabilities in (0, 1] summing to one. */
void fz_check_moves(const tg_state *st);
/* The same without the move texts (for the many states a harness visits). */
void fz_check_moves_quick(const tg_state *st);
/* Both save forms load back to an equal state (the loader re-checks the
 * position against the rules). */
void fz_check_round_trips(const tg_state *st);
/* The binary save alone (cheaper: no JSON). */
void fz_check_binary_round_trip(const tg_state *st);
/* The position loads on its own: the game's validate() accepts it. */
void fz_check_valid(const tg_state *st);
/* Every event of the viewer tells what happened in words: a non-empty
 * one-line "text" (event_text.c), as the terminal prints it. */
void fz_check_event_texts(const tg_state *st, int viewer);
/* Observation, events (with their texts), the drawing and the tensor for
 * every viewer, the referee and the public viewer included; each player's
 * information key and JSON. */
void fz_check_views(const tg_state *st);
/* The viewer's observation tensor (finite slots), in a static buffer of
 * *n floats, valid until the next call. */
enum { FZ_TENSOR_MAX = 8192 };
const float *fz_tensor(const tg_state *st, int viewer, size_t *n);
/* All of the above. */
void fz_check_state(const tg_state *st);
/* Aborts with a message when cond is false (also in release builds). */
void fz_require(int cond, const char *what);

#endif
