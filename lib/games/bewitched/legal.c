/* Bewitched: which routes a frog or a cat may take, and the legal moves of
 * every stage. No allocation here: this is the hot path of every playout. */
#include "bewitched.h"

void bw_make_masks(const bw_config *cfg, const bw_block *b, bw_masks *m)
{
    uint64_t book = 0;
    unsigned carry = 0;
    /* Without a branch per book: where a book is changes from one position
     * to the next, so a branch on it is often mispredicted. A book on the
     * ground lies on a space (< 60), a carried one names a frog (< 12). */
    for (int k = 0; k < BW_BOOKS; k++) {
        unsigned where = b->book_where[k], at = b->book_at[k] & 63u;
        book |= (uint64_t)(where == BW_BOOK_GROUND) << at;
        carry |= (unsigned)(where == BW_BOOK_FROG) << (at & 31u);
    }
    unsigned gone = bw_mask16(b->gone);
    m->snake = cfg->snake_spaces[0][gone & 7] | cfg->snake_spaces[1][(gone >> 3) & 7] |
               cfg->snake_spaces[2][(gone >> 6) & 7] | cfg->snake_spaces[3][(gone >> 9) & 7];
    m->frog = bw_space_mask(cfg, b->frog_at, BW_FROGS);
    m->cat = bw_space_mask(cfg, b->cat_at, BW_CATS);
    m->book = book;
    m->carry = carry;
}

/* What a frog's routes are checked against; the same for both dice. */
typedef struct bw_frog_ctx {
    int at;
    uint64_t bad;       /* never on a route: cats, and other colours' pads */
    uint64_t inter_bad; /* not to be passed: the stops, when the rule says stop there */
    uint64_t ends;      /* where a route short of the die may end */
} bw_frog_ctx;

/* A route short of the die ends on a free stop, on the frog's pad, or
 * where a cat blocks the way on. That cat may not be the space the frog
 * came from, but a route through a cat is rejected anyway, so any space
 * beside a cat will do. */
static void bw_frog_setup(const bw_config *cfg, const bw_block *b, const bw_masks *m,
                          uint64_t cat_near, int f, bw_frog_ctx *c)
{
    uint64_t pad = (uint64_t)1 << BW_PAD(cfg->colour_of[f / BW_FROGS_PER_PLAYER]);
    uint64_t stops = cfg->stop_mask | (((m->carry >> f) & 1u) ? 0 : m->book);
    stops &= ~(m->frog | m->snake);
    c->at = b->frog_at[f];
    c->bad = m->cat | (cfg->pad_mask & ~pad);
    c->inter_bad = cfg->stop_rule == BW_STOP_MUST ? stops : 0;
    c->ends = stops | pad | cat_near;
}

/* Frog route r, known to be below route_upto[at][die]. */
static int bw_frog_route_ok(const bw_config *cfg, const bw_frog_ctx *c, int full, int r)
{
    uint64_t path = cfg->route_path[c->at][r], inter = cfg->route_inter[c->at][r];
    if ((path & c->bad) | (inter & c->inter_bad))
        return 0;
    return r >= full || (path & ~inter & c->ends) != 0;
}

/* Routes come shortest first: those short of the die, then the full ones,
 * which under the "may stop" rule need one test each. */
static size_t bw_frog_moves(const bw_config *cfg, const bw_frog_ctx *c, int die, tg_move base,
                            tg_move *out)
{
    int full = cfg->route_upto[c->at][die - 1], upto = cfg->route_upto[c->at][die];
    const uint64_t *path = cfg->route_path[c->at];
    size_t n = 0;
    int r = 0;
    for (; r < (c->inter_bad ? upto : full); r++)
        if (bw_frog_route_ok(cfg, c, full, r))
            out[n++] = base + (tg_move)r;
    for (; r < upto; r++)
        if (!(path[r] & c->bad))
            out[n++] = base + (tg_move)r;
    return n;
}

static int bw_frog_any(const bw_config *cfg, const bw_frog_ctx *c, int die)
{
    int full = cfg->route_upto[c->at][die - 1], upto = cfg->route_upto[c->at][die];
    for (int r = 0; r < upto; r++)
        if (bw_frog_route_ok(cfg, c, full, r))
            return 1;
    return 0;
}

/* Cats go the full die and never onto a pad: their routes come from a table. */
static size_t bw_cat_moves(const bw_config *cfg, int at, int die, tg_move base, tg_move *out)
{
    const uint64_t *set = cfg->cat_routes[at][die];
    size_t n = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = set[w]; bits; bits &= bits - 1)
            out[n++] = base + (tg_move)(64 * w + __builtin_ctzll(bits));
    return n;
}

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

/* The turn's state shared by every piece. The masks and each frog's
 * context are built when first needed: checking one move, or whether any
 * move exists, mostly needs one frog or none. */
typedef struct bw_action_ctx {
    const bw_config *cfg;
    const bw_block *b;
    bw_masks m;
    uint64_t cat_near; /* spaces beside a cat */
    bw_frog_ctx frog[BW_FROGS_PER_PLAYER];
    unsigned ready; /* frog contexts built, a bit per frog 0..2; BW_READY_MASKS */
    int must;       /* only frogs that took a book last turn may move */
    int cats;       /* a cat may move */
    unsigned may;   /* the frogs that may move, a bit per frog 0..2 */
} bw_action_ctx;

#define BW_READY_MASKS 8u

static const bw_frog_ctx *bw_frog_of(bw_action_ctx *a, int k)
{
    if ((a->ready >> k) & 1u)
        return &a->frog[k];
    const bw_config *cfg = a->cfg;
    const bw_block *b = a->b;
    if (!(a->ready & BW_READY_MASKS)) {
        bw_make_masks(cfg, b, &a->m);
        a->cat_near = 0;
        for (int c = 0; c < BW_CATS; c++)
            a->cat_near |= cfg->nbr_mask[b->cat_at[c]];
    }
    bw_frog_setup(cfg, b, &a->m, a->cat_near, b->player * BW_FROGS_PER_PLAYER + k, &a->frog[k]);
    a->ready |= BW_READY_MASKS | 1u << k;
    return &a->frog[k];
}

/* A frog that took a book last turn must move away if it can. */
static int bw_must_move(bw_action_ctx *a)
{
    const bw_block *b = a->b;
    for (int k = 0; k < BW_FROGS_PER_PLAYER; k++) {
        int f = b->player * BW_FROGS_PER_PLAYER + k;
        if (b->frog_at[f] == BW_NONE || !(b->frog_flags[f] & BW_FF_MUST))
            continue;
        for (int slot = 0; slot < 2; slot++)
            if (bw_slot_open(b, slot) && bw_frog_any(a->cfg, bw_frog_of(a, k), b->dice[slot]))
                return 1;
    }
    return 0;
}

/* Whether frog k may be moved at all in the action stage (ignoring dice). */
static int bw_frog_may_move(const bw_block *b, int k, int must)
{
    int f = b->player * BW_FROGS_PER_PLAYER + k;
    if (b->frog_at[f] == BW_NONE || (b->frog_flags[f] & BW_FF_MOVED))
        return 0;
    return !must || (b->frog_flags[f] & BW_FF_MUST);
}

static void bw_action_setup(const bw_config *cfg, const bw_block *b, bw_action_ctx *a)
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
    a->must = bw_must_move(a);
    a->cats = !a->must && !(b->turn & BW_TF_CAT);
    a->may = 0;
    for (int k = 0; k < BW_FROGS_PER_PLAYER; k++)
        a->may |= (unsigned)bw_frog_may_move(b, k, a->must) << k;
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

static size_t bw_action_moves(const bw_config *cfg, const bw_block *b, tg_move *out)
{
    bw_action_ctx a;
    bw_action_setup(cfg, b, &a);
    unsigned slots = bw_open_slots(b);
    size_t n = 0;
    for (int slot = 0; slot < 2; slot++) {
        if (!((slots >> slot) & 1u))
            continue;
        int die = b->dice[slot];
        for (int k = 0; k < BW_FROGS_PER_PLAYER; k++)
            if ((a.may >> k) & 1u)
                n += bw_frog_moves(cfg, bw_frog_of(&a, k), die, bw_move_base(slot, k), out + n);
        for (int c = 0; c < BW_CATS && a.cats; c++)
            n += bw_cat_moves(cfg, b->cat_at[c], die,
                              bw_move_base(slot, BW_FROGS_PER_PLAYER + c), out + n);
    }
    if (b->stage == BW_ST_ACTION && bw_may_skip(cfg, b, a.must))
        out[n++] = BW_MOVE_SKIP;
    return n;
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
        for (int c = 0; c < BW_CATS && a.cats; c++) {
            const uint64_t *set = cfg->cat_routes[b->cat_at[c]][b->dice[slot]];
            if (set[0] | set[1])
                return 1;
        }
        for (int k = 0; k < BW_FROGS_PER_PLAYER; k++)
            if (((a.may >> k) & 1u) && bw_frog_any(cfg, bw_frog_of(&a, k), b->dice[slot]))
                return 1;
    }
    return b->stage == BW_ST_ACTION && bw_may_skip(cfg, b, a.must);
}

size_t bw_legal_moves(const void *vcfg, const void *st, tg_move *out)
{
    const bw_config *cfg = vcfg;
    const bw_block *b = st;
    size_t n = 0;
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
    const bw_frog_ctx *c = bw_frog_of(&a, piece);
    return r < cfg->route_upto[c->at][die] &&
           bw_frog_route_ok(cfg, c, cfg->route_upto[c->at][die - 1], r);
}

int bw_is_legal(const void *vcfg, const void *st, tg_move move)
{
    const bw_config *cfg = vcfg;
    const bw_block *b = st;
    if (b->stage == BW_ST_ACTION || b->stage == BW_ST_ESC_MOVE)
        return bw_action_legal(cfg, b, move);
    tg_move moves[32]; /* the longest other list: 21 dice rolls */
    size_t n = bw_legal_moves(cfg, b, moves);
    for (size_t i = 0; i < n; i++)
        if (moves[i] == move)
            return 1;
    return 0;
}
