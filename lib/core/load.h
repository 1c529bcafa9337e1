/* The common last step of both loaders: check a decoded save against the
 * rules before any state is handed out, so loading never half-succeeds. */
#ifndef TG_CORE_LOAD_H
#define TG_CORE_LOAD_H

#include "handles.h"

typedef struct tg_decoded {
    /* Blocks of the game's current size. A block that did not state its
     * knowledge (a format-1 save, a JSON position without "known") is
     * completed here: the root from its own events, the position by the
     * replay of the history. */
    unsigned char *position;
    unsigned char *root;
    int position_knows; /* the position block states its knowledge marks */
    int root_knows;
    uint32_t move_number;
    uint32_t root_move_number;
    const tg_move *history;
    uint32_t history_len;
    tg_rng rng;
} tg_decoded;

/* Takes over the caller's reference to game in every case. */
tg_status tgL_assemble(tg_game *game, tg_decoded *d, tg_state **out, tg_msg *msg);
/* Bytes of a position block in a save of format version. */
size_t tgL_block_size(const tg_game_def *def, unsigned version);

/* Version of both save formats; a reader accepts this and older.
 * 2 (release 1.2): position blocks carry knowledge (a game's block may have
 * grown since format 1 by appending fields; tg_game_def.state_size_v1), and
 * options added in 1.2, and defaults that changed, take the values of 1.1
 * when a format-1 save leaves them out (legacy_values). */
#define TG_SAVE_FORMAT_VERSION 2

#endif
