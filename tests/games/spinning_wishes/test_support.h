/* Helpers for the Spinning Wishes rule tests. */
#ifndef SW_TEST_SUPPORT_H
#define SW_TEST_SUPPORT_H

#include "support.h"

/* Loads {"game":"spinning_wishes","options":options,"position":position};
 * single quotes in position stand for double quotes. */
tg_state *swt_load(const char *options, const char *position);
/* Expects loading that position to fail as corrupt; returns the message. */
const char *swt_load_fails(const char *options, const char *position);
/* Fails unless the legal moves' texts are exactly want. */
void swt_legal(const tg_state *st, const char *want);
/* The position's "turn": whose decision or roll it is. */
int swt_turn(const tg_state *st);
/* Fails unless the state is a chance point with n equally likely outcomes. */
void swt_uniform_chance(const tg_state *st, size_t n);
/* A string field of the state's position, e.g. swt_pos_str(st, "phase"). */
const char *swt_pos_str(const tg_state *st, const char *key);
/* players[p].key of the position as compact JSON text (static buffer). */
const char *swt_player(const tg_state *st, int p, const char *key);
/* The position's field key as compact JSON text (static buffer). */
const char *swt_pos(const tg_state *st, const char *key);
/* The observation of viewer as compact JSON text (caller frees with free()). */
char *swt_observation_text(const tg_state *st, int viewer);
char *swt_events_text(const tg_state *st, int viewer);

/* The test groups, one per rule area (test_<area>.c), run by test_main.c. */
int sw_run_setup(void);
int sw_run_moves(void);
int sw_run_wishes(void);
int sw_run_castle(void);
int sw_run_hidden(void);
int sw_run_bots(void);
int sw_run_words(void);
int sw_run_spins(void);

#endif
