/* Witches' Dance for two: yellow (player 0, exit 27) against green
 * (player 1, exit 9), with neutral pink (entry 6, exit 33) and red
 * (entry 12, exit 3) in most positions. */
#include "test_support.h"

#include <string.h>

#define P2(position) WD_POS("players=2", position)
#define NEUTRALS "\"neutrals\":[\"pink\",\"red\"]"
/* Player 0's witches all dancing, so any witch may be moved. */
#define YELLOW_OUT "\"yellow\":[20,28,29,30]"
/* Player 0 has rolled a 4 with all own witches dancing; more witches given. */
#define ROLLED_4(more) \
    P2("{" NEUTRALS ",\"phase\":\"choose\",\"die\":4,\"circle\":{" YELLOW_OUT "," more "}}")

static void test_setup_each_player_chooses_a_neutral_colour(void **state)
{
    (void)state;
    tg_game *g = NULL;
    tg_state *st = NULL;
    assert_int_equal(tg_game_new("witches_dance", "players=2,first=1", NULL, &g, NULL, 0),
                     TG_OK);
    assert_int_equal(tg_state_new(g, 7, &st), TG_OK);
    assert_int_equal(tg_state_current_player(st), 1);
    assert_string_equal(tgt_legal_texts(st),
                        "neutral-pink neutral-red neutral-lightblue neutral-darkblue");
    tgt_apply(st, "neutral-red");
    assert_int_equal(tg_state_current_player(st), 0);
    assert_false(tgt_is_legal(st, "neutral-red"));
    tgt_apply(st, "neutral-darkblue");
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    assert_string_equal(wd_field(st, "start"),
                        "{\"darkblue\":2,\"green\":4,\"red\":2,\"yellow\":4}");
    assert_string_equal(wd_field(st, "neutrals"), "[\"red\",\"darkblue\"]");
    /* Player 1 (first) rolls first. */
    tgt_apply(st, "roll2");
    assert_int_equal(tg_state_current_player(st), 1);
    tg_state_free(st);
    tg_game_free(g);
}

static void test_six_must_bring_a_neutral_in_first(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(P2("{" NEUTRALS ",\"phase\":\"choose\",\"die\":6}"));
    assert_string_equal(tgt_legal_texts(st), "enter-pink enter-red");
    tgt_apply(st, "enter-red");
    assert_string_equal(wd_field(st, "circle"), "{\"red\":[17]}");
    tg_state_free(st);
    /* Without a 6 the player's own witch comes in. */
    st = tgt_from_json(P2("{" NEUTRALS ",\"phase\":\"choose\",\"die\":5}"));
    assert_string_equal(tgt_legal_texts(st), "enter");
    tg_state_free(st);
    /* Once the neutrals are all in, a 6 is an ordinary roll again. */
    st = tgt_from_json(P2("{" NEUTRALS ",\"phase\":\"choose\",\"die\":6,"
                          "\"circle\":{\"pink\":[7,8],\"red\":[13,14]}}"));
    assert_string_equal(tgt_legal_texts(st), "enter");
    tg_state_free(st);
}

static void test_neutral_on_its_own_strip_scores_for_the_mover(void **state)
{
    (void)state;
    /* Red neutral at 1 passes the red exit on 3 with a 4. */
    tg_state *st = tgt_from_json(ROLLED_4("\"red\":[1]"));
    tgt_apply(st, "1");
    assert_string_equal(tgt_legal_texts(st), "takeoff dance");
    tgt_apply(st, "takeoff");
    assert_string_equal(wd_field(st, "strips"), "{\"yellow\":[\"red\"]}");
    assert_string_equal(wd_seen(st, 1, "scores"), "[1,0]");
    tg_state_free(st);
}

static void test_neutral_on_a_wrong_strip_goes_to_the_opponent(void **state)
{
    (void)state;
    /* Red neutral taken off at the pink exit on 33. */
    tg_state *st = tgt_from_json(ROLLED_4("\"red\":[31]"));
    tgt_apply_all(st, "31;takeoff");
    assert_string_equal(wd_field(st, "strips"), "{\"green\":[\"red\"]}");
    assert_string_equal(wd_seen(st, 0, "scores"), "[0,1]");
    tg_state_free(st);
    /* The same at the mover's own exit. */
    wd_expect_after(ROLLED_4("\"red\":[25]"), "25;takeoff", "strips", "{\"green\":[\"red\"]}");
}

static void test_own_witch_on_a_neutral_strip_counts_for_the_opponent(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(
        P2("{" NEUTRALS ",\"phase\":\"choose\",\"die\":4,\"circle\":{\"yellow\":[1,20,28,29]}}"));
    tgt_apply_all(st, "1;takeoff");
    assert_string_equal(wd_field(st, "strips"), "{\"green\":[\"yellow\"]}");
    json_t *holder;
    json_t *ev = tgt_find_event(st, 1, "takeoff", &holder);
    assert_string_equal(json_string_value(json_object_get(ev, "exit")), "red");
    assert_int_equal(json_integer_value(json_object_get(ev, "for")), 1);
    json_decref(holder);
    tg_state_free(st);
}

static void test_opponent_witch_at_own_exit_goes_home(void **state)
{
    (void)state;
    wd_expect_after(ROLLED_4("\"green\":[25]"), "25;takeoff", "strips",
                    "{\"green\":[\"green\"]}");
}

static void test_opponent_exit_offers_no_takeoff(void **state)
{
    (void)state;
    /* Green's exit is on 9: player 0 dances straight past it. */
    wd_expect_after(ROLLED_4("\"green\":[7]"), "7", "circle",
                    "{\"green\":[11],\"yellow\":[20,28,29,30]}");
}

static void test_first_to_four_wins(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(
        P2("{" NEUTRALS ",\"phase\":\"choose\",\"die\":4,\"circle\":{\"yellow\":[20,25]},"
           "\"strips\":{\"yellow\":[\"yellow\",\"red\",\"yellow\"]}}"));
    assert_false(tg_state_is_terminal(st));
    tgt_apply_all(st, "25;takeoff");
    uint32_t mask = 0;
    assert_int_equal(tg_state_winners(st, &mask), TG_OK);
    assert_int_equal(mask, 1u);
    tg_state_free(st);
}

static void test_nothing_to_move_passes(void **state)
{
    (void)state;
    /* Player 0's witches are all on strips, the circle is empty. */
    tg_state *st = tgt_from_json(
        P2("{" NEUTRALS ",\"phase\":\"choose\",\"die\":3,\"strips\":{"
           "\"yellow\":[\"yellow\",\"yellow\"],\"green\":[\"yellow\",\"yellow\"]}}"));
    assert_string_equal(tgt_legal_texts(st), "pass");
    tgt_apply(st, "pass");
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    assert_string_equal(wd_field(st, "player"), "1");
    tg_state_free(st);
}

/* The neutral rule holds down to the last waiting witch: with pink all in
 * and one red witch still waiting, a 6 must bring that red witch in,
 * whether the player's own start area is full or empty. */
static void test_six_brings_in_the_last_waiting_neutral(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(P2("{" NEUTRALS ",\"phase\":\"choose\",\"die\":6,"
                                    "\"circle\":{\"pink\":[7,8],\"red\":[14]}}"));
    assert_string_equal(wd_field(st, "start"), "{\"green\":4,\"red\":1,\"yellow\":4}");
    assert_string_equal(tgt_legal_texts(st), "enter-red");
    assert_false(tgt_is_legal(st, "enter"));
    tgt_apply(st, "enter-red");
    assert_string_equal(wd_field(st, "circle"), "{\"pink\":[7,8],\"red\":[14,17]}");
    tg_state_free(st);
    /* Own witches all dancing: still no move and no peek before the red one. */
    st = tgt_from_json(P2("{" NEUTRALS ",\"phase\":\"choose\",\"die\":6,"
                          "\"circle\":{" YELLOW_OUT ",\"pink\":[7,8],\"red\":[14]}}"));
    assert_string_equal(tgt_legal_texts(st), "enter-red");
    assert_false(tgt_is_legal(st, "20"));
    assert_false(tgt_is_legal(st, "peek20"));
    tg_state_free(st);
}

int wd_run_two_players(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_setup_each_player_chooses_a_neutral_colour),
        cmocka_unit_test(test_six_must_bring_a_neutral_in_first),
        cmocka_unit_test(test_neutral_on_its_own_strip_scores_for_the_mover),
        cmocka_unit_test(test_neutral_on_a_wrong_strip_goes_to_the_opponent),
        cmocka_unit_test(test_own_witch_on_a_neutral_strip_counts_for_the_opponent),
        cmocka_unit_test(test_opponent_witch_at_own_exit_goes_home),
        cmocka_unit_test(test_opponent_exit_offers_no_takeoff),
        cmocka_unit_test(test_first_to_four_wins),
        cmocka_unit_test(test_nothing_to_move_passes),
        cmocka_unit_test(test_six_brings_in_the_last_waiting_neutral),
    };
    return cmocka_run_group_tests_name("witches_dance two_players", tests, NULL, NULL);
}
