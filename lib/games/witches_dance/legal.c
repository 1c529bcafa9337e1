/* Witches' Dance: which moves are legal, as a list and one move at a time.
 * Both answers come from the same few facts (the phase, the die, the
 * waiting witches), so they are kept side by side to stay in agreement. */
#include "witches_dance.h"

/* A neutral witch still waiting must come in on a 6, before one's own. */
static uint8_t wd_neutrals_waiting(const wd_block *b)
{
    uint8_t m = 0;
    for (int c = 0; c < WD_COLOURS; c++)
        if (((b->neutral >> c) & 1u) && b->start[c])
            m |= (uint8_t)(1u << c);
    return m;
}

/* The ids base + s of the spaces s in m, lowest first: one store per move,
 * the whole of the list in most decisions. */
static size_t wd_spaces(uint64_t m, tg_move base, tg_move *out)
{
    tg_move *p = out;
    while (m) {
        uint64_t rest = m & (m - 1);
        *p++ = base + (tg_move)wd_lowest_bit(m);
        m = rest;
    }
    return (size_t)(p - out);
}

static size_t wd_choices(const wd_config *cfg, const wd_block *b, tg_move *out)
{
    size_t n = 0;
    int own = cfg->colour_of[b->player];
    int six = b->die == 6;
    if (six && b->neutral) {
        uint8_t waiting = wd_neutrals_waiting(b);
        for (int c = 0; waiting; c++, waiting >>= 1)
            if (waiting & 1u)
                out[n++] = (tg_move)(WD_MOVE_ENTER + c);
        if (n)
            return n;
    }
    if (b->start[own]) {
        if (six && cfg->early_peek)
            n = wd_spaces(wd_occupied(b), WD_MOVE_PEEK, out);
        out[n++] = (tg_move)(WD_MOVE_ENTER + own);
        return n;
    }
    uint64_t occupied = wd_occupied(b);
    if (occupied == 0) {
        out[0] = WD_MOVE_PASS;
        return 1;
    }
    n = wd_spaces(occupied, WD_MOVE_SPACE, out);
    if (six) {
        size_t moves = n;
        for (size_t i = 0; i < moves; i++)
            out[n++] = out[i] - WD_MOVE_SPACE + WD_MOVE_PEEK;
    }
    return n;
}

size_t wd_legal_moves(const void *vcfg, const void *st, tg_move *out)
{
    const wd_config *cfg = vcfg;
    const wd_block *b = st;
    size_t n = 0;
    switch (b->phase) {
    case WD_PHASE_ROLL:
        for (int d = 0; d < 6; d++)
            out[n++] = (tg_move)(WD_MOVE_ROLL + d);
        return n;
    case WD_PHASE_CHOOSE:
        return wd_choices(cfg, b, out);
    case WD_PHASE_TAKEOFF:
        out[0] = WD_MOVE_TAKEOFF;
        out[1] = WD_MOVE_DANCE;
        return 2;
    case WD_PHASE_SETUP:
        for (int c = 0; c < WD_COLOURS; c++)
            if (!((cfg->player_colours >> c) & 1u) && !((b->neutral >> c) & 1u))
                out[n++] = (tg_move)(WD_MOVE_NEUTRAL + c);
        return n;
    default:
        return 0;
    }
}

/* The same cases as wd_choices(), asked of one move. */
static int wd_choice_legal(const wd_config *cfg, const wd_block *b, tg_move move)
{
    int own = cfg->colour_of[b->player];
    int six = b->die == 6;
    if (six && b->neutral) {
        uint8_t waiting = wd_neutrals_waiting(b);
        if (waiting)
            return move >= WD_MOVE_ENTER && move < WD_MOVE_TAKEOFF &&
                   ((waiting >> (move - WD_MOVE_ENTER)) & 1u);
    }
    if (b->start[own]) {
        if (move == (tg_move)(WD_MOVE_ENTER + own))
            return 1;
        return six && cfg->early_peek && move >= WD_MOVE_PEEK && move < WD_MOVE_ENTER &&
               b->circle[move - WD_MOVE_PEEK];
    }
    if (move >= WD_MOVE_SPACE && move < WD_MOVE_PEEK)
        return b->circle[move - WD_MOVE_SPACE] != 0;
    if (move >= WD_MOVE_PEEK && move < WD_MOVE_ENTER)
        return six && b->circle[move - WD_MOVE_PEEK];
    return move == WD_MOVE_PASS && wd_occupied(b) == 0;
}

int wd_is_legal(const void *vcfg, const void *st, tg_move move)
{
    const wd_config *cfg = vcfg;
    const wd_block *b = st;
    switch (b->phase) {
    case WD_PHASE_ROLL:
        return move < WD_MOVE_ROLL + 6;
    case WD_PHASE_CHOOSE:
        return wd_choice_legal(cfg, b, move);
    case WD_PHASE_TAKEOFF:
        return move == WD_MOVE_TAKEOFF || move == WD_MOVE_DANCE;
    case WD_PHASE_SETUP:
        if (move < WD_MOVE_NEUTRAL || move >= WD_MOVE_COUNT)
            return 0;
        return !(((cfg->player_colours | b->neutral) >> (move - WD_MOVE_NEUTRAL)) & 1u);
    default:
        return 0;
    }
}
