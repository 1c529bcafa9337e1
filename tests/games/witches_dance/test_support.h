/* Helpers shared by the Witches' Dance rule tests. */
#ifndef WD_TEST_SUPPORT_H
#define WD_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "support.h"

/* A JSON save of a hand-written position under the given options. */
#define WD_POS(options, position) \
    "{\"game\":\"witches_dance\",\"options\":\"" options "\",\"position\":" position "}"

/* Most rule tests play with three players: yellow (player 0, entry 0, exit
 * 27), red (player 1, entry 12, exit 3), lightblue (player 2, entry 24, exit
 * 15). */
#define P3(position) WD_POS("players=3", position)

/* The position's field as compact JSON text with sorted keys (static buffer). */
const char *wd_field(const tg_state *st, const char *key);
/* The viewer's observation field as compact JSON text (static buffer). */
const char *wd_seen(const tg_state *st, int viewer, const char *key);
/* Loads a position, plays moves (';'-separated) and checks one position field. */
void wd_expect_after(const char *json, const char *moves, const char *key, const char *want);
/* A copy of st, seeded with seed and re-drawn for seat (caller frees). */
tg_state *wd_resampled(const tg_state *st, int seat, uint64_t seed);
/* st as a position of unknown past: no history, and only the knowledge its
 * own events imply (caller frees). */
tg_state *wd_forgetful(const tg_state *st);
/* The viewer's events as compact JSON text (static buffer). */
const char *wd_events_text(const tg_state *st, int viewer);

/* The test groups, one per rule area (test_<area>.c), run by test_main.c. */
int wd_run_turn(void);
int wd_run_takeoff(void);
int wd_run_two_players(void);
int wd_run_hidden(void);
int wd_run_positions(void);
int wd_run_bots(void);
int wd_run_recall(void);
int wd_run_words(void);

#endif
