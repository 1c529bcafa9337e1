#include "test_support.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "position_doc.h"
#include "support.h"

static const char *const bw_base =
    "{\"stage\":\"action\",\"player\":0,\"dice\":[3,5],\"deadly\":[0,1,2,3,4,5,6],"
    "\"plain\":[0,0],\"frogs\":[{\"at\":\"red\"},{\"at\":\"red\"},{\"at\":\"red\"},"
    "{\"at\":\"green\"},{\"at\":\"green\"},{\"at\":\"green\"}],"
    "\"cats\":[32,36,40,42,47,51,55,57]}";

char *bw_doc(const char *options, const char *override_json)
{
    json_error_t err;
    json_t *pos = json_loads(bw_base, 0, &err);
    json_t *over = json_loads(override_json ? override_json : "{}", 0, &err);
    if (!pos || !over)
        fail_msg("bad test JSON: %s", err.text);
    json_object_update(pos, over);
    char *position = json_dumps(pos, 0);
    json_decref(pos);
    json_decref(over);
    char *text = tgt_position_doc("bewitched", options ? options : "players=2", position);
    free(position);
    return text;
}

tg_state *bw_state(const char *options, const char *override_json)
{
    char *text = bw_doc(options, override_json);
    tg_state *st = tgt_from_json(text);
    free(text);
    return st;
}

int bw_frog_at(const tg_state *st, int frog)
{
    json_t *pos = tgt_position(st);
    json_t *at = json_object_get(json_array_get(json_object_get(pos, "frogs"), (size_t)frog), "at");
    int v = json_is_integer(at) ? (int)json_integer_value(at) : json_is_string(at) ? -1 : 0;
    json_decref(pos);
    return v;
}

int bw_cat_at(const tg_state *st, int cat)
{
    return bw_pos_int(st, "cats", cat);
}

int bw_pos_int(const tg_state *st, const char *key, int index)
{
    json_t *pos = tgt_position(st);
    json_t *v = json_object_get(pos, key);
    if (json_is_array(v))
        v = json_array_get(v, (size_t)index);
    int out = json_is_integer(v) ? (int)json_integer_value(v) : json_is_true(v) ? 1 : -99;
    json_decref(pos);
    return out;
}

int bw_pos_has(const tg_state *st, const char *key, int value)
{
    json_t *pos = tgt_position(st);
    json_t *arr = json_object_get(pos, key);
    int found = 0;
    for (size_t i = 0; i < json_array_size(arr); i++)
        found |= json_integer_value(json_array_get(arr, i)) == value;
    json_decref(pos);
    return found;
}

int bw_legal_prefix(const tg_state *st, const char *prefix)
{
    const char *all = tgt_legal_texts(st);
    size_t n = strlen(prefix);
    for (const char *p = all; *p;) {
        if (strncmp(p, prefix, n) == 0)
            return 1;
        p = strchr(p, ' ');
        if (!p)
            break;
        p++;
    }
    return 0;
}

void bw_expect_book(const tg_state *st, int book, const char *where, int at)
{
    json_t *pos = tgt_position(st);
    json_t *b = json_array_get(json_object_get(pos, "books"), (size_t)book);
    const char *got = json_string_value(json_object_get(b, "where"));
    int got_at = (int)json_integer_value(json_object_get(b, "at"));
    int same = got && strcmp(got, where) == 0 && got_at == at;
    char seen[64];
    snprintf(seen, sizeof seen, "%s %d", got ? got : "(nowhere)", got_at);
    json_decref(pos);
    if (!same)
        fail_msg("book %d is at %s, expected %s %d", book, seen, where, at);
}

void bw_expect_roll_for(const tg_state *st, int player, int extra_turn)
{
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    assert_int_equal(bw_pos_int(st, "player", 0), player);
    json_t *events = tgt_events(st, TG_VIEW_OMNISCIENT);
    int extras = 0;
    for (size_t i = 0; i < json_array_size(events); i++)
        extras += strcmp(json_string_value(json_object_get(json_array_get(events, i), "type")),
                         "extra_turn") == 0;
    json_decref(events);
    assert_int_equal(extras, extra_turn ? 1 : 0);
}

void bw_expect_dice(const tg_state *st, int a, int b)
{
    assert_int_equal(bw_pos_int(st, "dice", 0), a);
    assert_int_equal(bw_pos_int(st, "dice", 1), b);
}
