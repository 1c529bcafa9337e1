/* Witches' Dance: moving a witch — taking off at an exit onto a strip, and
 * where a crush sends a witch (the move round the circle itself, with its
 * crush, is inline in witches_dance.h: every other decision makes one). */
#include "witches_dance.h"

int wd_push_target(const wd_config *cfg, int space, int jumps)
{
    for (int j = 0; j < jumps; j++)
        space = cfg->back[space];
    return space;
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
