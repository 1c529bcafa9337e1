/* A program built against 1.1 keeps 1.1 bots (abi/README.md: a new field's
 * default keeps the old behaviour). Its bot, made with 1.1's version 1
 * tg_bot_params (bot_1_1_caller.c, compiled against the 1.1 headers), must
 * rank every decision of a Witches' Dance game exactly as a 1.2 bot with
 * memory=last does, and the test proves it can tell: a 1.2 bot with
 * memory=full ranks some of those decisions differently. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "bot_1_1_caller.h"
#include "support.h"

enum { SIMULATIONS = 200, SEED = 11, CAP = 256 };

static tg_bot *bot_1_2(tg_game *game, tg_bot_memory memory)
{
    tg_bot_params p;
    assert_int_equal(tg_bot_params_init(&p, TG_BOT_PARAMS_VERSION), TG_OK);
    p.simulations = SIMULATIONS;
    p.seed = SEED;
    p.memory = memory;
    tg_bot *bot = NULL;
    assert_int_equal(tg_bot_new(game, 0, &p, &bot), TG_OK);
    return bot;
}

typedef struct ranking {
    tg_move moves[CAP];
    double scores[CAP];
    size_t count;
} ranking;

static void rank(tg_bot *bot, const tg_state *st, ranking *out)
{
    memset(out, 0, sizeof *out);
    assert_int_equal(tg_bot_hint(bot, st, out->moves, out->scores, CAP, &out->count), TG_OK);
}

static int same(const ranking *a, const ranking *b)
{
    return a->count == b->count && !memcmp(a->moves, b->moves, a->count * sizeof a->moves[0]) &&
           !memcmp(a->scores, b->scores, a->count * sizeof a->scores[0]);
}

static void a_1_1_program_keeps_1_1_bots(void **unused)
{
    (void)unused;
    tg_game *game = tgt_game("witches_dance", "players=2");
    tg_bot *old = NULL;
    assert_int_equal(tgt_bot_new_1_1(game, 0, SIMULATIONS, SEED, &old), TG_OK);
    tg_bot *last = bot_1_2(game, TG_BOT_MEMORY_LAST);
    tg_bot *full = bot_1_2(game, TG_BOT_MEMORY_FULL);

    /* What the library resolved for the old caller. */
    tg_bot_params got;
    assert_int_equal(tg_bot_params_init(&got, TG_BOT_PARAMS_VERSION), TG_OK);
    assert_int_equal(tg_bot_get_params(old, &got), TG_OK);
    assert_int_equal(got.level, TG_BOT_MEDIUM);
    assert_int_equal(got.memory, TG_BOT_MEMORY_LAST);

    tg_state *st = NULL;
    assert_int_equal(tg_state_new(game, 5, &st), TG_OK);
    tg_bot *other = NULL; /* seat 1: a random bot, the same for all three */
    tg_bot_params p1;
    assert_int_equal(tg_bot_params_init(&p1, TG_BOT_PARAMS_VERSION), TG_OK);
    p1.level = TG_BOT_RANDOM;
    p1.seed = 3;
    assert_int_equal(tg_bot_new(game, 1, &p1, &other), TG_OK);

    unsigned decisions = 0, full_differs = 0;
    ranking r_old, r_last, r_full;
    while (!tg_state_is_terminal(st)) {
        int player = tg_state_current_player(st);
        tg_move move;
        if (player == TG_PLAYER_CHANCE) {
            assert_int_equal(tg_state_apply_chance(st, NULL), TG_OK);
            continue;
        }
        if (player == 0) {
            rank(old, st, &r_old);
            rank(last, st, &r_last);
            rank(full, st, &r_full);
            assert_true(same(&r_old, &r_last));
            full_differs += !same(&r_full, &r_last);
            decisions++;
            move = r_last.moves[0];
        } else {
            assert_int_equal(tg_bot_choose(other, st, &move), TG_OK);
        }
        assert_int_equal(tg_state_apply(st, move), TG_OK);
    }
    print_message("%u decisions of seat 0; memory=full ranked %u of them otherwise\n", decisions,
                  full_differs);
    assert_true(decisions > 0);
    assert_true(full_differs > 0);
    tg_state_free(st);
    tg_bot_free(other);
    tg_bot_free(full);
    tg_bot_free(last);
    tg_bot_free(old);
    tg_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_1_1_program_keeps_1_1_bots),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
