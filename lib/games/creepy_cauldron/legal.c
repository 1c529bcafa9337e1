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

/* Bit k: the count of kind k is not zero, for the four counts at once
 * (each below 0x80: adding 0x7f sets a byte's top bit exactly when it is
 * not zero, and one multiplication gathers the four top bits). */
static unsigned cc_kinds_in(const uint8_t *counts)
{
    uint32_t v;
    memcpy(&v, counts, sizeof v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap32(v); /* kind 0 in the low byte */
#endif
    v = ((v + 0x7f7f7f7fu) & 0x80808080u) >> 7;
    return (v * 0x00204081u) >> 21 & 0xFu;
}

_Static_assert(CC_MOVE_COUNT <= 32, "a decision's legal moves are a 32-bit set");

/* A player's decision's legal moves as a set (bit id), from the table:
 * the kinds held from the first kind's id on, then the fixed ids. */
static uint32_t cc_choice_set_of(unsigned phase, unsigned kinds_held)
{
    const cc_choice c = cc_choices[phase];
    uint32_t kinds = kinds_held & (0u - (uint32_t)(c.kinds != 0));
    return kinds << c.kinds | ((1u << c.nfixed) - 1u) << c.fixed;
}

void cc_choice_tables(cc_config *cfg)
{
    /* Every phase (the chance points' and the end's sets are empty) by
     * every set of kinds held: the list and its length, so that a
     * decision's list is one copy (cc_legal_moves()). */
    for (unsigned ph = 0; ph < CC_PH_COUNT; ph++) {
        for (unsigned k = 0; k < 16; k++) {
            uint32_t set = cc_choice_set_of(ph, k);
            unsigned n = 0;
            memset(cfg->choice_list[ph][k], 0, sizeof cfg->choice_list[ph][k]);
            for (; set; set &= set - 1)
                cfg->choice_list[ph][k][n++] = (tg_move)__builtin_ctz(set);
            cfg->choice_count[ph][k] = (uint8_t)n;
            cfg->choice_set[ph][k] = cc_choice_set_of(ph, k);
        }
    }
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
    const cc_config *cfg = cfgv;
    const cc_pos *pos = st;
    if (pos->phase <= CC_PH_FISH)
        return cc_chance_list(cfgv, st, out);
    if (pos->phase >= CC_PH_COUNT) /* validate() keeps this from happening */
        return 0;
    /* The list made when the game was configured, by the kinds held:
     * always CC_CHOICE_MAX entries copied, within the list's limit. */
    unsigned k = cc_kinds_in(cc_choice_held(pos));
    memcpy(out, cfg->choice_list[pos->phase][k], sizeof cfg->choice_list[pos->phase][k]);
    return cfg->choice_count[pos->phase][k];
}

/* The same answers as legal_moves(), without writing the list. */
int cc_is_legal(const void *cfgv, const void *st, tg_move move)
{
    const cc_config *cfg = cfgv;
    const cc_pos *pos = st;
    unsigned p = pos->turn;
    /* The players' decisions first: the dice's chance points are drawn,
     * not checked, in a playout. */
    if (pos->phase > CC_PH_FISH)
        return pos->phase < CC_PH_COUNT &&
               ((cfg->choice_set[pos->phase][cc_kinds_in(cc_choice_held(pos))] >> move) & 1u);
    switch (pos->phase) {
    case CC_PH_DIE:
        return move < CC_M_DIE + CC_FACES;
    case CC_PH_ROLLER:
        return move == CC_M_KEY || (move == CC_M_NOKEY && cfg->roller > 1);
    default: /* CC_PH_FISH */
        if (move == CC_M_SNAP)
            return cfg->snap[p] > 0;
        if (move == CC_M_NOTHING)
            return cfg->empty > 0 && cfg->snap[p] < CC_SNAP_SCALE;
        return move >= CC_M_CATCH && move < CC_M_CATCH + CC_KINDS &&
               cfg->snap[p] < CC_SNAP_SCALE && pos->cauldron[move - CC_M_CATCH] > 0;
    }
}

/* is_legal() and apply_turn() in one call through the table, the players'
 * decisions checked here without a call: the core's general path makes
 * two calls and its own checks round them (about 60 instructions a
 * player's decision against about 40 for the core's apply_if_legal()).
 * The chance points, rarely applied by a caller's choice, take
 * cc_is_legal(). */
int cc_apply_if_legal(const void *cfgv, void *st, tg_move move)
{
    const cc_config *cfg = cfgv;
    const cc_pos *pos = st;
    unsigned phase = pos->phase;
    if (phase > CC_PH_FISH && phase < CC_PH_COUNT) {
        if (!((cfg->choice_set[phase][cc_kinds_in(cc_choice_held(pos))] >> move) & 1u))
            return TG_PLAYER_INVALID;
    } else if (!cc_is_legal(cfgv, st, move)) {
        return TG_PLAYER_INVALID;
    }
    return cc_apply_turn(cfgv, st, move);
}
