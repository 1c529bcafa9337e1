/* Loading positions: what validate() rejects, and what players see. */
#include "test_support.h"

#include <stdlib.h>
#include <string.h>

static void test_rejects_broken_positions(void **s)
{
    (void)s;
    const char *o = "players=2";
    assert_non_null(strstr(cc_reject(o, "{'pawns':[{'space':5},{'space':5}]}"), "share"));
    assert_non_null(strstr(cc_reject(o, "{'witch':5,'pawns':[{'space':5},{'space':9}]}"),
                           "Kalmorda"));
    assert_non_null(strstr(cc_reject(o, "{'witch':6,'pawns':[{'space':5},{'space':9}]}"),
                           "cauldron"));
    assert_non_null(strstr(cc_reject(o, "{'pawns':[{'space':5,'creatures':['bat','bat','bat']},"
                                        "{'space':9,'creatures':['bat','bat']}]}"),
                           "bat"));
    assert_non_null(strstr(cc_reject(o, "{'pawns':[{'space':5,'creatures':"
                                        "['bat','rat','spider','snake','bat']},{'space':9}]}"),
                           "objects"));
    cc_reject(o, "{'pawns':[{'space':5,'creatures':['dragon']},{'space':9}]}");
    cc_reject(o, "{'pawns':[{'space':32},{'space':9}]}");
    cc_reject(o, "{'pawns':[{'space':5}]}");
    cc_reject(o, "{'key_player':0,'key_space':3,'pawns':[{'space':5},{'space':9}]}");
    cc_reject(o, "{'winner':0,'phase':'over','pawns':[{'space':5},{'space':9}]}");
    cc_reject(o, "{'phase':'over','pawns':[{'space':5},{'space':9}]}");
    cc_reject(o, "{'pawns':[{'space':null},{'space':9}]}");
    /* The roller needs the three creatures and the own cell. */
    cc_reject(o, "{'phase':'roller','pawns':[{'space':5},{'space':9}]}");
    cc_reject(o, "{'phase':'return','pawns':[{'space':5},{'space':9}]}");
    cc_reject(o, "{'phase':'steal','pawns':[{'space':5},{'space':9}]}");
    cc_reject(o, "{'frog':1,'pawns':[{'space':5},{'space':9,'invisible':true}]}");
    cc_reject(o, "{'events':[[99,0,0,0]],'pawns':[{'space':5},{'space':9}]}");
    cc_reject(o, "{'events':[[0,5,0,0]],'pawns':[{'space':5},{'space':9}]}");
    /* Bookkeeping of a turn in progress must fit the phase. */
    cc_reject(o, "{'after':'fish','pawns':[{'space':5},{'space':9}]}");
    cc_reject(o, "{'attempts':1,'pawns':[{'space':5},{'space':9}]}");
    cc_reject(o, "{'phase':'again','pawns':[{'space':5},{'space':9}]}");
    cc_reject(o, "{'phase':'steal','thefts':[0],'pawns':[{'space':5,'creatures':['bat']},"
                 "{'space':9}]}");
    cc_reject(o, "{'phase':'steal','thefts':[1],'pawns':[{'space':5},{'space':9}]}");
    cc_reject(o, "{'roller_due':true,'pawns':[{'space':5},{'space':9}]}");
}

static void test_turn_in_progress_round_trips(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=2", "{'phase':'again','attempts':1,"
                                        "'pawns':[{'space':3,'creatures':['bat']},{'space':9}]}");
    assert_string_equal(tgt_legal_texts(st), "fish pass");
    tgt_apply(st, "fish");
    /* The save form carries everything, events included. */
    char *text = NULL;
    assert_int_equal(tg_state_to_json(st, &text, NULL), TG_OK);
    tg_state *copy = tgt_from_json(text);
    tg_free(text);
    assert_true(tg_state_equal(st, copy));
    assert_string_equal(cc_word(copy, "phase"), "fish");
    tg_state_free(copy);
    tg_state_free(st);
}

static void test_everyone_sees_the_same(void **s)
{
    (void)s;
    tg_state *st = cc_load("players=3", "{'frog':2,'key_player':1,'pawns':[{'space':5,"
                                        "'invisible':true,'creatures':['bat']},"
                                        "{'space':9,'creatures':['snake']},{'space':13}]}");
    /* Only the core's "viewer" field differs between viewers. */
    json_t *ref = tgt_observation(st, TG_VIEW_OMNISCIENT);
    json_object_del(ref, "viewer");
    for (int v = 0; v < 3; v++) {
        json_t *obs = tgt_observation(st, v);
        json_object_del(obs, "viewer");
        assert_true(json_equal(ref, obs));
        json_decref(obs);
    }
    json_t *p0 = json_array_get(json_object_get(ref, "pawns"), 0);
    assert_true(json_is_true(json_object_get(p0, "invisible")));
    assert_int_equal(json_integer_value(json_object_get(json_object_get(ref, "cauldron"), "bat")), 3);
    assert_string_equal(json_string_value(json_object_get(json_object_get(ref, "key"), "at")),
                        "player");
    /* Events too: a theft in view of the table. */
    tgt_apply_all(st, "3;steal-snake");
    json_t *ev_ref = tgt_events(st, TG_VIEW_OMNISCIENT);
    for (int v = 0; v < 3; v++) {
        json_t *ev = tgt_events(st, v);
        assert_true(json_equal(ev_ref, ev));
        json_decref(ev);
    }
    json_decref(ev_ref);
    json_decref(ref);
    ref = tgt_observation(st, TG_VIEW_OMNISCIENT);
    json_object_del(ref, "viewer");
    assert_int_equal(tg_state_resample(st, 1), TG_OK);
    json_t *after = tgt_observation(st, TG_VIEW_OMNISCIENT);
    json_object_del(after, "viewer");
    assert_true(json_equal(ref, after));
    json_decref(after);
    json_decref(ref);
    tg_state_free(st);
}

static void test_start_position(void **s)
{
    (void)s;
    tg_game *g = tgt_game("creepy_cauldron", "players=2");
    tg_state *st = NULL;
    assert_int_equal(tg_state_new(g, 1, &st), TG_OK);
    /* Two players take opposite corners: red (0) and green (16). */
    assert_int_equal(cc_space(st, 0), 0);
    assert_int_equal(cc_space(st, 1), 16);
    assert_int_equal(cc_field(st, "witch"), 2);
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    assert_string_equal(tgt_legal_texts(st), "1 2 3 4 frog witch");
    tg_state_free(st);
    tg_game_free(g);
}

/* Nothing in this game is hidden, so every seat's drawing and events'
 * texts are the referee's, word for word. */
static void cc_check_same_for_all(const tg_state *st, void *ctx)
{
    (void)ctx;
    char *all = tgt_drawing(st, TG_VIEW_OMNISCIENT);
    json_t *all_events = tgt_events(st, TG_VIEW_OMNISCIENT);
    for (int v = 0; v < tg_game_players(tg_state_game(st)); v++) {
        char *seat = tgt_drawing(st, v);
        json_t *events = tgt_events(st, v);
        assert_string_equal(seat, all);
        assert_true(json_equal(events, all_events));
        json_decref(events);
        free(seat);
    }
    json_decref(all_events);
    free(all);
}

static void test_every_seat_reads_the_same_drawing(void **state)
{
    (void)state;
    tg_game *game = tgt_game("creepy_cauldron", "players=4");
    tgt_walk_random_game(game, 5, 600, cc_check_same_for_all, NULL);
    tg_game_free(game);
}

int cc_run_positions(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rejects_broken_positions),
        cmocka_unit_test(test_everyone_sees_the_same),
        cmocka_unit_test(test_every_seat_reads_the_same_drawing),
        cmocka_unit_test(test_start_position),
        cmocka_unit_test(test_turn_in_progress_round_trips),
    };
    return cmocka_run_group_tests_name("creepy_cauldron positions", tests, NULL, NULL);
}
