/* Bewitched, "Snakes" and "Flowers" (rules 7-8): bites, antidotes and
 * the flowers that hand them out. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"
#include "support.h"

/* Rule 7a and 12: a deadly snake bites a magnetic frog; both leave the
 * game and the frog's book stays on the snake's space. */
static void test_bite_kills_and_drops_book(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{\"books\":[{\"where\":\"frog\",\"at\":1},{\"where\":\"hat\","
                                  "\"at\":1},{\"where\":\"hat\",\"at\":2},{\"where\":\"hat\","
                                  "\"at\":3}],\"seen\":[[0],[]]}");
    tgt_apply(st, "5f2:5-6-7-8-9");
    assert_int_equal(bw_frog_at(st, 1), 0);
    assert_true(bw_pos_has(st, "gone", 1));
    assert_true(bw_pos_has(st, "magnetic_known", 1));
    bw_expect_book(st, 0, "ground", 8);
    json_t *holder;
    json_t *ev = tgt_find_event(st, 1, "bite", &holder);
    assert_false(json_is_true(json_object_get(ev, "saved")));
    json_decref(holder);
    json_t *obs = tgt_observation(st, 1);
    json_t *snake = json_array_get(json_object_get(obs, "snakes"), 1);
    assert_true(json_is_true(json_object_get(snake, "deadly")));
    assert_false(json_is_true(json_object_get(snake, "in_play")));
    json_decref(obs);
    tg_state_free(st);
}

/* Rule 7b and 8: an antidote saves the frog and goes back to the pile;
 * the snake still leaves. */
static void test_antidote_saves(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{\"antidotes\":[1,0]}");
    tgt_apply(st, "5f2:5-6-7-8-9");
    assert_int_equal(bw_frog_at(st, 1), 9);
    assert_int_equal(bw_pos_int(st, "antidotes", 0), 0);
    assert_true(bw_pos_has(st, "gone", 1));
    json_t *holder;
    json_t *ev = tgt_find_event(st, 0, "bite", &holder);
    assert_true(json_is_true(json_object_get(ev, "saved")));
    json_decref(holder);
    json_t *obs = tgt_observation(st, 1);
    assert_int_equal(json_integer_value(json_object_get(obs, "antidote_pile")), 4);
    json_decref(obs);
    tg_state_free(st);
}

/* Rule 7c: no bite (the plain frog): the snake stays, the touch is public,
 * and a frog ending on the snake moves on forward. */
static void test_harmless_touch_and_snake_bump(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{\"dice\":[4,5]}");
    tgt_apply(st, "4f1:5-6-7-8");
    assert_int_equal(bw_frog_at(st, 0), 9);
    assert_false(bw_pos_has(st, "gone", 1));
    json_t *holder;
    json_t *ev = tgt_find_event(st, 1, "touch", &holder);
    assert_int_equal(json_integer_value(json_object_get(ev, "snake")), 1);
    assert_int_equal(json_integer_value(json_object_get(ev, "frog")), 0);
    json_decref(holder);
    tg_state_free(st);
}

/* Rule 8: stopping on a flower (no exact roll) gives one antidote; a
 * player holds at most one. */
static void test_flower_gives_one_antidote(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{\"frogs\":[{\"at\":12},{\"at\":27},{\"at\":\"red\"},"
                                  "{\"at\":\"green\"},{\"at\":\"green\"},{\"at\":\"green\"}]}");
    tgt_apply(st, "3f1:13");
    assert_int_equal(bw_pos_int(st, "antidotes", 0), 1);
    tgt_apply(st, "5f2:28");
    assert_int_equal(bw_frog_at(st, 1), 28);
    assert_int_equal(bw_pos_int(st, "antidotes", 0), 1);
    json_t *ev = tgt_events(st, 0);
    for (size_t i = 0; i < json_array_size(ev); i++)
        assert_string_not_equal(json_string_value(json_object_get(json_array_get(ev, i), "type")),
                                "antidote");
    json_decref(ev);
    tg_state_free(st);
}

/* Option stops=must: a frog reaching a flower must stop there. */
static void test_stop_rule_must(void **state)
{
    (void)state;
    tg_state *may = bw_state(NULL, "{\"frogs\":[{\"at\":12},{\"at\":\"red\"},{\"at\":\"red\"},"
                                   "{\"at\":\"green\"},{\"at\":\"green\"},{\"at\":\"green\"}]}");
    tg_state *must = bw_state("players=2,stops=must",
                              "{\"frogs\":[{\"at\":12},{\"at\":\"red\"},{\"at\":\"red\"},"
                              "{\"at\":\"green\"},{\"at\":\"green\"},{\"at\":\"green\"}]}");
    assert_true(tgt_is_legal(may, "3f1:13-60-59"));
    assert_false(tgt_is_legal(must, "3f1:13-60-59"));
    assert_true(tgt_is_legal(must, "3f1:13"));
    tg_state_free(may);
    tg_state_free(must);
}

int bw_run_snakes_and_flowers(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bite_kills_and_drops_book),
        cmocka_unit_test(test_antidote_saves),
        cmocka_unit_test(test_harmless_touch_and_snake_bump),
        cmocka_unit_test(test_flower_gives_one_antidote),
        cmocka_unit_test(test_stop_rule_must),
    };
    return cmocka_run_group_tests_name("bewitched snakes_and_flowers", tests, NULL, NULL);
}
