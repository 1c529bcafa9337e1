/* Witches' Dance: move notation (short lowercase words, no spaces).
 *   roll1..roll6     the die (chance)
 *   14               move the witch on space 14
 *   peek14           on a 6, look at the witch on space 14
 *   enter            bring one's own witch into the circle
 *   enter-red        bring a neutral red witch in (two players, on a 6)
 *   takeoff, dance   the chosen witch passes an exit: leave, or dance on
 *   pass             nothing can move
 *   neutral-red      two-player setup: choose red as a neutral colour
 * wd_parse_words() also takes the die in words ("a four", "I rolled 4"). */
#include "witches_dance.h"

#include <stdio.h>
#include <string.h>

#include "core/words.h"

size_t wd_move_text(const void *vcfg, const void *st, tg_move move, char *buf, size_t cap)
{
    const wd_config *cfg = vcfg;
    const wd_block *b = st;
    int n;
    if (move < WD_MOVE_SPACE)
        n = snprintf(buf, cap, "roll%u", (unsigned)(move - WD_MOVE_ROLL + 1));
    else if (move < WD_MOVE_PEEK)
        n = snprintf(buf, cap, "%u", (unsigned)(move - WD_MOVE_SPACE));
    else if (move < WD_MOVE_ENTER)
        n = snprintf(buf, cap, "peek%u", (unsigned)(move - WD_MOVE_PEEK));
    else if (move < WD_MOVE_TAKEOFF) {
        unsigned c = move - WD_MOVE_ENTER;
        if (b->player < cfg->players && c == cfg->colour_of[b->player])
            n = snprintf(buf, cap, "enter");
        else
            n = snprintf(buf, cap, "enter-%s", wd_colour_names[c]);
    } else if (move == WD_MOVE_TAKEOFF)
        n = snprintf(buf, cap, "takeoff");
    else if (move == WD_MOVE_DANCE)
        n = snprintf(buf, cap, "dance");
    else if (move == WD_MOVE_PASS)
        n = snprintf(buf, cap, "pass");
    else if (move < WD_MOVE_COUNT)
        n = snprintf(buf, cap, "neutral-%s", wd_colour_names[move - WD_MOVE_NEUTRAL]);
    else
        n = snprintf(buf, cap, "#%u", (unsigned)move);
    return n < 0 ? 0 : (size_t)n;
}

size_t wd_any_move_text(const void *vcfg, tg_move move, char *buf, size_t cap)
{
    /* Only "enter" depends on the position (the mover's own colour): with
     * no mover, every colour is named ("enter-red"). */
    if (move >= WD_MOVE_ENTER && move < WD_MOVE_TAKEOFF) {
        int n = snprintf(buf, cap, "enter-%s", wd_colour_names[move - WD_MOVE_ENTER]);
        return n < 0 ? 0 : (size_t)n;
    }
    wd_block any;
    memset(&any, 0, sizeof any);
    return wd_move_text(vcfg, &any, move, buf, cap);
}

tg_status wd_parse_words(const void *cfg, const void *st, const char *text, tg_move *out,
                         tg_msg *msg)
{
    (void)cfg;
    tg_words w;
    if (((const wd_block *)st)->phase != WD_PHASE_ROLL || !tgW_split(text, &w))
        return TG_E_PARSE;
    return tgW_die(&w, 6, WD_MOVE_ROLL, out, msg);
}
