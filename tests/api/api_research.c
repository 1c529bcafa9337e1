/* The 1.3 research calls with the figures each game documents: the split
 * of the move space, the texts of ids that are not legal, the referee's
 * own viewer, who made each decision, the key across undo, and the
 * refusals. The conformance suite holds them to the rest of the API on
 * every game; here they meet the numbers of the rule pages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

/* Plays n random decisions with a fixed choice rule. */
static void play(tg_state *st, int n)
{
    tg_move moves[4096];
    size_t count = 0;
    for (int i = 0; i < n && !tg_state_is_terminal(st); i++) {
        if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
            assert_int_equal(tg_state_apply_chance(st, NULL), TG_OK);
        } else {
            assert_int_equal(tg_state_legal_moves(st, moves, 4096, &count), TG_OK);
            assert_int_equal(tg_state_apply(st, moves[(size_t)i * 7 % count]), TG_OK);
        }
    }
}

static void move_space_split(void **state)
{
    (void)state;
    /* Witches' Dance: the die 0..5 (docs/rules/witches_dance.md). */
    tg_game *wd = tgt_game("witches_dance", "players=4");
    assert_int_equal(tg_game_chance_outcome_count(wd), 6);
    assert_int_equal(tg_game_player_move_count(wd), 87);
    for (tg_move m = 0; m < 93; m++)
        assert_int_equal(tg_game_move_is_chance(wd, m), m < 6);
    assert_int_equal(tg_game_move_is_chance(wd, 93), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_game_has_hidden_information(wd), 1);
    tg_game_free(wd);
    /* Bewitched: 51 of 2886 ids are chance (issue 28's count). */
    tg_game *bw = tgt_game("bewitched", NULL);
    assert_int_equal(tg_game_chance_outcome_count(bw), 51);
    assert_int_equal(tg_game_player_move_count(bw), 2835);
    tg_game_free(bw);
    /* Spinning Wishes: the holders' places are chance only with wheel=random. */
    tg_game *sw = tgt_game("spinning_wishes", NULL);
    tg_game *swr = tgt_game("spinning_wishes", "wheel=random");
    assert_int_equal(tg_game_move_is_chance(sw, 118), 0);
    assert_int_equal(tg_game_move_is_chance(swr, 118), 1);
    assert_int_equal(tg_game_chance_outcome_count(swr), tg_game_chance_outcome_count(sw) + 12);
    tg_game_free(sw);
    tg_game_free(swr);
    /* Creepy Cauldron hides nothing. */
    tg_game *cc = tgt_game("creepy_cauldron", NULL);
    assert_int_equal(tg_game_has_hidden_information(cc), 0);
    tg_game_free(cc);
    assert_int_equal(tg_game_player_move_count(NULL), 0);
    assert_int_equal(tg_game_has_hidden_information(NULL), TG_E_INVALID_ARGUMENT);
}

static void bounds_range_formats_shape(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        tg_game *g = tgt_game(tg_catalogue_get(i)->id, NULL);
        /* Every 1.3 game can go round in circles: the cap is the bound. */
        assert_int_equal(tg_game_length_bound(g), tg_game_max_length(g));
        double lo = -1, hi = -1;
        assert_int_equal(tg_game_utility_range(g, &lo, &hi), TG_OK);
        assert_true(lo == 0.0 && hi == 1.0);
        for (int f = TG_FORMAT_OBSERVATION_TENSOR; f <= TG_FORMAT_OBSERVATION_JSON; f++)
            assert_int_equal(tg_game_format_version(g, f), 1);
        assert_int_equal(tg_game_format_version(g, TG_FORMAT_INFORMATION_TENSOR), 1);
        assert_int_equal(tg_game_format_version(g, 4), TG_E_INVALID_ARGUMENT);
        size_t shape[2] = {0, 0}, rank = 0;
        assert_int_equal(tg_game_observation_tensor_shape(g, shape, 2, &rank), TG_OK);
        assert_int_equal(rank, 1);
        assert_int_equal(shape[0], tg_game_observation_tensor_size(g));
        assert_int_equal(tg_game_observation_tensor_shape(g, NULL, 1, &rank),
                         TG_E_INVALID_ARGUMENT);
        tg_game_free(g);
    }
    assert_int_equal(tg_game_length_bound(NULL), 0);
}

static void text_of(const tg_state *st, tg_move m, const char *want)
{
    char buf[64];
    size_t len = 0;
    assert_int_equal(tg_state_any_move_text(st, m, buf, sizeof buf, &len), TG_OK);
    assert_string_equal(buf, want);
    assert_int_equal(len, strlen(want));
}

static void texts_of_ids_not_legal(void **state)
{
    (void)state;
    tg_game *wd = tgt_game("witches_dance", "players=4");
    tg_state *st = NULL;
    assert_int_equal(tg_state_new(wd, 3, &st), TG_OK);
    text_of(st, 78 + 3, "enter-green"); /* no mover: the colour is named */
    text_of(st, 85, "dance");
    text_of(st, 3, "roll4");
    char small[4];
    size_t len = 0;
    assert_int_equal(tg_state_any_move_text(st, 81, small, sizeof small, &len),
                     TG_E_BUFFER_TOO_SMALL);
    assert_int_equal(len, strlen("enter-green"));
    assert_int_equal(tg_state_any_move_text(st, 93, small, sizeof small, NULL),
                     TG_E_INVALID_ARGUMENT);
    tg_state_free(st);
    tg_game_free(wd);

    tg_game *bw = tgt_game("bewitched", NULL);
    assert_int_equal(tg_state_new(bw, 3, &st), TG_OK);
    /* (slot 1, frog 2, route 6): (1*11 + 1)*128 + 5 */
    text_of(st, (1 * 11 + 1) * 128 + 5, "die2:f2:route6");
    text_of(st, 0 * 128 + 3 * 128, "die1:c1:route1");
    text_of(st, 2844 + 2 * 6 + 4, "roll:3-5");
    tg_state_free(st);
    tg_game_free(bw);

    tg_game *sw = tgt_game("spinning_wishes", NULL);
    assert_int_equal(tg_state_new(sw, 3, &st), TG_OK);
    text_of(st, 283, "ray:none");
    text_of(st, 283 + 1 + 4 * 3 + 3, "ray:slot3,slot4,slot5");
    text_of(st, 283 + 1 + 4 * 11 + 2, "ray:slot11,slot1");
    tg_state_free(st);
    tg_game_free(sw);
}

static void referee_viewer(void **state)
{
    (void)state;
    tg_game *g = tgt_game("witches_dance", "players=3");
    tg_state *st = NULL;
    assert_int_equal(tg_state_new(g, 5, &st), TG_OK);
    play(st, 40);
    size_t n = tg_game_observation_tensor_size(g);
    float *a = calloc(n, sizeof *a), *b = calloc(n, sizeof *b);
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(tg_state_observation_tensor(st, TG_VIEW_OMNISCIENT, a, n), TG_OK);
    assert_int_equal(tg_state_observation_tensor(st, TG_VIEW_REFEREE, b, n), TG_OK);
    assert_memory_equal(a, b, n * sizeof *a);
    char *x = NULL, *y = NULL;
    assert_int_equal(tg_state_observation_json(st, TG_VIEW_OMNISCIENT, &x, NULL), TG_OK);
    assert_int_equal(tg_state_observation_json(st, TG_VIEW_REFEREE, &y, NULL), TG_OK);
    assert_string_equal(x, y);
    tg_free(x);
    tg_free(y);
    /* -3 (TG_PLAYER_INVALID) and -5 are no viewers. */
    assert_int_equal(tg_state_observation_tensor(st, -3, a, n), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_observation_tensor(st, -5, a, n), TG_E_INVALID_ARGUMENT);
    free(a);
    free(b);
    tg_state_free(st);
    tg_game_free(g);
}

static void who_decided_and_keys_across_undo(void **state)
{
    (void)state;
    tg_game *g = tgt_game("bewitched", "players=3");
    tg_state *st = NULL;
    assert_int_equal(tg_state_new(g, 11, &st), TG_OK);
    int who = 7;
    assert_int_equal(tg_state_history_player(st, 0, &who), TG_E_INVALID_ARGUMENT);
    assert_int_equal(who, 7);
    uint64_t keys[301][3][2];
    int movers[300];
    for (int i = 0; i < 300; i++) {
        for (int p = 0; p < 3; p++)
            assert_int_equal(tg_state_information_key(st, p, keys[i][p]), TG_OK);
        movers[i] = tg_state_current_player(st);
        play(st, 1);
    }
    for (uint32_t i = 0; i < 300; i++) {
        assert_int_equal(tg_state_history_player(st, i, &who), TG_OK);
        assert_int_equal(who, movers[i]);
    }
    /* Undo takes each decision out of the digest: every key comes back. */
    for (int i = 299; i >= 0; i--) {
        assert_int_equal(tg_state_undo(st), TG_OK);
        for (int p = 0; p < 3; p++) {
            uint64_t k[2];
            assert_int_equal(tg_state_information_key(st, p, k), TG_OK);
            assert_memory_equal(k, keys[i][p], sizeof k);
        }
    }
    tg_state_free(st);
    tg_game_free(g);
}

static void legal_mask_contract(void **state)
{
    (void)state;
    tg_game *g = tgt_game("creepy_cauldron", NULL);
    tg_state *st = NULL;
    assert_int_equal(tg_state_new(g, 2, &st), TG_OK);
    uint32_t n = tg_game_move_count(g);
    uint8_t *mask = malloc(n);
    assert_non_null(mask);
    memset(mask, 9, n);
    assert_int_equal(tg_state_legal_mask(st, mask, n - 1), TG_E_BUFFER_TOO_SMALL);
    assert_int_equal(mask[0], 9); /* nothing written */
    assert_int_equal(tg_state_legal_mask(st, NULL, n), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_legal_mask(NULL, mask, n), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_state_legal_mask(st, mask, n), TG_OK);
    /* The first decision is the die: ids 0..5 and nothing else. */
    for (uint32_t m = 0; m < n; m++)
        assert_int_equal(mask[m], m < 6);
    free(mask);
    tg_state_free(st);
    tg_game_free(g);
}

/* A state resampled for a player keeps the player's key: it carries the
 * player's own decisions (issue 28: 1.2 gave another key in 12,315 of
 * 13,013 resamples). */
static void resample_keeps_the_key(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        tg_game *g = tgt_game(tg_catalogue_get(i)->id, NULL);
        tg_state *st = NULL, *r = NULL;
        assert_int_equal(tg_state_new(g, 21, &st), TG_OK);
        for (int k = 0; k < 8 && !tg_state_is_terminal(st); k++) {
            play(st, 25);
            for (int p = 0; p < tg_game_players(g); p++) {
                uint64_t a[2], b[2];
                assert_int_equal(tg_state_clone(st, &r), TG_OK);
                assert_int_equal(tg_state_resample(r, p), TG_OK);
                assert_int_equal(tg_state_information_key(st, p, a), TG_OK);
                assert_int_equal(tg_state_information_key(r, p, b), TG_OK);
                assert_memory_equal(a, b, sizeof a);
                tg_state_free(r);
            }
        }
        tg_state_free(st);
        tg_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(move_space_split),
        cmocka_unit_test(bounds_range_formats_shape),
        cmocka_unit_test(texts_of_ids_not_legal),
        cmocka_unit_test(referee_viewer),
        cmocka_unit_test(who_decided_and_keys_across_undo),
        cmocka_unit_test(legal_mask_contract),
        cmocka_unit_test(resample_keeps_the_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
