/* Resampling: the only hidden facts are the presents. A player knows the
 * presents she has looked under; from everyone else's looks she knows only
 * that the tower did not hold the looker's present. The redraw is uniform
 * over the deals that agree with all of that. The block has kept every look
 * since 1.0 (seen[]), so both memories keep all of it: a present does not
 * move once dealt, and a look is not forgotten. */
#include "spinning_wishes.h"

static int sw_deal_fits(const sw_block *b, const uint8_t *deal, int player, int players)
{
    for (int t = 0; t < SW_PRINCESSES; t++) {
        if ((b->seen[player] & (1u << t)) && deal[t] != b->present[t])
            return 0;
        if (b->winner && b->pos[b->winner - 1] < SW_SPACES && deal[t] != b->present[t] &&
            b->present[t] == b->princess[b->winner - 1])
            return 0;
        for (int q = 0; q < players; q++)
            if (q != player && (b->seen[q] & (1u << t)) && deal[t] == b->princess[q] &&
                b->winner != q + 1)
                return 0;
    }
    return 1;
}

void sw_resample(const void *cfg, void *st, int player, int memory, tg_rng *rng)
{
    (void)memory;
    const sw_config *c = cfg;
    sw_block *b = st;
    if (b->present[0] >= SW_PRINCESSES)
        return;
    int fits[SW_DEALS], n = 0;
    for (int k = 0; k < SW_DEALS; k++)
        if (sw_deal_fits(b, sw_deals[k], player, c->players))
            fits[n++] = k;
    if (n == 0)
        return;
    int k = fits[tgR_below(rng, (uint32_t)n)];
    for (int t = 0; t < SW_PRINCESSES; t++)
        b->present[t] = sw_deals[k][t];
    /* Keep the referee's view of the last decision true to the new deal. */
    for (int i = 0; i < b->nevents; i++) {
        sw_event *e = &b->events[i];
        if (e->type == SW_E_DEAL)
            e->a = (uint8_t)k;
        else if (e->type == SW_E_LOOK)
            e->c = b->present[e->b];
    }
}
