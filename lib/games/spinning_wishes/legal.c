/* is_legal(): the answer of legal_moves() for one move, without writing the
 * list. Every branch mirrors the generator it stands for in rules.c. */
#include "spinning_wishes.h"

static int sw_take_legal(const sw_config *c, const sw_block *b, tg_move move)
{
    int p = b->cur;
    unsigned ray = c->ray[b->princess[p]][b->rot];
    int full = sw_hand_size(b, p) >= SW_HAND_MAX;
    if (move >= SW_M_TAKE && move < SW_M_SWAP) {
        unsigned s = move - SW_M_TAKE;
        return !full && (ray & (1u << s)) && b->wheel[s];
    }
    if (move >= SW_M_SWAP && move < SW_M_TRADE) {
        unsigned k = move - SW_M_SWAP, give = k / SW_SLOTS, s = k % SW_SLOTS;
        return full && b->hand[p][give] && (ray & (1u << s)) && b->wheel[s] &&
               b->wheel[s] != give + 1;
    }
    return 0;
}

static int sw_trade_legal(const sw_block *b, tg_move move)
{
    if (move < SW_M_TRADE || move >= SW_M_PASS)
        return 0;
    unsigned k = move - SW_M_TRADE, give = k / 16, with = k / 4 % 4, take = k % 4;
    int p = b->cur, q = b->player_of[with];
    return take != give && b->hand[p][give] && q != SW_NOWHERE && q != p &&
           !sw_own_three(b, q) && b->hand[q][take];
}

/* Outside play the lists are short and rare: ask the generator. */
static int sw_setup_legal(const sw_config *c, const sw_block *b, tg_move move)
{
    tg_move out[SW_MAX_LEGAL];
    size_t n = sw_setup_moves(c, b, out);
    for (size_t i = 0; i < n; i++)
        if (out[i] == move)
            return 1;
    return 0;
}

int sw_is_legal(const void *cfg, const void *st, tg_move move)
{
    const sw_config *c = cfg;
    const sw_block *b = st;
    switch (b->phase) {
    case SW_PH_ROLL:
        return move >= SW_M_ROLL && move < SW_M_ROLL + SW_DIE;
    case SW_PH_SPIN:
        return move >= SW_M_SPIN && move < SW_M_SPIN + SW_ROTATIONS;
    case SW_PH_MOVE:
        return move < SW_SPACES &&
               ((sw_destinations(c, b, b->cur, b->roll) >> move) & 1u);
    case SW_PH_TAKE:
        return move == SW_M_PASS || sw_take_legal(c, b, move);
    case SW_PH_TRADE:
        return move == SW_M_PASS || sw_trade_legal(b, move);
    case SW_PH_OVER:
        return 0;
    default:
        return sw_setup_legal(c, b, move);
    }
}
