/* Witches' Dance: redraw what a player cannot know. In the circle the
 * player sees anonymous hats. With full memory the player keeps the colour
 * of every hat the knowledge marks say she knows; with the last decision's
 * memory (the 1.1 behaviour, a bot's "memory=last") only the hats that
 * decision showed her (an entering witch, a pushed witch, her own peek).
 * Every other hat's colour is shuffled among those hats, which keeps each
 * colour's count in the circle (public: start areas and strips show the
 * rest), the only constraint on them. A uniform shuffle of the list is
 * uniform over the distinct colourings too, since each colouring arises
 * from equally many orders. */
#include "boardgames/bot.h"
#include "witches_dance.h"

/* The hats the last decision's events showed player. */
static void wd_pin_last(const wd_config *cfg, const wd_block *b, int player, uint8_t *pinned)
{
    for (int i = 0; i < b->ev_count && i < WD_MAX_EVENTS; i++) {
        const uint8_t *e = b->ev[i];
        if (e[0] == WD_EV_ENTER)
            pinned[e[2]] = 1;
        else if (e[0] == WD_EV_PUSH)
            pinned[wd_push_target(cfg, e[1], e[2])] = 1;
        else if (e[0] == WD_EV_PEEK && player == b->actor)
            pinned[e[1]] = 1;
    }
}

void wd_resample(const void *vcfg, void *st, int player, int memory, tg_rng *rng)
{
    const wd_config *cfg = vcfg;
    wd_block *b = st;
    uint8_t pinned[WD_SPACES] = {0};
    if (memory == TG_BOT_MEMORY_LAST)
        wd_pin_last(cfg, b, player, pinned);
    else
        for (int s = 0; s < WD_SPACES; s++)
            pinned[s] = (uint8_t)((b->known[s] >> player) & 1u);
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
    /* A forgetful player no longer knows what she forgot, and neither
     * does the table as she pictures it; other players keep their marks,
     * which name the colour now there. */
    uint8_t forgot = (uint8_t)(memory == TG_BOT_MEMORY_LAST
                                   ? (1u << player) | WD_KNOWN_PUBLIC : 0u);
    for (uint32_t i = 0; i < n; i++) {
        b->circle[spaces[i]] = colours[i];
        b->known[spaces[i]] &= (uint8_t)~forgot;
    }
    /* Someone else's peek keeps naming the colour now on its space. */
    for (int i = 0; i < b->ev_count && i < WD_MAX_EVENTS; i++)
        if (b->ev[i][0] == WD_EV_PEEK)
            b->ev[i][2] = (uint8_t)(b->circle[b->ev[i][1]] - 1);
}
