/* Moving a princess and the effect of the space she lands on. */
#include <string.h>

#include "spinning_wishes.h"

int sw_can_look(const sw_config *c, const sw_block *b, int player, int tower)
{
    return c->relook || !(b->seen[player] & (1u << tower));
}

/* Where one step leads a princess holding her own three wishes: she turns
 * in at any gate she stands on; inside, she walks the castle ring in
 * direction e. */
static int sw_step(int sp, int d, int e)
{
    if (sp >= SW_LOOP)
        return SW_LOOP + (sp - SW_LOOP + e + SW_CASTLE) % SW_CASTLE;
    if (sp % SW_LOOP_QUARTER == 0)
        return sw_hall_of_gate(sp);
    return (sp + d + SW_LOOP) % SW_LOOP;
}

void sw_steps_setup(sw_config *cfg)
{
    for (int d = 0; d < 2; d++)
        for (int e = 0; e < 2; e++)
            for (int sp = 0; sp < SW_SPACES; sp++)
                cfg->step[d][e][sp] = (uint8_t)sw_step(sp, d ? -1 : 1, e ? -1 : 1);
    for (int d = 0; d < 2; d++)
        for (int e = 0; e < 2; e++)
            for (int sp = 0; sp < SW_SPACES; sp++)
                for (int i = 0, at = sp; i < SW_DIE; i++)
                    cfg->path[d][e][sp][i] = (uint8_t)(at = cfg->step[d][e][at]);
    for (int d = 0; d < 2; d++)
        for (int e = 0; e < 2; e++)
            for (int sp = 0; sp < SW_SPACES; sp++)
                for (unsigned towers = 0; towers < (1u << SW_PRINCESSES); towers++)
                    for (int i = 0; i < SW_DIE; i++) {
                        int t = cfg->tower_of[cfg->path[d][e][sp][i]];
                        if (t >= 0 && (towers >> t) & 1u)
                            cfg->path_towers[d][e][sp][towers] |= (uint8_t)(1u << i);
                    }
}

/* The castle-bound walk: exactly roll steps, or fewer to the first space
 * of a tower in `towers` (those she may look at, with tower=reach), then
 * on past occupied spaces. The steps are read from the walk's path and
 * the first stop found by its bit (path_towers), without a branch on
 * where the towers are. */
static int sw_walk(const sw_config *c, const sw_block *b, int player, int roll, int d, int e,
                   unsigned towers, uint64_t occupied)
{
    unsigned sp0 = b->pos[player];
    const uint8_t *step = c->step[d][e], *path = c->path[d][e][sp0];
    unsigned ends = 1u << (roll - 1) | c->path_towers[d][e][sp0][towers];
    int sp = path[sw_lowest(ends)];
    /* At most three other princesses, so three steps are always enough. */
    for (int i = 0; i < SW_PRINCESSES - 1; i++)
        sp = (occupied >> sp) & 1u ? step[sp] : sp;
    return sp;
}

/* Bit sp: another princess than the player's stands on space sp. A
 * princess not in play is on SW_NOWHERE and adds no bit; no two share a
 * space (validate.c), so clearing the player's bit clears hers alone. */
static uint64_t sw_others(const sw_block *b, int player)
{
    uint64_t occupied = 0;
    for (int p = 0; p < SW_PRINCESSES; p++) {
        unsigned sp = b->pos[p];
        occupied |= (uint64_t)(sp < SW_SPACES) << (sp & 63u);
    }
    unsigned own = b->pos[player];
    return occupied & ~((uint64_t)(own < SW_SPACES) << (own & 63u));
}

/* Out of line (movement.c), so that the common move sets up no frame for
 * these walks. */
uint64_t sw_castle_destinations(const sw_config *c, const sw_block *b, int player, int roll)
{
    uint64_t occupied = sw_others(b, player), dest = 0;
    int sp = b->pos[player];
    /* The towers she may look at (sw_can_look()), but the one she stands at. */
    unsigned towers = c->relook ? 15u : ~(unsigned)b->seen[player] & 15u;
    if (c->tower_exact)
        towers = 0;
    if (c->tower_of[sp] >= 0)
        towers &= ~(1u << c->tower_of[sp]);
    int castle_choice = sp >= SW_LOOP || sp % SW_LOOP_QUARTER == 0;
    for (int d = 0; d < (castle_choice ? 1 : 2); d++)
        for (int e = 0; e < 2; e++)
            dest |= (uint64_t)1 << sw_walk(c, b, player, roll, d, e, towers, occupied);
    return dest;
}

static void sw_look(const sw_config *c, sw_block *b, int p, int tower)
{
    (void)c;
    b->seen[p] |= (uint8_t)(1u << tower);
    sw_event_add(b, SW_E_LOOK, p, tower, b->present[tower]);
    if (b->present[tower] == b->princess[p]) {
        b->winner = (uint8_t)(p + 1);
        b->phase = SW_PH_OVER;
        sw_event_add(b, SW_E_WIN, p, tower, b->present[tower]);
    } else {
        sw_end_turn(b);
    }
}

/* The trade phase, or the turn's end when nothing can be traded; returns
 * whose turn it is then. Out of line, a tail call: sw_land_on() makes no
 * call of its own and so sets up no frame. */
static SW_NOINLINE int sw_offer_trade(const sw_config *c, sw_block *b)
{
    b->phase = SW_PH_TRADE;
    if (sw_can_trade(c, b))
        return b->cur; /* sw_who() of the trade phase */
    sw_end_turn(b);
    return TG_PLAYER_CHANCE;
}

/* The space's effect, for the spaces that sw_land_die() leaves: "miss a
 * turn", a tower, a wheel and a trading space (out of line, so that
 * sw_land() keeps no frame for them). A wheel and a trading space are one
 * case, an empty wheel the only difference: tests, not a jump table with
 * five targets, whose kind is random. */
static SW_NOINLINE int sw_land_on(const sw_config *c, sw_block *b, int p, int space, int kind)
{
    if (kind == SW_K_MISS) {
        b->skip |= (uint8_t)(1u << p);
        sw_event_add(b, SW_E_MISS, p, 0, 0);
        sw_end_turn(b);
    } else if (kind == SW_K_TOWER) {
        if (sw_can_look(c, b, p, c->tower_of[space]))
            sw_look(c, b, p, c->tower_of[space]);
        else
            sw_end_turn(b);
    } else if (sw_own_three(b, p)) {
        sw_end_turn(b);
    } else if (kind == SW_K_WHEEL && sw_any_slot(b)) {
        b->phase = SW_PH_SPIN;
    } else {
        return sw_offer_trade(c, b);
    }
    return sw_who(c, b);
}

/* sw_land_die()'s rare end, a tail call that keeps sw_land() frameless:
 * the next seat is empty or its player loses this turn (or, on a space
 * "again", the mover's own mark is set, which play never leaves during
 * her turn but a position loaded from JSON might). */
static SW_NOINLINE int sw_land_pass(sw_block *b, unsigned again)
{
    if (again)
        b->phase = SW_PH_ROLL;
    else
        sw_end_turn(b);
    return TG_PLAYER_CHANCE;
}

/* A space after which a die follows at once: one that does nothing, or
 * "again" (the same player's die). Which of them is random (three and two
 * of each ten spaces round the edge), and what comes next (a die) does
 * not depend on it, so it is data: the event and the player are
 * selected, not branched on. A branch here would be mispredicted about
 * as often as the jump table it replaces (docs/performance.md, issue 37,
 * fifth pass). */
_Static_assert(sizeof(sw_event) == sizeof(uint32_t), "sw_land_die() moves an event as 4 bytes");

static inline int sw_land_die(sw_block *b, unsigned p, int kind)
{
    unsigned again = kind == SW_K_AGAIN;
    const sw_event mine = {SW_E_AGAIN, (uint8_t)p, 0, 0};
    uint32_t e;
    memcpy(&e, &mine, sizeof e);
    e &= 0u - again;
    /* Slot 1 was blanked with the decision's events: the event or a blank. */
    memcpy(&b->events[1], &e, sizeof e);
    b->nevents = (uint8_t)(1 + again);
    /* Who casts the die, by an index rather than a branch: the player of
     * the mover's princess (the mover) again, or of the next seat's
     * princess (sw_left_of()'s first step, as at every seat of a full
     * table) if she is in play and keeps her turn; else sw_end_turn()'s
     * loop. Bits 4 up of the set stand for no player (SW_NOWHERE & 31). */
    unsigned next = b->player_of[(b->princess[p] + 1u - again) & (SW_PRINCESSES - 1)];
    if ((((unsigned)b->skip | ~0xfu) >> (next & 31u)) & 1u)
        return sw_land_pass(b, again);
    b->cur = (uint8_t)next;
    b->phase = SW_PH_ROLL;
    return TG_PLAYER_CHANCE; /* the die; roll is 0 (sw_land()) */
}

int sw_land(const sw_config *c, sw_block *b, int space)
{
    int p = b->cur, kind = c->kind[space];
    /* The move's event is the decision's first: its callers have just
     * blanked the events (all but the count, perhaps, which is set here),
     * so slot 0, with no test of the count. */
    const sw_event e = {SW_E_MOVE, (uint8_t)p, b->pos[p], (uint8_t)space};
    b->events[0] = e;
    b->nevents = 1;
    b->pos[p] = (uint8_t)space;
    b->roll = 0;
    /* The spaces after which a die follows, one test (a set of kinds). */
    const unsigned die = 1u << SW_K_BLANK | 1u << SW_K_GATE | 1u << SW_K_HALL |
                         1u << SW_K_PATH | 1u << SW_K_AGAIN;
    if ((die >> kind) & 1u)
        return sw_land_die(b, (unsigned)p, kind);
    return sw_land_on(c, b, p, space, kind);
}
