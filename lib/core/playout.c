/* tg_state_playout(): random decisions inside the library, so a host in a
 * slow language pays for crossing its binding once per game. */
#include "handles.h"

int tgH_random_move(const tg_state *st, tg_rng *rng, tg_move *scratch, tg_move *out)
{
    const tg_game *g = st->game;
    size_t n = g->def->legal_moves(tgH_cfg(g), tgH_block(st), scratch);
    if (n == 0)
        return 0;
    *out = scratch[tgR_below(rng, (uint32_t)n)];
    return 1;
}

tg_status tg_state_playout(tg_state *state, uint32_t max_decisions, uint32_t *made)
{
    if (made)
        *made = 0;
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    const tg_game *g = state->game;
    uint32_t cap = g->limits.max_length;
    uint32_t left = state->move_number < cap ? cap - state->move_number : 0;
    uint32_t want = max_decisions < left ? max_decisions : left;
    /* hist_len <= move_number, so this cannot pass max_length. */
    if (tgH_reserve_history(state, state->hist_len + want) != TG_OK)
        return tgH_fail(state, TG_E_NO_MEMORY, "out of memory for the history");
    uint32_t n = 0;
    tg_status s = TG_OK;
    tg_move *legal = tgH_scratch_moves(state);
    int fused = g->def->apply_chance_turn != NULL;
    for (; n < want && state->cur != TG_PLAYER_TERMINAL; n++) {
        tg_move m;
        if (state->cur == TG_PLAYER_CHANCE && fused && tgH_chance_fused(state, &m))
            continue; /* drawn, made and recorded in one call */
        if (state->cur == TG_PLAYER_CHANCE)
            s = tgH_sample(state, &m);
        else if (!tgH_random_move(state, &state->rng, legal, &m))
            s = tgH_fail(state, TG_E_WRONG_PHASE, "player %d has no legal move", state->cur);
        if (s != TG_OK)
            break;
        tgH_apply_recorded(state, m);
    }
    if (made)
        *made = n;
    if (s == TG_OK && state->err[0])
        state->err[0] = '\0';
    return s;
}
