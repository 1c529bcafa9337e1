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

/* The position's field as compact JSON text with sorted keys (static buffer). */
const char *wd_field(const tg_state *st, const char *key);
/* The viewer's observation field as compact JSON text (static buffer). */
const char *wd_seen(const tg_state *st, int viewer, const char *key);
/* Loads a position, plays moves (';'-separated) and checks one position field. */
void wd_expect_after(const char *json, const char *moves, const char *key, const char *want);
/* A copy of st, seeded with seed and re-drawn for seat (caller frees). */
tg_state *wd_resampled(const tg_state *st, int seat, uint64_t seed);
/* The viewer's events as compact JSON text (static buffer). */
const char *wd_events_text(const tg_state *st, int viewer);

#endif
