/* Bewitched: which routes a frog or a cat may take, and the legal moves of
 * every stage. No allocation here: this is the hot path of every playout. */
#include "bewitched.h"

#include <string.h>

void bw_occupancy(const bw_block *b, uint8_t *occ)
{
    memset(occ, 0, BW_NODES);
    for (int f = 0; f < BW_FROGS; f++)
        if (b->frog_at[f] < BW_SPACES)
            occ[b->frog_at[f]] |= BW_OCC_FROG;
    for (int c = 0; c < BW_CATS; c++)
        if (b->cat_at[c] < BW_SPACES)
            occ[b->cat_at[c]] |= BW_OCC_CAT;
    for (int s = 0; s < BW_SNAKES; s++)
        if (!bw_bit(b->gone, s))
            occ[bw_snake_space(s)] |= BW_OCC_SNAKE;
    for (int k = 0; k < BW_BOOKS; k++)
        if (b->book_where[k] == BW_BOOK_GROUND)
            occ[b->book_at[k]] |= BW_OCC_BOOK;
}

/* Node sets of one position, as bit masks over the 64 nodes. */
typedef struct bw_masks {
    uint64_t cat;
    uint64_t block; /* a frog or a snake: no place to stop early */
    uint64_t book;  /* dropped books */
} bw_masks;

static void bw_make_masks(const bw_config *cfg, const bw_block *b, bw_masks *m)
{
    m->cat = m->block = m->book = 0;
    for (int f = 0; f < BW_FROGS; f++)
        if (b->frog_at[f] < BW_SPACES)
            m->block |= (uint64_t)1 << b->frog_at[f];
    for (int c = 0; c < BW_CATS; c++)
        m->cat |= (uint64_t)1 << b->cat_at[c];
    unsigned gone = b->gone[0] | (unsigned)b->gone[1] << 8;
    for (int s = 0; s < BW_SNAKES; s++)
        if (!((gone >> s) & 1u))
            m->block |= cfg->snake_bit[s];
    for (int k = 0; k < BW_BOOKS; k++)
        if (b->book_where[k] == BW_BOOK_GROUND)
            m->book |= (uint64_t)1 << b->book_at[k];
}

/* stops: the free spaces where this frog may end early (a flower, beside a
 * hat, or a dropped book when it carries none). */
static int bw_route_ok(const bw_config *cfg, const bw_masks *m, uint64_t stops, int own_pad,
                       int start, int die, const bw_route *r, uint64_t inter)
{
    int len = r->len;
    if ((inter & m->cat) || (cfg->stop_rule == BW_STOP_MUST && (inter & stops)))
        return 0;
    int e = r->step[len - 1];
    if (e >= BW_SPACES)
        return e == own_pad;
    uint64_t ebit = (uint64_t)1 << e;
    if (ebit & m->cat)
        return 0;
    if (len == die || (ebit & stops))
        return 1;
    /* Stopped short by a cat on the way on. */
    int prev = len >= 2 ? r->step[len - 2] : start;
    return (cfg->nbr_mask[e] & m->cat & ~((uint64_t)1 << prev)) != 0;
}

/* Where one piece stands and where it may end early. */
typedef struct bw_piece_ctx {
    int at;
    int die;
    int frog;       /* moving a frog rather than a cat */
    uint64_t stops; /* free spaces where this frog may end early */
    int own_pad;
} bw_piece_ctx;

static void bw_piece_setup(const bw_config *cfg, const bw_block *b, const bw_masks *m, int slot,
                           int piece, bw_piece_ctx *c)
{
    c->die = b->dice[slot];
    c->frog = piece < BW_FROGS_PER_PLAYER;
    if (c->frog) {
        int f = b->player * BW_FROGS_PER_PLAYER + piece;
        c->at = b->frog_at[f];
        uint64_t stops = cfg->stop_mask | (bw_frog_book(b, f) != BW_NONE ? 0 : m->book);
        c->stops = stops & ~m->block;
        c->own_pad = BW_PAD(cfg->colour_of[b->player]);
    } else {
        c->at = b->cat_at[piece - BW_FROGS_PER_PLAYER];
        c->stops = 0;
        c->own_pad = BW_NONE;
    }
}

/* Route r of the piece, known to be below route_upto[at][die]. */
static int bw_piece_route_ok(const bw_config *cfg, const bw_masks *m, const bw_piece_ctx *c,
                             int r)
{
    if (c->frog)
        return bw_route_ok(cfg, m, c->stops, c->own_pad, c->at, c->die, &cfg->routes[c->at][r],
                           cfg->route_inter[c->at][r]);
    /* cats move the full die and never enter a pad */
    return r >= cfg->route_upto[c->at][c->die - 1] &&
           cfg->routes[c->at][r].step[c->die - 1] < BW_SPACES;
}

/* Writes (or with out NULL only counts, stopping at the first when
 * first_only) the moves of one piece with one die slot. */
static size_t bw_piece_moves(const bw_config *cfg, const bw_block *b, const bw_masks *m,
                             int slot, int piece, tg_move *out, int first_only)
{
    bw_piece_ctx c;
    bw_piece_setup(cfg, b, m, slot, piece, &c);
    size_t n = 0;
    tg_move base = (tg_move)((slot * BW_PIECES + piece) * BW_MAX_ROUTES);
    int upto = cfg->route_upto[c.at][c.die];
    for (int r = c.frog ? 0 : cfg->route_upto[c.at][c.die - 1]; r < upto; r++) {
        if (!bw_piece_route_ok(cfg, m, &c, r))
            continue;
        if (out)
            out[n] = base + (tg_move)r;
        n++;
        if (first_only)
            return n;
    }
    return n;
}

static int bw_slot_open(const bw_block *b, int slot)
{
    if (b->used & (1u << slot))
        return 0;
    /* with a double the dice are alike: use them in order */
    return slot == 0 || b->dice[0] != b->dice[1] || (b->used & 1u);
}

/* A frog that took a book last turn must move away if it can. */
static int bw_must_move(const bw_config *cfg, const bw_block *b, const bw_masks *m)
{
    for (int k = 0; k < BW_FROGS_PER_PLAYER; k++) {
        int f = b->player * BW_FROGS_PER_PLAYER + k;
        if (b->frog_at[f] == BW_NONE || !(b->frog_flags[f] & BW_FF_MUST))
            continue;
        for (int slot = 0; slot < 2; slot++)
            if (bw_slot_open(b, slot) && bw_piece_moves(cfg, b, m, slot, k, NULL, 1))
                return 1;
    }
    return 0;
}

/* Whether the piece may be moved at all in the action stage (ignoring dice). */
static int bw_piece_may_move(const bw_block *b, int piece, int must)
{
    if (piece >= BW_FROGS_PER_PLAYER)
        return !must && !(b->turn & BW_TF_CAT);
    int f = b->player * BW_FROGS_PER_PLAYER + piece;
    if (b->frog_at[f] == BW_NONE || (b->frog_flags[f] & BW_FF_MOVED))
        return 0;
    return !must || (b->frog_flags[f] & BW_FF_MUST);
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

static size_t bw_action_moves(const bw_config *cfg, const bw_block *b, tg_move *out,
                              int first_only)
{
    bw_masks masks;
    bw_make_masks(cfg, b, &masks);
    const bw_masks *m = &masks;
    size_t n = 0;
    if (b->stage == BW_ST_ESC_MOVE) {
        int f = b->actor;
        return bw_piece_moves(cfg, b, m, 0, f % BW_FROGS_PER_PLAYER, out, first_only);
    }
    int must = bw_must_move(cfg, b, m);
    for (int slot = 0; slot < 2; slot++) {
        if (!bw_slot_open(b, slot))
            continue;
        for (int piece = 0; piece < BW_PIECES; piece++) {
            if (piece >= BW_FROGS_PER_PLAYER && (must || (b->turn & BW_TF_CAT)))
                break;
            if (!bw_piece_may_move(b, piece, must))
                continue;
            size_t k = bw_piece_moves(cfg, b, m, slot, piece, out ? out + n : NULL, first_only);
            n += k;
            if (first_only && n)
                return n;
        }
    }
    if (bw_may_skip(cfg, b, must)) {
        if (out)
            out[n] = BW_MOVE_SKIP;
        n++;
    }
    return n;
}

int bw_any_action(const bw_config *cfg, const bw_block *b)
{
    return bw_action_moves(cfg, b, NULL, 1) > 0;
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
        return bw_action_moves(cfg, b, out, 0);
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
    bw_masks m;
    bw_make_masks(cfg, b, &m);
    if (move == BW_MOVE_SKIP)
        return b->stage == BW_ST_ACTION && bw_may_skip(cfg, b, bw_must_move(cfg, b, &m));
    if (move >= BW_MOVE_SKIP)
        return 0;
    int r = (int)(move % BW_MAX_ROUTES);
    int piece = (int)(move / BW_MAX_ROUTES) % BW_PIECES;
    int slot = (int)(move / BW_MAX_ROUTES) / BW_PIECES;
    if (b->stage == BW_ST_ESC_MOVE) {
        if (slot != 0 || piece != b->actor % BW_FROGS_PER_PLAYER)
            return 0;
    } else if (!bw_slot_open(b, slot) || !bw_piece_may_move(b, piece, bw_must_move(cfg, b, &m))) {
        return 0;
    }
    bw_piece_ctx c;
    bw_piece_setup(cfg, b, &m, slot, piece, &c);
    return r < cfg->route_upto[c.at][c.die] && bw_piece_route_ok(cfg, &m, &c, r);
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
