/* What every harness that loads a position made by hand does with a state
 * the loader accepted (fuzz_exercise.c); a broken invariant aborts. */
#ifndef TG_FUZZ_EXERCISE_H
#define TG_FUZZ_EXERCISE_H

#include <boardgames/tablegames.h>

/* st is a state of game g; it is left exactly as it was. */
void fz_exercise(tg_game *g, const tg_state *st);
/* The cheaper part of it: the invariants of the state (fz_check_state) and
 * of every state one decision on. */
void fz_exercise_quick(const tg_state *st);

#endif
