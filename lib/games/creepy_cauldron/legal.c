/* Creepy Cauldron: the legal moves of every phase of the turn, as a list
 * and one move at a time; both read the same few fields so they agree. */
#include <string.h>

#include "creepy_cauldron.h"

/* Each decision's list is the kinds a player holds (which creature goes
 * back, what to take from the victim), then a run of fixed ids: the two
 * answers of a yes/no question, or "take nothing". Read from a table, so
 * that which question it is costs no branch; the question changes with
 * almost every decision. */
typedef struct cc_choice {
    uint8_t kinds;     /* id of the first kind, or 0: no kinds listed */
    uint8_t fixed;     /* the first fixed id */
    uint8_t nfixed;    /* how many fixed ids follow it */
} cc_choice;

_Static_assert(CC_M_PASS == CC_M_FISH + 1 && CC_M_STAY == CC_M_VANISH + 1 &&
                   CC_M_LEAVE_KEY == CC_M_TAKE_KEY + 1,
               "each yes/no question's answers are a run of two ids");

static const cc_choice cc_choices[CC_PH_COUNT] = {
    [CC_PH_AGAIN] = {0, CC_M_FISH, 2},
    [CC_PH_VANISH] = {0, CC_M_VANISH, 2},
    [CC_PH_PICKUP] = {0, CC_M_TAKE_KEY, 2},
    [CC_PH_RETURN] = {CC_M_RETURN, 0, 0},
    [CC_PH_STEAL] = {CC_M_STEAL, CC_M_NOSTEAL, 1},
};

/* Whose objects a decision of this phase lists: the victim's when stealing
 * (a select, not a branch). */
static const uint8_t *cc_choice_held(const cc_pos *pos)
{
    unsigned victim = cc_first_victim(pos), who = pos->turn;
    who = pos->phase == CC_PH_STEAL ? victim : who;
    return pos->held[who];
}

/* A chance point's list is its outcomes; kept out of line so that the
 * decisions' path below needs no frame for the weights. */
static CC_NOINLINE size_t cc_chance_list(const void *cfgv, const void *st, tg_move *out)
{
    uint32_t weights[CC_FACES + CC_KINDS];
    return cc_chance(cfgv, st, out, weights);
}

size_t cc_legal_moves(const void *cfgv, const void *st, tg_move *out)
{
    const cc_pos *pos = st;
    if (pos->phase <= CC_PH_FISH)
        return cc_chance_list(cfgv, st, out);
    if (pos->phase >= CC_PH_COUNT) /* validate() keeps this from happening */
        return 0;
    const cc_choice c = cc_choices[pos->phase];
    const uint8_t *held = cc_choice_held(pos);
    uint8_t h[CC_KINDS];
    memcpy(h, held, sizeof h);
    tg_move base = c.kinds;
    size_t listed = c.kinds != 0, n = 0;
    /* Each slot is written and kept only when it counts: at most
     * CC_KINDS + 2 entries are written, within the list's limit (cc_limits). */
    for (unsigned k = 0; k < CC_KINDS; k++) {
        out[n] = base + k;
        n += listed & (h[k] != 0);
    }
    out[n] = c.fixed;
    out[n + 1] = (tg_move)(c.fixed + 1);
    return n + c.nfixed;
}

/* The same answers as legal_moves(), without writing the list. */
int cc_is_legal(const void *cfgv, const void *st, tg_move move)
{
    const cc_config *cfg = cfgv;
    const cc_pos *pos = st;
    unsigned p = pos->turn;
    switch (pos->phase) {
    case CC_PH_DIE:
        return move < CC_M_DIE + CC_FACES;
    case CC_PH_ROLLER:
        return move == CC_M_KEY || (move == CC_M_NOKEY && cfg->roller > 1);
    case CC_PH_FISH:
        if (move == CC_M_SNAP)
            return cfg->snap[p] > 0;
        if (move == CC_M_NOTHING)
            return cfg->empty > 0 && cfg->snap[p] < CC_SNAP_SCALE;
        return move >= CC_M_CATCH && move < CC_M_CATCH + CC_KINDS &&
               cfg->snap[p] < CC_SNAP_SCALE && pos->cauldron[move - CC_M_CATCH] > 0;
    case CC_PH_AGAIN:
    case CC_PH_VANISH:
    case CC_PH_PICKUP:
    case CC_PH_RETURN:
    case CC_PH_STEAL: {
        /* The table legal_moves() lists from, asked the other way round. */
        const cc_choice *c = &cc_choices[pos->phase];
        tg_move kind = move - c->kinds, fixed = move - c->fixed;
        unsigned listed = (c->kinds != 0) & (kind < CC_KINDS);
        return (int)((listed & (cc_choice_held(pos)[kind % CC_KINDS] > 0)) | (fixed < c->nfixed));
    }
    default:
        return 0;
    }
}
