/* Shared helpers of the Creepy Cauldron rule tests: positions are written
 * with single quotes (turned into double quotes) so a test stays readable. */
#ifndef CC_TEST_SUPPORT_H
#define CC_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "support.h"

/* A state of creepy_cauldron with options and a position object. */
tg_state *cc_load(const char *options, const char *position);
/* Expects the position to be rejected as corrupt; returns the message. */
const char *cc_reject(const char *options, const char *position);
/* Fields of the saved position: pawns[p].space (-1 when off the board). */
int cc_space(const tg_state *st, int p);
/* A top-level integer field of the position; -1 for null. */
int cc_field(const tg_state *st, const char *key);
/* A top-level string field of the position (static buffer). */
const char *cc_word(const tg_state *st, const char *key);
/* pawns[p][flag] as 0/1 ("invisible", "miss"). */
int cc_flag(const tg_state *st, int p, const char *flag);
/* How many creatures of kind player p holds. */
int cc_holds(const tg_state *st, int p, const char *kind);
/* Number of events of this type in the omniscient events. */
int cc_count_events(const tg_state *st, const char *type);
/* A field of the first event of this type (the test fails if there is none). */
int cc_event_int(const tg_state *st, const char *type, const char *field);
const char *cc_event_str(const tg_state *st, const char *type, const char *field);
/* The probability of an outcome (by text) at a chance point; -1 if absent. */
double cc_prob(tg_state *st, const char *text);

/* The test groups, one per rule area (test_<area>.c), run by test_main.c. */
int cc_run_moving(void);
int cc_run_cauldron(void);
int cc_run_witch_and_key(void);
int cc_run_positions(void);
int cc_run_bots(void);
int cc_run_hostile_saves(void);
int cc_run_words(void);

#endif
