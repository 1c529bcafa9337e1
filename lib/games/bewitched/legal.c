/* Bewitched: which routes a frog or a cat may take, and the legal moves of
 * every stage. No allocation here: this is the hot path of every playout. */
#include <string.h>

#include "bewitched.h"

#if defined(__GNUC__)
#define BW_NOINLINE __attribute__((noinline))
#define BW_INLINE inline __attribute__((always_inline))
#else
#define BW_NOINLINE
#define BW_INLINE inline
#endif

/* One entry of an action mask: the byte of action id set to ok (0 or 1),
 * or, with bits (a constant in each inlined copy, so the test vanishes),
 * bit id % 8 of byte id / 8 set when ok. The byte and bit masks come from
 * this one source; a bit row starts all 0, so an entry that is not legal
 * needs no store there. */
static BW_INLINE void bw_mask_put(uint8_t *mask, int bits, tg_move id, unsigned ok)
{
    if (bits)
        mask[id >> 3] |= (uint8_t)(ok << (id & 7u));
    else
        mask[id] = (uint8_t)ok;
}

/* All of bw_make_masks but the cats, which the move list takes with the
 * spaces beside them. */
static void bw_masks_but_cats(const bw_config *cfg, const bw_block *b, bw_masks *m)
{
    uint64_t book = 0;
    unsigned carry = 0;
    /* A place is 0 (hat), 1 (frog) or 2 (ground), as validate() checks, so
     * one look at the four places as a word tells whether any book is on
     * the ground or carried; most positions have neither, or keep the same
     * answer for many moves, so these branches are rarely mispredicted. */
    uint32_t where;
    memcpy(&where, b->book_where, sizeof where);
    _Static_assert(BW_BOOKS == 4 && BW_BOOK_HAT == 0 && BW_BOOK_FROG == 1 && BW_BOOK_GROUND == 2,
                   "the test on the book places as a word");
    if (where & 0x02020202u)
        for (int k = 0; k < BW_BOOKS; k++)
            book |= b->book_where[k] == BW_BOOK_GROUND ? cfg->space_bit[b->book_at[k]] : 0;
    /* Which frogs carry a book matters only when a book lies on the ground
     * (it is then a stop for every frog but those). */
    if ((where & 0x01010101u) && book)
        for (int k = 0; k < BW_BOOKS; k++)
            carry |= (unsigned)(b->book_where[k] == BW_BOOK_FROG) << (b->book_at[k] & 31u);
    m->snake = bw_snake_mask(cfg, b);
    m->frog = bw_space_mask(cfg, b->frog_at, BW_FROGS);
    m->book = book;
    m->carry = carry;
}

void bw_make_masks(const bw_config *cfg, const bw_block *b, bw_masks *m)
{
    bw_masks_but_cats(cfg, b, m);
    m->cat = bw_space_mask(cfg, b->cat_at, BW_CATS);
}

/* The move list writes a little past its end: a frog's route is stored
 * before the test that decides whether it counts, and a cat's routes as one
 * copy of BW_CAT_LIST entries. No list comes near the buffer the core hands
 * to legal_moves() (max_legal_moves entries, bw_limits in bewitched.c):
 * three frogs with every route and eight cats with a full list, for both
 * dice, a skip, and one copy's overhang. */
_Static_assert(2 * (BW_FROGS_PER_PLAYER * BW_MAX_ROUTES + BW_CATS * BW_CAT_LIST) + 1 +
                       BW_CAT_LIST <=
                   2 * BW_PIECES * BW_MAX_ROUTES,
               "a Bewitched move list may overrun max_legal_moves");

/* What a frog's routes are checked against; the same for both dice. */
typedef struct bw_frog_ctx {
    int at;
    uint64_t bad;       /* never on a route: cats, and other colours' pads */
    uint64_t inter_bad; /* not to be passed: the stops, when the rule says stop there */
    uint64_t ends;      /* where a route short of the die may end */
} bw_frog_ctx;

/* The turn's state shared by every piece, and the position's sets, each
 * built when first needed: a full-length route under the "may stop" rule
 * (what most legality checks and "can the player still act" ask) needs the
 * cats alone, while the stops, books and the spaces beside a cat are for
 * the routes short of the die and the "must stop" rule. */
typedef struct bw_action_ctx {
    const bw_config *cfg;
    const bw_block *b;
    unsigned ready;      /* BW_READY_* */
    uint64_t cat;        /* spaces with a cat */
    uint64_t stop_free;  /* stops with no frog and no snake on them */
    uint64_t book_free;  /* dropped books with no frog and no snake on them */
    uint64_t cat_near;   /* spaces beside a cat */
    unsigned carry;      /* frogs carrying a book, a bit per frog */
    int must;            /* only frogs that took a book last turn may move */
    int cats;            /* a cat may move */
    unsigned may;        /* the frogs that may move, a bit per frog 0..2 */
} bw_action_ctx;

#define BW_READY_CATS 1u
#define BW_READY_ALL 2u

static uint64_t bw_cat_mask(bw_action_ctx *a)
{
    if (!(a->ready & BW_READY_CATS)) {
        a->cat = bw_space_mask(a->cfg, a->b->cat_at, BW_CATS);
        a->ready |= BW_READY_CATS;
    }
    return a->cat;
}

static void bw_need_all(bw_action_ctx *a)
{
    if (a->ready & BW_READY_ALL)
        return;
    const bw_config *cfg = a->cfg;
    const bw_block *b = a->b;
    bw_masks m;
    bw_masks_but_cats(cfg, b, &m);
    uint64_t free = ~(m.frog | m.snake), cat = 0, cat_near = 0;
    for (int c = 0; c < BW_CATS; c++) {
        int at = b->cat_at[c];
        cat |= cfg->space_bit[at];
        cat_near |= cfg->nbr_mask[at];
    }
    a->cat = cat;
    a->stop_free = cfg->stop_mask & free;
    a->book_free = m.book & free;
    a->carry = m.carry;
    a->cat_near = cat_near;
    a->ready |= BW_READY_CATS | BW_READY_ALL;
}

static uint64_t bw_own_pad(const bw_config *cfg, int f)
{
    return (uint64_t)1 << BW_PAD(cfg->colour_of[f / BW_FROGS_PER_PLAYER]);
}

/* Never on a frog's route: the cats and the other colours' pads. */
static uint64_t bw_frog_bad(bw_action_ctx *a, int f)
{
    return bw_cat_mask(a) | (a->cfg->pad_mask & ~bw_own_pad(a->cfg, f));
}

/* A route short of the die ends on a free stop, on the frog's pad, or
 * where a cat blocks the way on. That cat may not be the space the frog
 * came from, but a route through a cat is rejected anyway, so any space
 * beside a cat will do.
 * The player's three frogs share a pad: only a ground book (a stop for a
 * frog that carries none) tells them apart. */
static void bw_frogs_setup(bw_action_ctx *a, bw_frog_ctx frog[BW_FROGS_PER_PLAYER])
{
    const bw_config *cfg = a->cfg;
    bw_need_all(a);
    int f0 = a->b->player * BW_FROGS_PER_PLAYER;
    uint64_t pad = bw_own_pad(cfg, f0), bad = a->cat | (cfg->pad_mask & ~pad);
    int must_stop = cfg->stop_rule == BW_STOP_MUST;
    for (int k = 0; k < BW_FROGS_PER_PLAYER; k++) {
        uint64_t stops = a->stop_free | (((a->carry >> (f0 + k)) & 1u) ? 0 : a->book_free);
        frog[k].at = a->b->frog_at[f0 + k];
        frog[k].bad = bad;
        frog[k].inter_bad = must_stop ? stops : 0;
        frog[k].ends = stops | pad | a->cat_near;
    }
}

/* Frog route r, known to be below route_upto[at][die]. */
static int bw_frog_route_ok(const bw_config *cfg, const bw_frog_ctx *c, int full, int r)
{
    uint64_t path = cfg->route_path[c->at][r], inter = cfg->route_inter[c->at][r];
    if ((path & c->bad) | (inter & c->inter_bad))
        return 0;
    return r >= full || (path & ~inter & c->ends) != 0;
}

/* Route r's answer, the same test for every form of the moves: a route
 * short of the die (r < full) must end on one of ends, and the nodes
 * passed are the path without its end; a full one is tested on its nodes
 * passed (inter), and only with passes_checked. */
static BW_INLINE unsigned bw_route_short_ok(uint64_t p, uint64_t e, uint64_t bad,
                                            uint64_t not_ends, uint64_t inter_bad,
                                            int passes_checked)
{
    uint64_t passed = passes_checked ? (p ^ e) & inter_bad : 0;
    return ((p & bad) | (e & not_ends) | passed) == 0;
}

static BW_INLINE unsigned bw_route_full_ok(uint64_t p, uint64_t inter, uint64_t bad,
                                           uint64_t inter_bad, int passes_checked)
{
    return ((p & bad) | (passes_checked ? inter & inter_bad : 0)) == 0;
}

_Static_assert(BW_MAX_ROUTES % 64 == 0, "a piece's bits are whole 64-bit words of the row");

/* A 64-bit word into the bit row, route lo + i at bit i % 8 of byte i / 8
 * (little-endian, as the row's order is). */
static BW_INLINE void bw_bits_store64(uint8_t *at, uint64_t w)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    memcpy(at, &w, sizeof w);
}

/* The bit row's form of bw_frog_routes(): a piece's BW_MAX_ROUTES entries
 * for one die are whole words of their own (base is a multiple of
 * BW_MAX_ROUTES), so each 64 routes' answers are gathered in a register
 * and stored once. A load, an or and a store per route cost a quarter of
 * the mask's instructions; the stores also write the routes' 0s, which
 * action_mask_bits() may. */
static BW_INLINE void bw_frog_route_bits(const bw_config *cfg, const bw_frog_ctx *c, int die,
                                         tg_move base, uint8_t *bits, int passes_checked)
{
    int at = c->at;
    int full = cfg->route_upto[at][die - 1], upto = cfg->route_upto[at][die];
    const uint64_t *path = cfg->route_path[at], *inter = cfg->route_inter[at];
    const uint64_t *end = cfg->route_end[at];
    uint64_t bad = c->bad, inter_bad = c->inter_bad, not_ends = ~c->ends;
    for (int lo = 0; lo < upto; lo += 64) {
        int hi = upto < lo + 64 ? upto : lo + 64;
        int mid = full < lo ? lo : full > hi ? hi : full;
        uint64_t w = 0;
        int r = lo;
        for (; r < mid; r++)
            w |= (uint64_t)bw_route_short_ok(path[r], end[r], bad, not_ends, inter_bad,
                                             passes_checked) << (r - lo);
        for (; r < hi; r++)
            w |= (uint64_t)bw_route_full_ok(path[r], inter[r], bad, inter_bad, passes_checked)
                 << (r - lo);
        bw_bits_store64(bits + (base + (tg_move)lo) / 8, w);
    }
}

/* Routes come shortest first: those short of the die, which must end on
 * one of ends, then the full ones. The same test as bw_frog_route_ok,
 * without a branch per route: whether a route counts changes from route
 * to route, so a branch on it is mispredicted often. Each route is stored
 * and the count moves on only when it is legal; or, for a byte action
 * mask (mask not NULL, the ids being the actions: bw_action_mask), each
 * route's byte is set to whether it is legal; a bit mask takes
 * bw_frog_route_bits(). */
static BW_INLINE size_t bw_frog_routes(const bw_config *cfg, const bw_frog_ctx *c, int die,
                                       tg_move base, tg_move *out, uint8_t *mask, int bits,
                                       int passes_checked)
{
    if (mask && bits) {
        bw_frog_route_bits(cfg, c, die, base, mask, passes_checked);
        return 0;
    }
    int at = c->at;
    int full = cfg->route_upto[at][die - 1], upto = cfg->route_upto[at][die];
    const uint64_t *path = cfg->route_path[at], *inter = cfg->route_inter[at];
    const uint64_t *end = cfg->route_end[at];
    uint64_t bad = c->bad, inter_bad = c->inter_bad, not_ends = ~c->ends;
    size_t n = 0;
    int r = 0;
    /* The end is one node, so "it is one of ends" is "it is none of ~ends",
     * and the three conditions become one test; the nodes passed are the
     * path without its end. */
    for (; r < full; r++) {
        unsigned ok = bw_route_short_ok(path[r], end[r], bad, not_ends, inter_bad,
                                        passes_checked);
        if (mask)
            bw_mask_put(mask, 0, base + (tg_move)r, ok);
        else {
            out[n] = base + (tg_move)r;
            n += ok;
        }
    }
    for (; r < upto; r++) {
        unsigned ok = bw_route_full_ok(path[r], inter[r], bad, inter_bad, passes_checked);
        if (mask)
            bw_mask_put(mask, 0, base + (tg_move)r, ok);
        else {
            out[n] = base + (tg_move)r;
            n += ok;
        }
    }
    return n;
}

/* Without stops to avoid on the way (the "may stop" rule, or no free stop
 * under the other) the nodes passed need no test of their own. */
static BW_INLINE size_t bw_frog_moves(const bw_config *cfg, const bw_frog_ctx *c, int die,
                                      tg_move base, tg_move *out, uint8_t *mask, int bits)
{
    return c->inter_bad ? bw_frog_routes(cfg, c, die, base, out, mask, bits, 1)
                        : bw_frog_routes(cfg, c, die, base, out, mask, bits, 0);
}

/* Whether frog k of the player to move has a route for die. Under the
 * "may stop" rule a full-length route needs only the cats checked, so
 * those are tried first. */
static int bw_frog_any(bw_action_ctx *a, int k, int die)
{
    const bw_config *cfg = a->cfg;
    int f = a->b->player * BW_FROGS_PER_PLAYER + k, at = a->b->frog_at[f];
    int full = cfg->route_upto[at][die - 1], upto = cfg->route_upto[at][die];
    if (cfg->stop_rule != BW_STOP_MUST) {
        uint64_t bad = bw_frog_bad(a, f);
        for (int r = full; r < upto; r++)
            if (!(cfg->route_path[at][r] & bad))
                return 1;
        upto = full;
    }
    if (!upto)
        return 0;
    bw_frog_ctx c[BW_FROGS_PER_PLAYER];
    bw_frogs_setup(a, c);
    for (int r = 0; r < upto; r++)
        if (bw_frog_route_ok(cfg, &c[k], full, r))
            return 1;
    return 0;
}

/* Cats go the full die and never onto a pad: their routes come from a
 * table, written as one copy of a fixed length (see the top of the file).
 * The eight cats in one loop, so that with GCC's vectors the move ids'
 * base is one register that steps by a piece (the compiler otherwise
 * rebuilds it for every cat); both ways write the same ids. */
#if defined(__GNUC__)
typedef uint32_t bw_ids4 __attribute__((vector_size(16)));
_Static_assert(BW_CAT_LIST == 8 && sizeof(tg_move) == 4, "a cat's list is two vectors");
static size_t bw_cats_moves(const bw_cat_list *lists, const uint8_t *cat_at, tg_move base,
                            tg_move *out)
{
    bw_ids4 step = {base, base, base, base};
    tg_move *o = out;
    for (int c = 0; c < BW_CATS; c++) {
        const bw_cat_list *list = &lists[cat_at[c]];
        bw_ids4 lo, hi;
        memcpy(&lo, &list->route[0], sizeof lo);
        memcpy(&hi, &list->route[4], sizeof hi);
        lo += step;
        hi += step;
        memcpy(o, &lo, sizeof lo);
        memcpy(o + 4, &hi, sizeof hi);
        step += BW_MAX_ROUTES;
        o += list->count;
    }
    return (size_t)(o - out);
}
#else
static size_t bw_cat_moves(const bw_cat_list *list, tg_move base, tg_move *out)
{
    /* Copied first, so the compiler need not fear out overlaps the table. */
    memcpy(out, list->route, sizeof list->route);
    for (int i = 0; i < BW_CAT_LIST; i++)
        out[i] += base;
    return list->count;
}

static size_t bw_cats_moves(const bw_cat_list *lists, const uint8_t *cat_at, tg_move base,
                            tg_move *out)
{
    size_t n = 0;
    for (int c = 0; c < BW_CATS; c++)
        n += bw_cat_moves(&lists[cat_at[c]], base + (tg_move)c * BW_MAX_ROUTES, out + n);
    return n;
}
#endif

static int bw_cat_route_ok(const bw_config *cfg, int at, int die, int r)
{
    return (cfg->cat_routes[at][die][r >> 6] >> (r & 63)) & 1u;
}

static tg_move bw_move_base(int slot, int piece)
{
    return (tg_move)((slot * BW_PIECES + piece) * BW_MAX_ROUTES);
}

static int bw_slot_open(const bw_block *b, int slot)
{
    if (b->used & (1u << slot))
        return 0;
    /* with a double the dice are alike: use them in order */
    return slot == 0 || b->dice[0] != b->dice[1] || (b->used & 1u);
}

/* The rare case of bw_must_move, out of line so that the common one (no
 * frog took a book last turn) sets up no frame for it. */
static BW_NOINLINE int bw_must_move_check(bw_action_ctx *a)
{
    const bw_block *b = a->b;
    for (int k = 0; k < BW_FROGS_PER_PLAYER; k++) {
        int f = b->player * BW_FROGS_PER_PLAYER + k;
        if (b->frog_at[f] == BW_NONE || !(b->frog_flags[f] & BW_FF_MUST))
            continue;
        for (int slot = 0; slot < 2; slot++)
            if (bw_slot_open(b, slot) && bw_frog_any(a, k, b->dice[slot]))
                return 1;
    }
    return 0;
}

/* Three bytes of a player's frogs as a word, frog k in byte k whatever
 * the host's byte order. */
static uint32_t bw_frog_bytes(const uint8_t *v)
{
    return (uint32_t)v[0] | (uint32_t)v[1] << 8 | (uint32_t)v[2] << 16;
}

/* A frog that took a book last turn must move away if it can; flags is
 * the player's frog flags by bw_frog_bytes. */
static int bw_must_move(bw_action_ctx *a, uint32_t flags)
{
    if (!(flags & BW_FF_MUST * 0x010101u))
        return 0;
    return bw_must_move_check(a);
}

/* Inlined in its three callers: its answers then stay in registers. */
static BW_INLINE void bw_action_setup(const bw_config *cfg, const bw_block *b,
                                      bw_action_ctx *a)
{
    a->cfg = cfg;
    a->b = b;
    a->ready = 0;
    if (b->stage == BW_ST_ESC_MOVE) {
        a->must = 0;
        a->cats = 0;
        a->may = 1u << (b->actor % BW_FROGS_PER_PLAYER);
        return;
    }
    uint32_t flags = bw_frog_bytes(&b->frog_flags[b->player * BW_FROGS_PER_PLAYER]);
    uint32_t at = bw_frog_bytes(&b->frog_at[b->player * BW_FROGS_PER_PLAYER]);
    int must = bw_must_move(a, flags);
    a->must = must;
    a->cats = !must && !(b->turn & BW_TF_CAT);
    /* The frogs that may move at all (ignoring the dice): on the board, not
     * moved this turn, and, when one must move, one of those that must.
     * The three frogs at once, a byte each, without a branch per frog: a
     * place is a node below 128 or BW_NONE (validate() checks it), so its
     * top bit says the frog is off the board. The answer's bit 0 of each
     * byte is then gathered to bits 0..2 by one multiplication (bytes 0, 1
     * and 2 land on bits 14, 15 and 16, and no two products overlap). */
    _Static_assert(BW_FF_MOVED == 1 && BW_FF_MUST == 2 && BW_NODES <= 128 && BW_NONE == 0xFFu,
                   "the frogs that may move, by bytes");
    uint32_t not_moved = ~flags, on_board = ~at >> 7;
    uint32_t ok = must ? (flags >> 1) & not_moved : not_moved;
    a->may = (((ok & on_board & 0x010101u) * 0x4081u) >> 14) & 7u;
}

/* One frog left: having moved it, the player may let the other die go. */
static int bw_may_skip(const bw_config *cfg, const bw_block *b, int must)
{
    int p = b->player;
    if (must || !b->used || b->used == 3 || bw_frogs_alive(cfg, b, p) != 1)
        return 0;
    int moved = 0;
    for (int k = 0; k < BW_FROGS_PER_PLAYER; k++)
        moved |= b->frog_flags[p * BW_FROGS_PER_PLAYER + k] & BW_FF_MOVED;
    return moved != 0;
}

/* The slots the pieces may use: an escape uses its one die as slot 0. */
static unsigned bw_open_slots(const bw_block *b)
{
    if (b->stage == BW_ST_ESC_MOVE)
        return 1u;
    return (unsigned)bw_slot_open(b, 0) | (unsigned)bw_slot_open(b, 1) << 1;
}

/* A cat's routes for the byte mask, from its list for the die (one to a
 * few routes; the padding that the list's fixed-length copy needs is left
 * out here, where each entry is a store of its own). The bit row takes
 * bw_cats_bits(). */
static void bw_cats_mask(const bw_cat_list *lists, const uint8_t *cat_at, tg_move base,
                         uint8_t *mask)
{
    for (int c = 0; c < BW_CATS; c++, base += BW_MAX_ROUTES) {
        const bw_cat_list *list = &lists[cat_at[c]];
        for (uint32_t i = 0; i < list->count; i++)
            mask[base + list->route[i]] = 1;
    }
}

/* The cats' routes for the bit row: a cat's set for the die is already
 * its 128 bits (cat_routes, of which its list is made), and its entries
 * are two words of their own, so two stores a cat replace a store per
 * route. */
static BW_INLINE void bw_cats_bits(const bw_config *cfg, int die, const uint8_t *cat_at,
                                   tg_move base, uint8_t *bits)
{
    _Static_assert(BW_MAX_ROUTES == 128, "a cat's route set is two words");
    for (int c = 0; c < BW_CATS; c++, base += BW_MAX_ROUTES) {
        const uint64_t *set = cfg->cat_routes[cat_at[c]][die];
        bw_bits_store64(bits + base / 8, set[0]);
        bw_bits_store64(bits + base / 8 + 8, set[1]);
    }
}

/* The moves of the action stages as a list (mask NULL) or as entries of
 * the action mask (out NULL), bytes or bits; inlined in its callers, each
 * a copy with only its own stores. */
static BW_INLINE size_t bw_action_list(const bw_config *cfg, const bw_block *b, tg_move *out,
                                       uint8_t *mask, int bits)
{
    bw_action_ctx a;
    bw_action_setup(cfg, b, &a);
    unsigned slots = bw_open_slots(b);
    bw_frog_ctx frog[BW_FROGS_PER_PLAYER];
    if (a.may)
        bw_frogs_setup(&a, frog);
    size_t n = 0;
    for (int slot = 0; slot < 2; slot++) {
        if (!((slots >> slot) & 1u))
            continue;
        int die = b->dice[slot];
        for (int k = 0; k < BW_FROGS_PER_PLAYER; k++)
            if ((a.may >> k) & 1u)
                n += bw_frog_moves(cfg, &frog[k], die, bw_move_base(slot, k),
                                   out ? out + n : NULL, mask, bits);
        const bw_cat_list *cats = cfg->cat_list[die];
        if (a.cats && mask && bits)
            bw_cats_bits(cfg, die, b->cat_at, bw_move_base(slot, BW_FROGS_PER_PLAYER), mask);
        else if (a.cats && mask)
            bw_cats_mask(cats, b->cat_at, bw_move_base(slot, BW_FROGS_PER_PLAYER), mask);
        else if (a.cats)
            n += bw_cats_moves(cats, b->cat_at, bw_move_base(slot, BW_FROGS_PER_PLAYER),
                               out + n);
    }
    if (b->stage == BW_ST_ACTION && bw_may_skip(cfg, b, a.must)) {
        if (mask)
            bw_mask_put(mask, bits, BW_MOVE_SKIP, 1);
        else
            out[n++] = BW_MOVE_SKIP;
    }
    return n;
}

static size_t bw_action_moves(const bw_config *cfg, const bw_block *b, tg_move *out)
{
    return bw_action_list(cfg, b, out, NULL, 0);
}

int bw_any_action(const bw_config *cfg, const bw_block *b)
{
    bw_action_ctx a;
    bw_action_setup(cfg, b, &a);
    unsigned slots = bw_open_slots(b);
    for (int slot = 0; slot < 2; slot++) {
        if (!((slots >> slot) & 1u))
            continue;
        /* Cats first: a table answers for them, while a frog needs the
         * position's masks built. */
        for (int c = 0; c < BW_CATS && a.cats; c++)
            if (cfg->cat_list[b->dice[slot]][b->cat_at[c]].count)
                return 1;
        for (int k = 0; k < BW_FROGS_PER_PLAYER; k++)
            if (((a.may >> k) & 1u) && bw_frog_any(&a, k, b->dice[slot]))
                return 1;
    }
    return b->stage == BW_ST_ACTION && bw_may_skip(cfg, b, a.must);
}

size_t bw_legal_moves(const void *vcfg, const void *st, tg_move *out)
{
    const bw_config *cfg = vcfg;
    const bw_block *b = st;
    size_t n = 0;
    /* The common stage by a test before the switch (see bw_apply). */
    if (b->stage == BW_ST_ACTION)
        return bw_action_moves(cfg, b, out);
    switch (b->stage) {
    case BW_ST_SETUP:
    case BW_ST_ROLL:
    case BW_ST_ESC_ROLL: {
        uint32_t w[21];
        return bw_chance(cfg, b, out, w);
    }
    case BW_ST_ACTION:
    case BW_ST_ESC_MOVE:
        return bw_action_moves(cfg, b, out);
    case BW_ST_STEAL:
        out[n++] = BW_MOVE_NOSTEAL;
        for (int g = 0; g < BW_FROGS; g++)
            if (bw_bit(b->passed, g))
                out[n++] = BW_MOVE_STEAL + (tg_move)g;
        return n;
    case BW_ST_HAT:
        if (bw_hat_book(b, cfg->hat_of[b->frog_at[b->actor]]) == BW_NONE) {
            out[0] = BW_MOVE_KEEP;
            out[1] = BW_MOVE_PUT;
        } else {
            out[0] = BW_MOVE_SWAP;
            out[1] = BW_MOVE_KEEP;
        }
        return 2;
    case BW_ST_PICKUP:
        out[0] = BW_MOVE_PICKUP;
        out[1] = BW_MOVE_LEAVE;
        return 2;
    default:
        return 0;
    }
}

/* One piece move, checked without listing the others. */
static int bw_action_legal(const bw_config *cfg, const bw_block *b, tg_move move)
{
    bw_action_ctx a;
    bw_action_setup(cfg, b, &a);
    if (move == BW_MOVE_SKIP)
        return b->stage == BW_ST_ACTION && bw_may_skip(cfg, b, a.must);
    if (move >= BW_MOVE_SKIP)
        return 0;
    int r = (int)(move % BW_MAX_ROUTES);
    int piece = (int)(move / BW_MAX_ROUTES) % BW_PIECES;
    int slot = (int)(move / BW_MAX_ROUTES) / BW_PIECES;
    if (!((bw_open_slots(b) >> slot) & 1u))
        return 0;
    int die = b->dice[slot];
    if (piece >= BW_FROGS_PER_PLAYER)
        return a.cats && bw_cat_route_ok(cfg, b->cat_at[piece - BW_FROGS_PER_PLAYER], die, r);
    if (!((a.may >> piece) & 1u))
        return 0;
    /* The cats and pads first: they settle most checks (see bw_frog_any). */
    int f = b->player * BW_FROGS_PER_PLAYER + piece, at = b->frog_at[f];
    int full = cfg->route_upto[at][die - 1];
    if (r >= cfg->route_upto[at][die] || (cfg->route_path[at][r] & bw_frog_bad(&a, f)))
        return 0;
    if (r >= full && cfg->stop_rule != BW_STOP_MUST)
        return 1;
    bw_frog_ctx c[BW_FROGS_PER_PLAYER];
    bw_frogs_setup(&a, c);
    return bw_frog_route_ok(cfg, &c[piece], full, r);
}

int bw_is_legal(const void *vcfg, const void *st, tg_move move)
{
    const bw_config *cfg = vcfg;
    const bw_block *b = st;
    if (b->stage == BW_ST_ACTION || b->stage == BW_ST_ESC_MOVE)
        return bw_action_legal(cfg, b, move);
    /* The other decisions' lists are short: the longest is the steal's,
     * "no theft" and one entry per frog. */
    _Static_assert(1 + BW_FROGS <= 32, "the steal's list fits moves[]");
    tg_move moves[32];
    size_t n = bw_legal_moves(cfg, b, moves);
    for (size_t i = 0; i < n; i++)
        if (moves[i] == move)
            return 1;
    return 0;
}

/* Every player's id lies below the chance ids (BW_CH_PRINCE), so a move's
 * action number is its id and the legal moves set mask[id] directly: the
 * action stages with no list at all, the others from their short lists. */
_Static_assert(BW_MOVE_PUT + 1 == BW_CH_PRINCE, "Bewitched's actions are its player ids");

/* Both masks, bytes or bits (bw_mask_put), in one copy each. */
static BW_INLINE void bw_mask_of(const bw_config *cfg, const bw_block *b, uint8_t *mask,
                                 int bits)
{
    if (b->stage == BW_ST_ACTION || b->stage == BW_ST_ESC_MOVE) {
        bw_action_list(cfg, b, NULL, mask, bits);
        return;
    }
    /* The other decisions' lists are short: the longest is the steal's,
     * "no theft" and one entry per frog. */
    _Static_assert(1 + BW_FROGS <= 32, "the steal's list fits moves[]");
    tg_move moves[32];
    size_t n = bw_legal_moves(cfg, b, moves);
    for (size_t i = 0; i < n; i++)
        if (moves[i] < BW_CH_PRINCE)
            bw_mask_put(mask, bits, moves[i], 1);
}

void bw_action_mask(const void *vcfg, const void *st, uint8_t *mask)
{
    bw_mask_of(vcfg, st, mask, 0);
}

void bw_action_mask_bits(const void *vcfg, const void *st, uint8_t *bits)
{
    bw_mask_of(vcfg, st, bits, 1);
}
