/* What a person at a real table types for the die. */
#include "table_words.h"
#include "test_support.h"

static void test_die_in_words(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(P3("{\"phase\":\"roll\",\"player\":1}"));
    TGT_ASSERT_WORDS(st, {"4", "roll4"}, {"a six", "roll6"}, {"I rolled one", "roll1"});
    tgt_assert_refused(st, "7", "1 to 6");
    tgt_assert_no_words(st, "enter");
    tgt_apply(st, "three");
    /* After the roll a number names a witch's space again. */
    assert_string_equal(tgt_legal_texts(st), "enter");
    tg_state_free(st);
    st = tgt_from_json(P3("{\"phase\":\"choose\",\"die\":2,\"player\":0,"
                          "\"circle\":{\"yellow\":[4,9,20,30]},\"start\":{\"yellow\":0,\"red\":4,"
                          "\"lightblue\":4}}"));
    tgt_assert_words(st, "9", "9");
    tgt_assert_no_words(st, "a six");
    tg_state_free(st);
}

int wd_run_words(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_die_in_words),
    };
    return cmocka_run_group_tests_name("witches_dance words", tests, NULL, NULL);
}
