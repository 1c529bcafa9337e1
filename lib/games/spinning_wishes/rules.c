/* Turn structure of Spinning Wishes: whose decision it is, the chance
 * points, and applying a decision. The legal moves are in legal.c, the
 * setup phases in setup.c, movement and the spaces in movement.c. */
#include <string.h>

#include "core/playout_loop.h"
#include "spinning_wishes.h"

void sw_clear(sw_block *b)
{
    memset(b, 0, sizeof *b);
    memset(b->princess, SW_NOWHERE, sizeof b->princess);
    memset(b->player_of, SW_NOWHERE, sizeof b->player_of);
    memset(b->pos, SW_NOWHERE, sizeof b->pos);
    memset(b->present, SW_NOWHERE, sizeof b->present);
}

void sw_init(const void *cfg, void *st)
{
    const sw_config *c = cfg;
    sw_block *b = st;
    sw_clear(b);
    b->phase = SW_PH_PICK;
    if (!c->choose_princess) {
        for (int p = 0; p < c->players; p++) {
            b->princess[p] = (uint8_t)p;
            b->player_of[p] = (uint8_t)p;
            b->pos[p] = (uint8_t)sw_gate_of(p);
        }
        b->phase = SW_PH_DEAL;
    }
}

int sw_current_player(const void *cfg, const void *st)
{
    return sw_who(cfg, st);
}

uint32_t sw_uniform_chance(const void *cfg, const void *st, tg_move *first)
{
    const sw_config *c = cfg;
    const sw_block *b = st;
    /* A table rather than branches on the phase (board.c sets it). */
    *first = b->phase == SW_PH_ROLL ? SW_M_ROLL : SW_M_SPIN;
    return c->uniform_count[b->phase];
}

size_t sw_chance(const void *cfg, const void *st, tg_move *out, uint32_t *weights)
{
    const sw_config *c = cfg;
    const sw_block *b = st;
    if (b->phase == SW_PH_SPIN && c->spin_ray)
        return sw_ray_chance(c, b, out, weights);
    /* The die and the wheel, by far the most frequent chance points. */
    tg_move first = b->phase == SW_PH_ROLL ? SW_M_ROLL : SW_M_SPIN;
    size_t n = b->phase == SW_PH_ROLL ? SW_DIE : b->phase == SW_PH_SPIN ? SW_ROTATIONS : 0;
    if (n == 0)
        n = sw_legal_moves(cfg, st, out);
    else
        for (size_t i = 0; i < n; i++)
            out[i] = first + (tg_move)i;
    for (size_t i = 0; i < n; i++)
        weights[i] = 1;
    return n;
}

static void sw_apply_take(sw_block *b, int slot)
{
    int p = b->cur, got = b->wheel[slot] - 1;
    b->hand[p][got]++;
    b->wheel[slot] = 0;
    sw_event_add(b, SW_E_TAKE, p, slot, got);
}

static void sw_apply_swap(sw_block *b, int give, int slot)
{
    int p = b->cur, got = b->wheel[slot] - 1;
    b->hand[p][got]++;
    b->hand[p][give]--;
    b->wheel[slot] = (uint8_t)(give + 1);
    sw_event_add(b, SW_E_SWAP, p, slot, give * 4 + got);
}

static void sw_apply_trade(sw_block *b, int give, int with, int take)
{
    int p = b->cur, q = b->player_of[with];
    b->hand[p][give]--;
    b->hand[p][take]++;
    b->hand[q][take]--;
    b->hand[q][give]++;
    sw_event_add(b, SW_E_TRADE, p, q, give * 4 + take);
}

/* A take, swap, trade or pass applied, its events blanked already: the
 * turn ends, and the next player's die is the next decision. */
static int sw_exchanged(sw_block *b, tg_move move)
{
    if (move >= SW_M_TRADE && move < SW_M_PASS) {
        unsigned k = move - SW_M_TRADE;
        sw_apply_trade(b, (int)(k / 16), (int)(k / 4 % 4), (int)(k % 4));
    } else if (move >= SW_M_SWAP && move < SW_M_TRADE) {
        unsigned k = move - SW_M_SWAP;
        sw_apply_swap(b, (int)(k / SW_SLOTS), (int)(k % SW_SLOTS));
    } else if (move >= SW_M_TAKE && move < SW_M_SWAP) {
        sw_apply_take(b, (int)(move - SW_M_TAKE));
    }
    sw_end_turn(b);
    return TG_PLAYER_CHANCE;
}

int sw_apply_exchange(void *st, tg_move move)
{
    sw_block *b = st;
    sw_clear_events(b);
    return sw_exchanged(b, move);
}

/* The die for a move (both apply hooks use it). */
static inline void sw_apply_roll(sw_block *b, unsigned face)
{
    b->roll = (uint8_t)(face + 1);
    sw_event_add(b, SW_E_ROLL, b->cur, b->roll, 0);
    b->phase = SW_PH_MOVE;
}

int sw_apply_turn(const void *cfg, void *st, tg_move move)
{
    const sw_config *c = cfg;
    sw_block *b = st;
    sw_clear_events(b);
    switch (b->phase) {
    case SW_PH_ROLL:
        sw_apply_roll(b, move - SW_M_ROLL);
        break;
    case SW_PH_MOVE:
        return sw_land(c, b, (int)(move - SW_M_DEST));
    case SW_PH_SPIN:
        return sw_spun(c, b, move >= SW_M_RAY ? sw_ray_rotation(c, b, move - SW_M_RAY)
                                              : (int)(move - SW_M_SPIN));
    case SW_PH_TAKE:
    case SW_PH_TRADE:
        return sw_exchanged(b, move);
    default:
        sw_setup_apply(c, b, move);
        break;
    }
    return sw_who(c, b);
}

void sw_apply(const void *cfg, void *st, tg_move move)
{
    (void)sw_apply_turn(cfg, st, move);
}

/* The setup's chance points (the deal, holders placed at random, start
 * rolls) are their lists' outcomes with equal weights, drawn as the core's
 * lists are; out of line, so that the die's path keeps a small frame. */
static SW_NOINLINE int sw_draw_listed(const void *cfg, const void *st, tg_rng *rng,
                                      tg_move *drawn)
{
    tg_move out[SW_MAX_LEGAL];
    size_t n = sw_legal_moves(cfg, st, out);
    if (n == 0)
        return 0;
    *drawn = out[tgR_below(rng, (uint32_t)n)];
    return 1;
}

/* The die's face applied, its events first (inline in sw_roll()'s rare
 * cases below, each a call of its own so that sw_roll() sets up no frame:
 * the draw's near miss, and more than four events to blank). */
static inline int sw_rolled(const sw_config *c, sw_block *b, tg_move *drawn, unsigned face)
{
    *drawn = SW_M_ROLL + face;
    sw_clear_events(b);
    sw_apply_roll(b, face);
    return sw_who(c, b);
}

static SW_NOINLINE int sw_roll_near(const sw_config *c, sw_block *b, tg_rng *rng,
                                    tg_move *drawn, uint64_t m)
{
    return sw_rolled(c, b, drawn, tgR_below_near(rng, SW_DIE, m));
}

static SW_NOINLINE int sw_roll_long(const sw_config *c, sw_block *b, tg_move *drawn,
                                    unsigned face)
{
    return sw_rolled(c, b, drawn, face);
}

/* The die, nearly every other decision: drawn as the core's
 * uniform_chance() path draws it (tgR_below()'s two steps) and applied
 * without apply's dispatch. */
static SW_NOINLINE int sw_roll(const sw_config *c, sw_block *b, tg_rng *rng, tg_move *drawn)
{
    uint64_t m = tgR_below_draw(rng, SW_DIE);
    if (!tgR_below_settled(m, SW_DIE))
        return sw_roll_near(c, b, rng, drawn, m);
    unsigned face = (unsigned)(m >> 32);
    if (b->nevents > 4)
        return sw_roll_long(c, b, drawn, face);
    *drawn = SW_M_ROLL + face;
    memset(b->events, 0, 4 * sizeof b->events[0]); /* sw_clear_events(), n <= 4 */
    b->nevents = 0;
    sw_apply_roll(b, face);
    return b->cur; /* sw_who() of the move phase: players decide their moves */
}

/* The other chance points: spin=rotation through uniform_chance(),
 * spin=ray through the weighted hooks (48 stops in all), the setup
 * through the lists; then the outcome applied. */
static SW_NOINLINE int sw_draw_other(const sw_config *c, sw_block *b, tg_rng *rng,
                                     tg_move *drawn)
{
    uint32_t count = c->uniform_count[b->phase];
    if (count)
        *drawn = (b->phase == SW_PH_ROLL ? SW_M_ROLL : SW_M_SPIN) + tgR_below(rng, count);
    else if (b->phase == SW_PH_SPIN) /* spin=ray: sw_apply_chance_turn() sends it there */
        return sw_spin_turn(c, b, rng, drawn);
    else if (!sw_draw_listed(c, b, rng, drawn))
        return TG_PLAYER_INVALID;
    return sw_apply_turn(c, b, *drawn);
}

/* The draws of the core's own path, then the outcome applied: only tail
 * calls, so no frame; each kind of chance point pays for its own. */
int sw_apply_chance_turn(const void *cfg, void *st, tg_rng *rng, tg_move *drawn)
{
    const sw_config *c = cfg;
    sw_block *b = st;
    if (b->phase == SW_PH_ROLL)
        return sw_roll(c, b, rng, drawn);
    if (b->phase == SW_PH_SPIN && c->spin_ray)
        return sw_spin_turn(c, b, rng, drawn);
    return sw_draw_other(c, b, rng, drawn);
}

/* tg_state_playout()'s loop with the calls above direct (every chance
 * point through sw_apply_chance_turn(); the table sets no die). */
TG_PLAYOUT_HOOK(sw_playout, sw_legal_moves, sw_apply_turn, sw_apply_chance_turn, 0, 0)

uint32_t sw_winners(const void *cfg, const void *st)
{
    (void)cfg;
    const sw_block *b = st;
    return b->winner ? 1u << (b->winner - 1) : 0u;
}
