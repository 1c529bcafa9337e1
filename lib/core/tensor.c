/* Observation tensors: a fixed-length vector of floats per game and
 * options, holding what a viewer's observation holds. The core writes the
 * slots every game shares (whose turn it is, who won: the only core fields
 * of an observation that change within one game and viewer), then the game
 * writes its own; each rule page's table names every slot. The core fields
 * "game", "viewer", "players" and "move_number" are not in the tensor. */
#include <string.h>

#include "handles.h"

/* Slots of the core part: the player to move one-hot (players, then chance,
 * then the end of the game), then one per player for "won". */
static size_t core_slots(const tg_game *g)
{
    return 2 * (size_t)g->players + 2;
}

size_t tgH_tensor_count(const tg_game *g)
{
    const tg_game_def *def = g->def;
    return core_slots(g) + (def->tensor_size ? def->tensor_size(tgH_cfg(g)) : 0);
}

size_t tg_game_observation_tensor_size(const tg_game *game)
{
    return game ? tgH_tensor_size(game) : 0;
}

static inline void set_one(void *out, int bytes, size_t i)
{
    if (bytes)
        ((uint8_t *)out)[i] = 1;
    else
        ((float *)out)[i] = 1.0f;
}

/* The core's slots, zeroed and then set, as floats or (bytes non-zero) as
 * bytes: the player-to-move slot (a player, chance or the end) and, at the
 * end, one per winner. One writer for both, so that they cannot differ. */
static void write_core(const tg_state *st, void *out, int bytes)
{
    const tg_game *g = st->game;
    size_t n = (size_t)g->players;
    memset(out, 0, tgH_tensor_size(g) * (bytes ? 1 : sizeof(float)));
    int cur = tgH_current(st);
    if (cur >= 0) {
        set_one(out, bytes, (size_t)cur);
    } else if (cur == TG_PLAYER_CHANCE) {
        set_one(out, bytes, n);
    } else {
        set_one(out, bytes, n + 1);
        uint32_t w = 0;
        tg_state_winners(st, &w);
        for (size_t p = 0; p < n; p++)
            if ((w >> p) & 1u)
                set_one(out, bytes, n + 2 + p);
    }
}

void tgH_write_tensor(const tg_state *st, int viewer, float *out)
{
    const tg_game *g = st->game;
    write_core(st, out, 0);
    if (g->def->tensor)
        g->def->tensor(tgH_cfg(g), tgH_block(st), viewer, out + core_slots(g));
}

int tgH_tensor_has_bytes(const tg_game *g)
{
    return g->def->tensor_bytes || !g->def->tensor;
}

void tgH_write_tensor_bytes(const tg_state *st, int viewer, uint8_t *out)
{
    const tg_game *g = st->game;
    write_core(st, out, 1);
    if (g->def->tensor_bytes)
        g->def->tensor_bytes(tgH_cfg(g), tgH_block(st), viewer, out + core_slots(g));
}

tg_status tg_state_observation_tensor(const tg_state *state, int viewer, float *out, size_t cap)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    tg_status s = tgH_check_viewer(state, viewer);
    if (s != TG_OK)
        return s;
    viewer = tgH_viewer(viewer);
    size_t need = tgH_tensor_size(state->game);
    if (cap < need)
        return tgH_too_small(state, cap, need, "floats");
    if (!out)
        return tgH_fail(state, TG_E_INVALID_ARGUMENT, "the output buffer is NULL");
    tgH_write_tensor(state, viewer, out);
    return TG_OK;
}
