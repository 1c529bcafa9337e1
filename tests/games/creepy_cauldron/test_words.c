/* What a person at a real table types for the chance outcomes: the die,
 * a fishing attempt and the roller, in words as well as the notation. */
#include <string.h>

#include "table_words.h"
#include "test_support.h"

static void test_die_in_words(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2", "{'pawns':[{'space':0},{'space':16}]}");
    TGT_ASSERT_WORDS(st, {"three", "3"}, {"I rolled a 4", "4"}, {"the frog", "frog"},
                         {"Kalmorda", "witch"}, {"witch symbol", "witch"});
    tgt_assert_refused(st, "six", "1, 2, 3, 4");
    tgt_assert_no_words(st, "spider");
    tg_state_free(st);
}

static void test_fishing_in_words(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2", "{'pawns':[{'space':0,'creatures':['bat','bat',"
                                        "'bat']},{'space':16,'creatures':['bat']}]}");
    tgt_apply(st, "1"); /* space 1: a cauldron space */
    TGT_ASSERT_WORDS(st, {"a spider", "spider"}, {"Spiders", "spider"}, {"fished out a rat", "rat"},
                         {"nothing", "nothing"}, {"empty-handed", "nothing"},
                         {"the handle snapped", "snap"}, {"touched the handle", "snap"});
    tgt_assert_refused(st, "a bat", "no bat");
    tgt_assert_no_words(st, "a spider and a rat");
    tg_state_free(st);
    st = cc_load("players=2,empty=0", "{'pawns':[{'space':0},{'space':16}]}");
    tgt_apply(st, "1");
    tgt_assert_refused(st, "nothing", "empty=0");
    tg_state_free(st);
}

static void test_roller_in_words(void **s)
{
    (void)s;
    const char *pos = "{'phase':'roller','pawns':[{'space':31,'creatures':['spider','bat',"
                      "'rat']},{'space':12}]}";
    tg_state *st = cc_load("players=2", pos);
    TGT_ASSERT_WORDS(st, {"the key is free", "key"}, {"released", "key"}, {"no key", "nokey"},
                         {"stuck", "nokey"});
    tg_state_free(st);
    st = cc_load("players=2,roller=1", pos);
    tgt_assert_refused(st, "no key", "roller=1");
    tg_state_free(st);
}

/* Words stand for chance outcomes only: a player's decision keeps its notation. */
static void test_words_only_at_chance_points(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2", "{'pawns':[{'space':0},{'space':16}]}");
    tgt_apply_all(st, "3;spider");
    assert_string_equal(tgt_legal_texts(st), "fish pass");
    tgt_assert_no_words(st, "spider");
    tgt_assert_words(st, "FISH", "fish");
    tg_state_free(st);
}

/* A save of release 1.1 (format 1) names only the options 1.1 knew: the
 * others take the values that play as 1.1 did; a new game the defaults. */
static void test_format_one_options_keep_old_rules(void **s)
{
    (void)s;
    const char *doc = "{\"game\":\"creepy_cauldron\",\"format_version\":1,\"options\":"
                      "\"players=2\",\"position\":{\"pawns\":[{\"space\":0},{\"space\":16}]}}";
    tg_state *st = tgt_from_json(doc);
    const char *o = tg_game_options(tg_state_game(st));
    assert_non_null(strstr(o, "keysafe=own"));
    assert_non_null(strstr(o, "empty=0,"));
    assert_non_null(strstr(o, "pickup=auto"));
    assert_non_null(strstr(o, "exact_free=yes"));
    tg_state_free(st);
    tg_game *g = tgt_game("creepy_cauldron", "players=2");
    o = tg_game_options(g);
    assert_non_null(strstr(o, "keysafe=any"));
    assert_non_null(strstr(o, "empty=0.1"));
    assert_non_null(strstr(o, "pickup=choose"));
    assert_non_null(strstr(o, "exact_free=no"));
    tg_game_free(g);
}

int cc_run_words(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_die_in_words),
        cmocka_unit_test(test_fishing_in_words),
        cmocka_unit_test(test_roller_in_words),
        cmocka_unit_test(test_words_only_at_chance_points),
        cmocka_unit_test(test_format_one_options_keep_old_rules),
    };
    return cmocka_run_group_tests_name("creepy_cauldron words", tests, NULL, NULL);
}
