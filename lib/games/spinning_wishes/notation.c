/* Move notation: short lowercase words, unique among the moves of a state.
 *   12, c3                  move to outer space 12 / castle space 3
 *   roll:4                  the die shows 4 (start rolls too)
 *   spin:17                 the wheel stops at rotation 17
 *   pick:belle              choose a princess
 *   deal:5                  presents dealt in order 5 of the 24
 *   place:7, take:7         put a holder on / take it from slot 7
 *   swap:snow:7             give a Snow White wish for the holder on slot 7
 *   trade:snow:belle:cinder give a Snow White wish to Cinderella for a Belle wish
 *   pass                    take or trade nothing */
#include <stdio.h>

#include "spinning_wishes.h"

size_t sw_move_text(const void *cfg, const void *st, tg_move m, char *buf, size_t cap)
{
    (void)cfg;
    (void)st;
    const char *const *pn = sw_princess_names;
    char name[8];
    int n;
    if (m < SW_M_ROLL) {
        sw_space_name((int)m, name, sizeof name);
        n = snprintf(buf, cap, "%s", name);
    } else if (m < SW_M_SPIN) {
        n = snprintf(buf, cap, "roll:%u", m - SW_M_ROLL + 1);
    } else if (m < SW_M_PLACE) {
        n = snprintf(buf, cap, "spin:%u", m - SW_M_SPIN);
    } else if (m < SW_M_TAKE) {
        n = snprintf(buf, cap, "place:%u", m - SW_M_PLACE);
    } else if (m < SW_M_SWAP) {
        n = snprintf(buf, cap, "take:%u", m - SW_M_TAKE);
    } else if (m < SW_M_TRADE) {
        unsigned k = m - SW_M_SWAP;
        n = snprintf(buf, cap, "swap:%s:%u", pn[k / SW_SLOTS], k % SW_SLOTS);
    } else if (m < SW_M_PASS) {
        unsigned k = m - SW_M_TRADE;
        n = snprintf(buf, cap, "trade:%s:%s:%s", pn[k / 16], pn[k % 4], pn[k / 4 % 4]);
    } else if (m == SW_M_PASS) {
        n = snprintf(buf, cap, "pass");
    } else if (m < SW_M_PICK) {
        n = snprintf(buf, cap, "deal:%u", m - SW_M_DEAL);
    } else {
        n = snprintf(buf, cap, "pick:%s", pn[(m - SW_M_PICK) % SW_PRINCESSES]);
    }
    return n < 0 ? 0 : (size_t)n;
}
