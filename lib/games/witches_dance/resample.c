/* Witches' Dance: redraw what a player cannot know. In the circle the
 * player sees anonymous hats; only the last decision's events pin some
 * colours down (an entering witch, a pushed witch, one's own peek). Every
 * other hat's colour is shuffled among the hats, which keeps each colour's
 * count in the circle (that count is public: start areas and strips show
 * the rest). A uniform shuffle of the list is uniform over the distinct
 * colourings too, since each colouring arises from equally many orders. */
#include "witches_dance.h"

static void wd_pin(uint8_t *pinned, int space)
{
    pinned[space] = 1;
}

void wd_resample(const void *vcfg, void *st, int player, tg_rng *rng)
{
    const wd_config *cfg = vcfg;
    wd_block *b = st;
    uint8_t pinned[WD_SPACES] = {0};
    for (int i = 0; i < b->ev_count && i < WD_MAX_EVENTS; i++) {
        const uint8_t *e = b->ev[i];
        if (e[0] == WD_EV_ENTER)
            wd_pin(pinned, e[2]);
        else if (e[0] == WD_EV_PUSH)
            wd_pin(pinned, wd_push_target(cfg, e[1], e[2]));
        else if (e[0] == WD_EV_PEEK && (player == b->actor || player == TG_VIEW_OMNISCIENT))
            wd_pin(pinned, e[1]);
    }
    uint8_t spaces[WD_SPACES], colours[WD_SPACES];
    uint32_t n = 0;
    for (int s = 0; s < WD_SPACES; s++)
        if (b->circle[s] && !pinned[s]) {
            spaces[n] = (uint8_t)s;
            colours[n++] = b->circle[s];
        }
    /* Sorting first makes the draw depend only on what the player knows
     * (which colours are hidden, not where they truly are): bots stay fair. */
    for (uint32_t i = 1; i < n; i++)
        for (uint32_t j = i; j > 0 && colours[j - 1] > colours[j]; j--) {
            uint8_t t = colours[j];
            colours[j] = colours[j - 1];
            colours[j - 1] = t;
        }
    for (uint32_t i = n; i > 1; i--) {
        uint32_t j = tgR_below(rng, i);
        uint8_t t = colours[i - 1];
        colours[i - 1] = colours[j];
        colours[j] = t;
    }
    for (uint32_t i = 0; i < n; i++)
        b->circle[spaces[i]] = colours[i];
    /* Someone else's peek keeps naming the colour now on its space. */
    for (int i = 0; i < b->ev_count && i < WD_MAX_EVENTS; i++)
        if (b->ev[i][0] == WD_EV_PEEK)
            b->ev[i][2] = (uint8_t)(b->circle[b->ev[i][1]] - 1);
}
