/* Every failing call on a state leaves a message naming the problem, the
 * read-only calls included, and a buffer that is too small is answered
 * with the size it needs, in the count and in the words. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

/* Fails unless the call failed with want and left a message containing needle. */
#define EXPECT(st, call, want, needle)                                                        \
    expect_message(st, (call), want, needle, #call, __LINE__)

static void expect_message(const tg_state *st, tg_status got, tg_status want, const char *needle,
                           const char *call, int line)
{
    if (got != want)
        fail_msg("line %d: %s gave %s, not %s", line, call, tg_status_name(got),
                 tg_status_name(want));
    if (!strstr(tg_state_last_error(st), needle))
        fail_msg("line %d: %s left '%s', which does not say '%s'", line, call,
                 tg_state_last_error(st), needle);
    /* Cleared by the next call that changes the state and succeeds. */
    assert_int_equal(tg_state_seed((tg_state *)st, 1), TG_OK);
    assert_string_equal(tg_state_last_error(st), "");
}

static void failing_calls_leave_a_message(void **unused)
{
    (void)unused;
    for (size_t gi = 0; gi < tg_catalogue_count(); gi++) {
        tg_game *g = tgt_game(tg_catalogue_get(gi)->id, NULL);
        tg_state *st = tgt_player_state(g, 5, 12);
        tg_move moves[4096], m = 0;
        size_t n = 0;
        char *out = NULL, text[4];
        double ret[TG_MAX_PLAYERS];
        uint32_t w[4096];
        unsigned char *bytes = NULL;
        size_t len;
        assert_int_equal(tg_state_legal_moves(st, moves, 4096, &n), TG_OK);
        tg_move legal = moves[0];
        char want[64];
        snprintf(want, sizeof want, "holds 0 moves; %zu are needed", n);
        EXPECT(st, tg_state_legal_moves(st, moves, 0, &n), TG_E_BUFFER_TOO_SMALL, want);
        EXPECT(st, tg_state_legal_moves(st, NULL, 3, &n), TG_E_INVALID_ARGUMENT, "NULL");
        EXPECT(st, tg_state_legal_moves(st, moves, 4096, NULL), TG_E_INVALID_ARGUMENT, "count");
        EXPECT(st, tg_state_is_legal(st, tg_game_move_count(g)), TG_E_ILLEGAL_MOVE, "not legal");
        EXPECT(st, tg_state_chance_outcomes(st, moves, (double *)w, 4096, &n), TG_E_WRONG_PHASE,
               "not a chance point");
        EXPECT(st, tg_state_chance_weights(st, moves, w, 4096, &n, NULL), TG_E_WRONG_PHASE,
               "is to move");
        EXPECT(st, tg_state_move_text(st, tg_game_move_count(g), text, sizeof text, NULL),
               TG_E_ILLEGAL_MOVE, "not legal");
        EXPECT(st, tg_state_move_text(st, legal, text, 0, &len), TG_E_BUFFER_TOO_SMALL,
               "the buffer holds 0");
        EXPECT(st, tg_state_parse_move(st, "  no such move ", &m), TG_E_PARSE,
               "'no such move' is not a legal move");
        EXPECT(st, tg_state_parse_move(st, "", &m), TG_E_PARSE, "empty");
        EXPECT(st, tg_state_parse_move(st, NULL, &m), TG_E_INVALID_ARGUMENT, "text");
        snprintf(want, sizeof want, "holds 0 decisions; %u are needed",
                 (unsigned)tg_state_history_length(st));
        EXPECT(st, tg_state_history(st, moves, 0, &n), TG_E_BUFFER_TOO_SMALL, want);
        snprintf(want, sizeof want, "holds 1 returns; %d are needed", tg_game_players(g));
        EXPECT(st, tg_state_returns(st, ret, 1), TG_E_BUFFER_TOO_SMALL, want);
        EXPECT(st, tg_state_returns(st, NULL, 8), TG_E_INVALID_ARGUMENT, "NULL");
        n = 0;
        EXPECT(st, tg_state_returns_v2(st, NULL, 0, &n), TG_E_BUFFER_TOO_SMALL, "returns");
        assert_int_equal(n, tg_game_players(g));
        EXPECT(st, tg_state_winners(st, NULL), TG_E_INVALID_ARGUMENT, "mask");
        EXPECT(st, tg_state_observation_json(st, 99, &out, NULL), TG_E_INVALID_ARGUMENT,
               "viewer 99");
        assert_null(out);
        EXPECT(st, tg_state_events_json(st, -5, &out, NULL), TG_E_INVALID_ARGUMENT, "viewer -5");
        EXPECT(st, tg_state_to_text(st, 42, &out, NULL), TG_E_INVALID_ARGUMENT, "viewer 42");
        EXPECT(st, tg_state_observation_json(st, 0, NULL, NULL), TG_E_INVALID_ARGUMENT,
               "output");
        EXPECT(st, tg_state_save(st, NULL, &len), TG_E_INVALID_ARGUMENT, "output");
        EXPECT(st, tg_state_save(st, &bytes, NULL), TG_E_INVALID_ARGUMENT, "length");
        EXPECT(st, tg_state_to_json(st, NULL, NULL), TG_E_INVALID_ARGUMENT, "output");
        EXPECT(st, tg_state_sample_chance(st, NULL), TG_E_INVALID_ARGUMENT, "output");
        EXPECT(st, tg_state_sample_chance(st, &m), TG_E_WRONG_PHASE, "chance");
        EXPECT(st, tg_state_resample(st, 99), TG_E_INVALID_ARGUMENT, "player 99");
        EXPECT(st, tg_state_apply(st, tg_game_move_count(g)), TG_E_ILLEGAL_MOVE, "not legal");
        EXPECT(st, tg_state_apply_text(st, "no such move"), TG_E_PARSE, "no such move");
        tg_state *clone = tgt_random_state(g, 5, 0);
        EXPECT(clone, tg_state_undo(clone), TG_E_NOTHING_TO_UNDO, "no decision");
        tg_state_free(clone);
        tg_state_free(st);
        tg_game_free(g);
    }
}

static void read_only_successes_keep_the_message_and_changes_clear_it(void **unused)
{
    (void)unused;
    tg_game *g = tgt_game(tg_catalogue_get(0)->id, NULL);
    tg_state *st = tgt_player_state(g, 5, 12);
    tg_move m;
    assert_int_equal(tg_state_parse_move(st, "nonsense", &m), TG_E_PARSE);
    assert_int_equal(tg_state_current_player(st) >= 0, 1);
    tg_move moves[4096];
    size_t n;
    assert_int_equal(tg_state_legal_moves(st, moves, 4096, &n), TG_OK);
    assert_non_null(strstr(tg_state_last_error(st), "nonsense"));
    assert_int_equal(tg_state_apply(st, moves[0]), TG_OK);
    assert_string_equal(tg_state_last_error(st), "");
    assert_string_equal(tg_state_last_error(NULL), "the state handle is NULL");
    tg_state_free(st);
    tg_game_free(g);
}

static void chance_points_report_their_sizes(void **unused)
{
    (void)unused;
    for (size_t gi = 0; gi < tg_catalogue_count(); gi++) {
        tg_game *g = tgt_game(tg_catalogue_get(gi)->id, NULL);
        tg_state *st = NULL;
        assert_int_equal(tg_state_new(g, 2, &st), TG_OK);
        while (tg_state_current_player(st) != TG_PLAYER_CHANCE)
            assert_int_equal(tg_state_playout(st, 1, NULL), TG_OK);
        tg_move moves[4096];
        double probs[4096];
        uint32_t w[4096];
        size_t n = 0, k = 0;
        assert_int_equal(tg_state_chance_outcomes(st, moves, probs, 4096, &n), TG_OK);
        char want[64];
        snprintf(want, sizeof want, "holds 0 outcomes; %zu are needed", n);
        EXPECT(st, tg_state_chance_outcomes(st, moves, probs, 0, &k), TG_E_BUFFER_TOO_SMALL,
               want);
        assert_int_equal(k, n);
        k = 0;
        EXPECT(st, tg_state_chance_weights(st, moves, w, n - 1, &k, NULL), TG_E_BUFFER_TOO_SMALL,
               "outcomes");
        assert_int_equal(k, n);
        EXPECT(st, tg_state_chance_weights(st, moves, NULL, 4, &k, NULL), TG_E_INVALID_ARGUMENT,
               "NULL");
        tg_state_free(st);
        tg_game_free(g);
    }
}

int main(void)
{
    if (tg_catalogue_count() == 0)
        return 0;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(failing_calls_leave_a_message),
        cmocka_unit_test(read_only_successes_keep_the_message_and_changes_clear_it),
        cmocka_unit_test(chance_points_report_their_sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
