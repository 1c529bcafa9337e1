/* tg_state_playout(): random decisions inside the library, so a host in a
 * slow language pays for crossing its binding once per game. */
#include "handles.h"
#include "playout_loop.h"

int tgH_random_move(const tg_state *st, tg_rng *rng, tg_move *scratch, tg_move *out)
{
    const tg_game *g = st->game;
    size_t n = g->def->legal_moves(tgH_cfg(g), tgH_block(st), scratch);
    if (n == 0)
        return 0;
    *out = scratch[tgR_below(rng, (uint32_t)n)];
    return 1;
}

/* The history could not grow in the middle of a run: the run is taken
 * back, so that TG_E_NO_MEMORY changes nothing (the position and the
 * digests rebuilt from the root, which only this rare path pays for). */
static tg_status take_back(tg_state *st, uint32_t start, const tg_rng *rng, uint8_t pending,
                           const tg_rng *held)
{
    st->hist_len = start;
    tgH_replay(st, start);
    st->rng = *rng;
    st->have_pending = pending;
    st->pending = *held;
    if (st->marks_from > start)
        st->marks_from = start;
    return tgH_fail(st, TG_E_NO_MEMORY, "out of memory for the history");
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
    /* The history grows as the run goes, doubling (so a state that has
     * played a game of this length before allocates nothing): reserving
     * for the game's length cap up front held up to 30000 entries in every
     * state that ever played out. */
    uint32_t start = state->hist_len;
    tg_rng rng = state->rng, held = state->pending;
    uint8_t pending = state->have_pending;
    uint32_t n = 0;
    tg_status s = TG_OK;
    tg_move *legal = tgH_scratch_moves(state);
    /* Undo that rewinds keeps the RNG before each draw: tgH_sample(). */
    int fused = g->def->apply_chance_turn != NULL && !state->rewind;
    /* The game's own loop (core/playout_loop.h) when it has one, as far
     * as it goes: it stops where the history is full or where the general
     * loop has more to do, which then makes one decision. Undo that
     * rewinds keeps marks the hook does not. */
    uint32_t (*hook)(const void *, void *, struct tg_playout_run *) =
        state->rewind ? NULL : g->def->playout;
    while (n < want && state->cur != TG_PLAYER_TERMINAL) {
        if (state->hist_len == state->hist_cap &&
            tgH_reserve_history(state, state->hist_len + 1) != TG_OK)
            return take_back(state, start, &rng, pending, &held);
        if (hook) {
            uint32_t room = state->hist_cap - state->hist_len;
            struct tg_playout_run run = {&state->rng, legal, state->hist + state->hist_len,
                                         tgH_who(state) + state->hist_len,
                                         want - n < room ? want - n : room, state->cur};
            uint32_t made_here = hook(tgH_cfg(g), tgH_block(state), &run);
            state->hist_len += made_here;
            state->move_number += made_here;
            tgH_settle_to(state, run.cur);
            n += made_here;
            if (made_here)
                continue;
        }
        tg_move m;
        if (state->cur == TG_PLAYER_CHANCE && fused && tgH_chance_fused(state)) {
            n++; /* drawn, made and recorded in one call */
            continue;
        }
        if (state->cur == TG_PLAYER_CHANCE) {
            if (state->rewind)
                tgH_hold_rng(state, 0);
            s = tgH_sample(state, &m);
        } else if (!tgH_random_move(state, &state->rng, legal, &m)) {
            s = tgH_fail(state, TG_E_WRONG_PHASE, "player %d has no legal move", state->cur);
        }
        if (s != TG_OK)
            break;
        tgH_apply_recorded(state, m);
        n++;
    }
    if (made)
        *made = n;
    if (s == TG_OK && state->err[0])
        state->err[0] = '\0';
    return s;
}
