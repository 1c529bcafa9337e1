/* The move list of tablegames play: the letters in front of the moves are
 * never the start of a listed move's notation, so a typed text is a whole
 * move, a letter or the start of moves and never two of them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "play.h"

static void menu_of(play_menu *m, const char *const *texts, size_t n)
{
    assert_int_equal(play_menu_init(m, n), 0);
    m->count = n;
    for (size_t i = 0; i < n; i++)
        snprintf(m->text[i], sizeof m->text[i], "%s", texts[i]);
    play_menu_label_all(m);
}

static void test_letters_that_begin_a_move_are_skipped(void **state)
{
    (void)state;
    static const char *const texts[] = {"apple", "banana", "c3", "dance", "14"};
    play_menu m;
    menu_of(&m, texts, 5);
    /* a, b, c and d begin moves; so the list starts at e. */
    assert_string_equal(m.label[0], "e");
    assert_string_equal(m.label[1], "f");
    assert_string_equal(m.label[4], "i");
    assert_int_equal(play_menu_label(&m, "E"), 0);
    assert_int_equal(play_menu_label(&m, "a"), -1);
    assert_int_equal(play_menu_label(&m, "14"), -1);
    play_menu_free(&m);
}

static void test_labels_go_on_with_two_letters(void **state)
{
    (void)state;
    const char *texts[60];
    char store[60][8];
    play_menu m;
    for (int i = 0; i < 60; i++) {
        snprintf(store[i], sizeof store[i], "%d", i);
        texts[i] = store[i];
    }
    texts[59] = "ab-move"; /* so "a" and "ab" are no labels, "aa" is */
    menu_of(&m, texts, 60);
    assert_string_equal(m.label[0], "b");
    assert_string_equal(m.label[24], "z");
    assert_string_equal(m.label[25], "aa");
    assert_string_equal(m.label[26], "ac");
    play_menu_free(&m);
}

static void test_typed_start_lists_and_never_picks(void **state)
{
    (void)state;
    static const char *const texts[] = {"3f1:4", "3f1:5-4", "3c2:8-7-6", "skip"};
    size_t found[4];
    play_menu m;
    menu_of(&m, texts, 4);
    assert_int_equal(play_menu_match(&m, "3F1", 0, found), 2);
    assert_int_equal(found[1], 1);
    assert_int_equal(play_menu_match(&m, "7-6", 0, found), 0);
    assert_int_equal(play_menu_match(&m, "7-6", 1, found), 1);
    assert_int_equal(found[0], 2);
    /* "s" begins "skip", so it is no label. */
    assert_int_equal(play_menu_label(&m, "s"), -1);
    for (size_t i = 0; i < m.count; i++)
        assert_int_equal(play_menu_match(&m, m.label[i], 0, found), 0);
    play_menu_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_letters_that_begin_a_move_are_skipped),
        cmocka_unit_test(test_labels_go_on_with_two_letters),
        cmocka_unit_test(test_typed_start_lists_and_never_picks),
    };
    return cmocka_run_group_tests_name("tablegames move list", tests, NULL, NULL);
}
