/* The catalogue: every game and option is reachable through the accessors,
 * lookups by id work, and out-of-range requests give NULL. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

static void lookups_agree(void **state)
{
    (void)state;
    size_t n = tg_catalogue_count();
    for (size_t i = 0; i < n; i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        assert_non_null(info);
        assert_ptr_equal(tg_catalogue_find(info->id), info);
        for (size_t j = 0; j < i; j++)
            assert_string_not_equal(tg_catalogue_get(j)->id, info->id);
    }
    assert_null(tg_catalogue_get(n));
    assert_null(tg_catalogue_get((size_t)-1));
    assert_null(tg_catalogue_find(NULL));
    assert_null(tg_catalogue_find(""));
    assert_null(tg_catalogue_find("no_such_game"));
    if (n > 0) {
        char padded[64];
        snprintf(padded, sizeof padded, "%s ", tg_catalogue_get(0)->id);
        assert_null(tg_catalogue_find(padded));
    }
    printf("catalogue: %zu games\n", n);
}

static void game_entries_are_complete(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        assert_non_null(info->id);
        for (const char *p = info->id; *p; p++)
            assert_true((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_');
        assert_true(info->name && info->name[0]);
        assert_true(info->summary && info->summary[0]);
        assert_true(info->min_players >= 1);
        assert_true(info->min_players <= info->max_players);
        assert_true(info->max_players <= TG_MAX_PLAYERS);
        assert_true(info->option_count >= 1);
    }
}

static void check_option(const tg_game_info *info, const tg_option_info *o)
{
    assert_true(o->name && o->name[0]);
    assert_non_null(o->default_value);
    assert_true(o->allowed && o->allowed[0]);
    assert_true(o->description && o->description[0]);
    switch (o->type) {
    case TG_OPTION_INT:
    case TG_OPTION_NUMBER:
        assert_true(o->min <= o->max);
        assert_null(o->choices);
        break;
    case TG_OPTION_CHOICE: {
        assert_non_null(o->choices);
        int found = 0, count = 0;
        for (const char *const *c = o->choices; *c; c++, count++)
            found |= strcmp(*c, o->default_value) == 0;
        assert_true(count >= 2);
        if (!found)
            fail_msg("%s: default '%s' of option %s is not one of its choices", info->id,
                     o->default_value, o->name);
        break;
    }
    case TG_OPTION_BOOL:
        assert_null(o->choices);
        break;
    default:
        fail_msg("%s: option %s has unknown type %d", info->id, o->name, (int)o->type);
    }
    /* The default value, written out, is accepted. */
    char opts[TGT_OPTIONS_MAX];
    snprintf(opts, sizeof opts, "%s=%s", o->name, o->default_value);
    tg_game_free(tgt_game(info->id, opts));
}

static void options_are_reachable_and_sane(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        const tg_option_info *players = tg_game_info_option(info, 0);
        assert_non_null(players);
        assert_string_equal(players->name, "players");
        assert_int_equal(players->type, TG_OPTION_INT);
        assert_true(players->min == info->min_players);
        assert_true(players->max == info->max_players);
        for (size_t k = 0; k < info->option_count; k++) {
            const tg_option_info *o = tg_game_info_option(info, k);
            assert_non_null(o);
            check_option(info, o);
            for (size_t j = 0; j < k; j++)
                assert_string_not_equal(tg_game_info_option(info, j)->name, o->name);
        }
        assert_null(tg_game_info_option(info, info->option_count));
        assert_null(tg_game_info_option(info, (size_t)-1));
    }
    assert_null(tg_game_info_option(NULL, 0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lookups_agree),
        cmocka_unit_test(game_entries_are_complete),
        cmocka_unit_test(options_are_reachable_and_sane),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
