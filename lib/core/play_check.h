/* The invariant of play that every game's validate() ends with. */
#ifndef TG_CORE_PLAY_CHECK_H
#define TG_CORE_PLAY_CHECK_H

#include "game_def.h"

/* A position that is not over has a decision to make: at least one legal
 * move, or at a chance point outcomes that all have a positive weight, and
 * no more of them than the game's limits promise (callers size their
 * buffers by those). Calls the game's own functions on the block, so a
 * game runs it last, once its own checks have made the block safe for
 * them. */
tg_status tgV_check_decision(const tg_game_def *def, const void *cfg, const void *st,
                             tg_msg *msg);

#endif
