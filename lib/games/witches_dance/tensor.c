/* Witches' Dance: the observation tensor, slot by slot as the table in
 * docs/rules/witches_dance.md names them. Counts are plain numbers, the rest
 * 0/1 flags. */
#include <string.h>

#include "witches_dance.h"

#include "core/tensor_write.h"

/* Slots per circle space: occupied, the colour the viewer knows (one flag
 * per colour), and one flag per player who knows it. */
static size_t wd_space_slots(const wd_config *cfg)
{
    return 1 + WD_COLOURS + (size_t)cfg->players;
}

/* Once, in the float build: the bytes' writer has the same size. */
#ifndef TG_TENSOR_BYTES
size_t wd_tensor_size(const void *vcfg)
{
    const wd_config *cfg = vcfg;
    return WD_PHASE_COUNT + (size_t)cfg->players + 6 + WD_SPACES +
           WD_SPACES * wd_space_slots(cfg) + WD_COLOURS + WD_COLOURS * WD_COLOURS + WD_COLOURS;
}
#endif

/* The vector comes zeroed, so only the ones and the counts are written.
 * Every byte of the block is read into a local before the stores: a store
 * (a float, or in tensor_bytes.c's build a byte) may alias a uint8_t (a
 * char type), so the compiler would otherwise
 * read the block again after each one. This writer runs on every decision
 * of a batched learning loop (issue 34). */
void TGT_WRITER(wd_tensor)(const void *vcfg, const void *st, int viewer, tgT_value *out)
{
    const wd_config *cfg = vcfg;
    const wd_block *b = st;
    const int players = cfg->players;
    const size_t space_slots = wd_space_slots(cfg);
    const int phase = b->phase;
    const int player = b->player, die = b->die, selected = b->selected;
    tgT_value *t = out;
    t = tgT_one_hot(t, phase, WD_PHASE_COUNT);
    t = tgT_one_hot(t, phase != WD_PHASE_OVER ? player : -1, players);
    t = tgT_one_hot(t, die - 1, 6);
    t = tgT_one_hot(t, phase == WD_PHASE_TAKEOFF ? selected : -1, WD_SPACES);
    /* Which hats the viewer knows: one bit of known[] (a player), the
     * public bit, or every hat (the referee). */
    const unsigned see = viewer >= 0 && viewer < WD_MAX_PLAYERS ? 1u << viewer
                         : viewer == TG_VIEW_PUBLIC             ? WD_KNOWN_PUBLIC
                                                                : 0u;
    /* Only the occupied spaces, from the block's bit set of them. */
    uint64_t occupied = 0;
    for (int i = 0; i < WD_OCC_BYTES; i++)
        occupied |= (uint64_t)b->occupied[i] << (8 * i);
    const unsigned player_bits = (1u << players) - 1u;
    for (; occupied; occupied &= occupied - 1) {
        const int s = __builtin_ctzll(occupied);
        const unsigned w = b->circle[s], known = b->known[s];
        tgT_value *r = t + (size_t)s * space_slots;
        r[0] = 1;
        if (see == 0 || (known & see))
            r[w] = 1;
        for (unsigned k = known & player_bits; k; k &= k - 1)
            r[1 + WD_COLOURS + __builtin_ctz(k)] = 1;
    }
    t += WD_SPACES * space_slots;
    const unsigned neutral = b->neutral, in_play = (unsigned)cfg->player_colours | neutral;
    uint8_t start[WD_COLOURS], strip[WD_COLOURS * WD_COLOURS];
    memcpy(start, b->start, sizeof start);
    memcpy(strip, b->strip, sizeof strip);
    for (int c = 0; c < WD_COLOURS; c++)
        if ((in_play >> c) & 1u)
            t[c] = (tgT_value)start[c];
    t += WD_COLOURS;
    for (int i = 0; i < WD_COLOURS * WD_COLOURS; i++)
        t[i] = (tgT_value)strip[i];
    t += WD_COLOURS * WD_COLOURS;
    for (int c = 0; c < WD_COLOURS; c++)
        if ((neutral >> c) & 1u)
            t[c] = 1;
}
