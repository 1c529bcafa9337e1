/* Utilities with a choice of how a game with no winner is scored (1.4):
 * as 1.3's returns (0 for everyone), or as a draw shared equally, which
 * makes every game constant-sum for tools that need it (exploitability,
 * zero-sum search). Nothing about play changes, so saves, seeds and keys
 * are untouched; the choice is the caller's, per call. */
#include "handles.h"

int tgH_truncated(const tg_state *st)
{
    if (tgH_current(st) != TG_PLAYER_TERMINAL)
        return 0;
    const tg_game *g = st->game;
    return g->def->current_player(tgH_cfg(g), tgH_block(st)) != TG_PLAYER_TERMINAL;
}

void tgH_utilities(const tg_state *st, int draw, double *out)
{
    const tg_game *g = st->game;
    int n = g->players;
    for (int p = 0; p < n; p++)
        out[p] = 0.0;
    if (tgH_current(st) != TG_PLAYER_TERMINAL)
        return;
    uint32_t w = tgH_truncated(st) ? 0 : g->def->winners(tgH_cfg(g), tgH_block(st));
    int winners = 0;
    for (int p = 0; p < n; p++)
        winners += (int)((w >> p) & 1u);
    if (winners == 0) {
        if (draw == TG_DRAW_SHARED)
            for (int p = 0; p < n; p++)
                out[p] = 1.0 / n;
        return;
    }
    for (int p = 0; p < n; p++)
        out[p] = ((w >> p) & 1u) ? 1.0 / winners : 0.0;
}

tg_status tg_state_utilities(const tg_state *state, int draw, double *out, size_t cap,
                             size_t *count)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    tg_status s = tgH_list_args(state, out, cap, count);
    if (s != TG_OK)
        return s;
    if (draw != TG_DRAW_ZERO && draw != TG_DRAW_SHARED)
        return tgH_fail(state, TG_E_INVALID_ARGUMENT,
                        "draw %d is neither TG_DRAW_ZERO (0) nor TG_DRAW_SHARED (1)", draw);
    size_t n = (size_t)state->game->players;
    *count = n;
    if (cap < n)
        return tgH_too_small(state, cap, n, "utilities");
    tgH_utilities(state, draw, out);
    return TG_OK;
}

int tg_state_is_truncated(const tg_state *state)
{
    return state ? tgH_truncated(state) : TG_E_INVALID_ARGUMENT;
}
