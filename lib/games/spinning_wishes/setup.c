/* The setup of Spinning Wishes, played out as decisions and chance so that
 * a host can follow a real table: princesses are picked, the presents dealt,
 * the wish holders placed on the wheel and the first player rolled for. */
#include "spinning_wishes.h"

size_t sw_setup_moves(const sw_config *c, const sw_block *b, tg_move *out)
{
    (void)c;
    size_t n = 0;
    switch (b->phase) {
    case SW_PH_PICK:
        for (int g = 0; g < SW_PRINCESSES; g++)
            if (b->player_of[g] == SW_NOWHERE)
                out[n++] = SW_M_PICK + (tg_move)g;
        return n;
    case SW_PH_DEAL:
        for (int k = 0; k < SW_DEALS; k++)
            out[n++] = SW_M_DEAL + (tg_move)k;
        return n;
    case SW_PH_PLACE:
        /* The empty slots by their bits: which slots are empty changes with
         * every holder placed, so a branch per slot would often mispredict. */
        for (unsigned empty = ~sw_full_slots(b) & ((1u << SW_SLOTS) - 1u); empty;
             empty &= empty - 1)
            out[n++] = SW_M_PLACE + (tg_move)sw_lowest(empty);
        return n;
    case SW_PH_START:
        for (int v = 0; v < SW_DIE; v++)
            out[n++] = SW_M_ROLL + (tg_move)v;
        return n;
    default:
        return 0;
    }
}

static void sw_apply_pick(const sw_config *c, sw_block *b, int g)
{
    int p = b->cur;
    b->princess[p] = (uint8_t)g;
    b->player_of[g] = (uint8_t)p;
    b->pos[p] = (uint8_t)sw_gate_of(g);
    sw_event_add(b, SW_E_PICK, p, g, 0);
    if (p + 1 < c->players) {
        b->cur = (uint8_t)(p + 1);
    } else {
        b->cur = 0;
        b->phase = SW_PH_DEAL;
    }
}

static void sw_begin_start_rolls(sw_block *b, unsigned who)
{
    b->start_round = (uint8_t)who;
    b->start_pending = (uint8_t)who;
    b->cur = (uint8_t)sw_lowest(who);
    b->phase = SW_PH_START;
}

static void sw_apply_place(const sw_config *c, sw_block *b, int slot)
{
    int p = b->cur;
    b->wheel[slot] = (uint8_t)(b->princess[p] + 1);
    sw_event_add(b, SW_E_PLACE, p, slot, b->princess[p]);
    b->placed++;
    if (b->placed < SW_WISHES_EACH * c->players)
        b->cur = (uint8_t)sw_left_of(b, p);
    else
        sw_begin_start_rolls(b, (1u << c->players) - 1u);
}

/* Highest roll starts; the players tied for it roll again. */
static void sw_apply_start_roll(sw_block *b, int value)
{
    int p = b->cur;
    b->start_roll[p] = (uint8_t)value;
    b->start_pending &= (uint8_t)~(1u << p);
    sw_event_add(b, SW_E_START_ROLL, p, value, 0);
    if (b->start_pending) {
        b->cur = (uint8_t)sw_lowest(b->start_pending);
        return;
    }
    int best = 0;
    unsigned tied = 0;
    for (int q = 0; q < SW_PRINCESSES; q++) {
        if (!(b->start_round & (1u << q)))
            continue;
        if (b->start_roll[q] > best) {
            best = b->start_roll[q];
            tied = 0;
        }
        if (b->start_roll[q] == best)
            tied |= 1u << q;
    }
    if (tied & (tied - 1)) {
        sw_event_add(b, SW_E_TIE, (int)tied, best, 0);
        sw_begin_start_rolls(b, tied);
        return;
    }
    b->cur = (uint8_t)sw_lowest(tied);
    b->start_round = 0;
    b->phase = SW_PH_ROLL;
    sw_event_add(b, SW_E_FIRST, b->cur, best, 0);
}

void sw_setup_apply(const sw_config *c, sw_block *b, tg_move move)
{
    switch (b->phase) {
    case SW_PH_PICK:
        sw_apply_pick(c, b, (int)(move - SW_M_PICK));
        break;
    case SW_PH_DEAL:
        for (int t = 0; t < SW_PRINCESSES; t++)
            b->present[t] = sw_deals[move - SW_M_DEAL][t];
        sw_event_add(b, SW_E_DEAL, (int)(move - SW_M_DEAL), 0, 0);
        b->phase = SW_PH_PLACE;
        b->cur = 0;
        break;
    case SW_PH_PLACE:
        sw_apply_place(c, b, (int)(move - SW_M_PLACE));
        break;
    case SW_PH_START:
        sw_apply_start_roll(b, (int)(move - SW_M_ROLL + 1));
        break;
    default:
        break;
    }
}
