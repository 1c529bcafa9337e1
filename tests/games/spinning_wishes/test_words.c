/* What a person at a real table types for the chance outcomes: the die,
 * the holders a spin leaves in the ray, the presents' deal and a holder
 * placed by chance. Slots and geometry as in test_wishes.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "table_words.h"
#include "test_support.h"

#define OPT2 "players=2,princesses=seat"
/* Snow White's holders (apple, purple) on slots 0, 5, 6, Cinderella's
 * (glass slipper, blue) on 1, 7, 11. */
#define WHEEL2 "['snow','cinder',null,null,null,'snow','snow','cinder',null,null,null,'cinder']"

/* Snow White on the Wishing Wheel space, the wheel to spin. */
static tg_state *spinning(const char *options, const char *wheel)
{
    char pos[1024];
    snprintf(pos, sizeof pos,
             "{'phase':'roll','players':[{'space':'1'},{'space':'10'}],'wheel':%s,"
             "'presents':['snow','cinder','belle','beauty']}",
             wheel);
    tg_state *st = swt_load(options, pos);
    tgt_apply_all(st, "roll:1;2");
    assert_string_equal(swt_pos_str(st, "phase"), "spin");
    return st;
}

static void test_die_in_words(void **unused)
{
    (void)unused;
    tg_state *st = swt_load(OPT2, "{'phase':'roll','players':[{'space':'1'},{'space':'10'}],"
                                  "'wheel':" WHEEL2 ",'presents':['snow','cinder','belle',"
                                  "'beauty']}");
    tgt_assert_words(st, "four", "roll:4");
    tgt_assert_words(st, "rolled a 6", "roll:6");
    tgt_assert_refused(st, "7", "1 to 6");
    tg_state_free(st);
}

/* "These holders are in my ray": by princess, picture or colour, with or
 * without slots, in any order; the probability is that of every stop of
 * the wheel that leaves exactly them there. */
static void test_ray_in_words(void **unused)
{
    (void)unused;
    tg_state *st = spinning(OPT2, WHEEL2);
    TGT_ASSERT_WORDS(st, {"apple and two slippers", "ray:cinder11,snow0,cinder1"},
                         {"slipper, apple, slipper", "ray:cinder11,snow0,cinder1"},
                         {"blue purple blue", "ray:cinder11,snow0,cinder1"},
                         {"Snow White and Cinderella 1", "ray:snow0,cinder1"},
                         {"snow 5 and snow 6", "ray:snow5,snow6"},
                         {"slot 5 and slot 6", "ray:snow5,snow6"},
                         {"nothing in my ray", "ray:none"});
    tgt_assert_words(st, "spin:0", "ray:cinder11,snow0,cinder1"); /* the stop itself */
    /* One apple alone: only slot 5 can be alone in the ray (stops 25..27
     * leave 3, 4, 5 there and 3, 4 are empty). */
    tgt_assert_words(st, "an apple", "ray:snow5");
    /* A slipper alone fits three places of the wheel: say which. */
    tg_move m;
    assert_int_equal(tg_state_parse_move(st, "a slipper", &m), TG_E_PARSE);
    assert_int_equal(tg_state_apply_text(st, "a slipper"), TG_E_PARSE);
    assert_non_null(strstr(tg_state_last_error(st), "say which slots"));
    tgt_assert_words(st, "slipper on slot 7", "ray:cinder7");
    /* Combinations the wheel cannot give. */
    tgt_assert_refused(st, "four apples", "at most three");
    tgt_assert_refused(st, "a rose", "no stop of the wheel");
    tgt_assert_refused(st, "apple apple apple", "no stop");
    tgt_assert_refused(st, "snow 1", "no stop");
    tgt_assert_refused(st, "slot 12", "0 to 11");
    tgt_assert_no_words(st, "a dragon");
    tg_state_free(st);
    /* spin=rotation (release 1.1): the same words give the first stop. */
    st = spinning(OPT2 ",spin=rotation", WHEEL2);
    tgt_assert_words(st, "apple and two slippers", "spin:0");
    tgt_assert_words(st, "nothing", "spin:10");
    tg_state_free(st);
}

/* The model's limit of three holders per ray, against the geometry: rays
 * 60 degrees wide, holders 20 degrees wide and 30 apart, so a holder
 * counts when its centre is within 40 degrees of the ray's centre; four
 * centres span 90 degrees and never fit in those 80. With every slot
 * full, each of the 48 stops leaves two or three holders in a ray: the
 * twelve runs of three come up at three stops each, the twelve pairs at
 * one. */
static void test_a_ray_holds_two_or_three_holders(void **unused)
{
    (void)unused;
    tg_state *st = swt_load("players=4,princesses=seat",
                            "{'phase':'roll','players':[{'space':'1'},{'space':'10'},"
                            "{'space':'20'},{'space':'30'}],'wheel':['snow','cinder','belle',"
                            "'beauty','snow','cinder','belle','beauty','snow','cinder','belle',"
                            "'beauty'],'presents':['snow','cinder','belle','beauty']}");
    tgt_apply_all(st, "roll:1;2");
    tg_move moves[64];
    double probs[64];
    size_t n = 0;
    assert_int_equal(tg_state_chance_outcomes(st, moves, probs, 64, &n), TG_OK);
    assert_int_equal(n, 24);
    int threes = 0, twos = 0;
    for (size_t i = 0; i < n; i++) {
        char text[64];
        assert_int_equal(tg_state_move_text(st, moves[i], text, sizeof text, NULL), TG_OK);
        int holders = 1;
        for (const char *c = text; *c; c++)
            holders += *c == ',';
        if (holders == 3 && probs[i] > 3.0 / 48 - 1e-12 && probs[i] < 3.0 / 48 + 1e-12)
            threes++;
        else if (holders == 2 && probs[i] > 1.0 / 48 - 1e-12 && probs[i] < 1.0 / 48 + 1e-12)
            twos++;
    }
    assert_int_equal(threes, 12);
    assert_int_equal(twos, 12);
    tg_state_free(st);
}

/* The deal (presents on towers 0..3, face down) and, with wheel=random, a
 * holder placed by chance. */
static void test_setup_outcomes_in_words(void **unused)
{
    (void)unused;
    tg_game *g = tgt_game("spinning_wishes", OPT2 ",wheel=random");
    tg_state *st = NULL;
    assert_int_equal(tg_state_new(g, 1, &st), TG_OK);
    assert_string_equal(swt_pos_str(st, "phase"), "deal");
    TGT_ASSERT_WORDS(st, {"snow cinder belle beauty", "deal:0"},
                         {"crown, rose, slipper, apple", "deal:23"},
                         {"belle snow cinder", "deal:12"});
    tgt_assert_no_words(st, "snow snow belle beauty");
    tgt_apply(st, "beauty belle cinder snow");
    assert_string_equal(swt_pos(st, "presents"), "[\"beauty\",\"belle\",\"cinder\",\"snow\"]");
    assert_string_equal(swt_pos_str(st, "phase"), "place");
    tgt_assert_words(st, "slot 7", "place:7");
    tgt_apply(st, "seven");
    tgt_assert_refused(st, "slot 7", "already");
    tg_state_free(st);
    tg_game_free(g);
}

int sw_run_words(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_die_in_words),
        cmocka_unit_test(test_ray_in_words),
        cmocka_unit_test(test_a_ray_holds_two_or_three_holders),
        cmocka_unit_test(test_setup_outcomes_in_words),
    };
    return cmocka_run_group_tests_name("spinning_wishes words", tests, NULL, NULL);
}
