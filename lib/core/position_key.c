/* tg_state_position_key(): a digest of where a state stands, which the
 * bindings keep in each Move so that a move made for one position is
 * refused in another (a stale list after a roll, another game's move). */
#include <xxhash.h>

#include "handles.h"

tg_status tg_state_position_key(const tg_state *state, uint64_t *key)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    if (!key)
        return tgH_fail(state, TG_E_INVALID_ARGUMENT, "the key pointer is NULL");
    /* The block is the whole position (tg_state_equal() compares it), the
     * move number is beside it, and the game's id and options seed it. */
    const tg_game *g = state->game;
    uint64_t seed = g->key_seed ^ tgH_mix64((uint64_t)state->move_number + 1);
    *key = XXH3_64bits_withSeed(tgH_block(state), g->def->state_size, seed);
    return TG_OK;
}
