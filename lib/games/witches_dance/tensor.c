/* Witches' Dance: the observation tensor, slot by slot as the table in
 * docs/rules/witches_dance.md names them. Counts are plain numbers, the rest
 * 0/1 flags. */
#include "witches_dance.h"

#include "core/tensor_write.h"

/* Slots per circle space: occupied, the colour the viewer knows (one flag
 * per colour), and one flag per player who knows it. */
static size_t wd_space_slots(const wd_config *cfg)
{
    return 1 + WD_COLOURS + (size_t)cfg->players;
}

size_t wd_tensor_size(const void *vcfg)
{
    const wd_config *cfg = vcfg;
    return WD_PHASE_COUNT + (size_t)cfg->players + 6 + WD_SPACES +
           WD_SPACES * wd_space_slots(cfg) + WD_COLOURS + WD_COLOURS * WD_COLOURS + WD_COLOURS;
}

void wd_tensor(const void *vcfg, const void *st, int viewer, float *out)
{
    const wd_config *cfg = vcfg;
    const wd_block *b = st;
    float *t = out;
    t = tgT_one_hot(t, b->phase, WD_PHASE_COUNT);
    t = tgT_one_hot(t, b->phase != WD_PHASE_OVER ? b->player : -1, cfg->players);
    t = tgT_one_hot(t, b->die - 1, 6);
    t = tgT_one_hot(t, b->phase == WD_PHASE_TAKEOFF ? b->selected : -1, WD_SPACES);
    for (int s = 0; s < WD_SPACES; s++, t += wd_space_slots(cfg)) {
        if (!b->circle[s])
            continue;
        t[0] = 1.0f;
        if (wd_knows(b, viewer, s))
            t[b->circle[s]] = 1.0f;
        for (int p = 0; p < cfg->players; p++)
            t[1 + WD_COLOURS + p] = (float)((b->known[s] >> p) & 1u);
    }
    uint8_t in_play = (uint8_t)(cfg->player_colours | b->neutral);
    for (int c = 0; c < WD_COLOURS; c++)
        t[c] = (in_play >> c) & 1u ? (float)b->start[c] : 0.0f;
    t += WD_COLOURS;
    for (int k = 0; k < WD_COLOURS; k++)
        for (int c = 0; c < WD_COLOURS; c++)
            *t++ = (float)b->strip[k][c];
    for (int c = 0; c < WD_COLOURS; c++)
        t[c] = (float)((b->neutral >> c) & 1u);
}
