/* Witches' Dance, "Take-off" and "The end" with three players (see P3).
 * Each test sets up a position and checks what a rule does. */
#include "test_support.h"

/* All yellow witches dancing, so player 0 may move any witch. */
#define YELLOW_OUT "\"yellow\":[20,30,31,32]"

static void test_takeoff_of_own_witch(void **state)
{
    (void)state;
    /* From 25 with a 4 the witch passes the yellow exit on 27. */
    tg_state *st = tgt_from_json(
        P3("{\"phase\":\"choose\",\"die\":4,\"circle\":{\"yellow\":[25,30,31,32]}}"));
    tgt_apply(st, "25");
    assert_string_equal(wd_field(st, "phase"), "\"takeoff\"");
    assert_int_equal(tg_state_current_player(st), 0);
    assert_string_equal(tgt_legal_texts(st), "takeoff dance");
    assert_string_equal(wd_events_text(st, 1),
                        "[{\"at\":25,\"exit\":\"yellow\",\"player\":0,\"text\":\"The hat on 25 "
                        "passes the yellow exit: player 0 takes it off or lets it dance "
                        "on.\",\"type\":\"select\"}]");
    assert_string_equal(wd_seen(st, 1, "selected"), "25");
    tgt_apply(st, "takeoff");
    assert_string_equal(wd_field(st, "strips"), "{\"yellow\":[\"yellow\"]}");
    assert_string_equal(wd_field(st, "circle"), "{\"yellow\":[30,31,32]}");
    assert_string_equal(wd_events_text(st, 1),
                        "[{\"color\":\"yellow\",\"exit\":\"yellow\",\"for\":0,\"from\":25,"
                        "\"player\":0,\"strip\":\"yellow\",\"text\":\"Player 0 took a yellow "
                        "witch off at the yellow exit (from 25): it goes to the yellow strip "
                        "and counts for player 0.\",\"type\":\"takeoff\"}]");
    tg_state_free(st);
}

static void test_spare_points_are_lost(void **state)
{
    (void)state;
    /* A 6 from the exit space itself still takes off; five points are lost. */
    wd_expect_after(P3("{\"phase\":\"choose\",\"die\":6,\"circle\":{\"yellow\":[27,30,31,32]}}"),
                    "27;takeoff", "strips", "{\"yellow\":[\"yellow\"]}");
}

static void test_landing_on_exit_space_does_not_take_off(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(
        P3("{\"phase\":\"choose\",\"die\":2,\"circle\":{\"yellow\":[25,30,31,32]}}"));
    tgt_apply(st, "25");
    assert_string_equal(wd_field(st, "circle"), "{\"yellow\":[27,30,31,32]}");
    assert_string_equal(wd_field(st, "phase"), "\"roll\"");
    tg_state_free(st);
}

static void test_dancing_past_the_exit_is_allowed(void **state)
{
    (void)state;
    wd_expect_after(P3("{\"phase\":\"choose\",\"die\":4,\"circle\":{\"yellow\":[25,30,31,32]}}"),
                    "25;dance", "circle", "{\"yellow\":[29,30,31,32]}");
}

static void test_wrong_colour_goes_to_its_own_strip(void **state)
{
    (void)state;
    /* Player 0 takes a red witch off at the yellow exit: it is shown and
     * flies to the red strip. */
    tg_state *st = tgt_from_json(
        P3("{\"phase\":\"choose\",\"die\":4,\"circle\":{" YELLOW_OUT ",\"red\":[25]}}"));
    tgt_apply_all(st, "25;takeoff");
    assert_string_equal(wd_field(st, "strips"), "{\"red\":[\"red\"]}");
    json_t *holder;
    json_t *ev = tgt_find_event(st, 2, "takeoff", &holder);
    assert_string_equal(json_string_value(json_object_get(ev, "color")), "red");
    assert_string_equal(json_string_value(json_object_get(ev, "exit")), "yellow");
    assert_string_equal(json_string_value(json_object_get(ev, "strip")), "red");
    assert_int_equal(json_integer_value(json_object_get(ev, "for")), 1);
    json_decref(holder);
    tg_state_free(st);
}

static void test_only_own_exit_offers_takeoff(void **state)
{
    (void)state;
    /* Player 0 moving past the red exit on 3 just dances on. */
    wd_expect_after(P3("{\"phase\":\"choose\",\"die\":4,\"circle\":{" YELLOW_OUT ",\"red\":[1]}}"),
                    "1", "circle", "{\"red\":[5],\"yellow\":[20,30,31,32]}");
}

static void test_no_takeoff_when_pushed_back(void **state)
{
    (void)state;
    /* Red (player 1) lands on the yellow witch at 30; it is pushed back to 23,
     * over its exit on 27, and stays in the circle. */
    wd_expect_after(P3("{\"phase\":\"choose\",\"player\":1,\"die\":3,\"circle\":{"
                       "\"yellow\":[30],\"red\":[27,1,2,4]}}"),
                    "27", "circle", "{\"red\":[1,2,4,30],\"yellow\":[23]}");
}

static void test_last_own_witch_home_wins(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(P3("{\"phase\":\"choose\",\"die\":4,\"circle\":{"
                                    "\"yellow\":[25]},\"strips\":{\"yellow\":[\"yellow\","
                                    "\"yellow\",\"yellow\"]}}"));
    tgt_apply_all(st, "25;takeoff");
    assert_true(tg_state_is_terminal(st));
    uint32_t mask = 0;
    assert_int_equal(tg_state_winners(st, &mask), TG_OK);
    assert_int_equal(mask, 1u);
    tg_state_free(st);
}

static void test_helping_another_player_home_makes_them_win(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(P3("{\"phase\":\"choose\",\"die\":4,\"circle\":{" YELLOW_OUT
                                    ",\"red\":[25]},\"strips\":{\"red\":[\"red\",\"red\","
                                    "\"red\"]}}"));
    tgt_apply_all(st, "25;takeoff");
    uint32_t mask = 0;
    assert_int_equal(tg_state_winners(st, &mask), TG_OK);
    assert_int_equal(mask, 2u);
    tg_state_free(st);
}

int wd_run_takeoff(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_takeoff_of_own_witch),
        cmocka_unit_test(test_spare_points_are_lost),
        cmocka_unit_test(test_landing_on_exit_space_does_not_take_off),
        cmocka_unit_test(test_dancing_past_the_exit_is_allowed),
        cmocka_unit_test(test_wrong_colour_goes_to_its_own_strip),
        cmocka_unit_test(test_only_own_exit_offers_takeoff),
        cmocka_unit_test(test_no_takeoff_when_pushed_back),
        cmocka_unit_test(test_last_own_witch_home_wins),
        cmocka_unit_test(test_helping_another_player_home_makes_them_win),
    };
    return cmocka_run_group_tests_name("witches_dance takeoff", tests, NULL, NULL);
}
