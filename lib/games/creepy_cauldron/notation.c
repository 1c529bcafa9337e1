/* Move text: die faces as printed ("1".."4", "frog", "witch"), fishing
 * outcomes as "snap", "nothing" or the creature's name, the roller as
 * "key"/"nokey", and the player's choices as single words ("fish",
 * "pass", "vanish", "stay", "return-<creature>", "steal-<creature>",
 * "nosteal", "take-key", "leave-key"). cc_parse_words() also takes the
 * words a person at the table uses for the chance outcomes. */
#include <stdio.h>

#include "core/words.h"
#include "creepy_cauldron.h"

size_t cc_move_text(const void *cfgv, const void *st, tg_move move, char *buf, size_t cap)
{
    (void)cfgv;
    (void)st;
    static const char *const fixed[] = {
        [CC_M_SNAP] = "snap",        [CC_M_KEY] = "key",           [CC_M_NOKEY] = "nokey",
        [CC_M_FISH] = "fish",        [CC_M_PASS] = "pass",         [CC_M_VANISH] = "vanish",
        [CC_M_STAY] = "stay",        [CC_M_NOSTEAL] = "nosteal",   [CC_M_NOTHING] = "nothing",
        [CC_M_TAKE_KEY] = "take-key", [CC_M_LEAVE_KEY] = "leave-key",
    };
    int n;
    if (move < CC_M_DIE + CC_FACES)
        n = snprintf(buf, cap, "%s", cc_face_name(move - CC_M_DIE));
    else if (move >= CC_M_CATCH && move < CC_M_CATCH + CC_KINDS)
        n = snprintf(buf, cap, "%s", cc_kind_name(move - CC_M_CATCH));
    else if (move >= CC_M_RETURN && move < CC_M_RETURN + CC_KINDS)
        n = snprintf(buf, cap, "return-%s", cc_kind_name(move - CC_M_RETURN));
    else if (move >= CC_M_STEAL && move < CC_M_STEAL + CC_KINDS)
        n = snprintf(buf, cap, "steal-%s", cc_kind_name(move - CC_M_STEAL));
    else if (move < sizeof fixed / sizeof fixed[0] && fixed[move])
        n = snprintf(buf, cap, "%s", fixed[move]);
    else
        n = snprintf(buf, cap, "#%u", (unsigned)move);
    return n < 0 ? 0 : (size_t)n;
}

/* ---- words at the table ----------------------------------------------------- */

#define CC_BAD_WORDS(...) (tgM_set(msg, __VA_ARGS__), TG_E_ILLEGAL_MOVE)

static const char *const cc_die_fillers[] = {"die", "face", "symbol", "roll", "dice", "number",
                                             NULL};
static const char *const cc_witch_words[] = {"witch", "kalmorda", NULL};

/* "3", "three", "a frog", "the witch", "Kalmorda". */
static tg_status cc_parse_die(tg_words *w, tg_move *out, tg_msg *msg)
{
    tgW_drop(w, cc_die_fillers);
    if (w->n != 1)
        return TG_E_PARSE;
    int v = tgW_number(w, 0);
    if (v >= 1 && v <= 4) {
        *out = CC_M_DIE + (tg_move)(v - 1);
        return TG_OK;
    }
    if (v >= 0)
        return CC_BAD_WORDS("the die shows 1, 2, 3, 4, the frog or the witch, not %d", v);
    if (tgW_is(w, 0, "frog")) {
        *out = CC_M_DIE + CC_FFROG;
        return TG_OK;
    }
    if (tgW_which(w, 0, cc_witch_words) >= 0) {
        *out = CC_M_DIE + CC_FWITCH;
        return TG_OK;
    }
    return TG_E_PARSE;
}

static const char *const cc_fish_fillers[] = {
    "fished", "fish",    "caught", "catch",   "pulled", "brought",  "drew",  "draw",
    "from",   "in",      "into",   "cauldron", "attempt", "object", "creature", "my",
    "hand",   "handed",  "she",    "he",      "1",       NULL};
static const char *const cc_snap_words[] = {"snap", "snapped", "snaps", "handle", "touched",
                                            "touch", "frog", "sprang", "sprung", NULL};
static const char *const cc_nothing_words[] = {"nothing", "empty", "none", "missed", "miss",
                                               "no", NULL};

/* "a spider", "nothing", "empty-handed", "the handle snapped": every word
 * that is not a filler must name the same outcome. */
static tg_status cc_parse_fish(const cc_config *cfg, const cc_pos *pos, tg_words *w,
                               tg_move *out, tg_msg *msg)
{
    tgW_drop(w, cc_fish_fillers);
    if (w->n == 0)
        return TG_E_PARSE;
    tg_move found = CC_MOVE_COUNT;
    for (size_t i = 0; i < w->n; i++) {
        tg_move m = CC_MOVE_COUNT;
        if (tgW_which(w, i, cc_snap_words) >= 0)
            m = CC_M_SNAP;
        else if (tgW_which(w, i, cc_nothing_words) >= 0)
            m = CC_M_NOTHING;
        for (unsigned k = 0; k < CC_KINDS && m == CC_MOVE_COUNT; k++)
            if (tgW_is_noun(w, i, cc_kind_name(k)))
                m = CC_M_CATCH + k;
        if (m == CC_MOVE_COUNT || (found != CC_MOVE_COUNT && m != found))
            return TG_E_PARSE;
        found = m;
    }
    unsigned p = pos->turn;
    if (found == CC_M_SNAP && cfg->snap[p] == 0)
        return CC_BAD_WORDS("player %u's snap chance is 0: the handle cannot snap", p);
    if (found == CC_M_NOTHING && cfg->empty == 0)
        return CC_BAD_WORDS("with empty=0 every attempt brings up a creature or snaps the "
                            "handle; set empty above 0 to enter an empty-handed attempt");
    if (found >= CC_M_CATCH && found < CC_M_CATCH + CC_KINDS &&
        pos->cauldron[found - CC_M_CATCH] == 0)
        return CC_BAD_WORDS("no %s is left in the cauldron", cc_kind_name(found - CC_M_CATCH));
    *out = found;
    return TG_OK;
}

static const char *const cc_roller_no[] = {"nokey", "no", "not", "stuck", "nothing", "blank",
                                           "fail", "failed", "missed", NULL};
static const char *const cc_roller_yes[] = {"key", "free", "freed", "released", "release",
                                            "yes", "symbol", NULL};

/* "the key shows", "released", "no key", "stuck". */
static tg_status cc_parse_roller(const cc_config *cfg, tg_words *w, tg_move *out, tg_msg *msg)
{
    int no = 0, yes = 0;
    for (size_t i = 0; i < w->n; i++) {
        if (tgW_which(w, i, cc_roller_no) >= 0)
            no = 1;
        else if (tgW_which(w, i, cc_roller_yes) >= 0 || tgW_is(w, i, "roller") ||
                 tgW_is(w, i, "handle"))
            yes = 1;
        else
            return TG_E_PARSE;
    }
    if (!no && !yes)
        return TG_E_PARSE;
    if (no && cfg->roller == 1)
        return CC_BAD_WORDS("with roller=1 the key always comes free");
    *out = no ? CC_M_NOKEY : CC_M_KEY;
    return TG_OK;
}

tg_status cc_parse_words(const void *cfgv, const void *st, const char *text, tg_move *out,
                         tg_msg *msg)
{
    const cc_config *cfg = cfgv;
    const cc_pos *pos = st;
    tg_words w;
    if (!tgW_split(text, &w))
        return TG_E_PARSE;
    switch (pos->phase) {
    case CC_PH_DIE:
        return cc_parse_die(&w, out, msg);
    case CC_PH_FISH:
        return cc_parse_fish(cfg, pos, &w, out, msg);
    case CC_PH_ROLLER:
        return cc_parse_roller(cfg, &w, out, msg);
    default:
        return TG_E_PARSE;
    }
}
