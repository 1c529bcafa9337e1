/* Birthday gifts: entering the castle with her own three wishes and looking
 * under the presents. Castle ring spaces c0..c23 clockwise; c0 is the hall
 * behind gate 0; the three spaces of tower t are c(6t+2)..c(6t+4). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

#define OPT2 "players=2,princesses=seat"
#define CINDER_WHEEL "'wheel':['cinder','cinder','cinder',null,null,null,null,null,null,null,null,null]"

/* Snow White holds her own three wishes and stands on space0; Cinderella
 * holds none. presents lists the four towers' presents. */
static tg_state *snow_ready(const char *options, const char *space0, const char *seen,
                            const char *presents)
{
    char pos[1024];
    snprintf(pos, sizeof pos,
             "{'phase':'roll','players':[{'space':'%s','wishes':['snow','snow','snow'],"
             "'seen':%s},{'space':'10'}]," CINDER_WHEEL ",'presents':%s}",
             space0, seen, presents);
    return swt_load(options, pos);
}

#define NOT_SNOWS "['cinder','snow','belle','beauty']"
#define SNOWS "['snow','cinder','belle','beauty']"

/* With her own three wishes she heads for any gate and moves through it,
 * the gate counting as a space, into the castle, then either way. */
static void test_the_gate_leads_into_the_castle(void **unused)
{
    (void)unused;
    tg_state *st = snow_ready(OPT2, "38", "[]", NOT_SNOWS);
    tgt_apply(st, "roll:2");
    swt_legal(st, "0 36");
    tg_state_free(st);
    st = snow_ready(OPT2, "38", "[]", NOT_SNOWS);
    tgt_apply(st, "roll:3");
    swt_legal(st, "35 c0");
    tg_state_free(st);
    st = snow_ready(OPT2, "38", "[]", NOT_SNOWS);
    tgt_apply(st, "roll:4");
    swt_legal(st, "34 c1 c23");
    tg_state_free(st);
}

/* Standing on a gate, her next move goes in: she does not turn back. */
static void test_from_a_gate_she_goes_in(void **unused)
{
    (void)unused;
    tg_state *st = snow_ready(OPT2, "20", "[]", NOT_SNOWS);
    tgt_apply(st, "roll:1");
    swt_legal(st, "c12");
    tg_state_free(st);
}

/* tower=reach (default): a move stops on the first tower space reached;
 * tower=exact: she looks only when the full roll ends on one. */
static void test_reaching_a_tower_stops_the_move(void **unused)
{
    (void)unused;
    tg_state *st = snow_ready(OPT2, "c0", "[]", NOT_SNOWS);
    tgt_apply(st, "roll:5");
    swt_legal(st, "c2 c22");
    tg_state_free(st);
    st = snow_ready("players=2,princesses=seat,tower=exact", "c0", "[]", NOT_SNOWS);
    tgt_apply(st, "roll:5");
    swt_legal(st, "c5 c19");
    tg_state_free(st);
}

/* Not hers: it goes back face down and her turn ends; she alone saw it,
 * the others learn which tower and that it was not hers. */
static void test_a_look_is_secret(void **unused)
{
    (void)unused;
    tg_state *st = snow_ready(OPT2, "c0", "[]", NOT_SNOWS);
    tgt_apply_all(st, "roll:2;c2");
    json_t *holder = NULL;
    json_t *look = tgt_find_event(st, 0, "look", &holder);
    assert_string_equal(json_string_value(json_object_get(look, "present")), "cinder");
    assert_true(json_is_false(json_object_get(look, "found")));
    json_decref(holder);
    look = tgt_find_event(st, 1, "look", &holder);
    assert_null(json_object_get(look, "present"));
    assert_int_equal(json_integer_value(json_object_get(look, "tower")), 0);
    assert_true(json_is_false(json_object_get(look, "found")));
    json_decref(holder);
    json_t *obs = tgt_observation(st, 1);
    json_t *tower0 = json_array_get(json_object_get(obs, "towers"), 0);
    assert_true(json_is_null(json_object_get(tower0, "present")));
    assert_string_equal(json_string_value(json_array_get(json_object_get(tower0, "not_for"), 0)),
                        "snow");
    json_decref(obs);
    obs = tgt_observation(st, 0);
    tower0 = json_array_get(json_object_get(obs, "towers"), 0);
    assert_string_equal(json_string_value(json_object_get(tower0, "present")), "cinder");
    json_decref(obs);
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    assert_false(tg_state_is_terminal(st));
    tg_state_free(st);
}

/* Hers: she wins, and the present is shown. */
static void test_finding_her_present_wins(void **unused)
{
    (void)unused;
    tg_state *st = snow_ready(OPT2, "c0", "[]", SNOWS);
    tgt_apply_all(st, "roll:2;c2");
    assert_true(tg_state_is_terminal(st));
    uint32_t winners = 0;
    assert_int_equal(tg_state_winners(st, &winners), TG_OK);
    assert_int_equal(winners, 1u);
    json_t *holder = NULL;
    json_t *win = tgt_find_event(st, 1, "win", &holder);
    assert_string_equal(json_string_value(json_object_get(win, "present")), "snow");
    json_decref(holder);
    json_t *obs = tgt_observation(st, 1);
    json_t *tower0 = json_array_get(json_object_get(obs, "towers"), 0);
    assert_string_equal(json_string_value(json_object_get(tower0, "present")), "snow");
    json_decref(obs);
    tg_state_free(st);
}

/* relook=no (default): a tower already looked at neither stops her nor is
 * looked at again; relook=yes: it does. */
static void test_a_seen_present_is_passed_by(void **unused)
{
    (void)unused;
    tg_state *st = snow_ready(OPT2, "c0", "[0]", NOT_SNOWS);
    tgt_apply(st, "roll:5");
    swt_legal(st, "c5 c22");
    tg_state_free(st);
    st = snow_ready("players=2,princesses=seat,relook=yes", "c0", "[0]", NOT_SNOWS);
    tgt_apply(st, "roll:5");
    swt_legal(st, "c2 c22");
    tg_state_free(st);
    st = snow_ready("players=2,princesses=seat,tower=exact", "c0", "[0]", NOT_SNOWS);
    tgt_apply_all(st, "roll:3;c3");
    json_t *events = tgt_events(st, 0);
    assert_int_equal(json_array_size(events), 1);
    json_decref(events);
    tg_state_free(st);
}

/* Inside the castle too, a move cannot end on another princess. */
static void test_castle_spaces_hold_one_princess(void **unused)
{
    (void)unused;
    const char *pos = "{'phase':'roll','players':[{'space':'c0','wishes':['snow','snow','snow']},"
                      "{'space':'c2','wishes':['cinder','cinder','cinder']}],"
                      "'presents':" NOT_SNOWS "}";
    tg_state *st = swt_load(OPT2, pos);
    tgt_apply(st, "roll:2");
    swt_legal(st, "c3 c22");
    tgt_apply(st, "c3");
    json_t *holder = NULL;
    tgt_find_event(st, 0, "look", &holder);
    json_decref(holder);
    tg_state_free(st);
}

int sw_run_castle(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_gate_leads_into_the_castle),
        cmocka_unit_test(test_from_a_gate_she_goes_in),
        cmocka_unit_test(test_reaching_a_tower_stops_the_move),
        cmocka_unit_test(test_a_look_is_secret),
        cmocka_unit_test(test_finding_her_present_wins),
        cmocka_unit_test(test_a_seen_present_is_passed_by),
        cmocka_unit_test(test_castle_spaces_hold_one_princess),
    };
    return cmocka_run_group_tests_name("spinning_wishes castle", tests, NULL, NULL);
}
