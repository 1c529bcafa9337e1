/* Bewitched, "Hats", "Stealing" and "Dropped books" (rules 9-12): spell
 * books at hats, stealing, dropped books. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"
#include "support.h"

/* Rule 9: stopping beside a hat (no exact roll) takes its book, seen by
 * the owner only; the frog must move away on the next turn. */
static void test_hat_take_and_must_move(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{" BW_RED_AT("13", "\"red\"", "\"red\"") "}");
    tgt_apply(st, "3f1:14");
    bw_expect_book(st, 3, "frog", 0);
    json_t *holder;
    json_t *ev = tgt_find_event(st, 0, "take", &holder);
    assert_true(json_is_string(json_object_get(ev, "page")));
    json_decref(holder);
    ev = tgt_find_event(st, 1, "take", &holder);
    assert_true(json_is_null(json_object_get(ev, "page")));
    json_decref(holder);
    tg_state_free(st);

    st = bw_state(NULL, "{" BW_RED_AT("14", "\"red\"", "\"red\"") ",\"books\":[{\"where\":\"hat\","
                        "\"at\":0},{\"where\":\"hat\",\"at\":1},{\"where\":\"hat\",\"at\":2},"
                        "{\"where\":\"frog\",\"at\":0}],\"stage\":\"roll\",\"seen\":[[3],[]],"
                        "\"frogs\":[{\"at\":14,\"pending\":true},{\"at\":\"red\"},{\"at\":\"red\"},"
                        "{\"at\":\"green\"},{\"at\":\"green\"},{\"at\":\"green\"}]}");
    tgt_apply(st, "roll:3-5");
    assert_true(bw_legal_prefix(st, "3f1:"));
    assert_false(bw_legal_prefix(st, "3f2:"));
    assert_false(bw_legal_prefix(st, "3c"));
    tgt_apply(st, "3f1:13-12-11");
    assert_true(bw_legal_prefix(st, "5f2:"));
    tg_state_free(st);
}


/* Rule 10: a frog with a book may swap it for the book under the hat. */
static void test_hat_swap(void **state)
{
    (void)state;
    char pos[512];
    snprintf(pos, sizeof pos, "{%s,%s}", BW_RED_AT("13", "\"red\"", "\"red\""), BW_BOOK0_ON_FROG0);
    tg_state *st = bw_state(NULL, pos);
    tgt_apply(st, "3f1:14");
    assert_string_equal(tgt_legal_texts(st), "swap keep");
    tgt_apply(st, "swap");
    bw_expect_book(st, 3, "frog", 0);
    bw_expect_book(st, 0, "hat", 3);
    tg_state_free(st);
}

/* Option hat_put: a frog may leave its book under an empty hat. */
static void test_hat_put_option(void **state)
{
    (void)state;
    const char *pos = "{\"frogs\":[{\"at\":13},{\"at\":27},{\"at\":\"red\"},{\"at\":\"green\"},"
                      "{\"at\":\"green\"},{\"at\":\"green\"}],\"books\":[{\"where\":\"frog\","
                      "\"at\":0},{\"where\":\"hat\",\"at\":1},{\"where\":\"hat\",\"at\":2},"
                      "{\"where\":\"frog\",\"at\":1}],\"seen\":[[0,3],[]]}";
    tg_state *st = bw_state(NULL, pos);
    tgt_apply(st, "3f1:14");
    assert_string_equal(tgt_legal_texts(st), "keep put");
    tgt_apply(st, "put");
    bw_expect_book(st, 0, "hat", 3);
    tg_state_free(st);
    st = bw_state("players=2,hat_put=no", pos);
    tgt_apply(st, "3f1:14");
    assert_true(bw_legal_prefix(st, "5f"));
    tg_state_free(st);
}

static const char *const bw_green_thief_setup =
    "{\"frogs\":[{\"at\":\"red\"},{\"at\":\"red\"},{\"at\":\"red\"},{\"at\":6},"
    "{\"at\":\"green\"},{\"at\":\"green\"}],\"books\":[{\"where\":\"hat\",\"at\":0},"
    "{\"where\":\"frog\",\"at\":3},{\"where\":\"hat\",\"at\":2},{\"where\":\"hat\",\"at\":3}],"
    "\"seen\":[[],[1]]";

/* Rule 11: passing over an opponent's frog, steal its book; the thief then
 * has an escape turn of one die with that frog. */
static void test_steal_and_escape(void **state)
{
    (void)state;
    char pos[1024];
    snprintf(pos, sizeof pos, "%s}", bw_green_thief_setup);
    tg_state *st = bw_state(NULL, pos);
    tgt_apply(st, "3f2:5-6-7");
    assert_string_equal(tgt_legal_texts(st), "nosteal steal:g1");
    tgt_apply(st, "steal:g1");
    bw_expect_book(st, 1, "frog", 1);
    tgt_apply(st, "5f1:4-3-2-1-24");
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    tgt_apply(st, "escape:2");
    assert_true(bw_legal_prefix(st, "2f2:"));
    assert_false(bw_legal_prefix(st, "2f1:"));
    tgt_apply(st, "2f2:10-11");
    assert_int_equal(bw_frog_at(st, 1), 0); /* a magnetic frog on a deadly snake */
    bw_expect_book(st, 1, "ground", 11);
    assert_int_equal(bw_pos_int(st, "player", 0), 1);
    tg_state_free(st);
}

/* Rule 11: a double used to steal gives no extra turn. */
static void test_double_lost_by_steal(void **state)
{
    (void)state;
    char pos[1024];
    snprintf(pos, sizeof pos, "%s,\"dice\":[3,3]}", bw_green_thief_setup);
    tg_state *st = bw_state(NULL, pos);
    tgt_apply(st, "3f2:5-6-7");
    tgt_apply(st, "steal:g1");
    tgt_apply(st, "3f1:4-3-2");
    /* The escape die takes dice[0]; a 3 keeps the dice a double, so only the
     * steal can be what cancels the extra turn. */
    tgt_apply(st, "escape:3");
    tgt_apply(st, "3f2:10-11-12");
    bw_expect_dice(st, 3, 3);
    bw_expect_roll_for(st, 1, 0);
    tg_state_free(st);
}

/* Rule 12: a frog without a book that stops on a dropped book may take it. */
static void test_pickup_dropped_book(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{\"dice\":[4,5],\"gone\":[1],\"books\":[{\"where\":\"ground\","
                                  "\"at\":8},{\"where\":\"hat\",\"at\":1},{\"where\":\"hat\","
                                  "\"at\":2},{\"where\":\"hat\",\"at\":3}]}");
    assert_true(tgt_is_legal(st, "5f1:5-6-7-8")); /* no exact roll needed */
    tgt_apply(st, "4f1:5-6-7-8");
    assert_string_equal(tgt_legal_texts(st), "pickup leave");
    tgt_apply(st, "pickup");
    bw_expect_book(st, 0, "frog", 0);
    tg_state_free(st);
}

/* Rule 11: books may pass between one's own frogs, with no escape turn. */
static void test_own_frog_swap(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{\"frogs\":[{\"at\":\"red\"},{\"at\":6},{\"at\":\"red\"},"
                                  "{\"at\":\"green\"},{\"at\":\"green\"},{\"at\":\"green\"}],"
                                  "\"books\":[{\"where\":\"frog\",\"at\":1},{\"where\":\"hat\","
                                  "\"at\":1},{\"where\":\"hat\",\"at\":2},{\"where\":\"hat\","
                                  "\"at\":3}],\"seen\":[[0],[]]}");
    tgt_apply(st, "3f1:5-6-7");
    assert_string_equal(tgt_legal_texts(st), "nosteal steal:r2");
    tgt_apply(st, "steal:r2");
    bw_expect_book(st, 0, "frog", 0);
    tgt_apply(st, "5f3:4-3-2-1-24");
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    assert_int_equal(bw_pos_int(st, "player", 0), 1);
    assert_int_equal(bw_pos_int(st, "escape_frog", 0), -99); /* null: no escape turn */
    tg_state_free(st);
}

/* Rule 11 and doubles: an exchange between one's own frogs also cancels the
 * extra turn of a double (no escape turn hides it: the dice stay 3 and 3).
 * Without the exchange the same double gives the extra turn. */
static void test_double_lost_by_own_frog_exchange(void **state)
{
    (void)state;
    const char *pos = "{\"dice\":[3,3],\"frogs\":[{\"at\":\"red\"},{\"at\":6},{\"at\":\"red\"},"
                      "{\"at\":\"green\"},{\"at\":\"green\"},{\"at\":\"green\"}],"
                      "\"books\":[{\"where\":\"frog\",\"at\":1},{\"where\":\"hat\",\"at\":1},"
                      "{\"where\":\"hat\",\"at\":2},{\"where\":\"hat\",\"at\":3}],\"seen\":[[0],[]]}";
    tg_state *st = bw_state(NULL, pos);
    tgt_apply_all(st, "3f1:5-6-7;steal:r2;3f3:4-3-2");
    bw_expect_dice(st, 3, 3);
    bw_expect_roll_for(st, 1, 0);
    tg_state_free(st);

    st = bw_state(NULL, pos);
    tgt_apply_all(st, "3f1:5-6-7;nosteal;3f3:4-3-2");
    bw_expect_roll_for(st, 0, 1);
    tg_state_free(st);
}

int bw_run_books(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hat_take_and_must_move),
        cmocka_unit_test(test_hat_swap),
        cmocka_unit_test(test_hat_put_option),
        cmocka_unit_test(test_steal_and_escape),
        cmocka_unit_test(test_double_lost_by_steal),
        cmocka_unit_test(test_pickup_dropped_book),
        cmocka_unit_test(test_own_frog_swap),
        cmocka_unit_test(test_double_lost_by_own_frog_exchange),
    };
    return cmocka_run_group_tests_name("bewitched books", tests, NULL, NULL);
}
