/* Misuse from the outside: every public function with NULL handles, NULL
 * or too-small buffers, bad players and handles of another game gives its
 * documented status, writes nothing past what it was given, and leaves the
 * state byte-identical. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

#define CANARY 0x5Au

/* A state of game whose turn is chance (want_chance) or a player's, found by
 * random play from a few seeds; NULL if the game never has one. */
static tg_state *state_at(tg_game *game, int want_chance)
{
    for (uint64_t seed = 1; seed < 20; seed++) {
        for (uint32_t steps = 0; steps < 200; steps += 7) {
            tg_state *st = tgt_random_state(game, seed, steps);
            int cp = tg_state_current_player(st);
            if (want_chance ? cp == TG_PLAYER_CHANCE : cp >= 0)
                return st;
            tg_state_free(st);
        }
    }
    return NULL;
}

static int all_bytes(const void *p, unsigned char v, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i] != v)
            return 0;
    return 1;
}

static void null_handles(void **state)
{
    (void)state;
    tg_free(NULL);
    tg_game_free(NULL);
    tg_state_free(NULL);
    assert_null(tg_game_get_info(NULL));
    assert_null(tg_game_id(NULL));
    assert_null(tg_game_options(NULL));
    assert_int_equal(tg_game_players(NULL), 0);
    assert_int_equal(tg_game_move_count(NULL), 0);
    assert_int_equal(tg_game_max_legal_moves(NULL), 0);
    assert_int_equal(tg_game_max_chance_outcomes(NULL), 0);
    assert_int_equal(tg_game_max_length(NULL), 0);
    assert_int_equal(tg_game_state_size(NULL), 0);
    uint64_t position_key = 7;
    assert_int_equal(tg_state_position_key(NULL, &position_key), TG_E_INVALID_ARGUMENT);
    assert_true(position_key == 7);
    assert_int_equal(tg_state_set_undo_rewinds_rng(NULL, 1), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_undo_rewinds_rng(NULL), 0);
    char *text = (char *)"untouched";
    size_t len = 0;
    assert_int_equal(tg_game_board_json(NULL, &text, &len), TG_E_INVALID_ARGUMENT);

    tg_state *out = (tg_state *)&len;
    assert_int_equal(tg_state_new(NULL, 1, &out), TG_E_INVALID_ARGUMENT);
    assert_null(out);
    out = (tg_state *)&len;
    assert_int_equal(tg_state_clone(NULL, &out), TG_E_INVALID_ARGUMENT);
    assert_null(out);
    assert_int_equal(tg_state_copy(NULL, NULL), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_reset(NULL, 1), TG_E_INVALID_ARGUMENT);
    assert_null(tg_state_game(NULL));
    assert_int_equal(tg_state_current_player(NULL), TG_PLAYER_INVALID);
    assert_true(tg_state_is_terminal(NULL));
    assert_int_equal(tg_state_move_number(NULL), 0);
    uint32_t mask = 0;
    assert_int_equal(tg_state_winners(NULL, &mask), TG_E_INVALID_ARGUMENT);
    double ret[TG_MAX_PLAYERS];
    assert_int_equal(tg_state_returns(NULL, ret, TG_MAX_PLAYERS), TG_E_INVALID_ARGUMENT);
    tg_move moves[8];
    double probs[8];
    size_t count = 0;
    assert_int_equal(tg_state_legal_moves(NULL, moves, 8, &count), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_is_legal(NULL, 0), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_chance_outcomes(NULL, moves, probs, 8, &count),
                     TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_apply(NULL, 0), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_apply_text(NULL, "x"), TG_E_INVALID_ARGUMENT);
    tg_move m = 0;
    assert_int_equal(tg_state_sample_chance(NULL, &m), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_apply_chance(NULL, &m), TG_E_INVALID_ARGUMENT);
    char buf[16];
    assert_int_equal(tg_state_move_text(NULL, 0, buf, sizeof buf, &len), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_parse_move(NULL, "x", &m), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_undo(NULL), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_history_length(NULL), 0);
    assert_int_equal(tg_state_history(NULL, moves, 8, &count), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_seed(NULL, 1), TG_E_INVALID_ARGUMENT);
    assert_false(tg_state_equal(NULL, NULL));
    assert_non_null(tg_state_last_error(NULL));
    text = NULL;
    assert_int_equal(tg_state_observation_json(NULL, 0, &text, &len), TG_E_INVALID_ARGUMENT);
    assert_null(text);
    assert_int_equal(tg_state_events_json(NULL, 0, &text, &len), TG_E_INVALID_ARGUMENT);
    assert_null(text);
    assert_int_equal(tg_state_to_text(NULL, 0, &text, &len), TG_E_INVALID_ARGUMENT);
    assert_null(text);
    assert_int_equal(tg_state_resample(NULL, 0), TG_E_INVALID_ARGUMENT);
    float floats[4];
    uint64_t key[2];
    assert_int_equal(tg_state_observation_tensor(NULL, 0, floats, 4), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_information_json(NULL, 0, &text, &len), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_information_key(NULL, 0, key), TG_E_INVALID_ARGUMENT);
    unsigned char *data = NULL;
    assert_int_equal(tg_state_save(NULL, &data, &len), TG_E_INVALID_ARGUMENT);
    assert_null(data);
    assert_int_equal(tg_state_to_json(NULL, &text, &len), TG_E_INVALID_ARGUMENT);
    assert_null(text);
    out = (tg_state *)&len;
    assert_int_equal(tg_state_load(NULL, 10, NULL, &out, NULL, 0), TG_E_INVALID_ARGUMENT);
    assert_null(out);
    out = (tg_state *)&len;
    assert_int_equal(tg_state_from_json(NULL, 10, NULL, &out, NULL, 0), TG_E_INVALID_ARGUMENT);
    assert_null(out);
    assert_int_equal(tg_state_load((const unsigned char *)"TGSV", 4, NULL, NULL, NULL, 0),
                     TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_from_json("{}", 2, NULL, NULL, NULL, 0), TG_E_INVALID_ARGUMENT);
}

/* NULL output pointers on a live state: refused, state unchanged. */
static void null_outputs(tg_state *st)
{
    size_t len = 0;
    unsigned char *before = tgt_save(st, &len);
    tg_game *g = (tg_game *)tg_state_game(st);
    size_t count = 0, n = 0;
    tg_move moves[8];
    double probs[8];
    assert_int_equal(tg_game_board_json(g, NULL, &n), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_new(g, 1, NULL), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_clone(st, NULL), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_copy(st, NULL), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_copy(NULL, st), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_winners(st, NULL), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_returns(st, NULL, TG_MAX_PLAYERS), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_legal_moves(st, moves, 8, NULL), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_legal_moves(st, NULL, 8, &count), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_chance_outcomes(st, NULL, probs, 8, &count),
                     TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_chance_outcomes(st, moves, NULL, 8, &count),
                     TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_chance_outcomes(st, moves, probs, 8, NULL), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_apply_text(st, NULL), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_sample_chance(st, NULL), TG_E_INVALID_ARGUMENT);
    tg_move m = 0;
    assert_int_equal(tg_state_parse_move(st, NULL, &m), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_parse_move(st, "#0", NULL), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_move_text(st, 0, NULL, 8, &n), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_history(st, moves, 8, NULL), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_history(st, NULL, 8, &count), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_observation_json(st, 0, NULL, &n), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_events_json(st, 0, NULL, &n), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_to_text(st, 0, NULL, &n), TG_E_INVALID_ARGUMENT);
    size_t floats = tg_game_observation_tensor_size(tg_state_game(st));
    assert_int_equal(tg_state_observation_tensor(st, 0, NULL, floats), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_information_json(st, 0, NULL, &n), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_information_key(st, 0, NULL), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_position_key(st, NULL), TG_E_INVALID_ARGUMENT);
    unsigned char *data = NULL;
    assert_int_equal(tg_state_save(st, NULL, &n), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_save(st, &data, NULL), TG_E_INVALID_ARGUMENT);
    assert_null(data);
    assert_int_equal(tg_state_to_json(st, NULL, &n), TG_E_INVALID_ARGUMENT);
    tgt_assert_save_is(st, before, len, "state after calls with NULL outputs");
    tg_free(before);
}

/* Too-small buffers: the needed size is reported and nothing is written,
 * not even inside the part of the buffer that was offered. */
static void small_buffers(tg_state *st)
{
    size_t len = 0;
    unsigned char *before = tgt_save(st, &len);
    tg_move legal[4096];
    size_t n = 0;
    assert_int_equal(tg_state_legal_moves(st, legal, 4096, &n), TG_OK);
    assert_true(n > 0);

    unsigned char canary[64 + 16];
    memset(canary, CANARY, sizeof canary);
    size_t need = 0;
    assert_int_equal(tg_state_move_text(st, legal[0], NULL, 0, &need), TG_E_BUFFER_TOO_SMALL);
    assert_true(need > 0 && need < 64);
    assert_int_equal(tg_state_move_text(st, legal[0], (char *)canary, need, &n),
                     TG_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, need);
    assert_true(all_bytes(canary, CANARY, sizeof canary));
    assert_int_equal(tg_state_move_text(st, legal[0], (char *)canary, 1, NULL),
                     TG_E_BUFFER_TOO_SMALL);
    assert_true(all_bytes(canary, CANARY, sizeof canary));
    assert_int_equal(tg_state_move_text(st, legal[0], (char *)canary, need + 1, &n), TG_OK);
    assert_int_equal(strlen((char *)canary), need);
    assert_true(all_bytes(canary + need + 1, CANARY, sizeof canary - need - 1));

    int players = tg_game_players(tg_state_game(st));
    double ret[TG_MAX_PLAYERS + 1];
    memset(ret, CANARY, sizeof ret);
    tg_status s = tg_state_returns(st, ret, (size_t)players - 1);
    assert_true(s == TG_E_BUFFER_TOO_SMALL || s == TG_E_INVALID_ARGUMENT);
    assert_true(all_bytes(ret, CANARY, sizeof ret));

    uint32_t hist_len = tg_state_history_length(st);
    if (hist_len > 0) {
        tg_move h[1024];
        memset(h, CANARY, sizeof h);
        size_t count = 0;
        assert_int_equal(tg_state_history(st, h, hist_len - 1, &count), TG_E_BUFFER_TOO_SMALL);
        assert_int_equal(count, hist_len);
        assert_true(all_bytes(h, CANARY, sizeof h));
        assert_int_equal(tg_state_history(st, NULL, 0, &count), TG_E_BUFFER_TOO_SMALL);
        assert_int_equal(count, hist_len);
    }
    tgt_assert_save_is(st, before, len, "state after calls with small buffers");
    tg_free(before);
}

static void small_chance_buffers(tg_state *st)
{
    size_t len = 0;
    unsigned char *before = tgt_save(st, &len);
    tg_move moves[4096];
    double probs[4096];
    size_t n = 0;
    assert_int_equal(tg_state_chance_outcomes(st, moves, probs, 4096, &n), TG_OK);
    assert_true(n > 0);
    memset(moves, CANARY, sizeof moves);
    memset(probs, CANARY, sizeof probs);
    size_t count = 0;
    assert_int_equal(tg_state_chance_outcomes(st, moves, probs, n - 1, &count),
                     TG_E_BUFFER_TOO_SMALL);
    assert_int_equal(count, n);
    assert_true(all_bytes(moves, CANARY, sizeof moves));
    assert_true(all_bytes(probs, CANARY, sizeof probs));
    assert_int_equal(tg_state_chance_outcomes(st, NULL, NULL, 0, &count), TG_E_BUFFER_TOO_SMALL);
    assert_int_equal(count, n);
    /* apply_chance's outcome pointer is optional. */
    tg_state *c = NULL;
    assert_int_equal(tg_state_clone(st, &c), TG_OK);
    assert_int_equal(tg_state_apply_chance(c, NULL), TG_OK);
    tg_state_free(c);
    tgt_assert_save_is(st, before, len, "state after chance calls with small buffers");
    tg_free(before);
}

/* Player numbers outside the game, for every call that takes one. */
static void bad_players(tg_state *st)
{
    size_t len = 0;
    unsigned char *before = tgt_save(st, &len);
    int players = tg_game_players(tg_state_game(st));
    const int bad[] = {players, TG_MAX_PLAYERS, 1000, -3, -100, INT_MIN, INT_MAX};
    size_t tensor = tg_game_observation_tensor_size(tg_state_game(st));
    float *floats = calloc(tensor, sizeof *floats);
    uint64_t key[2] = {0, 0};
    assert_non_null(floats);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *out = NULL;
        assert_int_equal(tg_state_observation_json(st, bad[i], &out, NULL),
                         TG_E_INVALID_ARGUMENT);
        assert_int_equal(tg_state_events_json(st, bad[i], &out, NULL), TG_E_INVALID_ARGUMENT);
        assert_int_equal(tg_state_to_text(st, bad[i], &out, NULL), TG_E_INVALID_ARGUMENT);
        assert_int_equal(tg_state_observation_tensor(st, bad[i], floats, tensor),
                         TG_E_INVALID_ARGUMENT);
        assert_int_equal(tg_state_information_json(st, bad[i], &out, NULL),
                         TG_E_INVALID_ARGUMENT);
        assert_int_equal(tg_state_information_key(st, bad[i], key), TG_E_INVALID_ARGUMENT);
        assert_null(out);
        assert_int_equal(tg_state_resample(st, bad[i]), TG_E_INVALID_ARGUMENT);
        assert_true(strlen(tg_state_last_error(st)) > 0);
    }
    /* Viewers are no players: the public and omniscient viewers have no
     * information state and cannot be resampled for. */
    const int viewers[] = {TG_VIEW_PUBLIC, TG_VIEW_OMNISCIENT};
    for (size_t i = 0; i < 2; i++) {
        char *out = NULL;
        assert_int_equal(tg_state_information_json(st, viewers[i], &out, NULL),
                         TG_E_INVALID_ARGUMENT);
        assert_int_equal(tg_state_information_key(st, viewers[i], key), TG_E_INVALID_ARGUMENT);
        assert_int_equal(tg_state_resample(st, viewers[i]), TG_E_INVALID_ARGUMENT);
    }
    assert_int_equal(key[0] | key[1], 0);
    free(floats);
    assert_int_equal(tg_state_resample(st, TG_VIEW_OMNISCIENT), TG_E_INVALID_ARGUMENT);
    tgt_assert_save_is(st, before, len, "state after calls with bad players");
    tg_free(before);
}

static void with_each_game(void (*check)(tg_state *), int want_chance)
{
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        tg_game *g = tgt_game(info->id, NULL);
        tg_state *st = state_at(g, want_chance);
        if (!st)
            printf("%s: never reached a %s decision; check skipped\n", info->id,
                   want_chance ? "chance" : "player");
        else
            check(st);
        tg_state_free(st);
        tg_game_free(g);
    }
}

static void null_outputs_at_player_and_chance(void **state)
{
    (void)state;
    with_each_game(null_outputs, 0);
    with_each_game(null_outputs, 1);
}

static void small_buffers_report_size(void **state)
{
    (void)state;
    with_each_game(small_buffers, 0);
    with_each_game(small_chance_buffers, 1);
}

static void bad_players_are_refused(void **state)
{
    (void)state;
    with_each_game(bad_players, 0);
    with_each_game(bad_players, 1);
}

/* Handles of different games do not mix; equal games do. */
static void other_games_are_a_mismatch(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        tg_game *g = tgt_game(info->id, NULL);
        tg_game *same = tgt_game(info->id, NULL);
        char opts[32];
        int other_players = info->min_players == info->max_players
                                ? info->min_players
                                : (tg_game_players(g) == info->min_players ? info->max_players
                                                                           : info->min_players);
        snprintf(opts, sizeof opts, "players=%d", other_players);
        tg_game *other = tgt_game(info->id, opts);
        tg_state *a = tgt_random_state(g, 3, 20);
        tg_state *b = tgt_random_state(same, 4, 0);
        tg_state *c = tgt_random_state(other, 5, 10);
        size_t len = 0;
        unsigned char *before = tgt_save(c, &len);
        if (other_players != tg_game_players(g)) {
            assert_int_equal(tg_state_copy(c, a), TG_E_MISMATCH);
            assert_false(tg_state_equal(a, c));
            tgt_assert_save_is(c, before, len, "state after a refused copy");
        }
        /* Equal games (two handles, same options) copy freely. */
        assert_int_equal(tg_state_copy(b, a), TG_OK);
        tgt_assert_identical(a, b, "copy between equal games");
        for (size_t j = 0; j < tg_catalogue_count(); j++) {
            if (j == i)
                continue;
            tg_game *h = tgt_game(tg_catalogue_get(j)->id, NULL);
            tg_state *d = tgt_random_state(h, 6, 0);
            assert_int_equal(tg_state_copy(c, d), TG_E_MISMATCH);
            assert_int_equal(tg_state_copy(d, c), TG_E_MISMATCH);
            assert_false(tg_state_equal(c, d));
            tg_state_free(d);
            tg_game_free(h);
        }
        tgt_assert_save_is(c, before, len, "state after refused copies");
        tg_free(before);
        tg_state_free(a);
        tg_state_free(b);
        tg_state_free(c);
        tg_game_free(g);
        tg_game_free(same);
        tg_game_free(other);
    }
}

/* A move legal in one state (of this game or another) but not in this one
 * is refused and changes nothing. */
static void moves_of_other_states_are_refused(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        tg_game *g = tgt_game(tg_catalogue_get(i)->id, NULL);
        tg_state *target = tgt_random_state(g, 31, 40);
        size_t len = 0;
        unsigned char *before = tgt_save(target, &len);
        int refused = 0;
        for (size_t j = 0; j < tg_catalogue_count(); j++) {
            tg_game *h = tgt_game(tg_catalogue_get(j)->id, NULL);
            for (uint32_t steps = 0; steps < 120; steps += 3) {
                tg_state *other = tgt_random_state(h, 32 + steps, steps);
                tg_move moves[4096];
                size_t n = 0;
                assert_int_equal(tg_state_legal_moves(other, moves, 4096, &n), TG_OK);
                for (size_t k = 0; k < n; k++) {
                    if (tg_state_is_legal(target, moves[k]) == TG_OK)
                        continue;
                    assert_int_equal(tg_state_apply(target, moves[k]), TG_E_ILLEGAL_MOVE);
                    refused++;
                }
                tg_state_free(other);
            }
            tg_game_free(h);
        }
        assert_true(refused > 0);
        tgt_assert_save_is(target, before, len, "state after moves of other states");
        tg_free(before);
        tg_state_free(target);
        tg_game_free(g);
    }
}

/* Undo at the root, and a failure message for each refused call. */
static void undo_at_root_and_messages(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        tg_game *g = tgt_game(tg_catalogue_get(i)->id, NULL);
        tg_state *st = NULL;
        assert_int_equal(tg_state_new(g, 11, &st), TG_OK);
        assert_string_equal(tg_state_last_error(st), "");
        assert_int_equal(tg_state_undo(st), TG_E_NOTHING_TO_UNDO);
        assert_true(strlen(tg_state_last_error(st)) > 0);
        assert_int_equal(tg_state_apply(st, UINT32_MAX), TG_E_ILLEGAL_MOVE);
        assert_true(strlen(tg_state_last_error(st)) > 0);
        assert_int_equal(tg_state_apply_text(st, "~nonsense~"), TG_E_PARSE);
        assert_true(strlen(tg_state_last_error(st)) > 0);
        assert_int_equal(tg_state_apply_text(st, ""), TG_E_PARSE);
        char longtext[1000];
        memset(longtext, 'z', sizeof longtext - 1);
        longtext[sizeof longtext - 1] = '\0';
        assert_int_equal(tg_state_apply_text(st, longtext), TG_E_PARSE);
        tg_move m;
        assert_int_equal(tg_state_parse_move(st, "#99999999999999999999", &m), TG_E_PARSE);
        assert_int_equal(tg_state_parse_move(st, "#", &m), TG_E_PARSE);
        assert_int_equal(tg_state_parse_move(st, "#-1", &m), TG_E_PARSE);
        tg_state_free(st);
        tg_game_free(g);
    }
}

/* reset and seed: back to the initial position, same game as a new state. */
static void reset_matches_new(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        tg_game *g = tgt_game(tg_catalogue_get(i)->id, NULL);
        tg_state *played = tgt_random_state(g, 21, 50);
        tg_state *fresh = NULL;
        assert_int_equal(tg_state_new(g, 99, &fresh), TG_OK);
        assert_int_equal(tg_state_reset(played, 99), TG_OK);
        assert_int_equal(tg_state_history_length(played), 0);
        tgt_assert_identical(fresh, played, "reset vs new");
        assert_int_equal(tg_state_seed(played, 5), TG_OK);
        assert_int_equal(tg_state_seed(fresh, 5), TG_OK);
        tgt_assert_identical(fresh, played, "after the same seed");
        tg_state_free(played);
        tg_state_free(fresh);
        tg_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(null_handles),
        cmocka_unit_test(null_outputs_at_player_and_chance),
        cmocka_unit_test(small_buffers_report_size),
        cmocka_unit_test(bad_players_are_refused),
        cmocka_unit_test(other_games_are_a_mismatch),
        cmocka_unit_test(moves_of_other_states_are_refused),
        cmocka_unit_test(undo_at_root_and_messages),
        cmocka_unit_test(reset_matches_new),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
