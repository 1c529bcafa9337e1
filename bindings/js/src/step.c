/* The package's own C (no part of the library's API): State.step()'s two
 * calls, tg_state_step() and tg_state_step_chance() on the state's block
 * (lib/step.js) with three arguments and two instead of six, and what the
 * StepView needs returned as the call's result instead of read from the
 * heap. Node 18's V8 calls WebAssembly from JavaScript through a wrapper
 * that converts each argument; Node 20's inlines the call
 * (docs/performance.md, "The step loop's crossing").
 *
 * The block, in 32-bit words: [0] the player to decide next, [1] the
 * count of the ids, [2] the outcome a chance step drew, [3] the ids'
 * capacity (written once, by State's constructor), [4...] the ids.
 *
 * Each returns the call's status when it is negative (then nothing
 * changed), else count * 16 + (player + 3): player is a seat (below
 * TG_MAX_PLAYERS, 8), TG_PLAYER_CHANCE or TG_PLAYER_TERMINAL, and count is
 * below the capacity, which a block in a memory of at most 4 GB keeps
 * below 2^27. */
#include <boardgames/state.h>

#include <stdint.h>

/* The block's count is a size_t: one word in wasm32. */
_Static_assert(sizeof(size_t) == sizeof(uint32_t), "size_t is one word of the block");

int32_t tgjs_step(tg_state *state, tg_move move, uint32_t *block);
int32_t tgjs_step_chance(tg_state *state, uint32_t *block);

static int32_t packed(tg_status status, const uint32_t *block)
{
    if (status != TG_OK)
        return status;
    return (int32_t)(block[1] * 16u + (uint32_t)((int32_t)block[0] + 3));
}

int32_t tgjs_step(tg_state *state, tg_move move, uint32_t *block)
{
    tg_status status = tg_state_step(state, move, (int *)&block[0], &block[4], block[3],
                                     (size_t *)&block[1]);
    return packed(status, block);
}

int32_t tgjs_step_chance(tg_state *state, uint32_t *block)
{
    tg_status status = tg_state_step_chance(state, &block[2], (int *)&block[0], &block[4], block[3],
                                            (size_t *)&block[1]);
    return packed(status, block);
}
