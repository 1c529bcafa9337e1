/* The action numbering of 1.4: a player's ids of the move space numbered
 * densely in increasing order, and the chance ids the same way, so that a
 * learning program's masks and policies have no entry that can never be
 * legal (Bewitched's 2886 ids are 2835 actions and 51 outcomes). The
 * tables are made once per game; a mask is the game's legal list mapped
 * through them. */
#include <string.h>

#include "handles.h"

tg_status tgH_action_tables(tg_game *g)
{
    const tg_game_def *def = g->def;
    uint32_t n = g->limits.move_count, players = n - g->chance_ids;
    unsigned char *mem = tgA_alloc(&g->alloc, tgH_action_bytes(g));
    if (!mem)
        return TG_E_NO_MEMORY;
    g->action_index = (uint32_t *)(void *)mem;
    g->action_moves = (tg_move *)(void *)(mem + (size_t)n * sizeof(uint32_t));
    uint32_t action = 0, outcome = 0;
    for (tg_move m = 0; m < n; m++) {
        int chance = def->move_is_chance && def->move_is_chance(tgH_cfg(g), m);
        uint32_t i = chance ? outcome++ : action++;
        g->action_index[m] = i;
        g->action_moves[chance ? players + i : i] = m;
    }
    return TG_OK;
}

tg_status tg_game_action_move(const tg_game *game, int who, uint32_t action, tg_move *move)
{
    if (!game || !move || who < TG_PLAYER_CHANCE || who >= game->players)
        return TG_E_INVALID_ARGUMENT;
    uint32_t players = game->limits.move_count - game->chance_ids;
    uint32_t count = who == TG_PLAYER_CHANCE ? game->chance_ids : players;
    if (action >= count)
        return TG_E_INVALID_ARGUMENT;
    *move = game->action_moves[who == TG_PLAYER_CHANCE ? players + action : action];
    return TG_OK;
}

tg_status tg_game_move_action(const tg_game *game, tg_move move, uint32_t *action)
{
    if (!game || !action || move >= game->limits.move_count)
        return TG_E_INVALID_ARGUMENT;
    *action = game->action_index[move];
    return TG_OK;
}

/* The action mask as bytes or, with bits (a constant in each caller, so
 * the tests fold), as bits: action a at bit a % 8 of byte a / 8. Only the
 * row's own bytes are cleared (355 for a 4-player Bewitched as bits, not
 * the 2,835 of its bytes: that is the point of the bits). */
static inline void action_row(const tg_state *st, uint8_t *row, int bits)
{
    const tg_game *g = st->game;
    uint32_t actions = g->limits.move_count - g->chance_ids;
    memset(row, 0, bits ? TG_BATCH_MASK_BITS_STRIDE(actions) : actions);
    if (st->cur < 0)
        return;
    void (*hook)(const void *, const void *, uint8_t *) =
        bits ? g->def->action_mask_bits : g->def->action_mask;
    if (hook) {
        hook(tgH_cfg(g), tgH_block(st), row);
        return;
    }
    tg_move *legal = tgH_scratch_moves(st);
    size_t n = g->def->legal_moves(tgH_cfg(g), tgH_block(st), legal);
    const uint32_t *index = g->action_index;
    for (size_t i = 0; i < n; i++) {
        uint32_t a = index[legal[i]];
        if (bits)
            row[a >> 3] |= (uint8_t)(1u << (a & 7u));
        else
            row[a] = 1;
    }
}

void tgH_action_mask(const tg_state *st, uint8_t *mask)
{
    action_row(st, mask, 0);
}

void tgH_action_mask_bits(const tg_state *st, uint8_t *bits)
{
    action_row(st, bits, 1);
}

tg_status tg_state_action_mask(const tg_state *state, uint8_t *mask, size_t cap)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    if (!mask)
        return tgH_fail(state, TG_E_INVALID_ARGUMENT, "the mask pointer is NULL");
    const tg_game *g = state->game;
    size_t need = g->limits.move_count - g->chance_ids;
    if (cap < need)
        return tgH_too_small(state, cap, need, "bytes");
    tgH_action_mask(state, mask);
    return TG_OK;
}
