/* Spinning Wishes: the legal moves of every phase of play, as a list and
 * one move at a time (is_legal() answers for one move without writing the
 * list; every branch mirrors the generator it stands for above it). The
 * setup phases' moves are in setup.c, a move's destinations in movement.c. */
#include <string.h>

#include "spinning_wishes.h"

/* Bit s: slot s holds a holder in the current player's ray. */
static unsigned sw_holders_in_ray(const sw_config *c, const sw_block *b)
{
    return c->ray[b->princess[b->cur] & (SW_PRINCESSES - 1)][b->rot] & sw_full_slots(b);
}

size_t sw_take_moves(const sw_config *c, const sw_block *b, tg_move *out)
{
    int p = b->cur;
    unsigned holders = sw_holders_in_ray(c, b);
    size_t n = 0;
    if (sw_hand_size(b, p) < SW_HAND_MAX) {
        for (unsigned h = holders; h; h &= h - 1)
            out[n++] = SW_M_TAKE + (tg_move)sw_lowest(h);
    } else {
        for (unsigned gives = sw_kinds_held(b, p); gives; gives &= gives - 1) {
            int give = sw_lowest(gives);
            for (unsigned h = holders; h; h &= h - 1) {
                int s = sw_lowest(h);
                /* Written always, kept when it counts: "pass" below comes after. */
                out[n] = SW_M_SWAP + (tg_move)(give * SW_SLOTS + s);
                n += b->wheel[s] != give + 1;
            }
        }
    }
    out[n++] = SW_M_PASS;
    return n;
}

/* Some wish of one set differs from some wish of the other. */
static int sw_can_differ(unsigned mine, unsigned theirs)
{
    return mine && theirs && !(mine == theirs && (mine & (mine - 1)) == 0);
}

static inline int sw_can_take_inline(const sw_config *c, const sw_block *b)
{
    int p = b->cur;
    unsigned holders = sw_holders_in_ray(c, b), on_ray = 0;
    if (sw_hand_size(b, p) < SW_HAND_MAX)
        return holders != 0;
    for (unsigned h = holders; h; h &= h - 1)
        on_ray |= 1u << ((b->wheel[sw_lowest(h)] - 1) & (SW_PRINCESSES - 1));
    return sw_can_differ(sw_kinds_held(b, p), on_ray);
}

int sw_can_take(const sw_config *c, const sw_block *b)
{
    return sw_can_take_inline(c, b);
}

int sw_offer_take(const sw_config *c, sw_block *b)
{
    b->phase = SW_PH_TAKE;
    if (sw_can_take_inline(c, b))
        return b->cur; /* sw_who() of the take phase */
    sw_end_turn(b);
    return TG_PLAYER_CHANCE;
}

/* Bit q: player q still trades, being in play without her own princess's
 * three wishes (which take her out of all trading): one comparison of her
 * hand per player (own_three_hand). */
static unsigned sw_traders(const sw_config *c, const sw_block *b)
{
    unsigned t = 0;
    for (unsigned q = 0; q < SW_PRINCESSES; q++)
        t |= (unsigned)(sw_bytes_value(b->hand[q], SW_PRINCESSES) !=
                        c->own_three_hand[b->princess[q]])
             << q;
    return t;
}

/* Bit 4q + g: player q holds a wish of princess g. */
static unsigned sw_held_all(const sw_block *b)
{
    const uint8_t *hands = &b->hand[0][0];
    return sw_nonzero_bytes(hands, 8) | sw_nonzero_bytes(hands + 8, 8) << 8;
}

/* The current player's trades as a set: bit give*16 + with*4 + take, the
 * same number as the move's id less SW_M_TRADE, so the set lists them in
 * order. Built without a branch per princess or per kind of wish: who may
 * trade and what they hold changes from turn to turn. */
static uint64_t sw_trades(const sw_config *c, const sw_block *b)
{
    unsigned held = sw_held_all(b), p = b->cur;
    unsigned others = sw_traders(c, b) & ~(1u << p), theirs = 0;
    /* Nibble `with`: what that princess's player holds, if she trades. */
    for (unsigned q = 0; q < SW_PRINCESSES; q++) {
        unsigned with = b->princess[q] & (SW_PRINCESSES - 1);
        theirs |= ((held >> (4 * q)) & (0u - ((others >> q) & 1u)) & 15u) << (4 * with);
    }
    /* Row give (bits 16 give ..): theirs, if she holds a wish of give,
     * without taking the kind she gives. */
    unsigned mine = (held >> (4 * p)) & 15u;
    uint64_t rows = (((uint64_t)mine * 0x0000200040008001u) & 0x0001000100010001u) * 0xffffu;
    return (uint64_t)theirs * 0x0001000100010001u & rows & ~(uint64_t)0x8888444422221111u;
}

/* The same answer as sw_trades(c, b) != 0 for less: the kinds the other
 * players still trading hold, all together. With one kind of her own
 * someone must hold another kind; with two or more, any wish will do. */
int sw_can_trade(const sw_config *c, const sw_block *b)
{
    unsigned held = sw_held_all(b), p = b->cur;
    unsigned t = sw_traders(c, b) & ~(1u << p);
    /* Each trader's bit spread to her nibble, four bits wide. */
    unsigned spread = ((t & 1u) | (t & 2u) << 3 | (t & 4u) << 6 | (t & 8u) << 9) * 15u;
    unsigned others = held & spread;
    others |= others >> 8;
    others = (others | others >> 4) & 15u;
    unsigned mine = (held >> (4 * p)) & 15u;
    unsigned single = (mine & (mine - 1)) == 0 ? mine : 0;
    return mine && (others & ~single);
}

size_t sw_trade_moves(const sw_config *c, const sw_block *b, tg_move *out)
{
    /* A pointer that moves rather than an index: one instruction less per
     * trade, of which there are a dozen in a list. */
    tg_move *o = out;
    for (uint64_t trades = sw_trades(c, b); trades; trades &= trades - 1)
        *o++ = SW_M_TRADE + (tg_move)sw_lowest(trades);
    *o++ = SW_M_PASS;
    return (size_t)(o - out);
}

static size_t sw_range(tg_move first, unsigned count, tg_move *out)
{
    for (unsigned i = 0; i < count; i++)
        out[i] = first + i;
    return count;
}

/* A spin's outcomes without their weights (out of line, so that the other
 * lists set up no frame for the weights). */
static SW_NOINLINE size_t sw_ray_outcomes(const sw_config *c, const sw_block *b, tg_move *out)
{
    uint32_t weights[SW_RAY_CODES];
    return sw_ray_chance(c, b, out, weights);
}

/* The castle-bound moves (out of line, a tail call: the common move
 * keeps no register across a call, so sw_legal_moves() sets up no
 * frame). */
static SW_NOINLINE size_t sw_castle_moves(const sw_config *c, const sw_block *b, tg_move *out)
{
    size_t n = 0;
    for (uint64_t dest = sw_castle_destinations(c, b, b->cur, b->roll); dest; dest &= dest - 1)
        out[n++] = SW_M_DEST + (tg_move)sw_lowest(dest);
    return n;
}

size_t sw_legal_moves(const void *cfg, const void *st, tg_move *out)
{
    const sw_config *c = cfg;
    const sw_block *b = st;
    /* Three player decisions in four are moves: no jump table for them. */
    if (b->phase == SW_PH_MOVE) {
        if (sw_moving_own_three(b))
            return sw_castle_moves(c, b, out);
        unsigned fwd, back;
        sw_edge_moves(c, b, b->cur, b->roll, &fwd, &back);
        out[0] = SW_M_DEST + (tg_move)(fwd < back ? fwd : back);
        out[1] = SW_M_DEST + (tg_move)(fwd < back ? back : fwd);
        return 2;
    }
    switch (b->phase) {
    case SW_PH_ROLL:
        return sw_range(SW_M_ROLL, SW_DIE, out);
    case SW_PH_SPIN:
        return c->spin_ray ? sw_ray_outcomes(c, b, out) : sw_range(SW_M_SPIN, SW_ROTATIONS, out);
    case SW_PH_TAKE:
        return sw_take_moves(c, b, out);
    case SW_PH_TRADE:
        return sw_trade_moves(c, b, out);
    case SW_PH_OVER:
        return 0;
    default:
        return sw_setup_moves(c, b, out);
    }
}

/* ---- one move at a time --------------------------------------------------- */

static inline int sw_take_legal(const sw_config *c, const sw_block *b, tg_move move)
{
    int p = b->cur;
    unsigned ray = c->ray[b->princess[p]][b->rot];
    int full = sw_hand_size(b, p) >= SW_HAND_MAX;
    if (move >= SW_M_TAKE && move < SW_M_SWAP) {
        unsigned s = move - SW_M_TAKE;
        return !full && (ray & (1u << s)) && b->wheel[s];
    }
    if (move >= SW_M_SWAP && move < SW_M_TRADE) {
        unsigned k = move - SW_M_SWAP, give = k / SW_SLOTS, s = k % SW_SLOTS;
        return full && b->hand[p][give] && (ray & (1u << s)) && b->wheel[s] &&
               b->wheel[s] != give + 1;
    }
    return 0;
}

static inline int sw_trade_legal(const sw_block *b, tg_move move)
{
    if (move < SW_M_TRADE || move >= SW_M_PASS)
        return 0;
    unsigned k = move - SW_M_TRADE, give = k / 16, with = k / 4 % 4, take = k % 4;
    int p = b->cur, q = b->player_of[with];
    return take != give && b->hand[p][give] && q != SW_NOWHERE && q != p &&
           !sw_own_three(b, q) && b->hand[q][take];
}

/* Outside play the lists are short and rare: ask the generator (out of
 * line, so that the common checks set up no frame for its list). */
static SW_NOINLINE int sw_setup_legal(const sw_config *c, const sw_block *b, tg_move move)
{
    tg_move out[SW_MAX_LEGAL];
    size_t n = sw_setup_moves(c, b, out);
    for (size_t i = 0; i < n; i++)
        if (out[i] == move)
            return 1;
    return 0;
}

int sw_is_legal(const void *cfg, const void *st, tg_move move)
{
    const sw_config *c = cfg;
    const sw_block *b = st;
    /* Three player decisions in four are moves: no jump table for them. */
    if (b->phase == SW_PH_MOVE) {
        if (sw_moving_own_three(b))
            return move < SW_SPACES &&
                   ((sw_castle_destinations(c, b, b->cur, b->roll) >> move) & 1u);
        return sw_edge_move_legal(c, b, move);
    }
    switch (b->phase) {
    case SW_PH_ROLL:
        return move >= SW_M_ROLL && move < SW_M_ROLL + SW_DIE;
    case SW_PH_SPIN:
        if (c->spin_ray)
            return move >= SW_M_RAY && move < SW_M_RAY + SW_RAY_CODES &&
                   sw_ray_rotation(c, b, move - SW_M_RAY) >= 0;
        return move >= SW_M_SPIN && move < SW_M_SPIN + SW_ROTATIONS;
    case SW_PH_TAKE:
        return move == SW_M_PASS || sw_take_legal(c, b, move);
    case SW_PH_TRADE:
        return move == SW_M_PASS || sw_trade_legal(b, move);
    case SW_PH_OVER:
        return 0;
    default:
        return sw_setup_legal(c, b, move);
    }
}

/* A castle-bound move, its destinations worked out once. */
static SW_NOINLINE int sw_castle_checked(const sw_config *c, sw_block *b, tg_move move)
{
    if (move >= SW_SPACES || !((sw_castle_destinations(c, b, b->cur, b->roll) >> move) & 1u))
        return TG_PLAYER_INVALID;
    sw_clear_events(b);
    return sw_land(c, b, (int)move);
}

/* The setup's decisions: is_legal(), then apply. */
static SW_NOINLINE int sw_setup_checked(const void *cfg, void *st, tg_move move)
{
    if (!sw_is_legal(cfg, st, move))
        return TG_PLAYER_INVALID;
    return sw_apply_turn(cfg, st, move);
}

/* Every decision but a move round the edge, checked as is_legal() checks
 * it (out of line, so that the common move keeps no frame): the take and
 * trade phases' and the castle-bound moves without is_legal()'s and
 * apply's dispatch on the phase. Each case ends in a tail call and makes
 * no other, so none sets up a frame. */
static SW_NOINLINE int sw_apply_checked(const void *cfg, void *st, tg_move move)
{
    const sw_config *c = cfg;
    sw_block *b = st;
    switch (b->phase) {
    case SW_PH_TRADE:
        if (move != SW_M_PASS && !sw_trade_legal(b, move))
            return TG_PLAYER_INVALID;
        return sw_apply_exchange(b, move);
    case SW_PH_TAKE:
        if (move != SW_M_PASS && !sw_take_legal(c, b, move))
            return TG_PLAYER_INVALID;
        return sw_apply_exchange(b, move);
    case SW_PH_MOVE: /* holding her own three (sw_apply_if_legal()) */
        return sw_castle_checked(c, b, move);
    default:
        return sw_setup_checked(cfg, st, move);
    }
}

/* A move round the edge with more than four events to blank (rare). */
static SW_NOINLINE int sw_land_long(const sw_config *c, sw_block *b, tg_move move)
{
    sw_clear_events(b);
    return sw_land(c, b, (int)move);
}

/* A move, the common decision, is checked with the destinations applying
 * it needs anyway: worked out once instead of in is_legal() and again in
 * the move list's caller. Every other decision is checked as is_legal()
 * checks it. */
int sw_apply_if_legal(const void *cfg, void *st, tg_move move)
{
    const sw_config *c = cfg;
    sw_block *b = st;
    if (b->phase != SW_PH_MOVE || sw_moving_own_three(b))
        return sw_apply_checked(cfg, st, move);
    if (!sw_edge_move_legal(c, b, move))
        return TG_PLAYER_INVALID;
    if (b->nevents > 4)
        return sw_land_long(c, b, move);
    /* sw_clear_events(), n <= 4, but for the count, which sw_land() sets. */
    memset(b->events, 0, 4 * sizeof b->events[0]);
    return sw_land(c, b, (int)move);
}
