/* Witches' Dance: the rules — the initial position, whose decision it is,
 * the die, and applying a decision (the witches' moves are in movement.c).
 * These run millions of times a second in playouts, so they touch only the
 * block and precomputed tables. */
#include "witches_dance.h"

#include <string.h>

#include "core/playout_loop.h"

void wd_init(const void *vcfg, void *st)
{
    const wd_config *cfg = vcfg;
    wd_block *b = st;
    memset(b, 0, sizeof *b);
    for (int p = 0; p < cfg->players; p++)
        b->start[cfg->colour_of[p]] = (uint8_t)cfg->witches;
    b->player = (uint8_t)cfg->first;
    b->actor = (uint8_t)cfg->first;
    b->phase = cfg->two_player ? WD_PHASE_SETUP : WD_PHASE_ROLL;
}

int wd_current_player(const void *cfg, const void *st)
{
    (void)cfg;
    return wd_turn(st);
}

static const tg_move wd_die_faces[6] = {WD_MOVE_ROLL,     WD_MOVE_ROLL + 1, WD_MOVE_ROLL + 2,
                                        WD_MOVE_ROLL + 3, WD_MOVE_ROLL + 4, WD_MOVE_ROLL + 5};
static const uint32_t wd_die_weights[6] = {1, 1, 1, 1, 1, 1};

size_t wd_chance(const void *cfg, const void *st, tg_move *out, uint32_t *weights)
{
    (void)cfg;
    (void)st;
    memcpy(out, wd_die_faces, sizeof wd_die_faces);
    memcpy(weights, wd_die_weights, sizeof wd_die_weights);
    return 6;
}

uint32_t wd_uniform_chance(const void *cfg, const void *st, tg_move *first)
{
    (void)cfg;
    (void)st;
    *first = WD_MOVE_ROLL;
    return 6;
}

/* The player's choice after the die. Moving a witch comes first: it is
 * most choices. */
static void wd_choose(const wd_config *cfg, wd_block *b, tg_move move)
{
    unsigned from = move - WD_MOVE_SPACE; /* wraps above WD_SPACES for the other ids */
    if (from < WD_SPACES) {
        /* wd_exit_usable() for the exit passed, as one test of bit sets */
        if (cfg->exit_bit[from][b->die] & (cfg->usable_bit[b->player] | b->neutral)) {
            b->phase = WD_PHASE_TAKEOFF;
            b->selected = (uint8_t)from;
            wd_event(b, WD_EV_SELECT, (int)from, cfg->passes[from][b->die], 0, 0);
            return;
        }
        wd_move_witch(cfg, b, (int)from);
    } else if (move >= WD_MOVE_PEEK && move < WD_MOVE_ENTER) {
        int at = (int)(move - WD_MOVE_PEEK);
        wd_event(b, WD_EV_PEEK, at, b->circle[at] - 1, 0, 0);
        b->known[at] |= (uint8_t)(1u << b->player);
    } else if (move >= WD_MOVE_ENTER && move < WD_MOVE_TAKEOFF) {
        int c = (int)(move - WD_MOVE_ENTER);
        int to = cfg->entry_land[c][b->die];
        b->start[c]--;
        wd_event(b, WD_EV_ENTER, c, to, 0, 0);
        wd_land(cfg, b, to, (uint8_t)(c + 1), cfg->all_known);
    } else {
        wd_event(b, WD_EV_PASS, 0, 0, 0, 0);
    }
    wd_end_turn(cfg, b);
}

/* Starts a decision's records: unused records are zeroed too, since equal
 * positions must be equal bytes. Done where the records are then written,
 * so the compiler knows they start from nothing. */
static inline void wd_new_decision(wd_block *b)
{
    memset(b->ev, 0, sizeof b->ev);
    b->ev_count = 0;
    b->actor = b->player;
}

/* The phases other than the die's (out of line: the die then needs no frame). */
static TG_NOINLINE int wd_decide(const wd_config *cfg, wd_block *b, tg_move move)
{
    wd_new_decision(b);
    switch (b->phase) {
    case WD_PHASE_CHOOSE:
        wd_choose(cfg, b, move);
        break;
    case WD_PHASE_TAKEOFF:
        if (move == WD_MOVE_TAKEOFF) {
            wd_take_off(cfg, b);
        } else {
            int from = b->selected;
            b->selected = 0;
            wd_move_witch(cfg, b, from);
            wd_end_turn(cfg, b);
        }
        break;
    case WD_PHASE_SETUP: {
        int c = (int)(move - WD_MOVE_NEUTRAL);
        b->neutral |= (uint8_t)(1u << c);
        b->start[c] = WD_NEUTRAL_PER_COLOUR;
        wd_event(b, WD_EV_NEUTRAL, c, 0, 0, 0);
        b->player = (uint8_t)(1 - b->player);
        if (b->player == cfg->first)
            b->phase = WD_PHASE_ROLL;
        break;
    }
    default:
        break;
    }
    return wd_turn(b);
}

int wd_apply_turn(const void *vcfg, void *st, tg_move move)
{
    const wd_config *cfg = vcfg;
    wd_block *b = st;
    if (b->phase == WD_PHASE_ROLL) { /* half the decisions: first, with no frame */
        wd_new_decision(b);
        b->die = (uint8_t)(move - WD_MOVE_ROLL + 1);
        b->phase = WD_PHASE_CHOOSE;
        wd_event(b, WD_EV_ROLL, b->die, 0, 0, 0);
        return b->player;
    }
    return wd_decide(cfg, b, move);
}

/* tg_state_playout()'s loop with the calls above direct (the die is the
 * table's die_faces and die_first). */
TG_PLAYOUT_HOOK(wd_playout, wd_legal_moves, wd_apply_turn, NULL, 6, WD_MOVE_ROLL)

void wd_apply(const void *cfg, void *st, tg_move move)
{
    (void)wd_apply_turn(cfg, st, move);
}

uint32_t wd_winners_of(const wd_config *cfg, const wd_block *b)
{
    uint32_t mask = 0;
    for (int p = 0; p < cfg->players; p++) {
        int c = cfg->colour_of[p];
        int have = b->strip[c][c];
        if (cfg->two_player)
            for (int w = 0; w < WD_COLOURS; w++)
                if (w != c)
                    have += b->strip[c][w];
        if (have >= cfg->target)
            mask |= 1u << p;
    }
    return mask;
}

uint32_t wd_winners(const void *cfg, const void *st)
{
    const wd_block *b = st;
    return b->phase == WD_PHASE_OVER ? wd_winners_of(cfg, b) : 0;
}
