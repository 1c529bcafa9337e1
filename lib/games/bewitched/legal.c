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

static void bw_make_masks(const bw_block *b, bw_masks *m)
{
    m->cat = m->block = m->book = 0;
    for (int f = 0; f < BW_FROGS; f++)
        if (b->frog_at[f] < BW_SPACES)
            m->block |= (uint64_t)1 << b->frog_at[f];
    for (int c = 0; c < BW_CATS; c++)
        m->cat |= (uint64_t)1 << b->cat_at[c];
    for (int s = 0; s < BW_SNAKES; s++)
        if (!bw_bit(b->gone, s))
            m->block |= (uint64_t)1 << bw_snake_space(s);
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

/* Writes (or with out NULL only counts, stopping at the first when
 * first_only) the moves of one piece with one die slot. */
static size_t bw_piece_moves(const bw_config *cfg, const bw_block *b, const bw_masks *m,
                             int slot, int piece, tg_move *out, int first_only)
{
    int die = b->dice[slot];
    size_t n = 0;
    tg_move base = (tg_move)((slot * BW_PIECES + piece) * BW_MAX_ROUTES);
    if (piece < BW_FROGS_PER_PLAYER) {
        int f = b->player * BW_FROGS_PER_PLAYER + piece;
        int at = b->frog_at[f];
        uint64_t stops = cfg->stop_mask | (bw_frog_book(b, f) != BW_NONE ? 0 : m->book);
        stops &= ~m->block;
        int own_pad = BW_PAD(cfg->colour_of[b->player]);
        for (int r = 0; r < cfg->route_upto[at][die]; r++) {
            if (!bw_route_ok(cfg, m, stops, own_pad, at, die, &cfg->routes[at][r],
                             cfg->route_inter[at][r]))
                continue;
            if (out)
                out[n] = base + (tg_move)r;
            n++;
            if (first_only)
                return n;
        }
    } else {
        int at = b->cat_at[piece - BW_FROGS_PER_PLAYER];
        for (int r = cfg->route_upto[at][die - 1]; r < cfg->route_upto[at][die]; r++) {
            if (cfg->routes[at][r].step[die - 1] >= BW_SPACES)
                continue; /* cats never enter a pad */
            if (out)
                out[n] = base + (tg_move)r;
            n++;
            if (first_only)
                return n;
        }
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

static size_t bw_action_moves(const bw_config *cfg, const bw_block *b, tg_move *out,
                              int first_only)
{
    bw_masks masks;
    bw_make_masks(b, &masks);
    const bw_masks *m = &masks;
    size_t n = 0;
    if (b->stage == BW_ST_ESC_MOVE) {
        int f = b->actor;
        return bw_piece_moves(cfg, b, m, 0, f % BW_FROGS_PER_PLAYER, out, first_only);
    }
    int p = b->player;
    /* A frog that took a book last turn must move away if it can. */
    int must = 0;
    for (int k = 0; k < BW_FROGS_PER_PLAYER && !must; k++) {
        int f = p * BW_FROGS_PER_PLAYER + k;
        if (b->frog_at[f] == BW_NONE || !(b->frog_flags[f] & BW_FF_MUST))
            continue;
        for (int slot = 0; slot < 2 && !must; slot++)
            if (bw_slot_open(b, slot) && bw_piece_moves(cfg, b, m, slot, k, NULL, 1))
                must = 1;
    }
    for (int slot = 0; slot < 2; slot++) {
        if (!bw_slot_open(b, slot))
            continue;
        for (int piece = 0; piece < BW_PIECES; piece++) {
            if (piece < BW_FROGS_PER_PLAYER) {
                int f = p * BW_FROGS_PER_PLAYER + piece;
                if (b->frog_at[f] == BW_NONE || (b->frog_flags[f] & BW_FF_MOVED))
                    continue;
                if (must && !(b->frog_flags[f] & BW_FF_MUST))
                    continue;
            } else if (must || (b->turn & BW_TF_CAT)) {
                break;
            }
            size_t k = bw_piece_moves(cfg, b, m, slot, piece, out ? out + n : NULL, first_only);
            n += k;
            if (first_only && n)
                return n;
        }
    }
    /* One frog left: having moved it, the player may let the other die go. */
    if (!must && b->used && b->used != 3 && bw_frogs_alive(cfg, b, p) == 1) {
        int moved = 0;
        for (int k = 0; k < BW_FROGS_PER_PLAYER; k++)
            moved |= b->frog_flags[p * BW_FROGS_PER_PLAYER + k] & BW_FF_MOVED;
        if (moved) {
            if (out)
                out[n] = BW_MOVE_SKIP;
            n++;
        }
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
