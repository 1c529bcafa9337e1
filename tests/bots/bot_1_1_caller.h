/* The part of test_bot_old_callers built against the 1.1 headers
 * (bot_1_1_caller.c). Only opaque handles and plain types cross it, so
 * both halves agree on them whatever header each was compiled with. */
#ifndef TGT_BOT_1_1_CALLER_H
#define TGT_BOT_1_1_CALLER_H

#include <stdint.h>

typedef struct tg_game tg_game;
typedef struct tg_bot tg_bot;

/* A medium bot (1.1's TG_BOT_PARAMS_INIT) with these simulations and seed,
 * made with tg_bot_new() and a version 1 tg_bot_params. */
int tgt_bot_new_1_1(tg_game *game, int seat, uint32_t simulations, uint64_t seed, tg_bot **out);

#endif
