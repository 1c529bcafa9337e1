/* Spinning Wishes: the observation tensor, slot by slot as the table in
 * docs/rules/spinning_wishes.md names them. Counts and the rolls are plain
 * numbers, the rest 0/1 flags. */
#include "spinning_wishes.h"

#include "core/tensor_write.h"

#define SW_PRINCESS_SLOTS (SW_PRINCESSES + SW_SPACES + SW_PRINCESSES + 1 + SW_PRINCESSES + 1 + 1)
#define SW_TOWER_SLOTS (SW_PRINCESSES + SW_PRINCESSES)

/* Once, in the float build: the bytes' writer has the same size. */
#ifndef TG_TENSOR_BYTES
size_t sw_tensor_size(const void *cfg)
{
    const sw_config *c = cfg;
    return SW_PH_COUNT + SW_PRINCESSES + 1 + SW_PRINCESSES + SW_PRINCESSES +
           (size_t)c->players * SW_PRINCESS_SLOTS + SW_ROTATIONS + SW_SLOTS * SW_PRINCESSES +
           SW_PRINCESSES * SW_TOWER_SLOTS + 1;
}
#endif

void TGT_WRITER(sw_tensor)(const void *cfg, const void *st, int viewer, tgT_value *out)
{
    const sw_config *c = cfg;
    const sw_block *b = st;
    tgT_value *t = out;
    t = tgT_one_hot(t, b->phase, SW_PH_COUNT);
    t = tgT_one_hot(t, b->cur, SW_PRINCESSES);
    *t++ = (tgT_value)b->roll;
    t = tgT_one_hot(t, b->winner - 1, SW_PRINCESSES);
    for (int p = 0; p < SW_PRINCESSES; p++)
        *t++ = (tgT_value)((b->start_pending >> p) & 1u);
    for (int p = 0; p < c->players; p++) {
        t = tgT_one_hot(t, b->princess[p], SW_PRINCESSES);
        t = tgT_one_hot(t, b->pos[p], SW_SPACES);
        for (int g = 0; g < SW_PRINCESSES; g++)
            *t++ = (tgT_value)b->hand[p][g];
        *t++ = (tgT_value)sw_own_three(b, p);
        for (int k = 0; k < SW_PRINCESSES; k++)
            *t++ = (tgT_value)((b->seen[p] >> k) & 1u);
        *t++ = (tgT_value)((b->skip >> p) & 1u);
        *t++ = (tgT_value)b->start_roll[p];
    }
    t = tgT_one_hot(t, b->rot, SW_ROTATIONS);
    for (int s = 0; s < SW_SLOTS; s++, t += SW_PRINCESSES)
        tgT_one_hot(t, b->wheel[s] - 1, SW_PRINCESSES);
    for (int k = 0; k < SW_PRINCESSES; k++, t += SW_TOWER_SLOTS) {
        if (sw_may_see(b, viewer, k))
            tgT_one_hot(t, b->present[k], SW_PRINCESSES);
        /* not_for: the princesses of the players who looked here and did
         * not win (a look under someone else's present). */
        for (int p = 0; p < c->players; p++)
            if ((b->seen[p] & (1u << k)) && b->winner != p + 1)
                tgT_one_hot(t + SW_PRINCESSES, b->princess[p], SW_PRINCESSES);
    }
    *t = (tgT_value)(b->present[0] < SW_PRINCESSES);
}
