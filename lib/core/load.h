/* The common last step of both loaders: check a decoded save against the
 * rules before any state is handed out, so loading never half-succeeds. */
#ifndef TG_CORE_LOAD_H
#define TG_CORE_LOAD_H

#include "handles.h"

typedef struct tg_decoded {
    const unsigned char *position;
    const unsigned char *root;
    uint32_t move_number;
    uint32_t root_move_number;
    const tg_move *history;
    uint32_t history_len;
    tg_rng rng;
} tg_decoded;

/* Takes over the caller's reference to game in every case. */
tg_status tgL_assemble(tg_game *game, const tg_decoded *d, tg_state **out, tg_msg *msg);

/* Version of both save formats; a reader accepts this and older.
 * 2 (release 1.2): options added in 1.2, and defaults that changed, take
 * the values of 1.1 when a format-1 save leaves them out (legacy_values). */
#define TG_SAVE_FORMAT_VERSION 2

#endif
