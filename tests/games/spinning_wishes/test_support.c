#include "test_support.h"
#include "position_doc.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

tg_state *swt_load(const char *options, const char *position)
{
    return tgt_load_position("spinning_wishes", options, position);
}

const char *swt_load_fails(const char *options, const char *position)
{
    return tgt_load_position_fails("spinning_wishes", options, position, TG_E_CORRUPT);
}

void swt_legal(const tg_state *st, const char *want)
{
    assert_string_equal(tgt_legal_texts(st), want);
}

static const char *swt_dump(const json_t *v)
{
    static char buf[4096];
    char *text = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_SORT_KEYS);
    snprintf(buf, sizeof buf, "%s", text ? text : "(missing)");
    free(text);
    return buf;
}

const char *swt_pos_str(const tg_state *st, const char *key)
{
    static char buf[256];
    json_t *pos = tgt_position(st);
    const char *v = json_string_value(json_object_get(pos, key));
    snprintf(buf, sizeof buf, "%s", v ? v : "(not a string)");
    json_decref(pos);
    return buf;
}

const char *swt_pos(const tg_state *st, const char *key)
{
    json_t *pos = tgt_position(st);
    const char *out = swt_dump(json_object_get(pos, key));
    json_decref(pos);
    return out;
}

const char *swt_player(const tg_state *st, int p, const char *key)
{
    json_t *pos = tgt_position(st);
    const char *out =
        swt_dump(json_object_get(json_array_get(json_object_get(pos, "players"), (size_t)p), key));
    json_decref(pos);
    return out;
}

static char *swt_own(char *lib_text)
{
    size_t n = strlen(lib_text) + 1;
    char *copy = malloc(n);
    assert_non_null(copy);
    memcpy(copy, lib_text, n);
    tg_free(lib_text);
    return copy;
}

char *swt_observation_text(const tg_state *st, int viewer)
{
    char *text = NULL;
    assert_int_equal(tg_state_observation_json(st, viewer, &text, NULL), TG_OK);
    return swt_own(text);
}

char *swt_events_text(const tg_state *st, int viewer)
{
    char *text = NULL;
    assert_int_equal(tg_state_events_json(st, viewer, &text, NULL), TG_OK);
    return swt_own(text);
}

int swt_turn(const tg_state *st)
{
    json_t *pos = tgt_position(st);
    int t = (int)json_integer_value(json_object_get(pos, "turn"));
    json_decref(pos);
    return t;
}

void swt_uniform_chance(const tg_state *st, size_t n)
{
    tg_move moves[64];
    double probs[64];
    size_t count = 0;
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    assert_int_equal(tg_state_chance_outcomes(st, moves, probs, 64, &count), TG_OK);
    assert_int_equal(count, n);
    for (size_t i = 0; i < count; i++)
        assert_true(probs[i] > 1.0 / (double)n - 1e-12 && probs[i] < 1.0 / (double)n + 1e-12);
}
