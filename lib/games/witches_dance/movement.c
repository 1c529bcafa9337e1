/* Witches' Dance: moving a witch — entering, dancing round the circle,
 * crushing the witch on the landing space back by sevens, and taking off at
 * an exit onto a strip. */
#include "witches_dance.h"

int wd_push_target(const wd_config *cfg, int space, int jumps)
{
    for (int j = 0; j < jumps; j++)
        space = cfg->back[space];
    return space;
}

/* Puts a witch on a space; a witch already there is pushed back 7 spaces at
 * a time until it finds a free one. 7 and 36 are coprime, so the jumps visit
 * every other space before returning and always find one. */
void wd_land(const wd_config *cfg, wd_block *b, int space, uint8_t witch, uint8_t known)
{
    uint8_t pushed = b->circle[space];
    wd_set_space(b, space, witch, known);
    if (!pushed)
        return;
    int at = space, jumps = 0;
    do {
        at = cfg->back[at];
        jumps++;
    } while (b->circle[at]);
    wd_set_space(b, at, pushed, cfg->all_known);
    wd_event(b, WD_EV_PUSH, space, jumps, pushed - 1, 0);
}

void wd_move_witch(const wd_config *cfg, wd_block *b, int from)
{
    int to = from + b->die;
    if (to >= WD_SPACES)
        to -= WD_SPACES;
    uint8_t witch = b->circle[from], known = b->known[from];
    wd_set_space(b, from, 0, 0);
    wd_event(b, WD_EV_MOVE, from, to, 0, 0);
    wd_land(cfg, b, to, witch, known);
}

/* Where a witch taken off at exit_colour's strip ends: with more than two
 * players always on its own colour's strip; with two, on the mover's strip
 * when it matched the exit and on the opponent's otherwise. */
static int wd_takeoff_strip(const wd_config *cfg, int mover, int exit_colour, int witch)
{
    if (!cfg->two_player)
        return witch;
    if (witch == exit_colour)
        return cfg->colour_of[mover];
    return cfg->colour_of[1 - mover];
}

void wd_take_off(const wd_config *cfg, wd_block *b)
{
    int from = b->selected;
    int exit_colour = cfg->passes[from][b->die];
    int witch = b->circle[from] - 1;
    int strip = wd_takeoff_strip(cfg, b->player, exit_colour, witch);
    wd_set_space(b, from, 0, 0);
    b->selected = 0;
    b->strip[strip][witch]++;
    wd_event(b, WD_EV_TAKEOFF, from, exit_colour, witch, strip);
    if (wd_winners_of(cfg, b))
        b->phase = WD_PHASE_OVER;
    else
        wd_end_turn(cfg, b);
}
