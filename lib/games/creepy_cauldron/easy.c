/* The easy bot's rule of thumb (documented under "Computer players (easy)"
 * in docs/rules/creepy_cauldron.md): everything revolves around the three
 * creatures of the own spell book. Nothing is hidden in this game, so the
 * position it reads is the true one. */
#include "creepy_cauldron.h"

static int cc_easy_in_book(const cc_config *cfg, unsigned player, unsigned kind)
{
    const uint8_t *book = cfg->book[cfg->colour[player]];
    return book[0] == kind || book[1] == kind || book[2] == kind;
}

/* A book kind the player lacks that the cauldron still holds. */
static int cc_easy_worth_fishing(const cc_config *cfg, const cc_pos *pos, unsigned p)
{
    for (unsigned i = 0; i < CC_BOOK; i++) {
        unsigned k = cfg->book[cfg->colour[p]][i];
        if (!pos->held[p][k] && pos->cauldron[k])
            return 1;
    }
    return 0;
}

/* A book kind the player lacks that an opponent holds: worth thieving. */
static int cc_easy_worth_stealing(const cc_config *cfg, const cc_pos *pos, unsigned p)
{
    for (unsigned i = 0; i < CC_BOOK; i++) {
        unsigned k = cfg->book[cfg->colour[p]][i];
        if (pos->held[p][k])
            continue;
        for (unsigned q = 0; q < cfg->players; q++)
            if (q != p && pos->held[q][k])
                return 1;
    }
    return 0;
}

/* Keeping a missing book kind matters most, a spare copy little, a kind
 * outside the book not at all; a kind the victim needs is worth denying. */
static int cc_easy_steal(const cc_config *cfg, const cc_pos *pos, unsigned p, unsigned victim,
                         unsigned k)
{
    int score = 10;
    if (cc_easy_in_book(cfg, p, k))
        score = pos->held[p][k] ? 20 : 40;
    return score + (cc_easy_in_book(cfg, victim, k) ? 5 : 0);
}

static int cc_easy_return(const cc_config *cfg, const cc_pos *pos, unsigned p, unsigned k)
{
    if (!cc_easy_in_book(cfg, p, k))
        return 20;
    return pos->held[p][k] > 1 ? 10 : 0;
}

int cc_easy_score(const void *cfgv, const void *st, int player, tg_move move)
{
    const cc_config *cfg = cfgv;
    const cc_pos *pos = st;
    unsigned p = (unsigned)player;
    switch (move) {
    case CC_M_FISH:
        /* Another attempt risks the frog; only worth it for a needed creature. */
        return cc_easy_worth_fishing(cfg, pos, p) ? 10 : 0;
    case CC_M_PASS:
        return 5;
    case CC_M_VANISH:
        /* Invisible pawns cannot fish but rob the cells they pass through. */
        return cc_easy_worth_stealing(cfg, pos, p) && !cc_easy_worth_fishing(cfg, pos, p) ? 10
                                                                                        : 0;
    case CC_M_STAY:
        return 5;
    case CC_M_NOSTEAL:
        return 0;
    case CC_M_TAKE_KEY:
        /* The key is the way out; leaving it only helps the others. */
        return 10;
    case CC_M_LEAVE_KEY:
        return 0;
    default:
        break;
    }
    if (move >= CC_M_RETURN && move < CC_M_RETURN + CC_KINDS)
        return cc_easy_return(cfg, pos, p, move - CC_M_RETURN);
    if (move >= CC_M_STEAL && move < CC_M_STEAL + CC_KINDS) {
        return cc_easy_steal(cfg, pos, p, cc_first_victim(pos), move - CC_M_STEAL);
    }
    return 0;
}
