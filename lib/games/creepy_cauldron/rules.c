/* The turn of Creepy Cauldron as a small state machine: a chance point
 * (die, roller or fishing attempt) or one of the player's small choices,
 * until the turn passes on (which moves are legal: legal.c). Nothing here
 * allocates. */
#include <string.h>

#include "core/playout_loop.h"
#include "creepy_cauldron.h"

_Static_assert(CC_M_DIE == 0 && CC_FACES == 6, "the die's outcome table in cc_chance");

void cc_init(const void *cfgv, void *st)
{
    const cc_config *cfg = cfgv;
    cc_pos *pos = st;
    memset(pos, 0, sizeof *pos);
    memset(pos->pawn, CC_NONE, sizeof pos->pawn);
    for (unsigned p = 0; p < cfg->players; p++)
        pos->pawn[p] = cfg->key_space[cfg->colour[p]];
    for (unsigned k = 0; k < CC_KINDS; k++)
        pos->cauldron[k] = CC_PER_KIND;
    pos->phase = CC_PH_DIE;
    pos->frog = CC_NONE;
    pos->witch = CC_WITCH_START;
    pos->key_player = CC_NONE;
    pos->key_space = CC_NONE;
    pos->winner = CC_NONE;
}

static void cc_after_fish(const cc_config *cfg, cc_pos *pos)
{
    if (pos->attempts > 0 && cc_cauldron_total(pos) > 0)
        pos->phase = CC_PH_AGAIN;
    else
        cc_end_turn(cfg, pos);
}

/* The frog's face and a number under the frog: out of line, as the
 * witch's face (witch_flight.c), so that the die's common path, a pawn's
 * move, sets up no frame. Each ends at a die or the roller: a chance
 * point, whoever is next. */
static CC_NOINLINE int cc_die_frog(const cc_config *cfg, cc_pos *pos)
{
    if (pos->frog != CC_NONE) {
        cc_event(pos, CC_EV_UNFROG, pos->frog, 0, 0);
        pos->frog = CC_NONE;
        cc_end_turn(cfg, pos);
    } else if (cfg->nofrog == CC_NOFROG_AGAIN) {
        pos->phase = CC_PH_DIE;
    } else {
        cc_end_turn(cfg, pos);
    }
    return TG_PLAYER_CHANCE;
}

/* A number under the frog: the turn passes. */
static CC_NOINLINE int cc_die_held(const cc_config *cfg, cc_pos *pos)
{
    cc_end_turn(cfg, pos);
    return TG_PLAYER_CHANCE;
}

/* Inline in both callers: the die's own hook (cc_roll) skips apply's
 * dispatch with it. Every case ends in a tail call. */
static CC_ALWAYS_INLINE int cc_apply_die(const cc_config *cfg, cc_pos *pos, unsigned face)
{
    unsigned p = pos->turn;
    cc_event(pos, CC_EV_ROLL, p, face, 0);
    /* The two faces of one roll in six first, each a test the predictor
     * mostly gets right; asking "a number?" first is wrong one roll in three. */
    if (face > CC_FFROG)
        return cc_die_witch(cfg, pos);
    if (face == CC_FFROG)
        return cc_die_frog(cfg, pos);
    if (pos->frog == p)
        return cc_die_held(cfg, pos);
    return cc_move_pawn(cfg, pos, face + 1);
}

static CC_ALWAYS_INLINE void cc_apply_fish(const cc_config *cfg, cc_pos *pos, tg_move move)
{
    unsigned p = pos->turn;
    if (move == CC_M_NOTHING) {
        cc_event(pos, CC_EV_EMPTY, p, 0, 0);
        cc_after_fish(cfg, pos);
        return;
    }
    if (move == CC_M_SNAP) {
        cc_event(pos, CC_EV_SNAP, p, 0, 0);
        cc_event(pos, CC_EV_FROG, p, pos->frog, 0);
        pos->frog = (uint8_t)p;
        pos->attempts = 0;
        if (cc_held_total(pos, p) > 0) {
            pos->phase = CC_PH_RETURN;
            pos->after = CC_AFTER_END;
        } else {
            cc_end_turn(cfg, pos);
        }
        return;
    }
    /* A fifth object must go back at once: the holder picks which
     * (CC_PH_RETURN). The totals after the catch are read before its two
     * byte stores: four counts read at once just after one of them is
     * stored wait for the store to reach the cache (a narrower store does
     * not forward to a wider load), a fifth of a fishing attempt's time
     * in perf's samples. */
    unsigned k = move - CC_M_CATCH;
    unsigned held = cc_held_total(pos, p) + 1, left = cc_cauldron_total(pos) - 1;
    cc_count_add(pos->cauldron, k, -1);
    cc_count_add(pos->held[p], k, 1);
    cc_event(pos, CC_EV_FISH, p, k, 0);
    if (held > CC_MAX_HELD) { /* full: the total read above */
        pos->phase = CC_PH_RETURN;
        pos->after = CC_AFTER_FISH;
    } else if (pos->attempts > 0 && left > 0) { /* cc_after_fish(), likewise */
        pos->phase = CC_PH_AGAIN;
    } else {
        cc_end_turn(cfg, pos);
    }
}

static void cc_apply_return(const cc_config *cfg, cc_pos *pos, unsigned k)
{
    unsigned p = pos->turn;
    cc_count_add(pos->held[p], k, -1);
    cc_count_add(pos->cauldron, k, 1);
    cc_event(pos, CC_EV_RETURN, p, k, 0);
    unsigned after = pos->after;
    pos->after = CC_AFTER_END;
    /* cc_after_fish() without its cauldron total, read just after the
     * store above: the cauldron holds at least the one just returned. */
    if (after == CC_AFTER_FISH && pos->attempts > 0)
        pos->phase = CC_PH_AGAIN;
    else if (after == CC_AFTER_STEAL)
        cc_next_theft(cfg, pos);
    else
        cc_end_turn(cfg, pos);
}

static void cc_apply_steal(const cc_config *cfg, cc_pos *pos, tg_move move)
{
    unsigned p = pos->turn, v = cc_first_victim(pos);
    pos->thefts &= (uint8_t)~(1u << v);
    if (move != CC_M_NOSTEAL) {
        unsigned k = move - CC_M_STEAL;
        unsigned held = cc_held_total(pos, p) + 1; /* before the stores, as in cc_apply_fish() */
        cc_count_add(pos->held[v], k, -1);
        cc_count_add(pos->held[p], k, 1);
        cc_event(pos, CC_EV_STEAL, p, v, k);
        if (held > CC_MAX_HELD) { /* full, as after a catch */
            pos->phase = CC_PH_RETURN;
            pos->after = CC_AFTER_STEAL;
            return;
        }
    }
    cc_next_theft(cfg, pos);
}

/* Blanks the last decision's events, so that equal positions stay equal
 * byte for byte: only the slots it used, since validate() holds every
 * block to blank unused slots. Nearly every decision leaves at most four
 * events, so those four slots are blanked in one 16-byte store and the
 * rest only when used (no 64-byte clear per decision, which WebAssembly
 * makes a call; a test of "more than two" was mispredicted one time in
 * fourteen). */
static void cc_clear_events(cc_pos *pos)
{
    unsigned n = pos->nevents;
    uint8_t(*e)[4] = pos->events;
    memset(e, 0, 4 * sizeof *e);
    if (n > 4)
        memset(e + 4, 0, (n - 4) * sizeof *e);
    pos->nevents = 0;
}

int cc_apply_turn(const void *cfgv, void *st, tg_move move)
{
    const cc_config *cfg = cfgv;
    cc_pos *pos = st;
    unsigned p = pos->turn;
    cc_clear_events(pos);
    /* The die is two decisions in three: one test that the predictor mostly
     * gets right, ahead of a jump table whose one indirect jump would change
     * its target with nearly every decision. */
    if (pos->phase == CC_PH_DIE)
        return cc_apply_die(cfg, pos, move - CC_M_DIE);
    if (pos->phase == CC_PH_FISH) {
        cc_apply_fish(cfg, pos, move);
        return cc_who(pos);
    }
    switch (pos->phase) {
    case CC_PH_ROLLER:
        if (move == CC_M_KEY) {
            pos->key_player = (uint8_t)p;
            cc_event(pos, CC_EV_KEY_RELEASE, p, 0, 0);
        } else {
            cc_event(pos, CC_EV_KEY_FAIL, p, 0, 0);
        }
        cc_end_turn(cfg, pos);
        break;
    case CC_PH_FISH:
        cc_apply_fish(cfg, pos, move);
        break;
    case CC_PH_AGAIN:
        if (move == CC_M_FISH) {
            pos->attempts--;
            pos->phase = CC_PH_FISH;
        } else {
            cc_end_turn(cfg, pos);
        }
        break;
    case CC_PH_RETURN:
        cc_apply_return(cfg, pos, move - CC_M_RETURN);
        break;
    case CC_PH_STEAL:
        cc_apply_steal(cfg, pos, move);
        break;
    case CC_PH_PICKUP:
        cc_apply_pickup(cfg, pos, move);
        break;
    case CC_PH_VANISH: {
        /* The player's answer, a coin's toss in random play, by masks: the
         * flag, and the event in the first slot (blank above) or none. */
        unsigned vanish = move == CC_M_VANISH;
        uint32_t event = cc_event_word(CC_EV_VANISH, p, 0, 0) & (0u - vanish);
        pos->flags[p] |= (uint8_t)(CC_FL_INVISIBLE * vanish);
        memcpy(pos->events[0], &event, sizeof event);
        pos->nevents = (uint8_t)vanish;
        cc_end_turn(cfg, pos);
        break;
    }
    default:
        break;
    }
    return cc_who(pos);
}

void cc_apply(const void *cfg, void *st, tg_move move)
{
    (void)cc_apply_turn(cfg, st, move);
}

int cc_current_player(const void *cfgv, const void *st)
{
    (void)cfgv;
    return cc_who(st);
}

uint32_t cc_uniform_chance(const void *cfg, const void *st, tg_move *first)
{
    (void)cfg;
    *first = CC_M_DIE;
    return ((const cc_pos *)st)->phase == CC_PH_DIE ? CC_FACES : 0;
}

size_t cc_chance(const void *cfgv, const void *st, tg_move *out, uint32_t *weights)
{
    const cc_config *cfg = cfgv;
    const cc_pos *pos = st;
    size_t n = 0;
    if (pos->phase == CC_PH_DIE) {
        static const tg_move faces[CC_FACES] = {0, 1, 2, 3, 4, 5};
        static const uint32_t ones[CC_FACES] = {1, 1, 1, 1, 1, 1};
        memcpy(out, faces, sizeof faces);
        memcpy(weights, ones, sizeof ones);
        return CC_FACES;
    } else if (pos->phase == CC_PH_ROLLER) {
        out[n] = CC_M_KEY;
        weights[n++] = 1;
        if (cfg->roller > 1) {
            out[n] = CC_M_NOKEY;
            weights[n++] = cfg->roller - 1u;
        }
    } else if (pos->phase == CC_PH_FISH) {
        /* P(snap) = s/SCALE; P(nothing) = (1 - s/SCALE) * e/SCALE;
         * P(kind k) = (1 - s/SCALE) * (1 - e/SCALE) * count_k / total.
         * With e = 0 the weights are those of release 1.1, so its games
         * draw the same outcomes. The largest weight, SCALE^2 * 16, fits. */
        uint32_t s = cfg->snap[pos->turn], e = cfg->empty, total = cc_cauldron_total(pos);
        uint32_t scale = e ? CC_SNAP_SCALE : 1, keep = e ? CC_SNAP_SCALE - e : 1;
        if (s > 0) {
            out[n] = CC_M_SNAP;
            weights[n++] = s * total * scale;
        }
        if (s < CC_SNAP_SCALE) {
            /* Kinds the cauldron has run out of are not outcomes; each
             * slot is written and kept only when it counts (no branch: what
             * is left varies from one attempt to the next), within the
             * 2 + CC_KINDS entries cc_limits allows. */
            for (unsigned k = 0; k < CC_KINDS; k++) {
                out[n] = CC_M_CATCH + k;
                weights[n] = (CC_SNAP_SCALE - s) * keep * pos->cauldron[k];
                n += pos->cauldron[k] != 0;
            }
            if (e > 0) {
                out[n] = CC_M_NOTHING;
                weights[n++] = (CC_SNAP_SCALE - s) * e * total;
            }
        }
    }
    return n;
}

void cc_fish_weights(cc_config *cfg)
{
    /* cc_chance()'s weights at a fishing attempt, each a multiple of the
     * creatures in the cauldron: per creature, the handle's share, one
     * creature's own, and the share of nothing. */
    uint32_t e = cfg->empty, keep = e ? CC_SNAP_SCALE - e : 1;
    for (unsigned p = 0; p < CC_MAX_PLAYERS; p++) {
        uint32_t s = cfg->snap[p], rest = s < CC_SNAP_SCALE ? CC_SNAP_SCALE - s : 0;
        cfg->fish_snap[p] = s * (e ? CC_SNAP_SCALE : 1);
        cfg->fish_unit[p] = rest * keep;
        cfg->fish_all[p] = cfg->fish_snap[p] + cfg->fish_unit[p] + rest * e;
        cfg->fish_inverse[p] = cfg->fish_unit[p] > 1 ? UINT64_MAX / cfg->fish_unit[p] + 1 : 0;
    }
}

/* A draw's whole total fits 32 bits (16 creatures times at most
 * CC_SNAP_SCALE^2), so cc_fish_pick()'s numbers do, as cc_div_unit() needs. */
_Static_assert((uint64_t)CC_KINDS * CC_PER_KIND * CC_SNAP_SCALE * CC_SNAP_SCALE <= UINT32_MAX,
               "a fishing attempt's total fits 32 bits");

/* floor(n / d) for n < 2^32 and d >= 2, with inverse = floor(2^64 / d) + 1:
 * the top 64 bits of n * inverse (exact for every such n and d: Lemire,
 * Kaser and Kurz, "Faster remainder by direct computation", 2019). */
static inline uint64_t cc_div_unit(uint64_t n, uint64_t inverse)
{
#if defined(__SIZEOF_INT128__)
    return (uint64_t)(((unsigned __int128)n * inverse) >> 64);
#else
    /* The same product in 32-bit halves; no sum overflows, as n < 2^32. */
    uint64_t low = ((inverse & 0xFFFFFFFFu) * n) >> 32;
    return ((inverse >> 32) * n + low) >> 32;
#endif
}

/* The sum of cc_chance()'s weights at the roller and at a fishing attempt
 * (the die is uniform_chance()'s): the same terms, added up. */
uint64_t cc_chance_total(const void *cfgv, const void *st)
{
    const cc_config *cfg = cfgv;
    const cc_pos *pos = st;
    if (pos->phase == CC_PH_ROLLER)
        return cfg->roller;
    if (pos->phase != CC_PH_FISH)
        return 0;
    return (uint64_t)cc_cauldron_total(pos) * cfg->fish_all[pos->turn];
}

/* The outcome of a fishing attempt's list that r (below its total) falls
 * on: the handle's share first, then each kind's creatures in kind order,
 * then nothing. Which kind is found from r's creature number q and the
 * running counts of the kinds, four bytes at once: kind k is the number
 * of running counts not above q (each below 128, so no byte borrows from
 * the next), counted by one multiplication. */
static CC_ALWAYS_INLINE tg_move cc_fish_pick(const cc_config *cfg, const cc_pos *pos,
                                             uint64_t r)
{
    unsigned p = pos->turn;
    uint32_t total = cc_cauldron_total(pos), unit = cfg->fish_unit[p];
    uint64_t snap = (uint64_t)total * cfg->fish_snap[p];
    if (r < snap)
        return CC_M_SNAP;
    uint64_t inverse = cfg->fish_inverse[p]; /* 0 only for a unit of 0 or 1 (the configuration) */
    uint64_t q = inverse ? cc_div_unit(r - snap, inverse) : unit ? r - snap : total;
    if (q >= total)
        return CC_M_NOTHING;
    uint32_t counts;
    memcpy(&counts, pos->cauldron, sizeof counts);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    counts = __builtin_bswap32(counts); /* kind 0 in the low byte */
#endif
    uint32_t running = counts * 0x01010101u; /* byte k: the creatures of kinds 0..k */
    uint32_t above = ((running | 0x80808080u) - (uint32_t)(q + 1) * 0x01010101u) & 0x80808080u;
    uint32_t not_above = (~above & 0x80808080u) >> 7; /* a 1 in each byte to count */
    return CC_M_CATCH + (tg_move)((not_above * 0x01010101u) >> 24);
}

/* The outcome of cc_chance()'s list that r (below cc_chance_total()) falls
 * on: the first of the list whose running sum of weights exceeds r. */
tg_move cc_chance_pick(const void *cfgv, const void *st, uint64_t r)
{
    const cc_config *cfg = cfgv;
    const cc_pos *pos = st;
    if (pos->phase == CC_PH_ROLLER)
        return r < 1 ? CC_M_KEY : CC_M_NOKEY;
    return cc_fish_pick(cfg, pos, r);
}

/* The roller or a fishing attempt drawn as cc_chance_total() and
 * cc_chance_pick() describe it (the number the core would draw), then
 * applied; out of line, so that the hook below keeps no frame and the
 * die's path none for it. A fishing attempt, the common case, is applied
 * without cc_apply_turn()'s dispatch. */
static CC_NOINLINE int cc_draw_weighted(const void *cfgv, void *st, tg_rng *rng, tg_move *drawn)
{
    const cc_config *cfg = cfgv;
    cc_pos *pos = st;
    uint64_t total = cc_chance_total(cfg, pos);
    if (total == 0)
        return TG_PLAYER_INVALID;
    uint64_t r = tgR_below_total(rng, total);
    if (pos->phase == CC_PH_FISH) {
        tg_move m = cc_fish_pick(cfg, pos, r);
        *drawn = m;
        cc_clear_events(pos);
        cc_apply_fish(cfg, pos, m);
        return cc_who(pos);
    }
    *drawn = cc_chance_pick(cfg, pos, r);
    return cc_apply_turn(cfg, st, *drawn);
}

/* The die's face applied, its events first; inline in the three callers
 * below, each of which keeps it one tail call from the move. */
static CC_ALWAYS_INLINE int cc_rolled(const cc_config *cfg, cc_pos *pos, tg_move *drawn,
                                      unsigned face)
{
    *drawn = CC_M_DIE + face;
    cc_clear_events(pos);
    return cc_apply_die(cfg, pos, face);
}

/* cc_roll()'s rare cases, each in a call of its own so that cc_roll()
 * sets up no frame: the draw's near miss (tgR_below_near()), and more
 * than four events to blank. */
static CC_NOINLINE int cc_roll_near(const cc_config *cfg, cc_pos *pos, tg_rng *rng,
                                    tg_move *drawn, uint64_t m)
{
    return cc_rolled(cfg, pos, drawn, tgR_below_near(rng, CC_FACES, m));
}

static CC_NOINLINE int cc_roll_long(const cc_config *cfg, cc_pos *pos, tg_move *drawn,
                                    unsigned face)
{
    return cc_rolled(cfg, pos, drawn, face);
}

/* The die, two decisions in three, drawn as the core's uniform_chance()
 * path draws it (tgR_below()'s two steps) and applied as cc_apply_turn()
 * applies it, without its dispatch. */
static CC_NOINLINE int cc_roll(const cc_config *cfg, cc_pos *pos, tg_rng *rng, tg_move *drawn)
{
    uint64_t m = tgR_below_draw(rng, CC_FACES);
    if (!tgR_below_settled(m, CC_FACES))
        return cc_roll_near(cfg, pos, rng, drawn, m);
    unsigned face = (unsigned)(m >> 32);
    if (pos->nevents > 4)
        return cc_roll_long(cfg, pos, drawn, face);
    *drawn = CC_M_DIE + face;
    memset(&pos->events[0][0], 0, 4 * sizeof pos->events[0]); /* cc_clear_events(), n <= 4 */
    pos->nevents = 0;
    return cc_apply_die(cfg, pos, face);
}

/* The draws of the core's own path (the die through uniform_chance(), the
 * rest through the weighted hooks), then the outcome applied. Only tail
 * calls, so no frame: each kind of chance point pays for its own. */
int cc_apply_chance_turn(const void *cfg, void *st, tg_rng *rng, tg_move *drawn)
{
    cc_pos *pos = st;
    if (pos->phase == CC_PH_DIE)
        return cc_roll(cfg, pos, rng, drawn);
    return cc_draw_weighted(cfg, st, rng, drawn);
}

/* tg_state_playout()'s loop with the calls above direct (every chance
 * point through cc_apply_chance_turn(); the table sets no die). */
TG_PLAYOUT_HOOK(cc_playout, cc_legal_moves, cc_apply_turn, cc_apply_chance_turn, 0, 0)

uint32_t cc_winners(const void *cfgv, const void *st)
{
    (void)cfgv;
    const cc_pos *pos = st;
    return pos->winner == CC_NONE ? 0u : 1u << pos->winner;
}
