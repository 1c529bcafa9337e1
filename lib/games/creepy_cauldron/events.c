/* The events of the last decision as JSON. One table says which fields
 * each event type has, so rendering and validation agree. Everything in
 * this game happens in view of the table, so every viewer sees the same. */
#include "creepy_cauldron.h"

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

json_t *cc_events(const void *cfgv, const void *st, int viewer)
{
    (void)cfgv;
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
        json_array_append_new(list, ev);
    }
    return list;
}
