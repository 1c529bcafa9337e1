/* Move text: die faces as printed ("1".."4", "frog", "witch"), fishing
 * outcomes as "snap" or the creature's name, the roller as "key"/"nokey",
 * and the player's choices as single words ("fish", "pass", "vanish",
 * "stay", "return-<creature>", "steal-<creature>", "nosteal"). */
#include <stdio.h>

#include "creepy_cauldron.h"

size_t cc_move_text(const void *cfgv, const void *st, tg_move move, char *buf, size_t cap)
{
    (void)cfgv;
    (void)st;
    static const char *const fixed[] = {
        [CC_M_SNAP] = "snap",   [CC_M_KEY] = "key",     [CC_M_NOKEY] = "nokey",
        [CC_M_FISH] = "fish",   [CC_M_PASS] = "pass",   [CC_M_VANISH] = "vanish",
        [CC_M_STAY] = "stay",   [CC_M_NOSTEAL] = "nosteal",
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
