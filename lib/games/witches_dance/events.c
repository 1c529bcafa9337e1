/* Witches' Dance: the events of the last decision, as records in the JSON
 * save form and as each viewer sees them. One table describes every record
 * type, so writing, reading and the range checks cannot drift apart. */
#include "witches_dance.h"

#include <string.h>

#include "core/event_text.h"
#include "core/json_util.h"

enum wd_field_kind { WD_F_NONE, WD_F_SPACE, WD_F_COLOUR, WD_F_DIE, WD_F_JUMPS };

typedef struct wd_record_shape {
    const char *type;
    const char *key[WD_EVENT_FIELDS - 1];
    uint8_t kind[WD_EVENT_FIELDS - 1];
} wd_record_shape;

static const wd_record_shape wd_shapes[WD_EV_TYPE_END] = {
    [WD_EV_ROLL] = {"roll", {"value"}, {WD_F_DIE}},
    [WD_EV_NEUTRAL] = {"neutral", {"color"}, {WD_F_COLOUR}},
    [WD_EV_ENTER] = {"enter", {"color", "to"}, {WD_F_COLOUR, WD_F_SPACE}},
    [WD_EV_MOVE] = {"move", {"from", "to"}, {WD_F_SPACE, WD_F_SPACE}},
    [WD_EV_SELECT] = {"select", {"at", "exit"}, {WD_F_SPACE, WD_F_COLOUR}},
    [WD_EV_PUSH] = {"push", {"at", "jumps", "color"}, {WD_F_SPACE, WD_F_JUMPS, WD_F_COLOUR}},
    [WD_EV_TAKEOFF] = {"takeoff",
                       {"from", "exit", "color", "strip"},
                       {WD_F_SPACE, WD_F_COLOUR, WD_F_COLOUR, WD_F_COLOUR}},
    [WD_EV_PEEK] = {"peek", {"at", "color"}, {WD_F_SPACE, WD_F_COLOUR}},
    [WD_EV_PASS] = {"pass", {NULL}, {WD_F_NONE}},
};

static const long wd_field_max[] = {
    [WD_F_NONE] = 0, [WD_F_SPACE] = WD_SPACES - 1, [WD_F_COLOUR] = WD_COLOURS - 1,
    [WD_F_DIE] = 6,  [WD_F_JUMPS] = WD_SPACES - 1};
static const long wd_field_min[] = {
    [WD_F_NONE] = 0, [WD_F_SPACE] = 0, [WD_F_COLOUR] = 0, [WD_F_DIE] = 1, [WD_F_JUMPS] = 1};

int wd_event_record_ok(const uint8_t *e)
{
    if (e[0] < WD_EV_ROLL || e[0] >= WD_EV_TYPE_END)
        return 0;
    const wd_record_shape *shape = &wd_shapes[e[0]];
    for (int f = 0; f < WD_EVENT_FIELDS - 1; f++) {
        long v = e[f + 1];
        int kind = shape->kind[f];
        if (v < wd_field_min[kind] || v > wd_field_max[kind])
            return 0;
    }
    return 1;
}

json_t *wd_event_records_to_json(const wd_block *b)
{
    json_t *arr = json_array();
    for (int i = 0; i < b->ev_count && i < WD_MAX_EVENTS; i++) {
        const uint8_t *e = b->ev[i];
        if (!wd_event_record_ok(e))
            continue;
        const wd_record_shape *shape = &wd_shapes[e[0]];
        json_t *o = json_object();
        json_object_set_new(o, "type", json_string(shape->type));
        for (int f = 0; f < WD_EVENT_FIELDS - 1 && shape->key[f]; f++)
            json_object_set_new(o, shape->key[f],
                                shape->kind[f] == WD_F_COLOUR
                                    ? json_string(wd_colour_names[e[f + 1]])
                                    : json_integer(e[f + 1]));
        json_array_append_new(arr, o);
    }
    return arr;
}

static tg_status wd_record_from_json(const json_t *o, size_t idx, uint8_t *e, tg_msg *msg)
{
    const char *type = json_string_value(json_object_get(o, "type"));
    int t = 0;
    for (int k = WD_EV_ROLL; k < WD_EV_TYPE_END && type; k++)
        if (strcmp(wd_shapes[k].type, type) == 0)
            t = k;
    if (!t) {
        tgM_set(msg, "events[%zu]: unknown or missing \"type\"", idx);
        return TG_E_CORRUPT;
    }
    const wd_record_shape *shape = &wd_shapes[t];
    e[0] = (uint8_t)t;
    for (int f = 0; f < WD_EVENT_FIELDS - 1 && shape->key[f]; f++) {
        const json_t *v = json_object_get(o, shape->key[f]);
        long x = -1;
        if (shape->kind[f] == WD_F_COLOUR && json_is_string(v))
            x = tgJ_find_word(wd_colour_names, json_string_value(v));
        else if (shape->kind[f] != WD_F_COLOUR && json_is_integer(v))
            x = (long)json_integer_value(v) >= 0 && json_integer_value(v) <= 255
                    ? (long)json_integer_value(v)
                    : -1;
        if (x < wd_field_min[shape->kind[f]] || x > wd_field_max[shape->kind[f]]) {
            tgM_set(msg, "events[%zu] (%s): field \"%s\" is missing or out of range", idx,
                    shape->type, shape->key[f]);
            return TG_E_CORRUPT;
        }
        e[f + 1] = (uint8_t)x;
    }
    return TG_OK;
}

tg_status wd_event_records_from_json(const json_t *arr, wd_block *b, tg_msg *msg)
{
    if (!arr)
        return TG_OK;
    if (!json_is_array(arr) || json_array_size(arr) > WD_MAX_EVENTS) {
        tgM_set(msg, "field \"events\" must be an array of at most %d records", WD_MAX_EVENTS);
        return TG_E_CORRUPT;
    }
    for (size_t i = 0; i < json_array_size(arr); i++) {
        const json_t *o = json_array_get(arr, i);
        if (!json_is_object(o)) {
            tgM_set(msg, "events[%zu] must be an object", i);
            return TG_E_CORRUPT;
        }
        tg_status s = wd_record_from_json(o, i, b->ev[i], msg);
        if (s != TG_OK)
            return s;
        b->ev_count++;
    }
    return TG_OK;
}

/* ---- what a viewer sees --------------------------------------------------- */

static json_t *wd_event_object(const char *type, int player)
{
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string(type));
    if (player >= 0)
        json_object_set_new(o, "player", json_integer(player));
    return o;
}

static void wd_set_int(json_t *o, const char *key, int v)
{
    json_object_set_new(o, key, json_integer(v));
}

static void wd_set_colour(json_t *o, const char *key, int c)
{
    json_object_set_new(o, key, json_string(wd_colour_names[c]));
}

static void wd_push_events(const wd_config *cfg, const uint8_t *e, json_t *out)
{
    int at = e[1];
    for (int j = 0; j < e[2]; j++) {
        json_t *o = wd_event_object("push", -1);
        wd_set_int(o, "from", at);
        tgE_text(o, "The %s witch on %d was pushed back to %d.", wd_colour_words[e[3]], at,
                 cfg->back[at]);
        at = cfg->back[at];
        wd_set_int(o, "to", at);
        wd_set_colour(o, "color", e[3]);
        json_array_append_new(out, o);
    }
}

json_t *wd_events(const void *vcfg, const void *st, int viewer)
{
    const wd_config *cfg = vcfg;
    const wd_block *b = st;
    json_t *out = json_array();
    for (int i = 0; i < b->ev_count && i < WD_MAX_EVENTS; i++) {
        const uint8_t *e = b->ev[i];
        json_t *o = NULL;
        switch (e[0]) {
        case WD_EV_ROLL:
            o = wd_event_object("roll", b->actor);
            wd_set_int(o, "value", e[1]);
            tgE_text(o, "Player %d rolled a %d.", b->actor, e[1]);
            break;
        case WD_EV_NEUTRAL:
            o = wd_event_object("neutral", b->actor);
            wd_set_colour(o, "color", e[1]);
            tgE_text(o, "Player %d chose %s as a neutral colour.", b->actor,
                     wd_colour_words[e[1]]);
            break;
        case WD_EV_ENTER:
            o = wd_event_object("enter", b->actor);
            wd_set_colour(o, "color", e[1]);
            wd_set_int(o, "to", e[2]);
            tgE_text(o, "Player %d brought a %s witch into the circle, onto %d.", b->actor,
                     wd_colour_words[e[1]], e[2]);
            break;
        case WD_EV_MOVE:
            o = wd_event_object("move", b->actor);
            wd_set_int(o, "from", e[1]);
            wd_set_int(o, "to", e[2]);
            tgE_text(o, "Player %d moved the hat on %d to %d.", b->actor, e[1], e[2]);
            break;
        case WD_EV_SELECT:
            o = wd_event_object("select", b->actor);
            wd_set_int(o, "at", e[1]);
            wd_set_colour(o, "exit", e[2]);
            tgE_text(o, "The hat on %d passes the %s exit: player %d takes it off or lets it "
                        "dance on.", e[1], wd_colour_words[e[2]], b->actor);
            break;
        case WD_EV_PUSH:
            wd_push_events(cfg, e, out);
            break;
        case WD_EV_TAKEOFF:
            o = wd_event_object("takeoff", b->actor);
            wd_set_int(o, "from", e[1]);
            wd_set_colour(o, "exit", e[2]);
            wd_set_colour(o, "color", e[3]);
            wd_set_colour(o, "strip", e[4]);
            wd_set_int(o, "for", cfg->owner_of[e[4]]);
            tgE_text(o, "Player %d took a %s witch off at the %s exit (from %d): it goes to "
                        "the %s strip and counts for player %d.", b->actor,
                     wd_colour_words[e[3]], wd_colour_words[e[2]], e[1],
                     wd_colour_words[e[4]], cfg->owner_of[e[4]]);
            break;
        case WD_EV_PEEK:
            o = wd_event_object("peek", b->actor);
            wd_set_int(o, "at", e[1]);
            if (viewer == TG_VIEW_OMNISCIENT || viewer == b->actor) {
                wd_set_colour(o, "color", e[2]);
                tgE_text(o, "Player %d looked under the hat on %d: a %s witch.", b->actor, e[1],
                         wd_colour_words[e[2]]);
            } else {
                tgE_text(o, "Player %d looked under the hat on %d in secret.", b->actor, e[1]);
            }
            break;
        default:
            o = wd_event_object("pass", b->actor);
            tgE_text(o, "Player %d could not move and passed.", b->actor);
            break;
        }
        if (o)
            json_array_append_new(out, o);
    }
    return out;
}
