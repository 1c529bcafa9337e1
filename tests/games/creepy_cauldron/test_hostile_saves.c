/* Saves made by hand: the count of a kind of creature in a refusal names
 * what the save holds (it once said "there are 262 spider creatures", the
 * reader's marker for "none left" added to the players' five). */
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

int cc_run_hostile_saves(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_five_of_a_kind),
    };
    return cmocka_run_group_tests_name("creepy_cauldron hostile saves", tests, NULL, NULL);
}
