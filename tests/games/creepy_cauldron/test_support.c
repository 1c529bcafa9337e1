#include "test_support.h"
#include "position_doc.h"
#include "table_words.h"

#include <stdio.h>
#include <string.h>

tg_state *cc_load(const char *options, const char *position)
{
    return tgt_load_position("creepy_cauldron", options, position);
}

const char *cc_reject(const char *options, const char *position)
{
    return tgt_load_position_fails("creepy_cauldron", options, position, TG_E_CORRUPT);
}

static json_t *cc_pawn(json_t *pos, int p)
{
    json_t *pawn = json_array_get(json_object_get(pos, "pawns"), (size_t)p);
    assert_non_null(pawn);
    return pawn;
}

int cc_space(const tg_state *st, int p)
{
    json_t *pos = tgt_position(st);
    json_t *space = json_object_get(cc_pawn(pos, p), "space");
    int v = json_is_integer(space) ? (int)json_integer_value(space) : -1;
    json_decref(pos);
    return v;
}

int cc_field(const tg_state *st, const char *key)
{
    json_t *pos = tgt_position(st);
    json_t *v = json_object_get(pos, key);
    assert_non_null(v);
    int out = json_is_integer(v) ? (int)json_integer_value(v) : -1;
    json_decref(pos);
    return out;
}

const char *cc_word(const tg_state *st, const char *key)
{
    static char buf[64];
    json_t *pos = tgt_position(st);
    const char *w = json_string_value(json_object_get(pos, key));
    assert_non_null(w);
    snprintf(buf, sizeof buf, "%s", w);
    json_decref(pos);
    return buf;
}

int cc_flag(const tg_state *st, int p, const char *flag)
{
    json_t *pos = tgt_position(st);
    int v = json_is_true(json_object_get(cc_pawn(pos, p), flag));
    json_decref(pos);
    return v;
}

int cc_holds(const tg_state *st, int p, const char *kind)
{
    json_t *pos = tgt_position(st), *item;
    size_t i;
    int n = 0;
    json_array_foreach(json_object_get(cc_pawn(pos, p), "creatures"), i, item)
        n += strcmp(json_string_value(item), kind) == 0;
    json_decref(pos);
    return n;
}

int cc_count_events(const tg_state *st, const char *type)
{
    json_t *events = tgt_events(st, TG_VIEW_OMNISCIENT), *ev;
    size_t i;
    int n = 0;
    json_array_foreach(events, i, ev)
        n += strcmp(json_string_value(json_object_get(ev, "type")), type) == 0;
    json_decref(events);
    return n;
}

double cc_prob(tg_state *st, const char *text)
{
    return tgt_prob(st, text);
}

static json_t *cc_event_field(const tg_state *st, const char *type, const char *field,
                              json_t **hold)
{
    json_t *v = json_object_get(tgt_find_event(st, TG_VIEW_OMNISCIENT, type, hold), field);
    assert_non_null(v);
    return v;
}

int cc_event_int(const tg_state *st, const char *type, const char *field)
{
    json_t *hold;
    int v = (int)json_integer_value(cc_event_field(st, type, field, &hold));
    json_decref(hold);
    return v;
}

const char *cc_event_str(const tg_state *st, const char *type, const char *field)
{
    static char buf[64];
    json_t *hold;
    snprintf(buf, sizeof buf, "%s", json_string_value(cc_event_field(st, type, field, &hold)));
    json_decref(hold);
    return buf;
}
