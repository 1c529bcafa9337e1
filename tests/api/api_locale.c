/* The host's locale changes nothing: a GUI host calls setlocale(LC_ALL, "")
 * as a matter of course, and under a decimal-comma locale "0.15" must still
 * read as a number and be written back as "0.15", a save made under the C
 * locale must load and save to the same bytes, and JSON must stay JSON.
 *
 * The locales are built with localedef into a scratch directory (LOCPATH)
 * when the machine lacks them; the test is skipped only when localedef
 * itself is missing. */
#include <locale.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "support.h"

static char locale_dir[] = "/tmp/tg-locale-XXXXXX";

static int have_localedef(void)
{
    return system("localedef --help >/dev/null 2>&1") == 0;
}

/* Switches LC_ALL to name (e.g. "de_DE.UTF-8", built from source/charset
 * if missing); fails the test if that cannot be done. */
static void use_locale(const char *name, const char *source, const char *charset)
{
    if (setlocale(LC_ALL, name))
        return;
    if (!have_localedef()) {
        printf("[ SKIPPED  ] localedef is missing, so no %s locale can be made\n", name);
        skip();
    }
    /* A directory of its own: glibc remembers a locale it did not find
     * under a LOCPATH, so a new one must not be built into a path it tried. */
    char dir[256], cmd[700];
    snprintf(dir, sizeof dir, "%s/%s", locale_dir, name);
    snprintf(cmd, sizeof cmd, "mkdir -p %s && localedef -i %s -f %s %s/%s >/dev/null 2>&1", dir,
             source, charset, dir, name);
    if (system(cmd) > 1) /* 1: warnings only */
        fail_msg("localedef could not build %s (is Debian's 'locales' package installed?)",
                 name);
    setenv("LOCPATH", dir, 1);
    if (!setlocale(LC_ALL, name))
        fail_msg("setlocale(%s) failed after localedef built it in %s", name, locale_dir);
}

static int setup(void **state)
{
    (void)state;
    return mkdtemp(locale_dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    setlocale(LC_ALL, "C");
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", locale_dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* What one game gives under the C locale. */
typedef struct under_c {
    char options[1100];
    unsigned char *save;
    size_t save_len;
    char *json;
    char *board;
} under_c;

static void record(const tg_game_info *info, under_c *c)
{
    tg_game *g = tgt_game(info->id, NULL);
    snprintf(c->options, sizeof c->options, "%s", tg_game_options(g));
    tg_state *st = tgt_random_state(g, 7, 60);
    c->save = tgt_save(st, &c->save_len);
    size_t len = 0;
    assert_int_equal(tg_state_to_json(st, &c->json, &len), TG_OK);
    assert_int_equal(tg_game_board_json(g, &c->board, &len), TG_OK);
    tg_state_free(st);
    tg_game_free(g);
}

/* Everything recorded under the C locale comes out the same under this one. */
static void same_as_under_c(const tg_game_info *info, const under_c *c)
{
    tg_game *g = tgt_game(info->id, NULL);
    assert_string_equal(tg_game_options(g), c->options);
    tg_game_free(g);
    g = tgt_game(info->id, c->options);
    assert_string_equal(tg_game_options(g), c->options);
    char *board = NULL;
    size_t len = 0;
    assert_int_equal(tg_game_board_json(g, &board, &len), TG_OK);
    assert_string_equal(board, c->board);
    tg_free(board);
    tg_game_free(g);

    tg_state *st = NULL;
    char err[256] = "";
    if (tg_state_load(c->save, c->save_len, NULL, &st, err, sizeof err) != TG_OK)
        fail_msg("%s: a save made under the C locale does not load: %s", info->id, err);
    tgt_assert_save_is(st, c->save, c->save_len, "binary save made under the C locale");
    tg_state_free(st);
    if (tg_state_from_json(c->json, strlen(c->json), NULL, &st, err, sizeof err) != TG_OK)
        fail_msg("%s: a JSON save made under the C locale does not load: %s", info->id, err);
    char *again = NULL;
    assert_int_equal(tg_state_to_json(st, &again, &len), TG_OK);
    assert_string_equal(again, c->json);
    tg_free(again);
    tg_state_free(st);
}

static void release(under_c *c)
{
    tg_free(c->save);
    tg_free(c->json);
    tg_free(c->board);
}

static void every_game_as_under_c(const char *name, const char *source, const char *charset,
                                  const char *point)
{
    size_t n = tg_catalogue_count();
    under_c *c = calloc(n ? n : 1, sizeof *c);
    assert_non_null(c);
    setlocale(LC_ALL, "C");
    for (size_t i = 0; i < n; i++)
        record(tg_catalogue_get(i), &c[i]);
    use_locale(name, source, charset);
    /* The test means something only if the locale really moves the point. */
    assert_string_equal(localeconv()->decimal_point, point);
    for (size_t i = 0; i < n; i++)
        same_as_under_c(tg_catalogue_get(i), &c[i]);
    setlocale(LC_ALL, "C");
    for (size_t i = 0; i < n; i++)
        release(&c[i]);
    free(c);
}

static void test_decimal_comma(void **state)
{
    (void)state;
    every_game_as_under_c("de_DE.UTF-8", "de_DE", "UTF-8", ",");
}

/* Pashto writes the point as one character of two bytes, which jansson's
 * own fix-up of the locale's point cannot undo. */
static void test_two_byte_point(void **state)
{
    (void)state;
    every_game_as_under_c("ps_AF.UTF-8", "ps_AF", "UTF-8", "\xd9\xab");
}

static const char *options_of(const char *id, const char *options, tg_status want)
{
    static char canon[1100];
    tg_game *g = NULL;
    char err[256] = "";
    tg_status s = tg_game_new(id, options, NULL, &g, err, sizeof err);
    if (s != want)
        fail_msg("%s '%s': %s (%s), want %s", id, options, tg_status_name(s), err,
                 tg_status_name(want));
    snprintf(canon, sizeof canon, "%s", g ? tg_game_options(g) : err);
    tg_game_free(g);
    return canon;
}

/* Decimal notation only, in the C locale's form, whatever the locale. */
static void test_number_notation(void **state)
{
    (void)state;
    const char *cc = "creepy_cauldron";
    tg_game *probe = NULL;
    setlocale(LC_ALL, "C");
    if (tg_game_new(cc, NULL, NULL, &probe, NULL, 0) != TG_OK) {
        printf("[ SKIPPED  ] %s is not built into this library\n", cc);
        skip();
    }
    tg_game_free(probe);
    use_locale("de_DE.UTF-8", "de_DE", "UTF-8");
    assert_non_null(strstr(options_of(cc, "snap=0.15", TG_OK), "snap=0.15,"));
    assert_non_null(strstr(options_of(cc, "snap= 0.25 ", TG_OK), "snap=0.25,"));
    assert_non_null(strstr(options_of(cc, "snap=.5", TG_OK), "snap=0.5,"));
    assert_non_null(strstr(options_of(cc, "snap=1e-1", TG_OK), "snap=0.1,"));
    static const char *const refused[] = {"snap=0x1p-2", "snap=inf", "snap=nan", "snap=-inf",
                                          "snap=0,15",   "snap=0.1 5", "snap=1e", "snap=.",
                                          "snap=+",      "snap=0.15x"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        options_of(cc, refused[i], TG_E_BAD_OPTION);
    const char *msg = options_of(cc, "snap=2", TG_E_BAD_OPTION);
    if (!strstr(msg, "from 0 to 0.95"))
        fail_msg("the range in \"%s\" is not written in the C locale", msg);
    msg = options_of(cc, "snap1=-0.5", TG_E_BAD_OPTION);
    if (!strstr(msg, "-0.5 is neither"))
        fail_msg("the value in \"%s\" is not written in the C locale", msg);
}

/* Names are ASCII: under Turkish rules upper-case I is not the capital of
 * i, which must not make "INVISIBLE" an unknown option. */
static void test_names_ignore_case_rules(void **state)
{
    (void)state;
    setlocale(LC_ALL, "C");
    char want[1100];
    snprintf(want, sizeof want, "%s", options_of("creepy_cauldron", "INVISIBLE=HIDE", TG_OK));
    use_locale("tr_TR.ISO-8859-9", "tr_TR", "ISO-8859-9");
    assert_string_equal(options_of("creepy_cauldron", "INVISIBLE=HIDE", TG_OK), want);
}

/* Checks every legal move of st whose notation has an 'i': in capitals
 * (ASCII's, whatever the locale says) it is still that move, and with the
 * Turkish capital dotted I (0xDD in ISO-8859-9, whose lower case is 'i'
 * there) in place of each 'i' it is no move. Returns how many it checked. */
static size_t check_moves_typed_in_capitals(tg_state *st, tg_move *moves, size_t cap)
{
    size_t n = 0, checked = 0;
    assert_int_equal(tg_state_legal_moves(st, moves, cap, &n), TG_OK);
    for (size_t i = 0; i < n; i++) {
        char text[128], upper[140], dotted[128];
        tg_move found = 0;
        assert_int_equal(tg_state_move_text(st, moves[i], text, sizeof text, NULL), TG_OK);
        if (!strchr(text, 'i'))
            continue;
        size_t k = 0;
        upper[k++] = '\t';
        for (const char *c = text; *c; c++)
            upper[k++] = *c >= 'a' && *c <= 'z' ? (char)(*c - 'a' + 'A') : *c;
        upper[k++] = ' ';
        upper[k] = '\0';
        if (tg_state_parse_move(st, upper, &found) != TG_OK || found != moves[i])
            fail_msg("'%s' typed as '%s' under tr_TR is not that move (%s)", text, upper,
                     tg_state_last_error(st));
        for (k = 0; text[k]; k++)
            dotted[k] = text[k] == 'i' ? '\xdd' : text[k];
        dotted[k] = '\0';
        if (tg_state_parse_move(st, dotted, &found) == TG_OK)
            fail_msg("'%s' with a Turkish dotted capital I is taken for '%s'", text, text);
        checked++;
    }
    return checked;
}

/* Move notation is ASCII: under Turkish rules strncasecmp() does not take
 * "I" for "i" (and does take the dotted capital for it), which must not
 * change what a typed move means. */
static void test_moves_ignore_case_rules(void **state)
{
    (void)state;
    size_t checked = 0;
    use_locale("tr_TR.ISO-8859-9", "tr_TR", "ISO-8859-9");
    for (size_t g = 0; g < tg_catalogue_count(); g++) {
        tg_game *game = tgt_game(tg_catalogue_get(g)->id, NULL);
        size_t cap = tg_game_max_legal_moves(game);
        tg_move *moves = calloc(cap ? cap : 1, sizeof *moves);
        tg_state *st = NULL;
        assert_non_null(moves);
        assert_int_equal(tg_state_new(game, 11, &st), TG_OK);
        for (unsigned step = 0; step < 400 && !tg_state_is_terminal(st); step++) {
            tg_move move = 0;
            size_t n = 0;
            if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
                assert_int_equal(tg_state_sample_chance(st, &move), TG_OK);
            } else {
                checked += check_moves_typed_in_capitals(st, moves, cap);
                assert_int_equal(tg_state_legal_moves(st, moves, cap, &n), TG_OK);
                move = moves[step % n];
            }
            assert_int_equal(tg_state_apply(st, move), TG_OK);
        }
        tg_state_free(st);
        free(moves);
        tg_game_free(game);
    }
    setlocale(LC_ALL, "C");
    /* Without a notation with an 'i' the test would prove nothing. */
    if (tg_catalogue_count() > 0 && checked == 0)
        fail_msg("no legal move's notation has an 'i'");
    printf("%zu moves typed in capitals under tr_TR\n", checked);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_decimal_comma),
        cmocka_unit_test(test_two_byte_point),
        cmocka_unit_test(test_number_notation),
        cmocka_unit_test(test_names_ignore_case_rules),
        cmocka_unit_test(test_moves_ignore_case_rules),
    };
    return cmocka_run_group_tests_name("api_locale", tests, setup, teardown);
}
