/* What a spin leaves in the spinner's ray. At a real table one sees which
 * holders lie in one's ray, not the wheel's angle, so with spin=ray (the
 * default) a spin's outcomes are those sets of holders, each weighted by
 * the number of the 48 equally likely stops that give it; the position
 * keeps the first such stop, so everything after the spin reads the ray
 * as before. With spin=rotation (release 1.1) the outcomes are the stops. */
#include <stdio.h>
#include <string.h>

#include "spinning_wishes.h"

#define SW_ALL_SLOTS ((1u << SW_SLOTS) - 1u)

/* The spinner's ray at each of the 48 stops (board.c's table). */
static const uint16_t *sw_rays(const sw_config *c, const sw_block *b)
{
    return c->ray[b->princess[b->cur] & (SW_PRINCESSES - 1)];
}

unsigned sw_ray_holders(const sw_config *c, const sw_block *b, int rot)
{
    return sw_rays(c, b)[rot] & sw_full_slots(b);
}

/* The mask turned so that slot f is bit 0. */
static unsigned sw_turn(unsigned mask, unsigned f)
{
    return ((mask >> f) | (mask << (SW_SLOTS - f))) & SW_ALL_SLOTS;
}

/* A ray spans at most three neighbouring slots (board.c), so the holders
 * in it start at exactly one slot f with all of them within f..f+2. */
unsigned sw_ray_code(unsigned holders)
{
    for (unsigned f = 0; holders && f < SW_SLOTS; f++) {
        unsigned t = sw_turn(holders, f);
        if ((t & 1u) && t < 8u)
            return 1u + 4u * f + (t >> 1);
    }
    return 0;
}

unsigned sw_ray_code_from(unsigned first, unsigned holders)
{
    unsigned t = sw_turn(holders, first) & 7u;
    if (!t)
        return 0;
    unsigned i = (unsigned)sw_lowest(t);
    return 1u + 4u * ((first + i) % SW_SLOTS) + (t >> (i + 1));
}

unsigned sw_ray_slots(unsigned code)
{
    if (code == 0 || code >= SW_RAY_CODES)
        return 0;
    unsigned f = (code - 1) / 4, t = 1u | ((code - 1) % 4) << 1;
    return sw_turn(t, (SW_SLOTS - f) % SW_SLOTS);
}

/* Outcome codes below 64, so a bit set lists them in order. */
_Static_assert(SW_RAY_CODES <= 64, "ray codes fit a 64-bit set");

/* The outcomes a slot at a time: a stop's outcome code names the first
 * holder f in its ray and the holders on f+1 and f+2, and a ray is a
 * window of at most three neighbouring slots, so the stops whose outcome
 * starts at f depend only on the holders on f-2..f+2; the wheel turns by a
 * slot every four stops, so that count is the same for every slot and
 * every princess: board.c counts it once (ray_stops). The result is the
 * same list as counting the 48 stops one by one; tests/games/
 * spinning_wishes/test_spins.c checks that for every wheel. No branch on
 * which slots hold holders, which changes with every spin. */
size_t sw_ray_chance(const sw_config *c, const sw_block *b, tg_move *out, uint32_t *weights)
{
    uint8_t stops[SW_RAY_CODES];
    unsigned full = sw_full_slots(b), placed = 0;
    /* Bit s + 12 (and s, s + 24): slot s, so that f-2..f+2 need no wrap. */
    uint64_t around = full | full << SW_SLOTS | (uint64_t)full << (2 * SW_SLOTS);
    uint64_t seen = 0;
    for (int f = 0; f < SW_SLOTS; f++) {
        unsigned near = (unsigned)(around >> (f + SW_SLOTS - 2)) & 31u;
        seen |= (uint64_t)c->ray_ks[near] << (1 + 4 * f);
        memcpy(stops + 1 + 4 * f, c->ray_stops[near], 4);
        placed += c->ray_placed[near];
    }
    /* Every other stop leaves no holder in the ray. */
    stops[0] = (uint8_t)(SW_ROTATIONS - placed);
    seen |= placed < SW_ROTATIONS;
    size_t n = 0;
    for (; seen; seen &= seen - 1) {
        unsigned code = (unsigned)sw_lowest(seen);
        out[n] = SW_M_RAY + code;
        weights[n++] = stops[code];
    }
    return n;
}

uint64_t sw_chance_total(const void *cfg, const void *st)
{
    const sw_config *c = cfg;
    const sw_block *b = st;
    /* Every one of the 48 stops gives one outcome, so the weights add up
     * to 48; the die and spin=rotation are uniform_chance()'s. */
    return b->phase == SW_PH_SPIN && c->spin_ray ? SW_ROTATIONS : 0;
}

/* The stops (bit r: stop r) at which princess g's ray shows the code of
 * first slot f and other bits k, near being the holders on f-2..f+2:
 * Snow White's set for slot 2 (ray_rots) turned, since her ray at stop r
 * is princess g's at r + 12g and slot s's neighbourhood at stop r is slot
 * s + 1's at r - 4. */
static inline uint64_t sw_ray_stops_at(const sw_config *c, unsigned g, unsigned f, unsigned near,
                                       unsigned k)
{
    const uint64_t all = ((uint64_t)1 << SW_ROTATIONS) - 1u;
    int turn = (int)(12 * g + 8) - (int)(4 * f);
    unsigned t = (unsigned)(turn < 0 ? turn + SW_ROTATIONS : turn);
    uint64_t set = c->ray_rots[near][k];
    return ((set << t) | (set >> (SW_ROTATIONS - t))) & all;
}

/* The holders on slots f-2..f+2 as bits 0..4 (full2: bit s and s + 12
 * for slot s, and s + 24). */
static inline unsigned sw_near(uint64_t around, unsigned f)
{
    return (unsigned)(around >> (f + SW_SLOTS - 2)) & 31u;
}

/* The first stop whose ray holds no holder, or -1: the groups come in
 * the order of their first stops. */
static int sw_ray_empty_stop(const sw_config *c, const sw_block *b, unsigned full)
{
    unsigned g = b->princess[b->cur] & (SW_PRINCESSES - 1);
    const sw_ray_group *group = c->ray_group[g];
    for (int i = 0; i < c->ray_groups[g]; i++)
        if (!(group[i].mask & full))
            return group[i].rot;
    return -1;
}

/* The outcome of sw_ray_chance()'s list that stop number r falls on: code
 * 0 (no holder) first, then the codes of each slot f in turn, found by
 * the stops of each slot's window as sw_ray_chance() counts them; *first
 * gets the first stop that gives it (what applying it keeps). */
static inline unsigned sw_ray_pick(const sw_config *c, const sw_block *b, unsigned r,
                                   int *first)
{
    unsigned full = sw_full_slots(b), left = r;
    /* full | full << 12 | full << 24 (full < 2^12: no carries), in one
     * multiplication instead of two shifts and two ors. */
    uint64_t around = (uint64_t)full * (1u | 1u << SW_SLOTS | 1u << (2 * SW_SLOTS));
    /* Bits i..i+7 of around >> 10: slots 4q-2..4q+5 for the quarter q = i / 4. */
    uint64_t quarters = around >> (SW_SLOTS - 2);
    unsigned q0 = c->ray_placed4[quarters & 255u], q1 = c->ray_placed4[(quarters >> 4) & 255u];
    unsigned placed = q0 + q1 + c->ray_placed4[(quarters >> 8) & 255u];
    if (left < SW_ROTATIONS - placed) {
        *first = sw_ray_empty_stop(c, b, full);
        return 0;
    }
    left -= SW_ROTATIONS - placed;
    /* The quarter that holds it (left < q0 + q1 + q2), without a loop
     * whose end is random; then one slot at a time. */
    unsigned past0 = left >= q0, past1 = left >= q0 + q1;
    unsigned skip = past0 ? q0 : 0;
    skip = past1 ? q0 + q1 : skip;
    left -= skip;
    unsigned f = 4 * (past0 + past1), n;
    while (left >= (n = c->ray_placed[sw_near(around, f)])) {
        left -= n;
        f++;
    }
    unsigned near = sw_near(around, f);
    const uint8_t *stops = c->ray_stops[near];
    unsigned k = 0;
    while (left >= stops[k])
        left -= stops[k++];
    unsigned g = b->princess[b->cur] & (SW_PRINCESSES - 1);
    *first = sw_lowest(sw_ray_stops_at(c, g, f, near, k));
    return 1 + 4 * f + k;
}

unsigned sw_ray_draw(const sw_config *c, const sw_block *b, unsigned r, int *first)
{
    return sw_ray_pick(c, b, r, first);
}

tg_move sw_chance_pick(const void *cfg, const void *st, uint64_t r)
{
    int first;
    return SW_M_RAY + sw_ray_pick(cfg, st, (unsigned)r, &first);
}

/* The spin drawn as the core's weighted path draws it (48 stops in all),
 * then applied with its first stop: the take phase's offer is the only
 * call, a tail call. */
int sw_spin_turn(const sw_config *c, sw_block *b, tg_rng *rng, tg_move *drawn)
{
    int first;
    *drawn = SW_M_RAY + sw_ray_pick(c, b, (unsigned)tgR_below_total(rng, SW_ROTATIONS), &first);
    sw_clear_events(b);
    return sw_spun(c, b, first);
}

/* The first stop giving a code: for code 0 the first group whose ray holds
 * no holder (the groups come in the order of their first stops); for any
 * other, the lowest of its stops (sw_ray_stops_at()). */
int sw_ray_rotation(const sw_config *c, const sw_block *b, unsigned code)
{
    unsigned g = b->princess[b->cur] & (SW_PRINCESSES - 1);
    unsigned full = sw_full_slots(b);
    if (code == 0)
        return sw_ray_empty_stop(c, b, full);
    if (code >= SW_RAY_CODES)
        return -1;
    uint64_t around = full | full << SW_SLOTS | (uint64_t)full << (2 * SW_SLOTS);
    unsigned f = (code - 1) / 4;
    uint64_t stops = sw_ray_stops_at(c, g, f, sw_near(around, f), (code - 1) % 4);
    return stops ? sw_lowest(stops) : -1;
}

/* Whether the holders of `slots` can be matched one to one with the items. */
static int sw_ray_matches(const sw_block *b, unsigned slots, const sw_ray_item *items, size_t n,
                          unsigned used)
{
    if (n == 0)
        return slots == used;
    for (int s = 0; s < SW_SLOTS; s++) {
        if (!(slots & ~used & (1u << s)))
            continue;
        if ((items->slot < 0 || items->slot == s) &&
            (items->princess < 0 || items->princess == b->wheel[s] - 1) &&
            sw_ray_matches(b, slots, items + 1, n - 1, used | 1u << s))
            return 1;
    }
    return 0;
}

/* "snow3,belle4": the holders of slots, in slot order from the first. */
static int sw_ray_words(const sw_block *b, unsigned code, char *buf, size_t cap)
{
    unsigned slots = sw_ray_slots(code);
    if (!slots)
        return snprintf(buf, cap, "none");
    size_t len = 0;
    unsigned f = (code - 1) / 4;
    for (unsigned i = 0; i < 3; i++) {
        unsigned s = (f + i) % SW_SLOTS;
        if (!(slots & (1u << s)) || len >= cap)
            continue;
        int g = b->wheel[s] ? b->wheel[s] - 1 : SW_PRINCESSES;
        len += (size_t)snprintf(buf + len, cap - len, "%s%s%u", len ? "," : "",
                                g < SW_PRINCESSES ? sw_princess_names[g] : "?", s);
    }
    return (int)len;
}

tg_status sw_ray_find(const sw_config *c, const sw_block *b, const sw_ray_item *items,
                      size_t n, tg_move *out, tg_msg *msg)
{
    const char *who = sw_princess_names[b->princess[b->cur] & (SW_PRINCESSES - 1)];
    if (n > 3) {
        tgM_set(msg, "at most three holders fit in a ray (it is 60 degrees wide and the "
                     "holders stand 30 degrees apart), not %zu", n);
        return TG_E_ILLEGAL_MOVE;
    }
    unsigned found[SW_RAY_CODES], count = 0;
    uint8_t seen[SW_RAY_CODES] = {0};
    for (int r = 0; r < SW_ROTATIONS; r++) {
        unsigned holders = sw_ray_holders(c, b, r), code = sw_ray_code(holders);
        if (!seen[code] && sw_ray_matches(b, holders, items, n, 0))
            found[count++] = code;
        seen[code] = 1;
    }
    if (count == 0) {
        tgM_set(msg, "no stop of the wheel leaves exactly %s in %s's ray",
                n ? "those holders" : "no holder", who);
        return TG_E_ILLEGAL_MOVE;
    }
    if (count > 1) {
        char a[40], z[40];
        sw_ray_words(b, found[0], a, sizeof a);
        sw_ray_words(b, found[1], z, sizeof z);
        tgM_set(msg, "%u places of the wheel fit; say which slots, e.g. ray:%s or ray:%s",
                count, a, z);
        return TG_E_PARSE;
    }
    *out = c->spin_ray ? SW_M_RAY + found[0]
                       : SW_M_SPIN + (tg_move)sw_ray_rotation(c, b, found[0]);
    return TG_OK;
}

size_t sw_ray_text(const sw_block *b, unsigned code, char *buf, size_t cap)
{
    char words[48];
    sw_ray_words(b, code, words, sizeof words);
    int n = snprintf(buf, cap, "ray:%s", words);
    return n < 0 ? 0 : (size_t)n;
}
