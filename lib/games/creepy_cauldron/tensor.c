/* Creepy Cauldron: the observation tensor, slot by slot as the table in
 * docs/rules/creepy_cauldron.md names them. Nothing is hidden, so every
 * viewer gets the same tensor. Counts are plain numbers, the rest 0/1 flags. */
#include "creepy_cauldron.h"

#include "core/tensor_write.h"

/* Per pawn: its space (one flag per space, none once out), invisible,
 * miss a turn, under the frog, carries the key, creatures held per kind. */
#define CC_PAWN_SLOTS (CC_SPACES + 4 + CC_KINDS)

/* Once, in the float build: the bytes' writer has the same size. */
#ifndef TG_TENSOR_BYTES
size_t cc_tensor_size(const void *cfgv)
{
    const cc_config *cfg = cfgv;
    size_t n = cfg->players;
    return CC_PH_COUNT + n + n * CC_PAWN_SLOTS + CC_SPACES + CC_SPACES + 1 + CC_KINDS + 1 +
           n + n;
}
#endif

void TGT_WRITER(cc_tensor)(const void *cfgv, const void *st, int viewer, tgT_value *out)
{
    (void)viewer;
    const cc_config *cfg = cfgv;
    const cc_pos *pos = st;
    unsigned n = cfg->players;
    tgT_value *t = out;
    t = tgT_one_hot(t, pos->phase, CC_PH_COUNT);
    t = tgT_one_hot(t, pos->turn, n);
    for (unsigned p = 0; p < n; p++, t += CC_PAWN_SLOTS) {
        tgT_one_hot(t, pos->pawn[p], CC_SPACES);
        t[CC_SPACES] = (tgT_value)((pos->flags[p] & CC_FL_INVISIBLE) != 0);
        t[CC_SPACES + 1] = (tgT_value)((pos->flags[p] & CC_FL_MISS) != 0);
        t[CC_SPACES + 2] = (tgT_value)(pos->frog == p);
        t[CC_SPACES + 3] = (tgT_value)(pos->key_player == p);
        for (unsigned k = 0; k < CC_KINDS; k++)
            t[CC_SPACES + 4 + k] = (tgT_value)pos->held[p][k];
    }
    t = tgT_one_hot(t, pos->witch, CC_SPACES);
    /* The key on a space, or (no carrier either) in the handle. */
    t = tgT_one_hot(t, pos->key_player == CC_NONE ? pos->key_space : CC_NONE, CC_SPACES);
    *t++ = (tgT_value)(pos->key_player == CC_NONE && pos->key_space == CC_NONE);
    for (unsigned k = 0; k < CC_KINDS; k++)
        *t++ = (tgT_value)pos->cauldron[k];
    *t++ = (tgT_value)pos->attempts;
    if (pos->phase == CC_PH_STEAL)
        for (unsigned v = 0; v < n; v++)
            if (pos->thefts & (1u << v)) {
                t[v] = 1;
                break;
            }
    t += n;
    tgT_one_hot(t, pos->winner, n);
}
