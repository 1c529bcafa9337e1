/* Witches' Dance, "Position (JSON save form)" and "The board": what a save
 * may hold and how the board is described. */
#include "test_support.h"

#include <string.h>

static void expect_rejected(const char *json, const char *words)
{
    const char *msg = tgt_from_json_fails(json, TG_E_CORRUPT);
    if (!strstr(msg, words))
        fail_msg("message \"%s\" does not mention \"%s\"", msg, words);
}

static void test_bad_positions_are_refused(void **state)
{
    (void)state;
    expect_rejected(P3("{\"circle\":{\"red\":[5],\"yellow\":[5]}}"), "two witches on space 5");
    expect_rejected(P3("{\"circle\":{\"red\":[1,2,3,4,5]}}"), "5 red witches");
    expect_rejected(P3("{\"circle\":{\"red\":[1]},\"start\":{\"red\":4,\"yellow\":4,"
                       "\"lightblue\":4}}"),
                    "5 red witches");
    expect_rejected(P3("{\"circle\":{\"pink\":[1]}}"), "not in play");
    expect_rejected(P3("{\"strips\":{\"yellow\":[\"red\"]}}"), "strip cannot hold");
    expect_rejected(P3("{\"circle\":{\"red\":[40]}}"), "red");
    expect_rejected(P3("{\"phase\":\"choose\"}"), "die 0");
    expect_rejected(P3("{\"phase\":\"dance\"}"), "phase");
    expect_rejected(P3("{\"player\":3}"), "player");
    expect_rejected(P3("{\"colour\":{}}"), "unknown field");
    expect_rejected(P3("{\"neutrals\":[\"pink\",\"green\"]}"), "neutral");
    expect_rejected(P3("{\"phase\":\"takeoff\",\"die\":2,\"selected\":20,"
                       "\"circle\":{\"yellow\":[20]}}"),
                    "takeoff phase");
    expect_rejected(P3("{\"phase\":\"over\"}"), "does not match");
    expect_rejected(P3("{\"strips\":{\"yellow\":[\"yellow\",\"yellow\",\"yellow\","
                       "\"yellow\"]}}"),
                    "does not match");
    expect_rejected(P3("{\"circle\":{\"red\":[5]},\"events\":"
                       "[{\"type\":\"peek\",\"at\":5,\"color\":\"yellow\"}]}"),
                    "event record 0");
    expect_rejected(P3("{\"events\":[{\"type\":\"jump\"}]}"), "type");
    expect_rejected(WD_POS("players=2", "{\"phase\":\"roll\",\"neutrals\":[\"red\"]}"),
                    "neutral colours");
    expect_rejected(WD_POS("players=2", "{\"phase\":\"setup\",\"strips\":{\"yellow\":"
                                        "[\"yellow\"]}}"),
                    "setup phase");
    expect_rejected(P3("{\"selected\":4}"), "selected space 4");
}

static void test_board_json_describes_entries_and_exits(void **state)
{
    (void)state;
    tg_game *g = NULL;
    assert_int_equal(tg_game_new("witches_dance", "players=3", NULL, &g, NULL, 0), TG_OK);
    char *text = NULL;
    assert_int_equal(tg_game_board_json(g, &text, NULL), TG_OK);
    json_t *board = json_loads(text, 0, NULL);
    tg_free(text);
    json_t *spaces = json_object_get(board, "spaces");
    assert_int_equal(json_array_size(spaces), 36 + 6 + 24);
    json_t *s27 = json_array_get(spaces, 27);
    assert_string_equal(json_string_value(json_object_get(s27, "exit")), "yellow");
    json_t *s12 = json_array_get(spaces, 12);
    assert_string_equal(json_string_value(json_object_get(s12, "entry")), "red");
    json_decref(board);
    tg_game_free(g);
}

int wd_run_positions(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_positions_are_refused),
        cmocka_unit_test(test_board_json_describes_entries_and_exits),
    };
    return cmocka_run_group_tests_name("witches_dance positions", tests, NULL, NULL);
}
