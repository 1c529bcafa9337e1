/* JSON saves under attack: malformed text, wrong types, missing fields,
 * unknown games and options, deep nesting and oversized input each give a
 * clear status and a message naming the problem; a hand-written minimal
 * position loads; any position a load accepts is safe to use. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

/* Loads text (copied into a buffer of exactly its length, so an over-read
 * shows under ASan); returns the status and the message in err. */
static tg_status load_text(const char *text, size_t len, tg_state **out, char *err, size_t cap)
{
    char *copy = malloc(len ? len : 1);
    assert_non_null(copy);
    memcpy(copy, text, len);
    err[0] = '\0';
    *out = (tg_state *)err;
    tg_status s = tg_state_from_json(copy, len, NULL, out, err, cap);
    free(copy);
    if (s != TG_OK) {
        assert_null(*out);
        if (err[0] == '\0')
            fail_msg("loading failed with %s but gave no message", tg_status_name(s));
    }
    return s;
}

static tg_status load_json(const json_t *j, tg_state **out, char *err, size_t cap)
{
    char *text = json_dumps(j, JSON_COMPACT);
    assert_non_null(text);
    tg_status s = load_text(text, strlen(text), out, err, cap);
    free(text);
    return s;
}

/* Expects failure with want; needle (if any) must appear in the message. */
static void expect_text_fails(const char *text, size_t len, tg_status want, const char *needle)
{
    char err[512];
    tg_state *st = NULL;
    tg_status s = load_text(text, len, &st, err, sizeof err);
    if (s == TG_OK) {
        tg_state_free(st);
        fail_msg("'%.80s' loaded; want %s", text, tg_status_name(want));
    }
    if (s != want)
        fail_msg("'%.80s': %s (%s), want %s", text, tg_status_name(s), err, tg_status_name(want));
    if (needle && !strstr(err, needle))
        fail_msg("'%.80s': message '%s' does not mention '%s'", text, err, needle);
}

static void expect_json_fails(const json_t *j, tg_status want, const char *needle)
{
    char *text = json_dumps(j, JSON_COMPACT);
    assert_non_null(text);
    expect_text_fails(text, strlen(text), want, needle);
    free(text);
}

/* A real JSON save of game after some play (caller json_decrefs). */
static json_t *real_save(tg_game *g, uint32_t decisions)
{
    tg_state *st = tgt_random_state(g, 23, decisions);
    char *text = NULL;
    assert_int_equal(tg_state_to_json(st, &text, NULL), TG_OK);
    json_error_t e;
    json_t *j = json_loads(text, 0, &e);
    assert_non_null(j);
    tg_free(text);
    tg_state_free(st);
    return j;
}

static void malformed_text(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "", " ", "{", "}", "[", "{\"game\":", "{\"game\" \"x\"}", "{'game':'x'}",
        "{\"game\":\"x\",}", "nul", "{\"a\":1} {\"b\":2}", "\xff\xfe{}", "{\"game\":\"\xc3\"}",
        "{\"game\":\"x\",\"game\":\"y\"}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect_text_fails(bad[i], strlen(bad[i]), TG_E_PARSE, NULL);
    expect_text_fails("{\"game\":\"x\"}\0junk", 17, TG_E_PARSE, NULL);
    /* A bare value is not a JSON text the loader reads at all. */
    static const char *const scalars[] = {"null", "42", "\"witches\"", "true"};
    for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++)
        expect_text_fails(scalars[i], strlen(scalars[i]), TG_E_PARSE, NULL);
    /* Arrays are JSON, but not a saved state. */
    expect_text_fails("[]", 2, TG_E_CORRUPT, "object");
    expect_text_fails("[{}]", 4, TG_E_CORRUPT, "object");
}

static void deep_and_large_input(void **state)
{
    (void)state;
    size_t depth = 100000;
    char *deep = malloc(2 * depth + 64);
    assert_non_null(deep);
    memset(deep, '[', depth);
    memset(deep + depth, ']', depth);
    expect_text_fails(deep, 2 * depth, TG_E_PARSE, NULL);
    int n = sprintf(deep, "{\"game\":\"x\",\"position\":");
    memset(deep + n, '[', depth);
    memset(deep + n + depth, ']', depth);
    deep[n + 2 * depth] = '}';
    expect_text_fails(deep, (size_t)n + 2 * depth + 1, TG_E_PARSE, NULL);
    free(deep);

    size_t huge = (size_t)TG_SAVE_MAX_BYTES + 1;
    char *big = malloc(huge);
    assert_non_null(big);
    memset(big, ' ', huge);
    big[0] = '{';
    big[huge - 1] = '}';
    tg_state *st = NULL;
    char err[256];
    assert_int_equal(tg_state_from_json(big, huge, NULL, &st, err, sizeof err), TG_E_TOO_LARGE);
    assert_null(st);
    free(big);
}

static void unknown_game_and_bad_options(void **state)
{
    (void)state;
    expect_text_fails("{\"game\":\"no_such_game\",\"position\":{}}", 37, TG_E_UNKNOWN_GAME,
                      "no_such_game");
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        tg_game *g = tgt_game(info->id, NULL);
        json_t *j = real_save(g, 10);
        json_object_set_new(j, "options", json_string("colour=blue"));
        expect_json_fails(j, TG_E_BAD_OPTION, "colour");
        char opts[64];
        snprintf(opts, sizeof opts, "players=%d", info->max_players + 1);
        json_object_set_new(j, "options", json_string(opts));
        expect_json_fails(j, TG_E_BAD_OPTION, "players");
        json_decref(j);
        tg_game_free(g);
    }
}

/* Required fields missing, and every top-level field given a value of the
 * wrong type: refused, and the message names the field. */
static void missing_fields_and_wrong_types(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        tg_game *g = tgt_game(tg_catalogue_get(i)->id, NULL);
        json_t *orig = real_save(g, 30);
        static const char *const required[] = {"game", "position"};
        for (size_t k = 0; k < 2; k++) {
            json_t *j = json_deep_copy(orig);
            json_object_del(j, required[k]);
            expect_json_fails(j, TG_E_CORRUPT, required[k]);
            json_decref(j);
        }
        json_t *j = json_deep_copy(orig);
        json_object_del(j, "root");
        expect_json_fails(j, TG_E_CORRUPT, "root");
        json_decref(j);

        json_t *wrong[] = {json_integer(-1), json_real(1.5), json_string("x"), json_true(),
                           json_array(), json_object(), json_null()};
        const char *key;
        json_t *value;
        json_object_foreach(orig, key, value) {
            for (size_t w = 0; w < sizeof wrong / sizeof wrong[0]; w++) {
                if (json_typeof(wrong[w]) == json_typeof(value))
                    continue;
                j = json_deep_copy(orig);
                json_object_set(j, key, wrong[w]);
                char *text = json_dumps(j, JSON_COMPACT);
                char err[512];
                tg_state *st = NULL;
                tg_status s = load_text(text, strlen(text), &st, err, sizeof err);
                if (s == TG_OK) {
                    tg_state_free(st);
                    fail_msg("field \"%s\" of the wrong type loaded: %.200s", key, text);
                }
                if (!strstr(err, key))
                    fail_msg("field \"%s\" of the wrong type: %s: '%s' does not name it", key,
                             tg_status_name(s), err);
                free(text);
                json_decref(j);
            }
        }
        for (size_t w = 0; w < sizeof wrong / sizeof wrong[0]; w++)
            json_decref(wrong[w]);
        json_decref(orig);
        tg_game_free(g);
    }
}

/* The documented minimum: game, options and position (plus the move number
 * tg_state_equal compares) load to the same position with no history. */
static void hand_written_minimum_loads(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        tg_game *g = tgt_game(tg_catalogue_get(i)->id, NULL);
        tg_state *st = tgt_random_state(g, 23, 25);
        json_t *full = real_save(g, 25); /* the same seed: the same state */
        json_t *min = json_object();
        json_object_set(min, "game", json_object_get(full, "game"));
        json_object_set(min, "options", json_object_get(full, "options"));
        json_object_set(min, "position", json_object_get(full, "position"));
        json_object_set(min, "move_number", json_object_get(full, "move_number"));
        char err[512];
        tg_state *loaded = NULL;
        tg_status s = load_json(min, &loaded, err, sizeof err);
        if (s != TG_OK)
            fail_msg("minimal position did not load: %s: %s", tg_status_name(s), err);
        assert_true(tg_state_equal(st, loaded));
        assert_int_equal(tg_state_history_length(loaded), 0);
        assert_int_equal(tg_state_undo(loaded), TG_E_NOTHING_TO_UNDO);
        tg_state_free(loaded);
        json_decref(min);
        json_decref(full);
        tg_state_free(st);
        tg_game_free(g);
    }
}

static void put_child(json_t *node, const char *key, size_t idx, json_t *value)
{
    if (key)
        json_object_set_new(node, key, value);
    else
        json_array_set_new(node, idx, value);
}

/* Replaces one leaf (node[key], or node[idx] when key is NULL) by each lie
 * in turn; whatever loads must be a position every call handles. */
static void try_lies(json_t *root, json_t *node, const char *key, size_t idx,
                     unsigned long *loaded, unsigned long *rejected)
{
    static const char *const lies[] = {"-1", "255", "1000000000000", "\"x\"", "[]", "{}",
                                       "null", "true", "0.5"};
    json_t *keep = json_incref(key ? json_object_get(node, key) : json_array_get(node, idx));
    for (size_t l = 0; l < sizeof lies / sizeof lies[0]; l++) {
        put_child(node, key, idx, json_loads(lies[l], JSON_DECODE_ANY, NULL));
        tg_state *st = NULL;
        char err[512];
        if (load_json(root, &st, err, sizeof err) == TG_OK) {
            (*loaded)++;
            tgt_exercise(st, l, 40);
            tg_state_free(st);
        } else {
            (*rejected)++;
        }
    }
    put_child(node, key, idx, keep);
}

/* Every leaf below node, depth first. */
static void mutate_leaves(json_t *root, json_t *node, unsigned long *loaded,
                          unsigned long *rejected)
{
    size_t idx;
    const char *key;
    json_t *child;
    if (json_is_object(node)) {
        json_object_foreach(node, key, child) {
            if (json_is_object(child) || json_is_array(child))
                mutate_leaves(root, child, loaded, rejected);
            else
                try_lies(root, node, key, 0, loaded, rejected);
        }
    } else if (json_is_array(node)) {
        json_array_foreach(node, idx, child) {
            if (json_is_object(child) || json_is_array(child))
                mutate_leaves(root, child, loaded, rejected);
            else
                try_lies(root, node, NULL, idx, loaded, rejected);
        }
    }
}

static void position_lies_never_break_the_library(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        tg_game *g = tgt_game(tg_catalogue_get(i)->id, NULL);
        json_t *full = real_save(g, 30);
        json_t *min = json_object();
        json_object_set(min, "game", json_object_get(full, "game"));
        json_object_set(min, "options", json_object_get(full, "options"));
        json_object_set_new(min, "position", json_deep_copy(json_object_get(full, "position")));
        unsigned long loaded = 0, rejected = 0;
        mutate_leaves(min, json_object_get(min, "position"), &loaded, &rejected);
        printf("%s: %lu position lies loaded (and were played), %lu rejected\n",
               tg_catalogue_get(i)->id, loaded, rejected);
        assert_true(rejected > 0);
        json_decref(min);
        json_decref(full);
        tg_game_free(g);
    }
}

static void oversized_history_is_refused(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        tg_game *g = tgt_game(tg_catalogue_get(i)->id, NULL);
        json_t *j = real_save(g, 0);
        json_t *hist = json_array();
        for (int k = 0; k < 200000; k++)
            json_array_append_new(hist, json_integer(0));
        json_object_set_new(j, "history", hist);
        char err[512];
        tg_state *st = NULL;
        tg_status s = load_json(j, &st, err, sizeof err);
        tg_state_free(st);
        assert_true(s == TG_E_CORRUPT || s == TG_E_TOO_LARGE);
        json_object_set_new(j, "move_number", json_real(1e30));
        expect_json_fails(j, TG_E_CORRUPT, "move_number");
        json_decref(j);
        tg_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(malformed_text),
        cmocka_unit_test(deep_and_large_input),
        cmocka_unit_test(unknown_game_and_bad_options),
        cmocka_unit_test(missing_fields_and_wrong_types),
        cmocka_unit_test(hand_written_minimum_loads),
        cmocka_unit_test(position_lies_never_break_the_library),
        cmocka_unit_test(oversized_history_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
