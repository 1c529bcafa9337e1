/* validate(): a block that passes may be handed to every other function
 * without an out-of-range access, and it keeps the invariants of play:
 *
 *  - every index in range: phase, turn, roll 1..6 exactly while a move is
 *    chosen, wheel rotation, princesses and the players who play them (each
 *    the other's inverse), spaces, wheel holders, towers' presents, event
 *    fields below the bound of their type, unused event slots blank;
 *  - counts that add up: one princess per space, three wish holders per
 *    princess in play, each on the wheel or in a hand (during the placement
 *    exactly those placed so far, in placement order, fewer than all), at
 *    most three wishes in a hand, the four presents once each once dealt
 *    and none before;
 *  - a turn that fits its phase: every princess on her gate before play,
 *    only a princess with her own three wishes in the castle, start rolls
 *    only before play and in player order, no spin, take or trade that the
 *    rules would have skipped, a winner exactly when the game is over,
 *    standing at the tower of her present, which she has seen;
 *  - hidden facts that agree with what was seen: nobody has looked under her
 *    own present without winning, and the records of the last decision that
 *    show a present (deal, look, win) name the present that is there, since
 *    resample() redraws the presents and rewrites those records from them;
 *  - a decision to make: not over means a legal move or a chance point with
 *    outcomes (tgV_check_decision). */
#include <string.h>

#include "core/play_check.h"
#include "spinning_wishes.h"

extern const tg_game_def tgG_spinning_wishes; /* spinning_wishes.c */

#define SW_FAIL(...) do { tgM_set(msg, __VA_ARGS__); return TG_E_CORRUPT; } while (0)

/* Bounds of an event's fields a, b, c: a value below the bound is valid;
 * SW_B_PLAYER means "a player of this game". */
#define SW_B_PLAYER 0
static const uint8_t sw_event_bounds[SW_E_COUNT][3] = {
    [SW_E_PICK] = {SW_B_PLAYER, SW_PRINCESSES, 1},
    [SW_E_DEAL] = {SW_DEALS, 1, 1},
    [SW_E_PLACE] = {SW_B_PLAYER, SW_SLOTS, SW_PRINCESSES},
    [SW_E_START_ROLL] = {SW_B_PLAYER, SW_DIE + 1, 1},
    [SW_E_FIRST] = {SW_B_PLAYER, SW_DIE + 1, 1},
    [SW_E_TIE] = {16, SW_DIE + 1, 1},
    [SW_E_ROLL] = {SW_B_PLAYER, SW_DIE + 1, 1},
    [SW_E_MOVE] = {SW_B_PLAYER, SW_SPACES, SW_SPACES},
    [SW_E_MISS] = {SW_B_PLAYER, 1, 1},
    [SW_E_AGAIN] = {SW_B_PLAYER, 1, 1},
    [SW_E_SPIN] = {SW_B_PLAYER, SW_ROTATIONS, 1},
    [SW_E_TAKE] = {SW_B_PLAYER, SW_SLOTS, SW_PRINCESSES},
    [SW_E_SWAP] = {SW_B_PLAYER, SW_SLOTS, 16},
    [SW_E_TRADE] = {SW_B_PLAYER, SW_B_PLAYER, 16},
    [SW_E_LOOK] = {SW_B_PLAYER, SW_PRINCESSES, SW_PRINCESSES},
    [SW_E_WIN] = {SW_B_PLAYER, SW_PRINCESSES, SW_PRINCESSES},
    [SW_E_SKIP] = {SW_B_PLAYER, 1, 1},
};

/* Records showing a present agree with the deal on the board. */
static int sw_event_fits(const sw_block *b, const sw_event *e)
{
    int dealt = b->phase > SW_PH_DEAL;
    switch (e->type) {
    case SW_E_DEAL:
        return dealt && memcmp(sw_deals[e->a], b->present, SW_PRINCESSES) == 0;
    case SW_E_LOOK:
        return dealt && ((b->seen[e->a] >> e->b) & 1u) && b->present[e->b] == e->c;
    case SW_E_WIN:
        return dealt && b->winner == e->a + 1 && ((b->seen[e->a] >> e->b) & 1u) &&
               b->present[e->b] == e->c && e->c == b->princess[e->a];
    default:
        return 1;
    }
}

static tg_status sw_check_events(const sw_config *c, const sw_block *b, tg_msg *msg)
{
    if (b->nevents > SW_EVENTS_MAX)
        SW_FAIL("%d events, at most %d", b->nevents, SW_EVENTS_MAX);
    for (int i = 0; i < SW_EVENTS_MAX; i++) {
        const sw_event *e = &b->events[i];
        if (i >= b->nevents) {
            if (e->type || e->a || e->b || e->c)
                SW_FAIL("event slot %d is beyond the event count but not empty", i);
            continue;
        }
        if (e->type == SW_E_NONE || e->type >= SW_E_COUNT)
            SW_FAIL("event %d has unknown type %d", i, e->type);
        const uint8_t f[3] = {e->a, e->b, e->c};
        for (int k = 0; k < 3; k++) {
            int bound = sw_event_bounds[e->type][k];
            if (bound == SW_B_PLAYER)
                bound = c->players;
            if (f[k] >= bound)
                SW_FAIL("event %d (type %d) field %d is %d, must be below %d", i, e->type, k,
                        f[k], bound);
        }
        if (!sw_event_fits(b, e))
            SW_FAIL("event %d (type %d) shows a present that is not there", i, e->type);
    }
    return TG_OK;
}

static tg_status sw_check_princesses(const sw_config *c, const sw_block *b, tg_msg *msg)
{
    int picked = 0;
    for (int p = 0; p < SW_PRINCESSES; p++) {
        int g = b->princess[p];
        if (p >= c->players || g == SW_NOWHERE) {
            if (p < c->players && !(b->phase == SW_PH_PICK && p >= b->cur))
                SW_FAIL("player %d has no princess", p);
            if (g != SW_NOWHERE || b->pos[p] != SW_NOWHERE || b->seen[p] || b->start_roll[p] ||
                b->hand[p][0] || b->hand[p][1] || b->hand[p][2] || b->hand[p][3])
                SW_FAIL("player %d is not in play but has pieces or a princess", p);
            continue;
        }
        if (g >= SW_PRINCESSES || b->player_of[g] != p)
            SW_FAIL("player %d has a bad princess %d", p, g);
        picked++;
    }
    for (int g = 0; g < SW_PRINCESSES; g++) {
        int p = b->player_of[g];
        if (p != SW_NOWHERE && (p >= c->players || b->princess[p] != g))
            SW_FAIL("princess %s is played by a player who does not play her", sw_princess_names[g]);
    }
    if (b->phase == SW_PH_PICK && (!c->choose_princess || picked != b->cur))
        SW_FAIL("in the pick phase the turn must be the next player to pick");
    return TG_OK;
}

static tg_status sw_check_spaces(const sw_config *c, const sw_block *b, tg_msg *msg)
{
    uint64_t used = 0;
    for (int p = 0; p < c->players; p++) {
        int sp = b->pos[p];
        if (b->princess[p] == SW_NOWHERE)
            continue;
        if (sp >= SW_SPACES)
            SW_FAIL("player %d is on no space", p);
        if (used & ((uint64_t)1 << sp))
            SW_FAIL("two princesses on space %d", sp);
        used |= (uint64_t)1 << sp;
        if (sp >= SW_LOOP && !sw_own_three(b, p))
            SW_FAIL("player %d is in the castle without her own three wishes", p);
        if (b->phase < SW_PH_ROLL && sp != sw_gate_of(b->princess[p]))
            SW_FAIL("before play every princess stands on her gate");
    }
    return TG_OK;
}

/* Wish holders: three per princess in play, each on the wheel or in a hand
 * (during the placement, only those already placed). */
static tg_status sw_check_wishes(const sw_config *c, const sw_block *b, tg_msg *msg)
{
    int count[SW_PRINCESSES] = {0}, on_wheel = 0;
    for (int s = 0; s < SW_SLOTS; s++) {
        if (b->wheel[s] > SW_PRINCESSES)
            SW_FAIL("wheel slot %d holds an unknown holder %d", s, b->wheel[s]);
        if (b->wheel[s]) {
            count[b->wheel[s] - 1]++;
            on_wheel++;
        }
    }
    for (int p = 0; p < c->players; p++) {
        if (sw_hand_size(b, p) > SW_HAND_MAX)
            SW_FAIL("player %d holds more than three wishes", p);
        for (int g = 0; g < SW_PRINCESSES; g++)
            count[g] += b->hand[p][g];
    }
    /* Before the placement nobody may have a holder out: the placement
     * walk below needs every player's princess. */
    if (b->phase < SW_PH_PLACE && b->placed)
        SW_FAIL("holders are placed only after the presents are dealt");
    int setup = b->phase <= SW_PH_PLACE;
    if (setup && on_wheel != b->placed)
        SW_FAIL("during setup the wheel must hold exactly the placed holders");
    /* The last holder placed ends the placement (sw_apply_place). */
    if (b->phase == SW_PH_PLACE && b->placed >= SW_WISHES_EACH * c->players)
        SW_FAIL("the placement is over once all %d holders are placed",
                SW_WISHES_EACH * c->players);
    if (!setup && b->placed != SW_WISHES_EACH * c->players)
        SW_FAIL("after setup all %d holders are placed", SW_WISHES_EACH * c->players);
    int expect[SW_PRINCESSES] = {0};
    if (setup) {
        /* Placement goes round from player 0 to the left, one holder each. */
        int q = 0;
        for (int k = 0; k < b->placed; k++, q = sw_left_of(b, q))
            expect[b->princess[q]]++;
        if (b->phase == SW_PH_PLACE && b->cur != q)
            SW_FAIL("it is player %d's turn to place a holder, not %d's", q, b->cur);
    } else {
        for (int g = 0; g < SW_PRINCESSES; g++)
            expect[g] = b->player_of[g] != SW_NOWHERE ? SW_WISHES_EACH : 0;
    }
    for (int g = 0; g < SW_PRINCESSES; g++)
        if (count[g] != expect[g])
            SW_FAIL("%d wishes of %s in the game, must be %d", count[g], sw_princess_names[g],
                    expect[g]);
    return TG_OK;
}

static tg_status sw_check_presents(const sw_config *c, const sw_block *b, tg_msg *msg)
{
    unsigned seen_presents = 0;
    int dealt = b->phase > SW_PH_DEAL;
    for (int t = 0; t < SW_PRINCESSES; t++) {
        int g = b->present[t];
        if (!dealt && g != SW_NOWHERE)
            SW_FAIL("presents are not dealt before the deal");
        if (dealt) {
            if (g >= SW_PRINCESSES || (seen_presents & (1u << g)))
                SW_FAIL("the presents must be the four princesses' once each");
            seen_presents |= 1u << g;
        }
    }
    for (int p = 0; p < c->players; p++) {
        if (b->seen[p] > 15 || (!dealt && b->seen[p]))
            SW_FAIL("player %d has looked under presents that are not there", p);
        for (int t = 0; t < SW_PRINCESSES; t++)
            if ((b->seen[p] & (1u << t)) && b->present[t] == b->princess[p] && b->winner != p + 1)
                SW_FAIL("player %d saw her own present but has not won", p);
    }
    /* Checked here as well as in sw_check_turn: the winner indexes the
     * per-player arrays below, whatever order the checks run in. */
    if (b->winner > c->players)
        SW_FAIL("winner %d is not a player", b->winner - 1);
    if (b->winner) {
        int w = b->winner - 1, sp = b->pos[w];
        int t = sp < SW_SPACES ? c->tower_of[sp] : -1;
        if (b->phase != SW_PH_OVER || t < 0 || b->present[t] != b->princess[w] ||
            !(b->seen[w] & (1u << t)))
            SW_FAIL("the winner must stand at the tower of her present, seen, with the game over");
    } else if (b->phase == SW_PH_OVER) {
        SW_FAIL("the game is over without a winner");
    }
    return TG_OK;
}

static tg_status sw_check_turn(const sw_config *c, const sw_block *b, tg_msg *msg)
{
    unsigned all = (1u << c->players) - 1u;
    if (b->cur >= c->players)
        SW_FAIL("turn %d is not a player", b->cur);
    if (b->winner > c->players)
        SW_FAIL("winner %d is not a player", b->winner - 1);
    if (b->rot >= SW_ROTATIONS)
        SW_FAIL("wheel rotation %d, must be below %d", b->rot, SW_ROTATIONS);
    if ((b->phase == SW_PH_MOVE) != (b->roll >= 1 && b->roll <= SW_DIE) ||
        (b->phase != SW_PH_MOVE && b->roll))
        SW_FAIL("a die value 1..6 is kept exactly while a move is chosen");
    if (b->skip & ~all)
        SW_FAIL("miss-a-turn marks for players not in the game");
    for (int p = 0; p < SW_PRINCESSES; p++)
        if (b->start_roll[p] > SW_DIE)
            SW_FAIL("start roll %d", b->start_roll[p]);
    if (b->phase == SW_PH_START) {
        if (!b->start_pending || (b->start_pending & ~b->start_round) || (b->start_round & ~all))
            SW_FAIL("start rolls: pending players must be in the round");
        unsigned lowest = b->start_pending & (0u - b->start_pending);
        if (lowest != 1u << b->cur)
            SW_FAIL("start rolls go in player order");
    } else if (b->start_round || b->start_pending) {
        SW_FAIL("start roll rounds exist only before play");
    }
    if (b->phase == SW_PH_DEAL && b->cur != 0)
        SW_FAIL("the deal has no player");
    return TG_OK;
}

/* Decision phases that the rules would have skipped must not be entered. */
static tg_status sw_check_decision(const sw_config *c, const sw_block *b, tg_msg *msg)
{
    int p = b->cur;
    if ((b->phase == SW_PH_SPIN || b->phase == SW_PH_TAKE || b->phase == SW_PH_TRADE) &&
        sw_own_three(b, p))
        SW_FAIL("a princess with her own three wishes neither spins nor trades");
    if (b->phase == SW_PH_TAKE && !sw_can_take(c, b))
        SW_FAIL("nothing to take from the wheel");
    if (b->phase == SW_PH_TRADE && !sw_can_trade(c, b))
        SW_FAIL("nothing to trade");
    if (b->phase == SW_PH_SPIN) {
        int any = 0;
        for (int s = 0; s < SW_SLOTS; s++)
            any |= b->wheel[s];
        if (!any)
            SW_FAIL("the wheel is empty, nothing to spin for");
    }
    return TG_OK;
}

tg_status sw_validate(const void *cfg, const void *st, tg_msg *msg)
{
    const sw_config *c = cfg;
    const sw_block *b = st;
    tg_status s;
    if (b->phase >= SW_PH_COUNT)
        SW_FAIL("unknown phase %d", b->phase);
    if ((s = sw_check_turn(c, b, msg)) != TG_OK || (s = sw_check_princesses(c, b, msg)) != TG_OK ||
        (s = sw_check_spaces(c, b, msg)) != TG_OK || (s = sw_check_wishes(c, b, msg)) != TG_OK ||
        (s = sw_check_presents(c, b, msg)) != TG_OK || (s = sw_check_decision(c, b, msg)) != TG_OK)
        return s;
    if ((s = sw_check_events(c, b, msg)) != TG_OK)
        return s;
    return tgV_check_decision(&tgG_spinning_wishes, c, b, msg);
}
