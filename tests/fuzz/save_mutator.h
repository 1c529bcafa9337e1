/* A structure-aware mutator of JSON saves: it edits the tree of a save's
 * position the way someone attacking the loader would (a number at an
 * edge, a value another position had under the same name, a value moved
 * from another field or another save, arrays made shorter or longer,
 * members dropped or added, types changed), so that most of its results
 * still reach the games' checks instead of the JSON parser's.
 * Used by fuzz_position_json (libFuzzer's custom mutator) and by its
 * seeded driver (mutate_main.c). Deterministic: the same input and the
 * same generator state give the same edits. */
#ifndef TG_FUZZ_SAVE_MUTATOR_H
#define TG_FUZZ_SAVE_MUTATOR_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

/* splitmix64: small, and the same sequence on every platform. */
typedef struct sm_rng {
    uint64_t s;
} sm_rng;

uint64_t sm_next(sm_rng *r);
/* Uniform in [0, n), n > 0. */
uint32_t sm_below(sm_rng *r, uint32_t n);

/* Adds to values (an object: member name -> array of distinct values) what
 * position holds under each name; an array's elements are filed under the
 * array's name with "[]" appended. At most SM_VALUES_PER_NAME per name. */
enum { SM_VALUES_PER_NAME = 48 };
void sm_values_add(json_t *values, const json_t *position);

/* Edits save (a JSON save object) in place: one to six edits of its
 * "position", of its "root" when it has one, or now and then of the save
 * itself. values: what real positions of the game held under each name
 * (may be NULL); donor: another save of the same game and options whose
 * fields may replace this one's (may be NULL). */
void sm_mutate(json_t *save, const json_t *values, const json_t *donor, sm_rng *rng);

/* Every save one edit away from save, one at a time: each state variable
 * of its position (a scalar member, or an element of a member list of at
 * most four, such as a stage, a turn or the dice) set to 0, one less, one
 * more, null, the other truth value or another value seen under its name
 * (up to SM_NEIGHBOUR_WORDS of them); each such list one longer (0, -1)
 * and one shorter. visit gets a new save it may keep (it owns the
 * reference). The order is fixed, so a run over them is the same run. */
enum { SM_NEIGHBOUR_WORDS = 8 };
typedef void (*sm_visit)(json_t *edited, void *ctx);
void sm_neighbours(const json_t *save, const json_t *values, sm_visit visit, void *ctx);

#endif
