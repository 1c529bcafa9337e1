/* The JSON-save harness of the structure-aware position mutator: what it
 * loads, where its real positions come from, and what they hold by name.
 * Shared by fuzz_position_json.c (libFuzzer) and mutate_main.c (the
 * seeded driver the test command runs). */
#ifndef TG_FUZZ_POSITION_JSON_H
#define TG_FUZZ_POSITION_JSON_H

#include <stddef.h>

#include <jansson.h>

#include "save_mutator.h"

/* Loads text as a JSON save; a state it gives goes through everything a
 * host does with one (fz_exercise), or when not full through the cheaper
 * part (fz_exercise_quick). Returns 1 when it loaded. Aborts on a broken
 * invariant (and a sanitizer build on any error it sees). */
int fzj_run(const char *text, size_t len, int full);

/* A JSON save of a real position of game id (NULL: a registered game drawn
 * by r): a seeded random game with a drawn player count and option
 * variant, played to a depth drawn over its whole length (its end
 * included). Most often the position alone, its own root; one time in
 * four a root from which a few more decisions were played, with that
 * history, so the loader replays it. NULL when id is not registered. */
json_t *fzj_played_save(const char *id, sm_rng *r);

/* What real positions of the save's game hold under each name
 * (sm_values_add), gathered once per game from played saves and kept for
 * the process (a fuzzer is one thread). NULL for an unknown game. */
const json_t *fzj_values_of(const json_t *save);

#endif
