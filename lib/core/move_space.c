/* Calls over the whole move space of a state's game (1.3): the legal moves
 * as a mask, and the text of any id whether legal now or not. */
#include <stdio.h>
#include <string.h>

#include "handles.h"

tg_status tg_state_legal_mask(const tg_state *state, uint8_t *mask, size_t cap)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    if (!mask)
        return tgH_fail(state, TG_E_INVALID_ARGUMENT, "the mask is NULL");
    const tg_game *g = state->game;
    size_t need = g->limits.move_count;
    if (cap < need)
        return tgH_too_small(state, cap, need, "bytes");
    memset(mask, 0, need);
    if (tgH_current(state) == TG_PLAYER_TERMINAL)
        return TG_OK;
    tg_move *legal = tgH_scratch_moves(state); /* not the stack: 16 KiB */
    size_t n = g->def->legal_moves(tgH_cfg(g), tgH_block(state), legal);
    for (size_t i = 0; i < n; i++)
        mask[legal[i]] = 1;
    return TG_OK;
}

tg_status tg_state_any_move_text(const tg_state *state, tg_move move, char *buf, size_t cap,
                                 size_t *len)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    const tg_game *g = state->game;
    if (!buf && cap)
        return tgH_fail(state, TG_E_INVALID_ARGUMENT, "the buffer is NULL but its size is %zu",
                        cap);
    if (move >= g->limits.move_count)
        return tgH_fail(state, TG_E_INVALID_ARGUMENT, "move %u is not below %u, the move count",
                        (unsigned)move, (unsigned)g->limits.move_count);
    if (tgH_is_legal(state, move))
        return tg_state_move_text(state, move, buf, cap, len);
    char text[TG_CORE_MOVE_TEXT];
    size_t n = g->def->any_move_text
                   ? g->def->any_move_text(tgH_cfg(g), move, text, sizeof text)
                   : (size_t)snprintf(text, sizeof text, "#%u", (unsigned)move);
    tg_status s = tgH_text_fits(state, move, n, cap, len);
    if (s != TG_OK)
        return s;
    if (n < sizeof text)
        memcpy(buf, text, n + 1);
    else
        g->def->any_move_text(tgH_cfg(g), move, buf, cap);
    return TG_OK;
}
