/* Rules 9-12 and winning: spell books at hats, stealing, dropped books. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "bw_tests.h"
#include "test_support.h"
#include "support.h"

/* Rule 9: stopping beside a hat (no exact roll) takes its book, seen by
 * the owner only; the frog must move away on the next turn. */
void test_hat_take_and_must_move(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{" BW_RED_AT("13", "\"red\"", "\"red\"") "}");
    tgt_apply(st, "3f1:14");
    int at;
    assert_string_equal(bw_book_where(st, 3, &at), "frog");
    assert_int_equal(at, 0);
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
void test_hat_swap(void **state)
{
    (void)state;
    char pos[512];
    snprintf(pos, sizeof pos, "{%s,%s}", BW_RED_AT("13", "\"red\"", "\"red\""), BW_BOOK0_ON_FROG0);
    tg_state *st = bw_state(NULL, pos);
    tgt_apply(st, "3f1:14");
    assert_string_equal(tgt_legal_texts(st), "swap keep");
    tgt_apply(st, "swap");
    int at;
    assert_string_equal(bw_book_where(st, 3, &at), "frog");
    assert_string_equal(bw_book_where(st, 0, &at), "hat");
    assert_int_equal(at, 3);
    tg_state_free(st);
}

/* Option hat_put: a frog may leave its book under an empty hat. */
void test_hat_put_option(void **state)
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
    int at;
    assert_string_equal(bw_book_where(st, 0, &at), "hat");
    assert_int_equal(at, 3);
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
void test_steal_and_escape(void **state)
{
    (void)state;
    char pos[1024];
    snprintf(pos, sizeof pos, "%s}", bw_green_thief_setup);
    tg_state *st = bw_state(NULL, pos);
    tgt_apply(st, "3f2:5-6-7");
    assert_string_equal(tgt_legal_texts(st), "nosteal steal:g1");
    tgt_apply(st, "steal:g1");
    int at;
    assert_string_equal(bw_book_where(st, 1, &at), "frog");
    assert_int_equal(at, 1);
    tgt_apply(st, "5f1:4-3-2-1-24");
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    tgt_apply(st, "escape:2");
    assert_true(bw_legal_prefix(st, "2f2:"));
    assert_false(bw_legal_prefix(st, "2f1:"));
    tgt_apply(st, "2f2:10-11");
    assert_int_equal(bw_frog_at(st, 1), 0); /* a magnetic frog on a deadly snake */
    assert_string_equal(bw_book_where(st, 1, &at), "ground");
    assert_int_equal(at, 11);
    assert_int_equal(bw_pos_int(st, "player", 0), 1);
    tg_state_free(st);
}

/* Rule 11: a double used to steal gives no extra turn. */
void test_double_lost_by_steal(void **state)
{
    (void)state;
    char pos[1024];
    snprintf(pos, sizeof pos, "%s,\"dice\":[3,3]}", bw_green_thief_setup);
    tg_state *st = bw_state(NULL, pos);
    tgt_apply(st, "3f2:5-6-7");
    tgt_apply(st, "steal:g1");
    tgt_apply(st, "3f1:4-3-2");
    tgt_apply(st, "escape:1");
    tgt_apply(st, "1f2:10");
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    assert_int_equal(bw_pos_int(st, "player", 0), 1);
    tg_state_free(st);
}

/* Rule 12: a frog without a book that stops on a dropped book may take it. */
void test_pickup_dropped_book(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{\"dice\":[4,5],\"gone\":[1],\"books\":[{\"where\":\"ground\","
                                  "\"at\":8},{\"where\":\"hat\",\"at\":1},{\"where\":\"hat\","
                                  "\"at\":2},{\"where\":\"hat\",\"at\":3}]}");
    assert_true(tgt_is_legal(st, "5f1:5-6-7-8")); /* no exact roll needed */
    tgt_apply(st, "4f1:5-6-7-8");
    assert_string_equal(tgt_legal_texts(st), "pickup leave");
    tgt_apply(st, "pickup");
    int at;
    assert_string_equal(bw_book_where(st, 0, &at), "frog");
    assert_int_equal(at, 0);
    tg_state_free(st);
}

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
void test_win_with_prince(void **state)
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
void test_home_with_frog_page(void **state)
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
void test_plain_frog_never_dies(void **state)
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
void test_plays_on_with_plain_frog(void **state)
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
void test_prince_out_of_reach(void **state)
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

/* Rule 11: books may pass between one's own frogs, with no escape turn. */
void test_own_frog_swap(void **state)
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
    int at;
    assert_string_equal(bw_book_where(st, 0, &at), "frog");
    assert_int_equal(at, 0);
    tgt_apply(st, "5f3:4-3-2-1-24");
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    assert_int_equal(bw_pos_int(st, "player", 0), 1);
    assert_int_equal(bw_pos_int(st, "escape_frog", 0), -99); /* null: no escape turn */
    tg_state_free(st);
}

/* Winning on an escape turn ends the game cleanly: the save loads back. */
void test_win_on_escape_turn(void **state)
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
