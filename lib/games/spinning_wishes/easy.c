/* The easy bot's rule of thumb (docs/rules/spinning_wishes.md, "Computer
 * players (easy)"): gather your own princess's wishes and never give them
 * away, then go and look under the present you believe is yours. The
 * presents in the position are the bot's guess, redrawn for its seat. */
#include "spinning_wishes.h"

/* What ending a move on a space is worth. */
static int sw_easy_space(const sw_config *c, const sw_block *b, int p, int sp)
{
    int t = c->tower_of[sp];
    if (sw_own_three(b, p)) {
        if (t >= 0 && sw_can_look(c, b, p, t))
            return b->present[t] == b->princess[p] ? 1000 : 400;
        return sp >= SW_LOOP ? 100 : c->kind[sp] == SW_K_GATE ? 50 : 0;
    }
    switch (c->kind[sp]) {
    case SW_K_WHEEL: return 300;
    case SW_K_AGAIN: return 250;
    case SW_K_TRADE: return 200;
    case SW_K_MISS: return 0;
    default: return 100;
    }
}

/* A wish changing hands: getting your own is good, losing one is worse. */
static int sw_easy_exchange(int own, int give, int got)
{
    return (got == own ? 200 : 0) - (give == own ? 300 : 0);
}

int sw_easy_score(const void *cfg, const void *st, int player, tg_move move)
{
    const sw_config *c = cfg;
    const sw_block *b = st;
    int own = b->princess[player];
    if (own >= SW_PRINCESSES)
        return 0;
    if (b->phase == SW_PH_MOVE && move < SW_SPACES)
        return sw_easy_space(c, b, player, (int)move);
    if (b->phase != SW_PH_TAKE && b->phase != SW_PH_TRADE)
        return 0;
    if (move >= SW_M_TAKE && move < SW_M_SWAP)
        return 50 + sw_easy_exchange(own, -1, b->wheel[move - SW_M_TAKE] - 1);
    if (move >= SW_M_SWAP && move < SW_M_TRADE) {
        unsigned k = move - SW_M_SWAP;
        return 10 + sw_easy_exchange(own, (int)(k / SW_SLOTS), b->wheel[k % SW_SLOTS] - 1);
    }
    if (move >= SW_M_TRADE && move < SW_M_PASS) {
        unsigned k = move - SW_M_TRADE, give = k / 16, with = k / 4 % 4;
        /* Handing a rival her own princess's wish brings her nearer the castle. */
        return sw_easy_exchange(own, (int)give, (int)(k % 4)) - (give == with ? 50 : 0);
    }
    return 0;
}
