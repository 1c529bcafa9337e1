/* resample(): nothing in Creepy Cauldron is hidden from any player (the
 * spell books lie open and the cauldron holds exactly the rest), so there
 * is nothing to redraw and the position stays as it is. */
#include "creepy_cauldron.h"

void cc_resample(const void *cfg, void *st, int player, int memory, tg_rng *rng)
{
    (void)memory;
    (void)cfg;
    (void)st;
    (void)player;
    (void)rng;
}
