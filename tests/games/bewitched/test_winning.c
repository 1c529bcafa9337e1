/* Bewitched, "Winning" and "When no one can win": the prince's book
 * carried home wins, and a game no one can win any more ends. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"
#include "support.h"

/* Red's frog 1 two steps from home carrying book 0, the prince being
 * book prince, moves home with a 5. */
static tg_state *bw_go_home(int prince)
{
    char pos[512];
    snprintf(pos, sizeof pos, "{%s,%s,\"prince\":%d,\"dice\":[5,6]}",
             BW_RED_AT("6", "\"red\"", "\"red\""), BW_BOOK0_ON_FROG0, prince);
    tg_state *st = bw_state(NULL, pos);
    tgt_apply(st, "5f1:5-home");
    return st;
}

/* Winning: home with the prince's book (no exact roll) wins at once. */
static void test_win_with_prince(void **state)
{
    (void)state;
    tg_state *st = bw_go_home(0);
    assert_true(tg_state_is_terminal(st));
    uint32_t mask = 0;
    assert_int_equal(tg_state_winners(st, &mask), TG_OK);
    assert_int_equal(mask, 1u);
    tg_state_free(st);
}

/* Home with a frog page: no win, and everyone learns that page. */
static void test_home_with_frog_page(void **state)
{
    (void)state;
    tg_state *st = bw_go_home(2);
    assert_false(tg_state_is_terminal(st));
    json_t *obs = tgt_observation(st, 1);
    json_t *book = json_array_get(json_object_get(obs, "books"), 0);
    assert_string_equal(json_string_value(json_object_get(book, "page")), "frog");
    json_decref(obs);
    tg_state_free(st);
}

/* No frog can ever be lost entirely: each colour's plain frog cannot be
 * bitten, so a save claiming it died is refused. */
static void test_plain_frog_never_dies(void **state)
{
    (void)state;
    const char *msg = tgt_from_json_fails(
        "{\"game\":\"bewitched\",\"options\":\"players=2\",\"position\":{\"stage\":\"roll\","
        "\"deadly\":[0,1,2,3,4,5,6],\"plain\":[0,0],\"magnetic_known\":[0],"
        "\"frogs\":[{\"at\":null},{\"at\":\"red\"},{\"at\":\"red\"},{\"at\":\"green\"},"
        "{\"at\":\"green\"},{\"at\":\"green\"}]}}",
        TG_E_CORRUPT);
    assert_non_null(strstr(msg, "frog 0"));
}

/* Every frog of a player dying cannot happen, so the game only ends with a
 * winner or with the prince out of reach (below). A player whose magnetic
 * frogs died plays on with the plain one. */
static void test_plays_on_with_plain_frog(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{\"stage\":\"roll\",\"player\":1,\"magnetic_known\":[4,5],"
                                  "\"frogs\":[{\"at\":\"red\"},{\"at\":\"red\"},{\"at\":\"red\"},"
                                  "{\"at\":\"green\"},{\"at\":null},{\"at\":null}]}");
    tgt_apply(st, "roll:1-2");
    assert_true(bw_legal_prefix(st, "1f1:"));
    tg_state_free(st);
}

/* With hat_put=no, the prince dropped where every frog left carries a book
 * can never be picked up: the game ends with no winner. */
static void test_prince_out_of_reach(void **state)
{
    (void)state;
    const char *pos =
        "{\"dice\":[1,2],\"prince\":0,\"gone\":[1,2,3],\"magnetic_known\":[1,2,4,5],"
        "\"frogs\":[{\"at\":12},{\"at\":null},{\"at\":null},{\"at\":\"green\"},{\"at\":null},"
        "{\"at\":null}],\"books\":[{\"where\":\"ground\",\"at\":8},{\"where\":\"frog\","
        "\"at\":0},{\"where\":\"ground\",\"at\":11},{\"where\":\"frog\",\"at\":3}],"
        "\"seen\":[[1],[3]]}";
    tg_state *st = bw_state("players=2,hat_put=no", pos);
    tgt_apply(st, "1f1:13");
    tgt_apply(st, "skip");
    assert_true(tg_state_is_terminal(st));
    uint32_t mask = 1;
    assert_int_equal(tg_state_winners(st, &mask), TG_OK);
    assert_int_equal(mask, 0u);
    tg_state_free(st);
    st = bw_state(NULL, pos);
    tgt_apply(st, "1f1:13");
    tgt_apply(st, "skip");
    assert_false(tg_state_is_terminal(st));
    tg_state_free(st);
}

/* Winning on an escape turn ends the game cleanly: the save loads back. */
static void test_win_on_escape_turn(void **state)
{
    (void)state;
    char pos[512];
    snprintf(pos, sizeof pos, "{%s,%s,\"stage\":\"escape_roll\",\"escape_frog\":0,\"stole\":true}",
             BW_RED_AT("6", "\"red\"", "\"red\""), BW_BOOK0_ON_FROG0);
    tg_state *st = bw_state(NULL, pos);
    tgt_apply(st, "escape:2");
    tgt_apply(st, "2f1:5-home");
    assert_true(tg_state_is_terminal(st));
    unsigned char *data = NULL;
    size_t len = 0;
    assert_int_equal(tg_state_save(st, &data, &len), TG_OK);
    tg_state *back = NULL;
    char err[256] = "";
    tg_status s = tg_state_load(data, len, NULL, &back, err, sizeof err);
    if (s != TG_OK)
        fail_msg("save of a won game does not load: %s", err);
    assert_true(tg_state_equal(st, back));
    tg_free(data);
    tg_state_free(back);
    tg_state_free(st);
}

int bw_run_winning(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_win_with_prince),
        cmocka_unit_test(test_home_with_frog_page),
        cmocka_unit_test(test_plain_frog_never_dies),
        cmocka_unit_test(test_plays_on_with_plain_frog),
        cmocka_unit_test(test_prince_out_of_reach),
        cmocka_unit_test(test_win_on_escape_turn),
    };
    return cmocka_run_group_tests_name("bewitched winning", tests, NULL, NULL);
}
