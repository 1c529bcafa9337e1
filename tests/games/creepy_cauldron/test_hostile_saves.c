/* Saves made by hand: the count of a kind of creature in a refusal names
 * what the save holds (it once said "there are 262 spider creatures", the
 * reader's marker for "none left" added to the players' five), and a
 * decision the options rule out is refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

static void test_five_of_a_kind(void **state)
{
    (void)state;
    const char *msg = tgt_from_json_fails(
        "{\"game\":\"creepy_cauldron\",\"options\":\"players=2\",\"position\":{\"pawns\":["
        "{\"space\":3,\"creatures\":[\"spider\",\"spider\",\"spider\"]},"
        "{\"space\":9,\"creatures\":[\"spider\",\"spider\"]}]}}",
        TG_E_CORRUPT);
    assert_string_equal(msg, "position: the players hold 5 spider creatures; the game has 4");
}

/* With pickup=auto a passing pawn takes the key on the way, so no
 * position of that game asks whether to take it: the question reached under
 * pickup=choose (player 0 passed the key on 10) loads there and is refused
 * under pickup=auto. */
static void test_no_key_question_under_pickup_auto(void **state)
{
    (void)state;
    tg_state *st = cc_load("players=2,pickup=choose",
                           "{'key_space':10,'pawns':[{'space':8},{'space':20}]}");
    tgt_apply(st, "3");
    assert_string_equal(tgt_legal_texts(st), "take-key leave-key");
    json_t *pos = tgt_position(st);
    char *text = json_dumps(pos, JSON_COMPACT);
    json_decref(pos);
    assert_non_null(text);
    tg_state_free(cc_load("players=2,pickup=choose", text));
    const char *msg = cc_reject("players=2,pickup=auto", text);
    if (!strstr(msg, "pickup=auto"))
        fail_msg("message \"%s\" does not name pickup=auto", msg);
    free(text);
    tg_state_free(st);
}

/* A message of a refused position names words. */
static void cc_refused(const char *options, const char *position, const char *words)
{
    const char *msg = cc_reject(options, position);
    if (!strstr(msg, words))
        fail_msg("message \"%s\" does not mention \"%s\"", msg, words);
}

/* Fishing (space 1 is a cauldron space) needs a visible pawn and a
 * creature in the cauldron; the question about the key needs a key lying
 * on the board. Each position is refused, its fitting neighbour loads. */
static void test_fishing_and_the_key_question_need_their_reasons(void **state)
{
    (void)state;
    tg_state_free(cc_load("players=2", "{'phase':'fish','pawns':[{'space':1},{'space':16}]}"));
    cc_refused("players=2", "{'phase':'fish','pawns':[{'space':1,'invisible':true},{'space':16}]}",
               "while invisible");
    /* Four players holding all sixteen creatures leave the cauldron empty. */
    const char *all_held =
        "{'phase':'%s','pawns':[{'space':1,'creatures':['spider','spider','spider','spider']},"
        "{'space':16,'creatures':['bat','bat','bat','bat']},"
        "{'space':20,'creatures':['rat','rat','rat','rat']},"
        "{'space':24,'creatures':['snake','snake','snake','snake']}]}";
    char pos[512];
    snprintf(pos, sizeof pos, all_held, "roll");
    tg_state_free(cc_load("players=4", pos));
    snprintf(pos, sizeof pos, all_held, "fish");
    cc_refused("players=4", pos, "empty cauldron");
    tg_state_free(cc_load("players=2", "{'phase':'pickup','key_space':10,"
                                       "'pawns':[{'space':11},{'space':20}]}"));
    cc_refused("players=2", "{'phase':'pickup','pawns':[{'space':11},{'space':20}]}",
               "no key lies on the board");
}

/* Issue 33: an entry of "thefts" or "events" that is not a number in range
 * was refused, but only after the reader had used the number it never read
 * (a shift by it, for a theft: undefined behaviour a sanitizer build
 * aborts on). Each is refused with a message that names the field, and
 * the same position with a good entry loads. */
static void test_bad_thefts_and_events_entries_are_refused(void **state)
{
    (void)state;
    static const char *const base = "{'phase':'steal','%s':%s,'pawns':[{'space':5},"
                                    "{'space':9,'creatures':['snake','bat']}]}";
    static const char *const thefts[] = {"['x']", "[2]", "[-1]", "[null]", "[1,[1]]",
                                         "[1,99999999999]"};
    char pos[256];
    for (size_t i = 0; i < sizeof thefts / sizeof thefts[0]; i++) {
        snprintf(pos, sizeof pos, base, "thefts", thefts[i]);
        cc_refused("players=2", pos, "thefts[");
    }
    static const char *const events[] = {"[[1,2,3,'x']]", "[[1,2,3,256]]", "[[1,2,-1,0]]",
                                         "[[1,null,3,4]]"};
    for (size_t i = 0; i < sizeof events / sizeof events[0]; i++) {
        snprintf(pos, sizeof pos, base, "events", events[i]);
        cc_refused("players=2", pos, "event[");
    }
    snprintf(pos, sizeof pos, base, "thefts", "[1]");
    tg_state *st = cc_load("players=2", pos);
    assert_string_equal(tgt_legal_texts(st), "steal-bat steal-snake nosteal");
    tg_state_free(st);
}

/* A frog does not move, so no decision a move leads to is the frog's (the
 * structure-aware position mutator's first finding, issue 33): a save had
 * the frog deciding whether to vanish, and vanishing made an invisible
 * frog, a position the loader refuses, out of one it accepted. Refused
 * now, for each such decision; the other player's, and the frog's own
 * return after the snap, load. */
static void test_the_frog_has_no_decision_of_a_move(void **state)
{
    (void)state;
    cc_refused("players=2", "{'phase':'vanish','frog':0,'pawns':[{'space':12},{'space':16}]}",
               "frog");
    cc_refused("players=2", "{'phase':'fish','frog':0,'pawns':[{'space':1},{'space':16}]}",
               "frog");
    tg_state *st = cc_load("players=2",
                           "{'phase':'vanish','frog':1,'pawns':[{'space':12},{'space':16}]}");
    assert_string_equal(tgt_legal_texts(st), "vanish stay");
    tg_state_free(st);
    st = cc_load("players=2", "{'phase':'return','frog':0,'pawns':[{'space':1,'creatures':"
                              "['bat']},{'space':16}]}");
    assert_string_equal(tgt_legal_texts(st), "return-bat");
    tg_state_free(st);
}

int cc_run_hostile_saves(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_five_of_a_kind),
        cmocka_unit_test(test_no_key_question_under_pickup_auto),
        cmocka_unit_test(test_fishing_and_the_key_question_need_their_reasons),
        cmocka_unit_test(test_bad_thefts_and_events_entries_are_refused),
        cmocka_unit_test(test_the_frog_has_no_decision_of_a_move),
    };
    return cmocka_run_group_tests_name("creepy_cauldron hostile saves", tests, NULL, NULL);
}
