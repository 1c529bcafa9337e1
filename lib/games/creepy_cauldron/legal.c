/* Creepy Cauldron: the legal moves of every phase of the turn, as a list
 * and one move at a time; both read the same few fields so they agree. */
#include "creepy_cauldron.h"

size_t cc_legal_moves(const void *cfgv, const void *st, tg_move *out)
{
    const cc_pos *pos = st;
    size_t n = 0;
    unsigned p = pos->turn;
    switch (pos->phase) {
    case CC_PH_DIE:
    case CC_PH_ROLLER:
    case CC_PH_FISH: {
        uint32_t weights[CC_FACES + CC_KINDS];
        return cc_chance(cfgv, st, out, weights);
    }
    case CC_PH_AGAIN:
        out[n++] = CC_M_FISH;
        out[n++] = CC_M_PASS;
        break;
    case CC_PH_VANISH:
        out[n++] = CC_M_VANISH;
        out[n++] = CC_M_STAY;
        break;
    case CC_PH_PICKUP:
        out[n++] = CC_M_TAKE_KEY;
        out[n++] = CC_M_LEAVE_KEY;
        break;
    case CC_PH_RETURN:
        for (unsigned k = 0; k < CC_KINDS; k++)
            if (pos->held[p][k])
                out[n++] = CC_M_RETURN + k;
        break;
    case CC_PH_STEAL: {
        unsigned v = cc_first_victim(pos);
        for (unsigned k = 0; k < CC_KINDS; k++)
            if (pos->held[v][k])
                out[n++] = CC_M_STEAL + k;
        out[n++] = CC_M_NOSTEAL;
        break;
    }
    default:
        break;
    }
    return n;
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
        return move == CC_M_FISH || move == CC_M_PASS;
    case CC_PH_VANISH:
        return move == CC_M_VANISH || move == CC_M_STAY;
    case CC_PH_PICKUP:
        return move == CC_M_TAKE_KEY || move == CC_M_LEAVE_KEY;
    case CC_PH_RETURN:
        return move >= CC_M_RETURN && move < CC_M_RETURN + CC_KINDS &&
               pos->held[p][move - CC_M_RETURN] > 0;
    case CC_PH_STEAL:
        if (move == CC_M_NOSTEAL)
            return 1;
        return move >= CC_M_STEAL && move < CC_M_STEAL + CC_KINDS &&
               pos->held[cc_first_victim(pos)][move - CC_M_STEAL] > 0;
    default:
        return 0;
    }
}
