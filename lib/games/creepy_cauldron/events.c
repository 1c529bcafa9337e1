/* The events of the last decision as JSON. One table says which fields
 * each event type has, so rendering and validation agree. Everything in
 * this game happens in view of the table, so every viewer sees the same. */
#include "creepy_cauldron.h"

#include "core/event_text.h"

#define P CC_ARG_PLAYER
#define PO CC_ARG_PLAYER_OPT
#define S CC_ARG_SPACE
#define K CC_ARG_KIND
static const cc_event_info cc_event_table[CC_EV_COUNT] = {
    [CC_EV_ROLL] = {"roll", {"player", "face"}, {P, CC_ARG_FACE}},
    [CC_EV_MOVE] = {"move", {"player", "from", "to"}, {P, S, S}},
    [CC_EV_STUCK] = {"stuck", {"player", "face"}, {P, CC_ARG_FACE}},
    [CC_EV_FISH] = {"fish", {"player", "creature"}, {P, K}},
    [CC_EV_SNAP] = {"snap", {"player"}, {P}},
    [CC_EV_FROG] = {"frog", {"player", "freed"}, {P, PO}},
    [CC_EV_UNFROG] = {"unfrog", {"player"}, {P}},
    [CC_EV_RETURN] = {"return", {"player", "creature"}, {P, K}},
    [CC_EV_VANISH] = {"vanish", {"player"}, {P}},
    [CC_EV_APPEAR] = {"appear", {"player", "cause"}, {P, CC_ARG_CAUSE}},
    [CC_EV_STEAL] = {"steal", {"player", "victim", "creature"}, {P, P, K}},
    [CC_EV_WITCH] = {"witch", {"from", "to"}, {S, S}},
    [CC_EV_CAVE] = {"cave", {"player", "from", "to"}, {P, S, S}},
    [CC_EV_KEY_RELEASE] = {"key_release", {"player"}, {P}},
    [CC_EV_KEY_FAIL] = {"key_fail", {"player"}, {P}},
    [CC_EV_KEY_TAKEN] = {"key_taken", {"player", "from"}, {P, P}},
    [CC_EV_KEY_DROP] = {"key_drop", {"player", "space"}, {P, S}},
    [CC_EV_KEY_PICKUP] = {"key_pickup", {"player", "space"}, {P, S}},
    [CC_EV_SKIP] = {"skip", {"player"}, {P}},
    [CC_EV_WIN] = {"win", {"player"}, {P}},
    [CC_EV_EMPTY] = {"fish_nothing", {"player"}, {P}},
    [CC_EV_KEY_LEAVE] = {"key_leave", {"player", "space"}, {P, S}},
};
#undef P
#undef PO
#undef S
#undef K

const cc_event_info *cc_event_info_get(unsigned type)
{
    return type < CC_EV_COUNT ? &cc_event_table[type] : NULL;
}

static json_t *cc_arg_json(unsigned arg, unsigned v)
{
    static const char *const causes[CC_CAUSE_COUNT] = {"footprint", "witch"};
    switch (arg) {
    case CC_ARG_PLAYER_OPT:
        return v == CC_NONE ? json_null() : json_integer(v);
    case CC_ARG_KIND:
        return json_string(cc_kind_name(v));
    case CC_ARG_FACE:
        return json_string(cc_face_name(v));
    case CC_ARG_CAUSE:
        return json_string(v < CC_CAUSE_COUNT ? causes[v] : "?");
    default:
        return json_integer(v);
    }
}

/* "a 3", "the frog", "the witch": a die face in a sentence. */
static const char *cc_face_words(unsigned face)
{
    static const char *const words[CC_FACES] = {"a 1", "a 2", "a 3", "a 4", "the frog",
                                                "the witch"};
    return face < CC_FACES ? words[face] : "?";
}

/* One sentence per event, from the event's own arguments (everything in
 * this game is seen by the whole table). */
static void cc_event_text(const cc_config *cfg, const uint8_t *e, json_t *o)
{
    unsigned a = e[1], b = e[2], c = e[3];
    const char *colour = a < cfg->players ? cc_colour_name(cfg->colour[a]) : "?";
    switch (e[0]) {
    case CC_EV_ROLL:
        tgE_text(o, "Player %u (%s) rolled %s.", a, colour, cc_face_words(b));
        return;
    case CC_EV_MOVE:
        tgE_text(o, "Player %u (%s) moved from %u to %u.", a, colour, b, c);
        return;
    case CC_EV_STUCK:
        tgE_text(o, "Player %u (%s) rolled %s, more than the steps to the padlock space: "
                    "the pawn stays.", a, colour, cc_face_words(b));
        return;
    case CC_EV_FISH:
        tgE_text(o, "Player %u (%s) fished a %s out of the cauldron.", a, colour,
                 cc_kind_name(b));
        return;
    case CC_EV_SNAP:
        tgE_text(o, "The handle snapped up under player %u's (%s) hand.", a, colour);
        return;
    case CC_EV_FROG:
        if (b == CC_NONE)
            tgE_text(o, "Player %u (%s) is the frog now.", a, colour);
        else
            tgE_text(o, "Player %u (%s) is the frog now; player %u is freed.", a, colour, b);
        return;
    case CC_EV_UNFROG:
        tgE_text(o, "Player %u (%s) is freed from the frog spell.", a, colour);
        return;
    case CC_EV_RETURN:
        tgE_text(o, "Player %u (%s) put a %s back into the cauldron.", a, colour,
                 cc_kind_name(b));
        return;
    case CC_EV_VANISH:
        tgE_text(o, "Player %u (%s) turned invisible.", a, colour);
        return;
    case CC_EV_APPEAR:
        tgE_text(o, b == CC_CAUSE_WITCH ? "Kalmorda's flight made player %u (%s) visible again."
                                        : "Player %u (%s) is visible again (a footprint space).",
                 a, colour);
        return;
    case CC_EV_STEAL:
        tgE_text(o, "Player %u (%s) took a %s from player %u.", a, colour, cc_kind_name(c), b);
        return;
    case CC_EV_WITCH:
        tgE_text(o, "Kalmorda flew from %u to %u.", a, b);
        return;
    case CC_EV_CAVE:
        if (b == c)
            tgE_text(o, "Kalmorda flew over player %u (%s), who misses the next turn in the "
                        "Cave of Eternal Darkness.", a, colour);
        else
            tgE_text(o, "Kalmorda flew over player %u (%s), who misses the next turn in the "
                        "Cave of Eternal Darkness and goes back to %u.", a, colour, c);
        return;
    case CC_EV_KEY_RELEASE:
        tgE_text(o, "Player %u (%s) worked the roller and freed the key.", a, colour);
        return;
    case CC_EV_KEY_FAIL:
        tgE_text(o, "Player %u (%s) worked the roller; the key stays in the handle.", a,
                 colour);
        return;
    case CC_EV_KEY_TAKEN:
        tgE_text(o, "Player %u (%s) passed player %u and took the key.", a, colour, b);
        return;
    case CC_EV_KEY_DROP:
        tgE_text(o, "Player %u (%s) dropped the key on %u.", a, colour, b);
        return;
    case CC_EV_KEY_PICKUP:
        tgE_text(o, "Player %u (%s) picked up the key on %u.", a, colour, b);
        return;
    case CC_EV_SKIP:
        tgE_text(o, "Player %u (%s) misses this turn.", a, colour);
        return;
    case CC_EV_WIN:
        tgE_text(o, "Player %u (%s) escaped through the door with the key and wins.", a,
                 colour);
        return;
    case CC_EV_EMPTY:
        tgE_text(o, "Player %u (%s) fished in the cauldron and brought up nothing.", a, colour);
        return;
    case CC_EV_KEY_LEAVE:
        tgE_text(o, "Player %u (%s) left the key lying on %u.", a, colour, b);
        return;
    default:
        return;
    }
}

json_t *cc_events(const void *cfgv, const void *st, int viewer)
{
    const cc_config *cfg = cfgv;
    (void)viewer;
    const cc_pos *pos = st;
    json_t *list = json_array();
    for (unsigned i = 0; i < pos->nevents && i < CC_MAX_EVENTS; i++) {
        const cc_event_info *info = cc_event_info_get(pos->events[i][0]);
        if (!info)
            continue;
        json_t *ev = json_pack("{s:s}", "type", info->type);
        for (unsigned a = 0; a < 3 && info->arg[a] != CC_ARG_NONE; a++)
            json_object_set_new(ev, info->field[a], cc_arg_json(info->arg[a], pos->events[i][1 + a]));
        cc_event_text(cfg, pos->events[i], ev);
        json_array_append_new(list, ev);
    }
    return list;
}
