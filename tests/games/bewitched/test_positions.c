/* Bewitched saves: a position that breaks the rules is refused, and the
 * message says what is wrong. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"
#include "support.h"

static void bw_expect_refused(const char *position, const char *words)
{
    char over[1024];
    snprintf(over, sizeof over, "{\"stage\":\"roll\",%s}", position);
    char *doc = bw_doc(NULL, over);
    const char *msg = tgt_from_json_fails(doc, TG_E_CORRUPT);
    free(doc);
    if (!strstr(msg, words))
        fail_msg("message \"%s\" does not mention \"%s\"", msg, words);
}

static void test_validate_rejects(void **state)
{
    (void)state;
    bw_expect_refused("\"frogs\":[{\"at\":6},{\"at\":6},{\"at\":\"red\"},{\"at\":\"green\"},"
                      "{\"at\":\"green\"},{\"at\":\"green\"}]",
                      "two frogs");
    bw_expect_refused("\"frogs\":[{\"at\":\"green\"},{\"at\":\"red\"},{\"at\":\"red\"},"
                      "{\"at\":\"green\"},{\"at\":\"green\"},{\"at\":\"green\"}]",
                      "not its own");
    bw_expect_refused("\"frogs\":[{\"at\":8},{\"at\":\"red\"},{\"at\":\"red\"},"
                      "{\"at\":\"green\"},{\"at\":\"green\"},{\"at\":\"green\"}]",
                      "snake");
    bw_expect_refused("\"cats\":[8,36,40,42,47,51,55,57]", "snake");
    bw_expect_refused("\"cats\":[36,36,40,42,47,51,55,57]", "cat 1");
    bw_expect_refused("\"deadly\":[0,1,2,3,4,5]", "deadly");
    bw_expect_refused("\"plain\":[1,0],\"touches\":[[0,0]]", "without a bite");
    bw_expect_refused("\"gone\":[8]", "not deadly");
    bw_expect_refused("\"books\":[{\"where\":\"frog\",\"at\":0},{\"where\":\"frog\",\"at\":0},"
                      "{\"where\":\"hat\",\"at\":2},{\"where\":\"hat\",\"at\":3}]",
                      "two books");
    bw_expect_refused("\"books\":[{\"where\":\"ground\",\"at\":8},{\"where\":\"hat\",\"at\":1},"
                      "{\"where\":\"hat\",\"at\":2},{\"where\":\"hat\",\"at\":3}]",
                      "no snake bit");
    bw_expect_refused("\"antidotes\":[1,1],\"events\":[[4,0,0,99,0]]", "out of range");
    bw_expect_refused("\"prince\":1,\"not_prince\":[1]", "prince");
}

int bw_run_positions(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_validate_rejects),
    };
    return cmocka_run_group_tests_name("bewitched positions", tests, NULL, NULL);
}
