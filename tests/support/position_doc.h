/* Hand-written positions for the rule tests: a game's position object
 * wrapped in the JSON save document that tg_state_from_json() reads. */
#ifndef TG_TEST_POSITION_DOC_H
#define TG_TEST_POSITION_DOC_H

#include <boardgames/tablegames.h>

/* {"game":game,"options":options,"position":position} as text (release
 * with free()). Single quotes in position stand for double quotes, so a
 * test can write a position without a backslash before every quote. */
char *tgt_position_doc(const char *game, const char *options, const char *position);
/* The state of that document; fails the test if it does not load. */
tg_state *tgt_load_position(const char *game, const char *options, const char *position);
/* Expects that document to be refused with want; returns the library's
 * message (static buffer). */
const char *tgt_load_position_fails(const char *game, const char *options,
                                    const char *position, tg_status want);

#endif
