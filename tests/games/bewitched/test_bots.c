/* Bewitched for computer players: resampling depends only on what the seat
 * knows and the RNG (a position already re-drawn for a seat re-draws to the
 * same result as the original with the same seed), the easy rule of thumb,
 * and the quick legality check agreeing with the move list. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "boardgames/bot.h"
#include "test_support.h"
#include "support.h"

static tg_state *bw_resampled(const tg_state *st, uint64_t seed, int seat)
{
    tg_state *out = NULL;
    assert_int_equal(tg_state_clone(st, &out), TG_OK);
    assert_int_equal(tg_state_seed(out, seed), TG_OK);
    assert_int_equal(tg_state_resample(out, seat), TG_OK);
    return out;
}

static void bw_check_canonical(const tg_state *st, int players)
{
    for (int seat = 0; seat < players; seat++) {
        tg_state *s2 = bw_resampled(st, 11, seat);
        tg_state *from_true = bw_resampled(st, 29, seat);
        tg_state *from_guess = bw_resampled(s2, 29, seat);
        assert_true(tg_state_equal(from_true, from_guess));
        tg_state_free(s2);
        tg_state_free(from_true);
        tg_state_free(from_guess);
    }
}

static void test_resample_is_canonical(void **state)
{
    (void)state;
    static const char *const opts[] = {"players=2", "players=3", "players=4"};
    for (int o = 0; o < 3; o++) {
        tg_game *g = tgt_game("bewitched", opts[o]);
        /* every step of the setup draw, then positions deeper in the game */
        tg_state *st = NULL;
        assert_int_equal(tg_state_new(g, 5 + (uint64_t)o, &st), TG_OK);
        for (int step = 0; step < 20 && tg_state_current_player(st) == TG_PLAYER_CHANCE; step++) {
            bw_check_canonical(st, o + 2);
            assert_int_equal(tg_state_apply_chance(st, NULL), TG_OK);
        }
        tg_state_free(st);
        for (uint32_t d = 1; d < 200; d += 13) {
            st = tgt_random_state(g, 100 + d, d);
            bw_check_canonical(st, o + 2);
            tg_state_free(st);
        }
        tg_game_free(g);
    }
}

/* The easy rule of thumb: red's frog 1 carries the prince's book (red has
 * looked inside) two steps from home; going home wins, so every move the
 * easy bot ranks first goes home and wins, ahead of every other move. */
static void test_easy_goes_home_with_prince(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, "{" BW_RED_AT("6", "\"red\"", "\"red\"") "," BW_BOOK0_ON_FROG0
                                  ",\"prince\":0,\"dice\":[5,6]}");
    tg_game *g = tgt_game("bewitched", "players=2");
    tg_bot_params params = TG_BOT_PARAMS_INIT;
    params.level = TG_BOT_EASY;
    tg_bot *bot = NULL;
    assert_int_equal(tg_bot_new(g, 0, &params, &bot), TG_OK);
    tg_move moves[512];
    double scores[512];
    size_t n = 0;
    assert_int_equal(tg_bot_hint(bot, st, moves, scores, 512, &n), TG_OK);
    assert_true(n > 2);
    size_t wins = 0;
    for (size_t i = 0; i < n; i++) {
        tg_state *after = NULL;
        assert_int_equal(tg_state_clone(st, &after), TG_OK);
        assert_int_equal(tg_state_apply(after, moves[i]), TG_OK);
        int won = tg_state_is_terminal(after);
        tg_state_free(after);
        if (!won)
            break;
        wins++;
    }
    assert_true(wins > 0 && wins < n);
    assert_true(scores[0] > scores[wins]);
    tg_bot_free(bot);
    tg_game_free(g);
    tg_state_free(st);
}

static void bw_check_ids(const tg_state *st, uint32_t count)
{
    static tg_move moves[4096];
    size_t n = 0;
    assert_int_equal(tg_state_legal_moves(st, moves, 4096, &n), TG_OK);
    size_t next = 0;
    for (uint32_t id = 0; id < count; id++) {
        int listed = 0;
        for (size_t i = 0; i < n; i++)
            listed |= moves[i] == id;
        int quick = tg_state_is_legal(st, id) == TG_OK;
        if (listed != quick)
            fail_msg("move %u: listed %d, is_legal %d", (unsigned)id, listed, quick);
        next += (size_t)listed;
    }
    assert_int_equal(next, n);
}

static void test_is_legal_agrees(void **state)
{
    (void)state;
    tg_game *g = tgt_game("bewitched", "players=3");
    uint32_t count = tg_game_move_count(g);
    for (uint32_t seed = 1; seed <= 12; seed++) {
        tg_state *st = tgt_random_state(g, seed, seed * 37);
        if (!tg_state_is_terminal(st))
            bw_check_ids(st, count);
        tg_state_free(st);
    }
    tg_game_free(g);
}

int bw_run_bots(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_resample_is_canonical),
        cmocka_unit_test(test_easy_goes_home_with_prince),
        cmocka_unit_test(test_is_legal_agrees),
    };
    return cmocka_run_group_tests_name("bewitched bots", tests, NULL, NULL);
}
