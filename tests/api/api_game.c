/* Making games: every way an id or options string can be wrong gives its
 * status and a message naming the culprit; the canonical options string
 * round-trips; a game outlives its handle while states use it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

/* Expects tg_game_new to fail with want and a message containing needle. */
static void expect_game_error(const char *id, const char *options, tg_status want,
                              const char *needle)
{
    char err[512];
    memset(err, 'x', sizeof err);
    tg_game *g = (tg_game *)&err; /* any non-NULL value: it must be cleared */
    tg_status s = tg_game_new(id, options, NULL, &g, err, sizeof err);
    if (s == TG_OK)
        tg_game_free(g);
    if (s != want)
        fail_msg("%s [%s]: got %s, want %s", id ? id : "(null)", options ? options : "(null)",
                 tg_status_name(s), tg_status_name(want));
    assert_null(g);
    assert_non_null(memchr(err, '\0', sizeof err));
    if (needle && !strstr(err, needle))
        fail_msg("%s [%s]: message '%s' does not mention '%s'", id ? id : "(null)",
                 options ? options : "(null)", err, needle);
}

static void unknown_game_is_named(void **state)
{
    (void)state;
    expect_game_error("no_such_game", NULL, TG_E_UNKNOWN_GAME, "no_such_game");
    expect_game_error("", NULL, TG_E_UNKNOWN_GAME, NULL);
    expect_game_error(NULL, NULL, TG_E_INVALID_ARGUMENT, NULL);
    char err[64] = "";
    assert_int_equal(tg_game_new("no_such_game", NULL, NULL, NULL, err, sizeof err),
                     TG_E_INVALID_ARGUMENT);
    assert_true(strlen(err) > 0);
    if (tg_catalogue_count() > 0)
        assert_int_equal(tg_game_new(tg_catalogue_get(0)->id, NULL, NULL, NULL, NULL, 0),
                         TG_E_INVALID_ARGUMENT);
}

static void bad_options_are_named(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        const char *id = info->id;
        char opts[TGT_OPTIONS_MAX];
        expect_game_error(id, "colour=blue", TG_E_BAD_OPTION, "colour");
        expect_game_error(id, "players=abc", TG_E_BAD_OPTION, "players");
        expect_game_error(id, "players=", TG_E_BAD_OPTION, "players");
        expect_game_error(id, "players=3x", TG_E_BAD_OPTION, "players");
        expect_game_error(id, "players=99999999999999999999", TG_E_BAD_OPTION, "players");
        snprintf(opts, sizeof opts, "players=%d", info->max_players + 1);
        expect_game_error(id, opts, TG_E_BAD_OPTION, "players");
        snprintf(opts, sizeof opts, "players=%d", info->min_players - 1);
        expect_game_error(id, opts, TG_E_BAD_OPTION, "players");
        snprintf(opts, sizeof opts, "players=%d,players=%d", info->min_players,
                 info->min_players);
        expect_game_error(id, opts, TG_E_BAD_OPTION, "players");
        expect_game_error(id, "players", TG_E_BAD_OPTION, "players");
        expect_game_error(id, "=3", TG_E_BAD_OPTION, NULL);
        for (size_t k = 1; k < info->option_count; k++) {
            const tg_option_info *o = tg_game_info_option(info, k);
            snprintf(opts, sizeof opts, "%s=not-a-value", o->name);
            expect_game_error(id, opts, TG_E_BAD_OPTION, o->name);
            if (o->type == TG_OPTION_INT || o->type == TG_OPTION_NUMBER) {
                snprintf(opts, sizeof opts, "%s=%.0f", o->name, o->max + 1);
                expect_game_error(id, opts, TG_E_BAD_OPTION, o->name);
                snprintf(opts, sizeof opts, "%s=%.0f", o->name, o->min - 1);
                expect_game_error(id, opts, TG_E_BAD_OPTION, o->name);
            }
            snprintf(opts, sizeof opts, "%s=%s,%s=%s", o->name, o->default_value, o->name,
                     o->default_value);
            expect_game_error(id, opts, TG_E_BAD_OPTION, o->name);
        }
        /* A string far longer than any real one is refused, not overrun. */
        char longopts[5000];
        memset(longopts, 'a', sizeof longopts - 1);
        longopts[sizeof longopts - 1] = '\0';
        expect_game_error(id, longopts, TG_E_BAD_OPTION, NULL);
    }
}

/* The message is cut to the buffer and always terminated. */
static void error_buffer_sizes(void **state)
{
    (void)state;
    tg_game *g = NULL;
    assert_int_equal(tg_game_new("no_such_game", NULL, NULL, &g, NULL, 0), TG_E_UNKNOWN_GAME);
    assert_int_equal(tg_game_new("no_such_game", NULL, NULL, &g, NULL, 100), TG_E_UNKNOWN_GAME);
    char buf[16];
    memset(buf, '#', sizeof buf);
    assert_int_equal(tg_game_new("no_such_game", NULL, NULL, &g, buf, 1), TG_E_UNKNOWN_GAME);
    assert_int_equal(buf[0], '\0');
    assert_int_equal(buf[1], '#');
    memset(buf, '#', sizeof buf);
    assert_int_equal(tg_game_new("no_such_game", NULL, NULL, &g, buf, 6), TG_E_UNKNOWN_GAME);
    assert_int_equal(strlen(buf), 5);
    for (size_t i = 6; i < sizeof buf; i++)
        assert_int_equal(buf[i], '#');
    memset(buf, '#', sizeof buf);
    assert_int_equal(tg_game_new("no_such_game", NULL, NULL, &g, buf, 0), TG_E_UNKNOWN_GAME);
    assert_int_equal(buf[0], '#');
}

static void bad_params_are_refused(void **state)
{
    (void)state;
    if (tg_catalogue_count() == 0)
        return;
    const char *id = tg_catalogue_get(0)->id;
    tg_game *g = NULL;
    tg_game_params p = TG_GAME_PARAMS_INIT;
    p.version = 999;
    assert_int_equal(tg_game_new(id, NULL, &p, &g, NULL, 0), TG_E_INVALID_ARGUMENT);
    assert_null(g);
    tg_allocator half = {NULL, NULL, NULL};
    tg_game_params q = TG_GAME_PARAMS_INIT;
    q.allocator = &half;
    assert_int_equal(tg_game_new(id, NULL, &q, &g, NULL, 0), TG_E_INVALID_ARGUMENT);
    assert_null(g);
    tg_game_params d = TG_GAME_PARAMS_INIT;
    assert_int_equal(tg_game_new(id, NULL, &d, &g, NULL, 0), TG_OK);
    tg_game_free(g);
}

/* Every option set, the canonical string of its game makes an equal game
 * with the same canonical string; spaces and NULL/"" mean the same. */
static void canonical_options_round_trip(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        char sets[64][TGT_OPTIONS_MAX];
        size_t n = tgt_option_sets(info, sets, 64);
        assert_true(n <= 64);
        for (size_t k = 0; k < n; k++) {
            tg_game *g = tgt_game(info->id, sets[k]);
            const char *canon = tg_game_options(g);
            assert_non_null(canon);
            tg_game *again = tgt_game(info->id, canon);
            assert_string_equal(tg_game_options(again), canon);
            assert_int_equal(tg_game_move_count(again), tg_game_move_count(g));
            assert_int_equal(tg_game_players(again), tg_game_players(g));
            /* The canonical string names every option, in catalogue order. */
            const char *p = canon;
            for (size_t o = 0; o < info->option_count; o++) {
                const char *name = tg_game_info_option(info, o)->name;
                assert_memory_equal(p, name, strlen(name));
                assert_int_equal(p[strlen(name)], '=');
                p = strchr(p, ',');
                if (o + 1 < info->option_count) {
                    assert_non_null(p);
                    p++;
                }
            }
            assert_null(p);
            tg_game_free(again);
            tg_game_free(g);
        }
        tg_game *a = tgt_game(info->id, NULL);
        tg_game *b = tgt_game(info->id, "");
        char spaced[TGT_OPTIONS_MAX];
        snprintf(spaced, sizeof spaced, "  players =  %s ",
                 tg_game_info_option(info, 0)->default_value);
        tg_game *c = tgt_game(info->id, spaced);
        assert_string_equal(tg_game_options(a), tg_game_options(b));
        assert_string_equal(tg_game_options(a), tg_game_options(c));
        tg_game_free(a);
        tg_game_free(b);
        tg_game_free(c);
    }
}

static void accessors_describe_the_game(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        for (int p = info->min_players; p <= info->max_players; p++) {
            char opts[32];
            snprintf(opts, sizeof opts, "players=%d", p);
            tg_game *g = tgt_game(info->id, opts);
            assert_ptr_equal(tg_game_get_info(g), info);
            assert_string_equal(tg_game_id(g), info->id);
            assert_int_equal(tg_game_players(g), p);
            assert_true(tg_game_move_count(g) > 0);
            assert_true(tg_game_max_legal_moves(g) > 0);
            assert_true(tg_game_max_legal_moves(g) <= tg_game_move_count(g));
            assert_true(tg_game_max_chance_outcomes(g) <= tg_game_max_legal_moves(g));
            assert_true(tg_game_max_length(g) > 0);
            assert_true(tg_game_state_size(g) > 0);
            char *board = NULL;
            size_t len = 0;
            assert_int_equal(tg_game_board_json(g, &board, &len), TG_OK);
            assert_int_equal(len, strlen(board));
            json_error_t e;
            json_t *j = json_loads(board, 0, &e);
            assert_non_null(j);
            json_decref(j);
            tg_free(board);
            assert_int_equal(tg_game_board_json(g, &board, NULL), TG_OK);
            tg_free(board);
            tg_game_free(g);
        }
    }
}

/* The game handle may be freed first: states keep it alive. */
static void states_keep_their_game_alive(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        tg_game *g = tgt_game(tg_catalogue_get(i)->id, NULL);
        tg_state *a = NULL, *b = NULL;
        assert_int_equal(tg_state_new(g, 7, &a), TG_OK);
        assert_int_equal(tg_state_clone(a, &b), TG_OK);
        tg_game_free(g);
        assert_string_equal(tg_game_id(tg_state_game(a)), tg_catalogue_get(i)->id);
        tg_state_free(a);
        /* b alone now holds the game; play it to the end through it. */
        const tg_game *held = tg_state_game(b);
        assert_non_null(held);
        tg_state *c = NULL;
        assert_int_equal(tg_state_new((tg_game *)held, 9, &c), TG_OK);
        tg_state_free(b);
        uint32_t cap = tg_game_max_length(tg_state_game(c));
        while (!tg_state_is_terminal(c) && tg_state_move_number(c) < cap) {
            if (tg_state_current_player(c) == TG_PLAYER_CHANCE) {
                assert_int_equal(tg_state_apply_chance(c, NULL), TG_OK);
            } else {
                tg_move m[4096];
                size_t n = 0;
                assert_int_equal(tg_state_legal_moves(c, m, 4096, &n), TG_OK);
                assert_int_equal(tg_state_apply(c, m[n / 2]), TG_OK);
            }
        }
        assert_true(tg_state_is_terminal(c));
        char *obs = NULL;
        assert_int_equal(tg_state_observation_json(c, 0, &obs, NULL), TG_OK);
        tg_free(obs);
        tg_state_free(c);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(unknown_game_is_named),
        cmocka_unit_test(bad_options_are_named),
        cmocka_unit_test(error_buffer_sizes),
        cmocka_unit_test(bad_params_are_refused),
        cmocka_unit_test(canonical_options_round_trip),
        cmocka_unit_test(accessors_describe_the_game),
        cmocka_unit_test(states_keep_their_game_alive),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
