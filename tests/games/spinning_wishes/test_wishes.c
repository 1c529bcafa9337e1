/* The Wishing Wheel and Trade a Wish spaces. Wheel geometry: slot s sits
 * at 30s degrees plus the rotation (7.5 degrees a step); Snow White's ray
 * covers -30..30 degrees and a holder 20 degrees, so at rotation 0 slots
 * 11, 0 and 1 lie in her ray, at rotation 1 slot 1 lies partly in it and at
 * rotation 2 slot 1 lies outside. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <string.h>

#include <cmocka.h>

#include "table_words.h"
#include "test_support.h"

#define OPT2 "players=2,princesses=seat"
#define PRESENTS "'presents':['snow','cinder','belle','beauty']"

/* Snow White on space 1, about to land on the Wishing Wheel space 2. */
static tg_state *on_wheel_space(const char *options, const char *hand0, const char *hand1,
                                const char *wheel)
{
    char pos[1024];
    snprintf(pos, sizeof pos,
             "{'phase':'roll','players':[{'space':'1','wishes':%s},{'space':'10','wishes':%s}],"
             "'wheel':%s," PRESENTS "}",
             hand0, hand1, wheel);
    tg_state *st = swt_load(options, pos);
    tgt_apply_all(st, "roll:1;2");
    return st;
}

/* Wishing Wheel: spin, then take one wish lying in your ray, whoever's it
 * is. The rulebook's example has three wishes in one ray. */
static void test_spin_offers_every_wish_in_the_ray(void **unused)
{
    (void)unused;
    tg_state *st = on_wheel_space(OPT2, "[]", "[]",
                                  "['snow','cinder',null,null,null,'snow','snow','cinder',"
                                  "null,null,null,'cinder']");
    /* spin=ray (default): the outcome is what lies in her ray; stops 47, 0
     * and 1 of the 48 leave slots 11, 0 and 1 there. */
    assert_true(fabs(tgt_prob(st, "ray:cinder11,snow0,cinder1") - 3.0 / 48) < 1e-12);
    tgt_apply(st, "ray:cinder11,snow0,cinder1");
    swt_legal(st, "take:0 take:1 take:11 pass");
    tg_state_free(st);
    /* spin=rotation (release 1.1): the 48 stops themselves. */
    st = on_wheel_space(OPT2 ",spin=rotation", "[]", "[]",
                        "['snow','cinder',null,null,null,'snow','snow','cinder',"
                        "null,null,null,'cinder']");
    swt_uniform_chance(st, 48);
    tgt_apply(st, "spin:0");
    swt_legal(st, "take:0 take:1 take:11 pass");
    tgt_apply(st, "take:1");
    assert_string_equal(swt_player(st, 0, "wishes"), "[\"cinder\"]");
    assert_string_equal(swt_pos(st, "wheel"),
                        "[\"snow\",null,null,null,null,\"snow\",\"snow\",\"cinder\",null,null,"
                        "null,\"cinder\"]");
    assert_int_equal(swt_turn(st), 1);
    tg_state_free(st);
}

/* A holder partly inside the ray may be taken; one just outside may not,
 * and with nothing in the ray the turn ends. */
static void test_a_holder_partly_in_the_ray_counts(void **unused)
{
    (void)unused;
    const char *wheel = "[null,'snow',null,null,'snow','snow','cinder','cinder','cinder',"
                        "null,null,null]";
    tg_state *st = on_wheel_space(OPT2, "[]", "[]", wheel);
    tgt_apply(st, "spin:1");
    swt_legal(st, "take:1 pass");
    tg_state_free(st);
    st = on_wheel_space(OPT2, "[]", "[]", wheel);
    tgt_apply(st, "spin:2");
    assert_int_equal(swt_turn(st), 1);
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    tg_state_free(st);
}

/* At most three wishes: with three she may swap one for a wish in her ray;
 * the wish she gives goes onto the wheel in its place. */
static void test_with_three_wishes_she_may_only_swap(void **unused)
{
    (void)unused;
    tg_state *st = on_wheel_space(OPT2, "['cinder','cinder','snow']", "[]",
                                  "['snow','cinder',null,null,null,'snow',null,null,null,null,"
                                  "null,null]");
    tgt_apply(st, "spin:0");
    swt_legal(st, "swap:snow:1 swap:cinder:0 pass");
    tgt_apply(st, "swap:cinder:0");
    assert_string_equal(swt_player(st, 0, "wishes"), "[\"snow\",\"snow\",\"cinder\"]");
    json_t *holder = NULL;
    json_t *ev = tgt_find_event(st, 1, "swap", &holder);
    assert_string_equal(json_string_value(json_object_get(ev, "gave")), "cinder");
    assert_string_equal(json_string_value(json_object_get(ev, "took")), "snow");
    json_decref(holder);
    assert_string_equal(swt_pos(st, "wheel"),
                        "[\"cinder\",\"cinder\",null,null,null,\"snow\",null,null,null,null,"
                        "null,null]");
    tg_state_free(st);
}

/* Once the wheel is empty, its spaces act as Trade a Wish spaces. */
static void test_an_empty_wheel_space_is_a_trade_space(void **unused)
{
    (void)unused;
    tg_state *st = on_wheel_space(OPT2, "['cinder','cinder','snow']", "['snow','snow','cinder']",
                                  "[null,null,null,null,null,null,null,null,null,null,null,null]");
    assert_int_equal(tg_state_current_player(st), 0);
    swt_legal(st, "trade:snow:cinder:cinder trade:cinder:snow:cinder pass");
    tg_state_free(st);
}

/* A princess holding her own three wishes does not spin. */
static void test_own_three_does_not_spin(void **unused)
{
    (void)unused;
    tg_state *st = on_wheel_space(OPT2, "['snow','snow','snow']", "[]",
                                  "['cinder','cinder','cinder',null,null,null,null,null,null,"
                                  "null,null,null]");
    assert_int_equal(swt_turn(st), 1);
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    tg_state_free(st);
}

/* Snow White on space 1 lands on Trade a Wish (space 3). */
static tg_state *on_trade_space(const char *options, const char *players, const char *wheel)
{
    char pos[1024];
    snprintf(pos, sizeof pos, "{'phase':'roll','players':%s,'wheel':%s," PRESENTS "}", players,
             wheel);
    tg_state *st = swt_load(options, pos);
    tgt_apply_all(st, "roll:2;3");
    return st;
}

/* Trade a Wish: optional for her, not for the princess she picks. */
static void test_trade_cannot_be_refused(void **unused)
{
    (void)unused;
    tg_state *st = on_trade_space(
        OPT2, "[{'space':'1','wishes':['cinder']},{'space':'10','wishes':['snow']}]",
        "['snow','snow','cinder','cinder',null,null,null,null,null,null,null,null]");
    swt_legal(st, "trade:cinder:snow:cinder pass");
    tgt_apply(st, "trade:cinder:snow:cinder");
    assert_string_equal(swt_player(st, 0, "wishes"), "[\"snow\"]");
    assert_string_equal(swt_player(st, 1, "wishes"), "[\"cinder\"]");
    assert_int_equal(swt_turn(st), 1);
    tg_state_free(st);
}

/* No wishes, no trade: the turn just ends. */
static void test_no_wishes_no_trade(void **unused)
{
    (void)unused;
    tg_state *st = on_trade_space(
        OPT2, "[{'space':'1'},{'space':'10','wishes':['snow']}]",
        "['snow','snow','cinder','cinder','cinder',null,null,null,null,null,null,null]");
    assert_int_equal(swt_turn(st), 1);
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    tg_state_free(st);
}

/* A princess with her own three wishes can neither trade nor be traded with. */
static void test_own_three_is_out_of_trading(void **unused)
{
    (void)unused;
    const char *players = "[{'space':'1','wishes':['belle']},"
                          "{'space':'11','wishes':['cinder','cinder','cinder']},"
                          "{'space':'20','wishes':['snow','belle']}]";
    const char *wheel = "[null,null,null,'snow','snow','belle',null,null,null,null,null,null]";
    tg_state *st = on_trade_space("players=3,princesses=seat", players, wheel);
    swt_legal(st, "trade:belle:snow:belle pass");
    tgt_apply(st, "pass");
    assert_int_equal(swt_turn(st), 1);
    tgt_apply_all(st, "roll:2;13");
    assert_int_equal(swt_turn(st), 2);
    assert_int_equal(tg_state_current_player(st), TG_PLAYER_CHANCE);
    tg_state_free(st);
}

int sw_run_wishes(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spin_offers_every_wish_in_the_ray),
        cmocka_unit_test(test_a_holder_partly_in_the_ray_counts),
        cmocka_unit_test(test_with_three_wishes_she_may_only_swap),
        cmocka_unit_test(test_an_empty_wheel_space_is_a_trade_space),
        cmocka_unit_test(test_own_three_does_not_spin),
        cmocka_unit_test(test_trade_cannot_be_refused),
        cmocka_unit_test(test_no_wishes_no_trade),
        cmocka_unit_test(test_own_three_is_out_of_trading),
    };
    return cmocka_run_group_tests_name("spinning_wishes wishes", tests, NULL, NULL);
}
