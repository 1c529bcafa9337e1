/* The options string of a save: a binary save, written by the library,
 * holds it exactly as tg_game_options() gives it and is refused otherwise,
 * so that loading and saving again gives the same bytes; a JSON save, meant
 * to be written by hand too, takes any valid options string and is saved
 * again with the canonical one (docs/save-format.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "save_edit.h"
#include "support.h"

/* A real save of every game, with options rewritten. */
static tg_status load_with(const tg_state *st, const char *options, unsigned writer,
                           tg_state **out, char *err, size_t cap)
{
    size_t len = 0, n = 0;
    unsigned char *save = tgt_save(st, &len);
    unsigned char *edited = tgt_save_with_options(save, len, options, &n);
    assert_non_null(edited);
    tg_free(save);
    if (writer) {
        tgt_save_set_writer(edited, writer);
        tgt_save_seal(edited, n);
    }
    tg_status s = tg_state_load(edited, n, NULL, out, err, cap);
    free(edited);
    return s;
}

/* The canonical string with its first item's name in capitals. */
static void shout_first(const char *canon, char *out, size_t cap)
{
    snprintf(out, cap, "%s", canon);
    for (char *p = out; *p && *p != '='; p++)
        if (*p >= 'a' && *p <= 'z')
            *p = (char)(*p - 'a' + 'A');
}

static void test_binary_refuses_other_spellings(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        tg_game *g = tgt_game(info->id, NULL);
        tg_state *st = tgt_random_state(g, 3, 20);
        const char *canon = tg_game_options(g);
        char err[256];
        tg_state *back = NULL;
        assert_int_equal(load_with(st, canon, 0, &back, err, sizeof err), TG_OK);
        tg_state_free(back);
        /* Each is the same game as canon, written another way. */
        const char *first_comma = strchr(canon, ',');
        assert_non_null(first_comma);
        char spelled[4][2200];
        snprintf(spelled[0], sizeof spelled[0], " %s", canon);
        snprintf(spelled[1], sizeof spelled[1], "%s,%.*s", first_comma + 1,
                 (int)(first_comma - canon), canon);
        shout_first(canon, spelled[2], sizeof spelled[2]);
        snprintf(spelled[3], sizeof spelled[3], "%.*s", (int)(first_comma - canon), canon);
        for (int k = 0; k < 4; k++) {
            tg_game *same = tgt_game(info->id, spelled[k]);
            assert_string_equal(tg_game_options(same), canon);
            tg_game_free(same);
            tg_status s = load_with(st, spelled[k], 0, &back, err, sizeof err);
            if (s != TG_E_CORRUPT || back || !strstr(err, "not written as this library"))
                fail_msg("%s: a binary save with options '%s' gave %s: %s", info->id,
                         spelled[k], tg_status_name(s), err);
        }
        tg_state_free(st);
        tg_game_free(g);
    }
}

/* A save from an earlier version lacks the options added since: what it
 * names is canonical and in order, and the rest takes the defaults. */
static void test_binary_from_an_earlier_version(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        tg_game *g = tgt_game(info->id, NULL);
        tg_state *st = tgt_random_state(g, 5, 20);
        const char *canon = tg_game_options(g);
        const char *comma = strchr(canon, ',');
        char older[2200], err[256] = "";
        snprintf(older, sizeof older, "%.*s", (int)(comma - canon), canon);
        tg_state *back = NULL;
        unsigned earlier = tg_version_number() - 1;
        if (load_with(st, older, earlier, &back, err, sizeof err) != TG_OK)
            fail_msg("%s: an earlier version's save with '%s' does not load: %s", info->id,
                     older, err);
        assert_string_equal(tg_game_options(tg_state_game(back)), canon);
        tg_state_free(back);
        /* Out of order is wrong whoever wrote it. */
        snprintf(older, sizeof older, "%s,%.*s", comma + 1, (int)(comma - canon), canon);
        assert_int_equal(load_with(st, older, earlier, &back, err, sizeof err), TG_E_CORRUPT);
        tg_state_free(st);
        tg_game_free(g);
    }
}

static void test_json_takes_any_valid_string(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        tg_game *g = tgt_game(info->id, NULL);
        tg_state *st = tgt_random_state(g, 9, 20);
        char *text = NULL, *again = NULL;
        size_t len = 0;
        assert_int_equal(tg_state_to_json(st, &text, &len), TG_OK);
        json_t *doc = json_loads(text, 0, NULL);
        char loose[2200];
        shout_first(tg_game_options(g), loose, sizeof loose);
        json_object_set_new(doc, "options", json_string(loose));
        char *edited = json_dumps(doc, JSON_COMPACT);
        json_decref(doc);
        tg_state *back = tgt_from_json(edited);
        assert_int_equal(tg_state_to_json(back, &again, &len), TG_OK);
        assert_string_equal(again, text);
        free(edited);
        tg_free(text);
        tg_free(again);
        tg_state_free(back);
        tg_state_free(st);
        tg_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_binary_refuses_other_spellings),
        cmocka_unit_test(test_binary_from_an_earlier_version),
        cmocka_unit_test(test_json_takes_any_valid_string),
    };
    return cmocka_run_group_tests_name("api_save_options", tests, NULL, NULL);
}
