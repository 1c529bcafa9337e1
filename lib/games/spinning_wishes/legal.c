/* Spinning Wishes: the legal moves of every phase of play, as a list and
 * one move at a time (is_legal() answers for one move without writing the
 * list; every branch mirrors the generator it stands for above it). The
 * setup phases' moves are in setup.c, a move's destinations in movement.c. */
#include "spinning_wishes.h"

size_t sw_take_moves(const sw_config *c, const sw_block *b, tg_move *out)
{
    int p = b->cur;
    unsigned ray = c->ray[b->princess[p]][b->rot];
    size_t n = 0;
    if (sw_hand_size(b, p) < SW_HAND_MAX) {
        for (int s = 0; s < SW_SLOTS; s++)
            if ((ray & (1u << s)) && b->wheel[s])
                out[n++] = SW_M_TAKE + (tg_move)s;
    } else {
        for (int give = 0; give < SW_PRINCESSES; give++) {
            if (!b->hand[p][give])
                continue;
            for (int s = 0; s < SW_SLOTS; s++)
                if ((ray & (1u << s)) && b->wheel[s] && b->wheel[s] != give + 1)
                    out[n++] = SW_M_SWAP + (tg_move)(give * SW_SLOTS + s);
        }
    }
    out[n++] = SW_M_PASS;
    return n;
}

/* Bit g: the player holds a wish of princess g. */
static unsigned sw_kinds_held(const sw_block *b, int player)
{
    unsigned m = 0;
    for (int g = 0; g < SW_PRINCESSES; g++)
        if (b->hand[player][g])
            m |= 1u << g;
    return m;
}

/* Some wish of one set differs from some wish of the other. */
static int sw_can_differ(unsigned mine, unsigned theirs)
{
    return mine && theirs && !(mine == theirs && (mine & (mine - 1)) == 0);
}

int sw_can_take(const sw_config *c, const sw_block *b)
{
    int p = b->cur;
    unsigned ray = c->ray[b->princess[p]][b->rot], on_ray = 0;
    for (int s = 0; s < SW_SLOTS; s++)
        if ((ray & (1u << s)) && b->wheel[s])
            on_ray |= 1u << (b->wheel[s] - 1);
    if (sw_hand_size(b, p) < SW_HAND_MAX)
        return on_ray != 0;
    return sw_can_differ(sw_kinds_held(b, p), on_ray);
}

int sw_can_trade(const sw_block *b)
{
    int p = b->cur;
    unsigned mine = sw_kinds_held(b, p);
    for (int with = 0; with < SW_PRINCESSES; with++) {
        int q = b->player_of[with];
        if (q != SW_NOWHERE && q != p && !sw_own_three(b, q) &&
            sw_can_differ(mine, sw_kinds_held(b, q)))
            return 1;
    }
    return 0;
}

size_t sw_trade_moves(const sw_config *c, const sw_block *b, tg_move *out)
{
    (void)c;
    int p = b->cur;
    size_t n = 0;
    unsigned mine = sw_kinds_held(b, p), theirs[SW_PRINCESSES];
    int partners[SW_PRINCESSES], np = 0;
    for (int with = 0; with < SW_PRINCESSES; with++) {
        int q = b->player_of[with];
        if (q != SW_NOWHERE && q != p && !sw_own_three(b, q)) {
            theirs[np] = sw_kinds_held(b, q);
            partners[np++] = with;
        }
    }
    /* Ids grow with give, then with, then take: bit loops keep them sorted. */
    for (unsigned gives = mine; gives; gives &= gives - 1) {
        int give = sw_lowest(gives);
        for (int k = 0; k < np; k++) {
            tg_move base = SW_M_TRADE + (tg_move)(give * 16 + partners[k] * 4);
            for (unsigned takes = theirs[k] & ~(1u << give); takes; takes &= takes - 1)
                out[n++] = base + (tg_move)sw_lowest(takes);
        }
    }
    out[n++] = SW_M_PASS;
    return n;
}

static size_t sw_range(tg_move first, unsigned count, tg_move *out)
{
    for (unsigned i = 0; i < count; i++)
        out[i] = first + i;
    return count;
}

size_t sw_legal_moves(const void *cfg, const void *st, tg_move *out)
{
    const sw_config *c = cfg;
    const sw_block *b = st;
    switch (b->phase) {
    case SW_PH_ROLL:
        return sw_range(SW_M_ROLL, SW_DIE, out);
    case SW_PH_SPIN: {
        uint32_t weights[SW_RAY_CODES];
        return c->spin_ray ? sw_ray_chance(c, b, out, weights)
                           : sw_range(SW_M_SPIN, SW_ROTATIONS, out);
    }
    case SW_PH_MOVE: {
        uint64_t dest = sw_destinations(c, b, b->cur, b->roll);
        size_t n = 0;
        for (; dest; dest &= dest - 1)
            out[n++] = SW_M_DEST + (tg_move)sw_lowest(dest);
        return n;
    }
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

static int sw_take_legal(const sw_config *c, const sw_block *b, tg_move move)
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

static int sw_trade_legal(const sw_block *b, tg_move move)
{
    if (move < SW_M_TRADE || move >= SW_M_PASS)
        return 0;
    unsigned k = move - SW_M_TRADE, give = k / 16, with = k / 4 % 4, take = k % 4;
    int p = b->cur, q = b->player_of[with];
    return take != give && b->hand[p][give] && q != SW_NOWHERE && q != p &&
           !sw_own_three(b, q) && b->hand[q][take];
}

/* Outside play the lists are short and rare: ask the generator. */
static int sw_setup_legal(const sw_config *c, const sw_block *b, tg_move move)
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
    switch (b->phase) {
    case SW_PH_ROLL:
        return move >= SW_M_ROLL && move < SW_M_ROLL + SW_DIE;
    case SW_PH_SPIN:
        if (c->spin_ray)
            return move >= SW_M_RAY && move < SW_M_RAY + SW_RAY_CODES &&
                   sw_ray_rotation(c, b, move - SW_M_RAY) >= 0;
        return move >= SW_M_SPIN && move < SW_M_SPIN + SW_ROTATIONS;
    case SW_PH_MOVE:
        return move < SW_SPACES &&
               ((sw_destinations(c, b, b->cur, b->roll) >> move) & 1u);
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
