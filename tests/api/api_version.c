/* The version the headers were built with agrees with the running library,
 * and every status has a text and a name. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

static void version_macros_match_library(void **state)
{
    (void)state;
    assert_int_equal(tg_version_number(), TG_VERSION_NUMBER);
    assert_string_equal(tg_version_string(), TG_VERSION_STRING);
    int major = -1, minor = -1, patch = -1;
    tg_version(&major, &minor, &patch);
    assert_int_equal(major, TG_VERSION_MAJOR);
    assert_int_equal(minor, TG_VERSION_MINOR);
    assert_int_equal(patch, TG_VERSION_PATCH);
    char text[32];
    snprintf(text, sizeof text, "%d.%d.%d", major, minor, patch);
    assert_string_equal(text, tg_version_string());
    assert_int_equal(TG_VERSION_NUMBER, major * 10000 + minor * 100 + patch);
}

static void version_parts_accept_null(void **state)
{
    (void)state;
    int minor = -1;
    tg_version(NULL, &minor, NULL);
    assert_int_equal(minor, TG_VERSION_MINOR);
    tg_version(NULL, NULL, NULL);
}

static void version_check_macro_compares(void **state)
{
    (void)state;
    assert_true(TG_VERSION_CHECK(TG_VERSION_MAJOR, TG_VERSION_MINOR, TG_VERSION_PATCH));
    assert_true(TG_VERSION_CHECK(0, 0, 0));
    assert_false(TG_VERSION_CHECK(TG_VERSION_MAJOR, TG_VERSION_MINOR, TG_VERSION_PATCH + 1));
    assert_false(TG_VERSION_CHECK(TG_VERSION_MAJOR + 1, 0, 0));
}

static void every_status_has_text_and_name(void **state)
{
    (void)state;
    static const struct {
        tg_status status;
        const char *name;
    } all[] = {
        {TG_OK, "TG_OK"},
        {TG_E_INVALID_ARGUMENT, "TG_E_INVALID_ARGUMENT"},
        {TG_E_UNKNOWN_GAME, "TG_E_UNKNOWN_GAME"},
        {TG_E_BAD_OPTION, "TG_E_BAD_OPTION"},
        {TG_E_ILLEGAL_MOVE, "TG_E_ILLEGAL_MOVE"},
        {TG_E_WRONG_PHASE, "TG_E_WRONG_PHASE"},
        {TG_E_BUFFER_TOO_SMALL, "TG_E_BUFFER_TOO_SMALL"},
        {TG_E_PARSE, "TG_E_PARSE"},
        {TG_E_CORRUPT, "TG_E_CORRUPT"},
        {TG_E_VERSION, "TG_E_VERSION"},
        {TG_E_MISMATCH, "TG_E_MISMATCH"},
        {TG_E_NO_MEMORY, "TG_E_NO_MEMORY"},
        {TG_E_NOTHING_TO_UNDO, "TG_E_NOTHING_TO_UNDO"},
        {TG_E_TOO_LARGE, "TG_E_TOO_LARGE"},
    };
    const char *unknown = tg_status_text((tg_status)-1000);
    assert_string_equal(unknown, "unknown status");
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        assert_string_equal(tg_status_name(all[i].status), all[i].name);
        const char *text = tg_status_text(all[i].status);
        assert_non_null(text);
        assert_true(strlen(text) > 0);
        assert_string_not_equal(text, unknown);
        for (size_t j = 0; j < i; j++)
            assert_string_not_equal(text, tg_status_text(all[j].status));
    }
    assert_non_null(tg_status_name((tg_status)1));
    assert_non_null(tg_status_name((tg_status)-1000));
    assert_string_equal(tg_status_text((tg_status)1), "unknown status");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(version_macros_match_library),
        cmocka_unit_test(version_parts_accept_null),
        cmocka_unit_test(version_check_macro_compares),
        cmocka_unit_test(every_status_has_text_and_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
