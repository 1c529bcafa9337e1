/* Information-state tensors (1.4): the key's content as floats a learning
 * program can take in. The observation tensor first (under perfect recall
 * it holds what the player has seen and remembers), then whose information
 * it is, the move number, how many decisions were the player's own, and
 * the own-decision digest the key is made from, so that the tensor tells
 * apart exactly the states the key tells apart. Every value is exact in a
 * float: move numbers stay far below 2^24, digest bits go 16 to a slot. */
#include "handles.h"

/* Slots after the observation: the digest's 128 bits in 16-bit pieces,
 * besides the player one-hot, the move number and the own count. */
#define DIGEST_SLOTS 8
#define EXTRA_SLOTS (2 + DIGEST_SLOTS)

size_t tgH_info_tensor_size(const tg_game *g)
{
    return tgH_tensor_size(g) + (size_t)g->players + EXTRA_SLOTS;
}

size_t tg_game_information_tensor_size(const tg_game *game)
{
    return game ? tgH_info_tensor_size(game) : 0;
}

void tgH_write_info_tensor(const tg_state *st, int player, float *out)
{
    const tg_game *g = st->game;
    size_t n = (size_t)g->players;
    tgH_write_tensor(st, player, out);
    float *x = out + tgH_tensor_size(g);
    for (size_t p = 0; p < n; p++)
        x[p] = (size_t)player == p ? 1.0f : 0.0f;
    x += n;
    double len = (double)g->limits.max_length;
    const tg_own *own = tgH_own(st, player);
    x[0] = (float)(st->move_number / len);
    x[1] = (float)(own->count / len);
    for (int i = 0; i < DIGEST_SLOTS; i++) {
        uint64_t lane = own->sum[i / 4];
        x[2 + i] = (float)((lane >> (16 * (i % 4))) & 0xFFFFu) / 65536.0f;
    }
}

tg_status tg_state_information_tensor(const tg_state *state, int player, float *out, size_t cap)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    if (player < 0 || player >= state->game->players)
        return tgH_fail(state, TG_E_INVALID_ARGUMENT, "player %d is not in this %d-player game",
                        player, state->game->players);
    size_t need = tgH_info_tensor_size(state->game);
    if (cap < need)
        return tgH_too_small(state, cap, need, "floats");
    if (!out)
        return tgH_fail(state, TG_E_INVALID_ARGUMENT, "the output buffer is NULL");
    tgH_write_info_tensor(state, player, out);
    return TG_OK;
}
