/* tg_state_step() and tg_state_step_chance(): a decision and what the next
 * one needs in a single call, so a host whose calls into C are costly
 * (Python's ctypes, Lua) crosses once per decision. */
#include "handles.h"

/* The argument checks, all made before anything changes. The buffer must
 * hold the longest list the game can have, because the next list is only
 * known once the decision is applied, and a call that then found it too
 * small could no longer leave the state as it was. */
static tg_status step_args(const tg_state *st, const int *player, const tg_move *moves,
                           size_t cap, size_t *count)
{
    if (!player)
        return tgH_fail(st, TG_E_INVALID_ARGUMENT, "the player pointer is NULL");
    tg_status s = tgH_list_args(st, moves, cap, count);
    if (s != TG_OK)
        return s;
    size_t need = st->game->limits.max_legal_moves;
    if (cap < need) {
        *count = need;
        return tgH_fail(st, TG_E_BUFFER_TOO_SMALL,
                        "the buffer holds %zu moves; a step needs room for %zu, the most "
                        "tg_game_max_legal_moves() allows",
                        cap, need);
    }
    return TG_OK;
}

/* The list tg_state_legal_moves() would write for the position reached.
 * A die or a spinner is a run of ids with equal weights, which the game
 * can name without building its general list (the hook test holds the
 * two to each other). */
static size_t next_list(const tg_state *st, tg_move *out)
{
    const tg_game *g = st->game;
    if (st->cur == TG_PLAYER_TERMINAL)
        return 0;
    if (st->cur == TG_PLAYER_CHANCE && g->def->uniform_chance) {
        tg_move first;
        uint32_t n = g->def->uniform_chance(tgH_cfg(g), tgH_block(st), &first);
        for (uint32_t i = 0; i < n; i++)
            out[i] = first + i;
        if (n)
            return n;
    }
    return g->def->legal_moves(tgH_cfg(g), tgH_block(st), out);
}

static void report(const tg_state *st, int *player, tg_move *moves, size_t *count)
{
    *player = st->cur;
    *count = next_list(st, moves);
}

tg_status tg_state_step(tg_state *state, tg_move move, int *player, tg_move *moves, size_t cap,
                        size_t *count)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    tg_status s = step_args(state, player, moves, cap, count);
    if (s == TG_OK)
        s = tgH_apply_checked(state, move);
    if (s == TG_OK)
        report(state, player, moves, count);
    return s;
}

tg_status tg_state_step_chance(tg_state *state, tg_move *applied, int *player, tg_move *moves,
                               size_t cap, size_t *count)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    tg_status s = step_args(state, player, moves, cap, count);
    if (s == TG_OK)
        s = tgH_apply_chance(state, applied);
    if (s == TG_OK)
        report(state, player, moves, count);
    return s;
}
