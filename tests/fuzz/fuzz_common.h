/* Shared by the fuzz harnesses: picking a game from input bytes and the
 * invariants every harness checks after each call. A broken invariant
 * aborts, which libFuzzer reports as a finding. */
#ifndef TG_FUZZ_COMMON_H
#define TG_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include <boardgames/tablegames.h>

/* Consumes bytes from the front of an input. */
typedef struct fz_input {
    const uint8_t *p;
    size_t n;
} fz_input;

unsigned fz_byte(fz_input *in);
uint32_t fz_u32(fz_input *in);

/* Makes a game chosen by the input (id and player count), or NULL. */
tg_game *fz_pick_game(fz_input *in);
/* Checks the conformance invariants that are cheap enough to run after
 * every fuzzed call: legal moves sorted, unique and in range; chance
 * probabilities sum to one; save and JSON round-trip to an equal state. */
void fz_check_state(const tg_state *st);
/* Aborts with a message when cond is false (also in release builds). */
void fz_require(int cond, const char *what);

#endif
