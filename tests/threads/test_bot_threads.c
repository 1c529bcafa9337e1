/* Bots on threads: a hard bot of every game decides on a thread with a
 * 64 KiB stack (less than musl's default of 128 KiB), since its lists live
 * in the bot rather than on the stack; and a stop sent from another thread
 * ends a long search. Run under ThreadSanitizer by the test command. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include <cmocka.h>

#include "support.h"

enum { SMALL_STACK = 64 * 1024 };

typedef struct job {
    tg_bot *bot;
    const tg_state *state;
    tg_status chose, hinted;
    tg_move move;
    size_t ranked;
} job;

static void *decide(void *arg)
{
    job *j = arg;
    j->chose = tg_bot_choose(j->bot, j->state, &j->move);
    static tg_move moves[4096];
    static double scores[4096];
    j->hinted = tg_bot_hint(j->bot, j->state, moves, scores, 4096, &j->ranked);
    return NULL;
}

/* Runs fn(arg) on a new thread with a stack of `bytes`, and waits for it. */
static void run_on_stack(size_t bytes, void *(*fn)(void *), void *arg)
{
    pthread_attr_t attr;
    pthread_t t;
    assert_int_equal(pthread_attr_init(&attr), 0);
    assert_int_equal(pthread_attr_setstacksize(&attr, bytes), 0);
    assert_int_equal(pthread_create(&t, &attr, fn, arg), 0);
    assert_int_equal(pthread_join(t, NULL), 0);
    pthread_attr_destroy(&attr);
}

static void a_hard_bot_thinks_on_a_small_stack(void **unused)
{
    (void)unused;
    /* The same 64 KiB under ASan and TSan, whose frames are larger. */
    size_t stack = SMALL_STACK;
    for (size_t gi = 0; gi < tg_catalogue_count(); gi++) {
        const tg_game_info *info = tg_catalogue_get(gi);
        tg_game *g = NULL;
        assert_int_equal(tg_game_new(info->id, NULL, NULL, &g, NULL, 0), TG_OK);
        tg_state *st = tgt_player_state(g, 11, 9);
        tg_bot_params p = TG_BOT_PARAMS_INIT;
        p.level = TG_BOT_HARD;
        p.simulations = 150;
        tg_bot *bot = NULL;
        assert_int_equal(tg_bot_new(g, tg_state_current_player(st), &p, &bot), TG_OK);
        job j = {bot, st, TG_E_INVALID_ARGUMENT, TG_E_INVALID_ARGUMENT, 0, 0};
        run_on_stack(stack, decide, &j);
        assert_int_equal(j.chose, TG_OK);
        assert_int_equal(j.hinted, TG_OK);
        assert_int_equal(tg_state_is_legal(st, j.move), TG_OK);
        assert_true(j.ranked > 0);
        assert_int_equal(tg_bot_last_simulations(bot), 150);
        printf("%s: a hard bot chose on a %zu KiB stack\n", info->id, stack / 1024);
        tg_bot_free(bot);
        tg_state_free(st);
        tg_game_free(g);
    }
}

static void *think_long(void *arg)
{
    job *j = arg;
    j->chose = tg_bot_choose(j->bot, j->state, &j->move);
    return NULL;
}

static void a_stop_from_another_thread_ends_a_long_search(void **unused)
{
    (void)unused;
    if (tg_catalogue_count() == 0)
        return;
    tg_game *g = NULL;
    assert_int_equal(tg_game_new(tg_catalogue_get(0)->id, NULL, NULL, &g, NULL, 0), TG_OK);
    tg_state *st = tgt_player_state(g, 8, 4);
    tg_bot_params p = TG_BOT_PARAMS_INIT;
    p.level = TG_BOT_HARD;
    p.simulations = 5000000;
    tg_bot *bot = NULL;
    assert_int_equal(tg_bot_new(g, tg_state_current_player(st), &p, &bot), TG_OK);
    job j = {bot, st, TG_E_INVALID_ARGUMENT, TG_E_INVALID_ARGUMENT, 0, 0};
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, think_long, &j), 0);
    struct timespec pause = {0, 30 * 1000 * 1000};
    nanosleep(&pause, NULL);
    tg_bot_stop(bot);
    assert_int_equal(pthread_join(t, NULL), 0);
    assert_int_equal(j.chose, TG_OK);
    assert_true(tg_bot_last_simulations(bot) < 5000000);
    assert_int_equal(tg_state_is_legal(st, j.move), TG_OK);
    tg_bot_free(bot);
    tg_state_free(st);
    tg_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_hard_bot_thinks_on_a_small_stack),
        cmocka_unit_test(a_stop_from_another_thread_ends_a_long_search),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
