/* Helpers for tests that set up a position and check the outcome through the
 * public API. Each helper fails the running cmocka test on any error, with
 * the library's message, so a test reads as the rule it checks. */
#ifndef TG_TEST_SUPPORT_H
#define TG_TEST_SUPPORT_H

#include <boardgames/tablegames.h>
#include <jansson.h>

/* A state from the JSON save form; fails the test if it does not load. */
tg_state *tgt_from_json(const char *json_text);
/* Expects loading to fail with want; returns the library's message (static buffer). */
const char *tgt_from_json_fails(const char *json_text, tg_status want);
/* Applies a move given in the game's notation; fails the test if rejected. */
void tgt_apply(tg_state *st, const char *move_text);
/* Applies a sequence of moves separated by ';'. */
void tgt_apply_all(tg_state *st, const char *moves);
/* Non-zero when the move text is legal now. */
int tgt_is_legal(tg_state *st, const char *move_text);
/* The observation / events / omniscient view as parsed JSON (caller json_decref). */
json_t *tgt_observation(const tg_state *st, int viewer);
json_t *tgt_events(const tg_state *st, int viewer);
/* The "position" object of the state's JSON save form (caller json_decref). */
json_t *tgt_position(const tg_state *st);
/* The legal moves' texts joined by ' ' (static buffer), for readable asserts. */
const char *tgt_legal_texts(const tg_state *st);
/* Fails the test unless some event in the viewer's events has "type" == type;
 * returns that event (borrowed from *holder, which the caller json_decrefs). */
json_t *tgt_find_event(const tg_state *st, int viewer, const char *type, json_t **holder);

#endif
