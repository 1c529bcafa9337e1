/* Kalmorda's flight: to the next free cauldron space, catching the pawns
 * she flies over (they miss a turn in the Cave of Eternal Darkness). */
#include <string.h>

#include "creepy_cauldron.h"

_Static_assert(CC_SPACES == 32, "pawn occupancy is a 32-bit mask turned around the ring");

static int cc_pawn_on(const cc_config *cfg, const cc_pos *pos, unsigned s)
{
    for (unsigned p = 0; p < cfg->players; p++)
        if (pos->pawn[p] == s)
            return 1;
    return 0;
}

static int cc_safe_on_key(const cc_config *cfg, unsigned p, unsigned s)
{
    if (cfg->kind[s] != CC_SP_KEY)
        return 0;
    return cfg->keysafe == CC_SAFE_ANY || cfg->cell[s] == cfg->colour[p];
}

/* cave=cell: back to the own key space, else the own padlock, else stay. */
static unsigned cc_cave_exit(const cc_config *cfg, const cc_pos *pos, unsigned p)
{
    unsigned colour = cfg->colour[p], here = pos->pawn[p];
    if (cfg->cave != CC_CAVE_CELL)
        return here;
    if (!cc_pawn_on(cfg, pos, cfg->key_space[colour]))
        return cfg->key_space[colour];
    if (!cc_pawn_on(cfg, pos, cfg->padlock[colour]))
        return cfg->padlock[colour];
    return here;
}

static void cc_catch(const cc_config *cfg, cc_pos *pos, unsigned p)
{
    unsigned s = pos->pawn[p];
    if (cc_safe_on_key(cfg, p, s))
        return;
    if (pos->flags[p] & CC_FL_INVISIBLE) {
        if (cfg->invisible == CC_INV_HIDE)
            return;
        pos->flags[p] &= (uint8_t)~CC_FL_INVISIBLE;
        cc_event(pos, CC_EV_APPEAR, p, CC_CAUSE_WITCH, 0);
        if (cfg->invisible == CC_INV_REVEAL)
            return;
    }
    pos->flags[p] |= CC_FL_MISS;
    if (pos->key_player == p) {
        pos->key_player = CC_NONE;
        pos->key_space = (uint8_t)s;
        cc_event(pos, CC_EV_KEY_DROP, p, s, 0);
    }
    unsigned to = cc_cave_exit(cfg, pos, p);
    pos->pawn[p] = (uint8_t)to;
    cc_event(pos, CC_EV_CAVE, p, s, to);
}

_Static_assert(CC_MAX_PLAYERS == 4, "the pawns' spaces are read as one 32-bit word");

/* Bit 8p + 7 set: pawn p stands on space s (s < CC_SPACES, so an absent
 * seat's CC_NONE and the winner's CC_OUT never match). The four bytes are
 * compared at once, with no branch on whose pawn it is: which pawn the
 * witch flies over changes from flight to flight, and the loop over the
 * seats this replaces mispredicted about once a catching flight. */
static uint32_t cc_pawns_on(const cc_pos *pos, unsigned s)
{
    uint32_t v;
    memcpy(&v, pos->pawn, sizeof v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap32(v); /* seat 0 in the low byte */
#endif
    v ^= s * 0x01010101u;
    /* A byte's top bit: set exactly when the byte is zero (no carry
     * leaves a byte: each is at most 0x7f + 0x7f). */
    return ~(((v & 0x7f7f7f7fu) + 0x7f7f7f7fu) | v | 0x7f7f7f7fu);
}

/* The pawns she flew over (over: bit i for space first + i), caught in
 * flight order; out of line, as only some flights pass a pawn and the
 * common flight then needs no frame. Gathered first, so a pawn sent back
 * to its cell ahead of her is not caught twice. */
static CC_NOINLINE void cc_witch_catches(const cc_config *cfg, cc_pos *pos, unsigned first,
                                         uint32_t over)
{
    uint8_t caught[CC_MAX_PLAYERS];
    unsigned n = 0;
    for (; over; over &= over - 1) {
        unsigned s = (first + (unsigned)__builtin_ctz(over)) % CC_SPACES;
        for (uint32_t on = cc_pawns_on(pos, s); on; on &= on - 1)
            caught[n++] = (uint8_t)(__builtin_ctz(on) / 8);
    }
    for (unsigned i = 0; i < n; i++)
        cc_catch(cfg, pos, caught[i]);
}

/* The witch's face: Kalmorda flies, then the turn passes. Reached by a
 * jump from the die (cc_roll()); ends at a die or the roller, a chance
 * point whoever is next. */
int cc_die_witch(const cc_config *cfg, cc_pos *pos)
{
    unsigned from = pos->witch;
    /* validate() keeps absent players off the board (CC_NONE), so every
     * seat's entry can be read. */
    uint32_t pawns = cc_pawn_mask(cfg, pos);
    /* The next cauldron space without a pawn; four pawns cannot fill twelve. */
    unsigned first = (from + 1) % CC_SPACES;
    unsigned to = cc_first_from(cfg->cauldron_mask & ~pawns, first);
    pos->witch = (uint8_t)to;
    cc_event(pos, CC_EV_WITCH, from, to, 0);
    /* The pawns on the spaces she flies over (after from, before to). */
    unsigned len = (to + CC_SPACES - first) % CC_SPACES;
    uint32_t over = cc_rotr(pawns, first) & (((uint32_t)1 << len) - 1);
    if (over)
        cc_witch_catches(cfg, pos, first, over);
    cc_end_turn(cfg, pos);
    return TG_PLAYER_CHANCE;
}
