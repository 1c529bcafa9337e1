/* Witches' Dance, "Seats and witches", "A turn" and "The crush", mostly
 * with three players (see P3). Each test sets up a position and checks what
 * a rule does. */
#include "test_support.h"

#include <string.h>

/* All yellow witches dancing, so player 0 may move any witch. */
#define YELLOW_OUT "\"yellow\":[20,30,31,32]"

static void test_entry_roll_one_lands_on_entry_space(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(P3("{\"phase\":\"roll\",\"player\":1}"));
    tgt_apply_all(st, "roll1;enter");
    assert_string_equal(wd_field(st, "circle"), "{\"red\":[12]}");
    assert_string_equal(wd_field(st, "start"), "{\"lightblue\":4,\"red\":3,\"yellow\":4}");
    json_t *holder;
    json_t *ev = tgt_find_event(st, 2, "enter", &holder);
    assert_string_equal(json_string_value(json_object_get(ev, "color")), "red");
    assert_int_equal(json_integer_value(json_object_get(ev, "to")), 12);
    json_decref(holder);
    tg_state_free(st);
}

static void test_entry_option_past(void **state)
{
    (void)state;
    wd_expect_after(WD_POS("players=3,entry=past", "{\"player\":1}"), "roll6;enter", "circle",
                    "{\"red\":[18]}");
}

/* Entering counts from the entry space, so a 5 or a 6 carries the witch
 * past the exit two spaces after its own colour's entry (another colour's
 * exit). It lands like any entering witch: entering is not dancing round
 * the circle, the take-off rule is for witches moving in it, and that exit
 * is never the entering colour's own, so taking off there could only send
 * the witch to a wrong strip. No take-off is offered. */
static void test_entering_witch_passes_an_exit_without_taking_off(void **state)
{
    (void)state;
    /* Three players: red (entry 12) passes lightblue's exit on 15. */
    tg_state *st = tgt_from_json(P3("{\"phase\":\"roll\",\"player\":1}"));
    tgt_apply_all(st, "roll6;enter");
    assert_string_equal(wd_field(st, "circle"), "{\"red\":[17]}");
    assert_string_equal(wd_field(st, "phase"), "\"roll\"");
    assert_string_equal(wd_field(st, "player"), "2");
    tg_state_free(st);
    /* Two players, neutrals pink and red: yellow (entry 0) passes red's
     * exit on 3, an exit the mover may use for a dancing witch. */
    st = tgt_from_json(WD_POS("players=2", "{\"neutrals\":[\"pink\",\"red\"],"
                                           "\"phase\":\"roll\"}"));
    tgt_apply(st, "roll5");
    assert_string_equal(tgt_legal_texts(st), "enter");
    tgt_apply(st, "enter");
    assert_string_equal(wd_field(st, "circle"), "{\"yellow\":[4]}");
    assert_string_equal(wd_field(st, "strips"), "{}");
    assert_string_equal(wd_field(st, "phase"), "\"roll\"");
    tg_state_free(st);
}

static void test_entry_is_obligatory_while_start_area_has_witches(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(P3("{\"phase\":\"choose\",\"die\":6,\"circle\":{\"red\":[5]}}"));
    assert_string_equal(tgt_legal_texts(st), "enter");
    tg_state_free(st);
    /* The early_peek option lets a player peek instead. */
    st = tgt_from_json(WD_POS("players=3,early_peek=yes",
                              "{\"phase\":\"choose\",\"die\":6,\"circle\":{\"red\":[5]}}"));
    assert_string_equal(tgt_legal_texts(st), "peek5 enter");
    tg_state_free(st);
}

static void test_empty_start_area_moves_any_witch(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(
        P3("{\"phase\":\"choose\",\"die\":2,\"circle\":{" YELLOW_OUT ",\"red\":[5]}}"));
    assert_string_equal(tgt_legal_texts(st), "5 20 30 31 32");
    tgt_apply(st, "5");
    assert_string_equal(wd_field(st, "circle"), "{\"red\":[7],\"yellow\":[20,30,31,32]}");
    assert_string_equal(wd_events_text(st, 1),
                        "[{\"from\":5,\"player\":0,\"text\":\"Player 0 moved the hat on 5 to "
                        "7.\",\"to\":7,\"type\":\"move\"}]");
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    assert_string_equal(wd_field(st, "player"), "1");
    tg_state_free(st);
}

static void test_crush_chain_pushes_back_by_sevens(void **state)
{
    (void)state;
    /* Yellow from 10 lands on the red witch at 13: red goes back to 6 (taken),
     * 35 (taken) and stops on 28. */
    tg_state *st = tgt_from_json(P3("{\"phase\":\"choose\",\"die\":3,\"circle\":{"
                                    "\"yellow\":[10,20,30,31],\"red\":[13],"
                                    "\"lightblue\":[6,35]}}"));
    tgt_apply(st, "10");
    assert_string_equal(wd_field(st, "circle"),
                        "{\"lightblue\":[6,35],\"red\":[28],\"yellow\":[13,20,30,31]}");
    /* Every jump is shown to everyone with the pushed witch's colour. */
    assert_string_equal(wd_events_text(st, 2),
                        "[{\"from\":10,\"player\":0,"
                        "\"text\":\"Player 0 moved the hat on 10 to 13.\",\"to\":13,"
                        "\"type\":\"move\"},"
                        "{\"color\":\"red\",\"from\":13,"
                        "\"text\":\"The red witch on 13 was pushed back to 6.\",\"to\":6,"
                        "\"type\":\"push\"},"
                        "{\"color\":\"red\",\"from\":6,"
                        "\"text\":\"The red witch on 6 was pushed back to 35.\",\"to\":35,"
                        "\"type\":\"push\"},"
                        "{\"color\":\"red\",\"from\":35,"
                        "\"text\":\"The red witch on 35 was pushed back to 28.\",\"to\":28,"
                        "\"type\":\"push\"}]");
    tg_state_free(st);
}

static void test_entering_witch_crushes_too(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(
        P3("{\"phase\":\"choose\",\"player\":1,\"die\":1,\"circle\":{\"yellow\":[12]}}"));
    tgt_apply(st, "enter");
    assert_string_equal(wd_field(st, "circle"), "{\"red\":[12],\"yellow\":[5]}");
    json_t *holder;
    json_t *ev = tgt_find_event(st, 0, "push", &holder);
    assert_string_equal(json_string_value(json_object_get(ev, "color")), "yellow");
    json_decref(holder);
    tg_state_free(st);
}

static void test_six_allows_a_private_peek(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(
        P3("{\"phase\":\"choose\",\"die\":6,\"circle\":{" YELLOW_OUT ",\"red\":[5]}}"));
    assert_true(tgt_is_legal(st, "peek5"));
    assert_true(tgt_is_legal(st, "5"));
    tgt_apply(st, "peek5");
    /* No witch moved. */
    assert_string_equal(wd_field(st, "circle"), "{\"red\":[5],\"yellow\":[20,30,31,32]}");
    assert_string_equal(wd_events_text(st, 0),
                        "[{\"at\":5,\"color\":\"red\",\"player\":0,\"text\":\"Player 0 looked "
                        "under the hat on 5: a red witch.\",\"type\":\"peek\"}]");
    assert_string_equal(wd_events_text(st, 1),
                        "[{\"at\":5,\"player\":0,\"text\":\"Player 0 looked under the hat on 5 "
                        "in secret.\",\"type\":\"peek\"}]");
    assert_string_equal(wd_events_text(st, TG_VIEW_OMNISCIENT),
                        "[{\"at\":5,\"color\":\"red\",\"player\":0,\"text\":\"Player 0 looked "
                        "under the hat on 5: a red witch.\",\"type\":\"peek\"}]");
    tg_state_free(st);
}

static void test_no_peek_without_a_six(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(
        P3("{\"phase\":\"choose\",\"die\":5,\"circle\":{" YELLOW_OUT ",\"red\":[5]}}"));
    assert_false(tgt_is_legal(st, "peek5"));
    tg_state_free(st);
}

static void test_witch_counts_follow_the_table(void **state)
{
    (void)state;
    static const struct { const char *options; const char *start; } cases[] = {
        {"players=4", "{\"green\":3,\"lightblue\":3,\"pink\":3,\"yellow\":3}"},
        {"players=5", "{\"green\":2,\"lightblue\":2,\"pink\":2,\"red\":2,\"yellow\":2}"},
        {"players=6,witches=1", "{\"darkblue\":1,\"green\":1,\"lightblue\":1,\"pink\":1,"
                                "\"red\":1,\"yellow\":1}"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tg_game *g = NULL;
        tg_state *st = NULL;
        assert_int_equal(tg_game_new("witches_dance", cases[i].options, NULL, &g, NULL, 0),
                         TG_OK);
        assert_int_equal(tg_state_new(g, 1, &st), TG_OK);
        assert_string_equal(wd_field(st, "start"), cases[i].start);
        tg_state_free(st);
        tg_game_free(g);
    }
}

static void test_first_option_picks_the_starter(void **state)
{
    (void)state;
    tg_game *g = NULL;
    tg_state *st = NULL;
    assert_int_equal(tg_game_new("witches_dance", "players=3,first=2", NULL, &g, NULL, 0),
                     TG_OK);
    assert_int_equal(tg_state_new(g, 1, &st), TG_OK);
    tgt_apply(st, "roll3");
    assert_int_equal(tg_state_current_player(st), 2);
    tg_state_free(st);
    tg_game_free(g);
    char err[256];
    assert_int_equal(tg_game_new("witches_dance", "players=3,first=3", NULL, &g, err, sizeof err),
                     TG_E_BAD_OPTION);
    assert_non_null(strstr(err, "first"));
}

int wd_run_turn(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_entry_roll_one_lands_on_entry_space),
        cmocka_unit_test(test_entry_option_past),
        cmocka_unit_test(test_entering_witch_passes_an_exit_without_taking_off),
        cmocka_unit_test(test_entry_is_obligatory_while_start_area_has_witches),
        cmocka_unit_test(test_empty_start_area_moves_any_witch),
        cmocka_unit_test(test_crush_chain_pushes_back_by_sevens),
        cmocka_unit_test(test_entering_witch_crushes_too),
        cmocka_unit_test(test_six_allows_a_private_peek),
        cmocka_unit_test(test_no_peek_without_a_six),
        cmocka_unit_test(test_witch_counts_follow_the_table),
        cmocka_unit_test(test_first_option_picks_the_starter),
    };
    return cmocka_run_group_tests_name("witches_dance turn", tests, NULL, NULL);
}
