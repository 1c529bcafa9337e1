/* Computer players, for every registered game: fair (hidden facts the seat
 * cannot see do not change its choice), deterministic, within budget, with
 * hints that agree with the choice, and no allocation while thinking. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include <boardgames/tablegames.h>

/* Plays a seeded random game for `decisions` decisions and stops at a
 * decision of some player; NULL when the game ended first. */
static tg_state *position(tg_game *g, uint64_t seed, unsigned decisions)
{
    tg_state *st = NULL;
    assert_int_equal(tg_state_new(g, seed, &st), TG_OK);
    tg_move moves[4096];
    size_t n;
    for (unsigned i = 0; !tg_state_is_terminal(st); i++) {
        int p = tg_state_current_player(st);
        if (p == TG_PLAYER_CHANCE) {
            assert_int_equal(tg_state_apply_chance(st, NULL), TG_OK);
            continue;
        }
        if (i >= decisions)
            return st;
        assert_int_equal(tg_state_legal_moves(st, moves, 4096, &n), TG_OK);
        assert_int_equal(tg_state_apply(st, moves[(seed + i) % n]), TG_OK);
    }
    tg_state_free(st);
    return NULL;
}

static tg_bot *bot_for(tg_game *g, int seat, tg_bot_level level, uint32_t sims, uint64_t seed)
{
    tg_bot_params p = TG_BOT_PARAMS_INIT;
    p.level = level;
    p.simulations = sims;
    p.seed = seed;
    tg_bot *b = NULL;
    assert_int_equal(tg_bot_new(g, seat, &p, &b), TG_OK);
    return b;
}

static tg_game *game_at(size_t i, int players)
{
    const tg_game_info *info = tg_catalogue_get(i);
    char opts[32];
    snprintf(opts, sizeof opts, "players=%d", players ? players : info->min_players);
    tg_game *g = NULL;
    assert_int_equal(tg_game_new(info->id, opts, NULL, &g, NULL, 0), TG_OK);
    return g;
}

static void bots_cannot_see_hidden_facts(void **unused)
{
    (void)unused;
    for (size_t gi = 0; gi < tg_catalogue_count(); gi++) {
        tg_game *g = game_at(gi, 3 <= tg_catalogue_get(gi)->max_players ? 3 : 0);
        for (unsigned k = 0; k < 6; k++) {
            tg_state *st = position(g, 100 + k, 5 + 17 * k);
            if (!st)
                continue;
            int seat = tg_state_current_player(st);
            for (tg_bot_level level = TG_BOT_EASY; level <= TG_BOT_MEDIUM; level++) {
                tg_bot *bot = bot_for(g, seat, level, 60, 7);
                tg_move first, again;
                assert_int_equal(tg_bot_choose(bot, st, &first), TG_OK);
                assert_int_equal(tg_state_is_legal(st, first), TG_OK);
                /* The same position with everything the seat cannot see re-drawn. */
                for (uint64_t draw = 1; draw <= 4; draw++) {
                    tg_state *other = NULL;
                    assert_int_equal(tg_state_clone(st, &other), TG_OK);
                    assert_int_equal(tg_state_seed(other, draw), TG_OK);
                    assert_int_equal(tg_state_resample(other, seat), TG_OK);
                    assert_int_equal(tg_bot_choose(bot, other, &again), TG_OK);
                    if (again != first)
                        fail_msg("%s: level %d chose %u, but %u after hidden facts changed",
                                 tg_game_id(g), (int)level, (unsigned)first, (unsigned)again);
                    tg_state_free(other);
                }
                tg_bot_free(bot);
            }
            tg_state_free(st);
        }
        tg_game_free(g);
    }
}

static void same_seed_same_choice_and_budget_kept(void **unused)
{
    (void)unused;
    for (size_t gi = 0; gi < tg_catalogue_count(); gi++) {
        tg_game *g = game_at(gi, 0);
        tg_state *st = position(g, 5, 12);
        if (!st) {
            tg_game_free(g);
            continue;
        }
        int seat = tg_state_current_player(st);
        tg_bot *a = bot_for(g, seat, TG_BOT_HARD, 150, 99), *b = bot_for(g, seat, TG_BOT_HARD, 150, 99);
        tg_move ma, mb;
        assert_int_equal(tg_bot_choose(a, st, &ma), TG_OK);
        assert_int_equal(tg_bot_choose(b, st, &mb), TG_OK);
        assert_int_equal(ma, mb);
        assert_int_equal(tg_bot_last_simulations(a), 150);
        /* The hint ranks every legal move, best first, led by the choice. */
        tg_move moves[4096];
        double scores[4096];
        size_t n = 0, legal = 0;
        assert_int_equal(tg_state_legal_moves(st, NULL, 0, &legal), TG_E_BUFFER_TOO_SMALL);
        assert_int_equal(tg_bot_hint(a, st, moves, scores, 4096, &n), TG_OK);
        assert_int_equal(n, legal);
        assert_int_equal(moves[0], ma);
        for (size_t i = 0; i < n; i++)
            assert_true(scores[i] >= 0 && scores[i] <= 1);
        assert_int_equal(tg_bot_hint(a, st, moves, scores, 0, &n), TG_E_BUFFER_TOO_SMALL);
        tg_bot_free(a);
        tg_bot_free(b);
        tg_state_free(st);
        tg_game_free(g);
    }
}

static void bots_refuse_wrong_turns_and_games(void **unused)
{
    (void)unused;
    if (tg_catalogue_count() == 0)
        return;
    tg_game *g = game_at(0, 0);
    tg_bot *bot = NULL;
    assert_int_equal(tg_bot_new(g, -1, NULL, &bot), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_bot_new(g, tg_game_players(g), NULL, &bot), TG_E_INVALID_ARGUMENT);
    tg_bot_params bad = TG_BOT_PARAMS_INIT;
    bad.version = 99;
    assert_int_equal(tg_bot_new(g, 0, &bad, &bot), TG_E_INVALID_ARGUMENT);
    assert_null(bot);
    bot = bot_for(g, 0, TG_BOT_MEDIUM, 10, 1);
    tg_state *st = NULL;
    assert_int_equal(tg_state_new(g, 1, &st), TG_OK);
    tg_move m;
    if (tg_state_current_player(st) != 0)
        assert_int_equal(tg_bot_choose(bot, st, &m), TG_E_WRONG_PHASE);
    assert_int_equal(tg_bot_choose(bot, NULL, &m), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_bot_choose(NULL, st, &m), TG_E_INVALID_ARGUMENT);
    tg_game *other = NULL;
    assert_int_equal(tg_game_new(tg_game_id(g), "players=3", NULL, &other, NULL, 0), TG_OK);
    tg_state *ost = NULL;
    assert_int_equal(tg_state_new(other, 1, &ost), TG_OK);
    assert_int_equal(tg_bot_choose(bot, ost, &m), TG_E_MISMATCH);
    tg_state_free(ost);
    tg_game_free(other);
    tg_state_free(st);
    tg_bot_free(bot);
    tg_bot_free(NULL);
    tg_game_free(g);
}

static void bot_calls_check_their_arguments_and_leave_the_state_alone(void **unused)
{
    (void)unused;
    if (tg_catalogue_count() == 0)
        return;
    tg_game *g = game_at(0, 0);
    tg_state *st = position(g, 21, 7);
    assert_non_null(st);
    tg_bot *bot = bot_for(g, tg_state_current_player(st), TG_BOT_MEDIUM, 30, 2);
    tg_move moves[4096], m;
    double scores[4096];
    size_t n = 0;
    unsigned char *before, *after;
    size_t lb, la;
    assert_int_equal(tg_state_save(st, &before, &lb), TG_OK);
    assert_int_equal(tg_bot_choose(bot, st, &m), TG_OK);
    assert_int_equal(tg_bot_hint(bot, st, moves, scores, 4096, &n), TG_OK);
    assert_int_equal(tg_state_save(st, &after, &la), TG_OK);
    assert_int_equal(lb, la);
    assert_memory_equal(before, after, lb);
    assert_int_equal(tg_bot_choose(bot, st, NULL), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_bot_hint(NULL, st, moves, scores, 4096, &n), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_bot_hint(bot, NULL, moves, scores, 4096, &n), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_bot_hint(bot, st, moves, scores, 4096, NULL), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_bot_hint(bot, st, NULL, scores, 4096, &n), TG_E_INVALID_ARGUMENT);
    tg_bot *none = bot;
    assert_int_equal(tg_bot_new(NULL, 0, NULL, &none), TG_E_INVALID_ARGUMENT);
    assert_null(none);
    assert_int_equal(tg_bot_new(g, 0, NULL, NULL), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_bot_last_simulations(NULL), 0);
    tg_bot_stop(NULL);
    tg_free(before);
    tg_free(after);
    tg_bot_free(bot);
    tg_state_free(st);
    tg_game_free(g);
}

typedef struct counting {
    long allocs;
} counting;

static void *count_alloc(size_t size, void *ud)
{
    ((counting *)ud)->allocs++;
    return malloc(size);
}

static void count_release(void *p, void *ud)
{
    (void)ud;
    free(p);
}

static void thinking_does_not_allocate(void **unused)
{
    (void)unused;
    for (size_t gi = 0; gi < tg_catalogue_count(); gi++) {
        counting c = {0};
        tg_allocator a = {count_alloc, count_release, &c};
        tg_game_params gp = TG_GAME_PARAMS_INIT;
        gp.allocator = &a;
        tg_game *g = NULL;
        assert_int_equal(tg_game_new(tg_catalogue_get(gi)->id, NULL, &gp, &g, NULL, 0), TG_OK);
        tg_state *st = position(g, 3, 9);
        if (!st) {
            tg_game_free(g);
            continue;
        }
        int seat = tg_state_current_player(st);
        tg_bot *bot = bot_for(g, seat, TG_BOT_MEDIUM, 40, 3);
        long before = c.allocs;
        tg_move m;
        for (int i = 0; i < 5; i++)
            assert_int_equal(tg_bot_choose(bot, st, &m), TG_OK);
        assert_int_equal(c.allocs, before);
        tg_bot_free(bot);
        tg_state_free(st);
        tg_game_free(g);
    }
}

static void *stop_soon(void *arg)
{
    struct timespec ts = {0, 20 * 1000 * 1000};
    nanosleep(&ts, NULL);
    tg_bot_stop(arg);
    return NULL;
}

static void stop_ends_a_long_search(void **unused)
{
    (void)unused;
    if (tg_catalogue_count() == 0)
        return;
    tg_game *g = game_at(0, 0);
    tg_state *st = position(g, 8, 4);
    assert_non_null(st);
    tg_bot *bot = bot_for(g, tg_state_current_player(st), TG_BOT_HARD, 5000000, 1);
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, stop_soon, bot), 0);
    tg_move m;
    assert_int_equal(tg_bot_choose(bot, st, &m), TG_OK);
    pthread_join(t, NULL);
    assert_true(tg_bot_last_simulations(bot) < 5000000);
    assert_int_equal(tg_state_is_legal(st, m), TG_OK);
    tg_bot_free(bot);
    tg_state_free(st);
    tg_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bots_cannot_see_hidden_facts),
        cmocka_unit_test(same_seed_same_choice_and_budget_kept),
        cmocka_unit_test(bots_refuse_wrong_turns_and_games),
        cmocka_unit_test(bot_calls_check_their_arguments_and_leave_the_state_alone),
        cmocka_unit_test(thinking_does_not_allocate),
        cmocka_unit_test(stop_ends_a_long_search),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
