/* Witches' Dance for computer players: resampling depends only on what the
 * seat knows, the easy rule of thumb ranks moves as documented, and the
 * is_legal shortcut agrees with the move list. */
#include "test_support.h"

#include <stdio.h>
#include <string.h>

/* S2 is S re-drawn for the seat, so the seat cannot tell S and S2 apart;
 * re-drawing both with one seed must then give one position. Returns
 * non-zero when some draw differed from S (the check was not vacuous). */
static int wd_check_canonical(const tg_state *st, int seat, const char *what)
{
    int moved = 0;
    for (uint64_t a = 1; a <= 3; a++) {
        tg_state *s2 = wd_resampled(st, seat, a);
        moved |= !tg_state_equal(s2, st);
        for (uint64_t b = 11; b <= 12; b++) {
            tg_state *x = wd_resampled(st, seat, b);
            tg_state *y = wd_resampled(s2, seat, b);
            if (!tg_state_equal(x, y))
                fail_msg("%s, seat %d, seeds %u/%u: the draw depends on the true colours",
                         what, seat, (unsigned)a, (unsigned)b);
            tg_state_free(x);
            tg_state_free(y);
        }
        tg_state_free(s2);
    }
    return moved;
}

static void test_resample_depends_only_on_what_the_seat_knows(void **state)
{
    (void)state;
    int moved = 0;
    for (int players = 2; players <= 6; players++) {
        char opts[32];
        snprintf(opts, sizeof opts, "players=%d", players);
        tg_game *g = tgt_game("witches_dance", opts);
        for (uint64_t seed = 1; seed <= 3; seed++) {
            /* Of unknown past: with perfect recall from the start every hat
             * is known to all (entering is public), nothing to redraw. */
            tg_state *played = tgt_random_state(g, seed, (uint32_t)(40 + 60 * seed));
            tg_state *st = wd_forgetful(played);
            tg_state_free(played);
            for (int seat = 0; seat < players; seat++) {
                char what[64];
                snprintf(what, sizeof what, "%s seed %u", opts, (unsigned)seed);
                moved |= wd_check_canonical(st, seat, what);
            }
            tg_state_free(st);
        }
        tg_game_free(g);
    }
    assert_true(moved);
}

/* A peek pins its space for the peeker only; a push pins its target for all. */
static void test_resample_canonical_after_peek_and_push(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(
        WD_POS("players=3", "{\"phase\":\"choose\",\"die\":6,\"circle\":{"
                            "\"yellow\":[20,30,31,32],\"red\":[5,9],\"lightblue\":[14,33]}}"));
    tgt_apply(st, "peek5");
    for (int seat = 0; seat < 3; seat++)
        assert_true(wd_check_canonical(st, seat, "after a peek"));
    tg_state_free(st);

    st = tgt_from_json(WD_POS("players=3", "{\"phase\":\"choose\",\"die\":3,\"circle\":{"
                                           "\"yellow\":[10,20,30,31],\"red\":[13],"
                                           "\"lightblue\":[6,35]}}"));
    tgt_apply(st, "10");
    for (int seat = 0; seat < 3; seat++)
        assert_true(wd_check_canonical(st, seat, "after a push"));
    tg_state_free(st);
}

/* Yellow (player 0, exit 27) has every witch dancing, all of them yellow,
 * so the re-drawn position is the true one. With a 3: the witch on 25
 * reaches the exit, 13 and 20 step on, and 10 lands on 13 and pushes its
 * own witch back 7. */
#define WD_EASY_POSITION \
    WD_POS("players=3",  \
           "{\"phase\":\"choose\",\"die\":3,\"circle\":{\"yellow\":[10,13,20,25]}}")

static double wd_hint_score(const tg_move *moves, const double *scores, size_t n,
                            const tg_state *st, const char *text)
{
    tg_move want;
    assert_int_equal(tg_state_parse_move(st, text, &want), TG_OK);
    for (size_t i = 0; i < n; i++)
        if (moves[i] == want)
            return scores[i];
    fail_msg("move %s missing from the hint", text);
    return 0;
}

static size_t wd_easy_hint(const tg_state *st, uint64_t seed, tg_move *moves, double *scores)
{
    tg_bot_params p = TG_BOT_PARAMS_INIT;
    p.level = TG_BOT_EASY;
    p.seed = seed;
    tg_bot *bot = NULL;
    assert_int_equal(tg_bot_new((tg_game *)tg_state_game(st), 0, &p, &bot), TG_OK);
    size_t n = 0;
    assert_int_equal(tg_bot_hint(bot, st, moves, scores, 16, &n), TG_OK);
    tg_bot_free(bot);
    return n;
}

static void test_easy_prefers_take_off_then_progress_then_no_self_push(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(WD_EASY_POSITION);
    tg_move moves[16];
    double scores[16];
    size_t n = wd_easy_hint(st, 3, moves, scores);
    assert_int_equal(n, 4);
    double takeoff = wd_hint_score(moves, scores, n, st, "25");
    double step = wd_hint_score(moves, scores, n, st, "20");
    assert_true(takeoff > step);
    assert_true(step == wd_hint_score(moves, scores, n, st, "13"));
    assert_true(step > wd_hint_score(moves, scores, n, st, "10"));
    /* Seed 3 is no whim: the bot's choice leads the hint. */
    tg_move best;
    assert_int_equal(tg_state_parse_move(st, "25", &best), TG_OK);
    assert_int_equal(moves[0], best);
    tg_state_free(st);
}

static void test_easy_takes_off_its_own_witch_rather_than_dance(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(WD_EASY_POSITION);
    tgt_apply(st, "25");
    tg_move moves[16];
    double scores[16];
    size_t n = wd_easy_hint(st, 3, moves, scores);
    assert_int_equal(n, 2);
    assert_true(wd_hint_score(moves, scores, n, st, "takeoff") >
                wd_hint_score(moves, scores, n, st, "dance"));
    tg_state_free(st);
}

/* Every move id, legal or not, in many positions: the single-move answer
 * must match the move list. */
static void test_is_legal_agrees_with_the_move_list(void **state)
{
    (void)state;
    const char *option_sets[] = {"players=2", "players=3,early_peek=yes", "players=4",
                                 "players=6,entry=past"};
    for (size_t o = 0; o < sizeof option_sets / sizeof *option_sets; o++) {
        tg_game *g = tgt_game("witches_dance", option_sets[o]);
        uint32_t count = tg_game_move_count(g);
        for (uint64_t seed = 1; seed <= 40; seed++) {
            tg_state *st = tgt_random_state(g, seed, (uint32_t)(seed * 7));
            tg_move legal[64];
            size_t n = 0;
            assert_int_equal(tg_state_legal_moves(st, legal, 64, &n), TG_OK);
            size_t k = 0;
            for (tg_move m = 0; m < count + 2; m++) {
                int listed = k < n && legal[k] == m;
                k += listed;
                if ((tg_state_is_legal(st, m) == TG_OK) != listed)
                    fail_msg("%s seed %u: move %u legal %d, listed %d", option_sets[o],
                             (unsigned)seed, (unsigned)m, !listed, listed);
            }
            tg_state_free(st);
        }
        tg_game_free(g);
    }
}

int wd_run_bots(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_resample_depends_only_on_what_the_seat_knows),
        cmocka_unit_test(test_resample_canonical_after_peek_and_push),
        cmocka_unit_test(test_easy_prefers_take_off_then_progress_then_no_self_push),
        cmocka_unit_test(test_easy_takes_off_its_own_witch_rather_than_dance),
        cmocka_unit_test(test_is_legal_agrees_with_the_move_list),
    };
    return cmocka_run_group_tests_name("witches_dance bots", tests, NULL, NULL);
}
