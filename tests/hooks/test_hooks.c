/* The optional fast-path hooks of every registered game agree with the
 * general ones they shortcut: uniform_chance() and the die fields with
 * chance(), is_legal() with legal_moves(), apply_turn() with apply() and
 * current_player(). A hook that disagreed would change which outcomes a
 * seed draws or which moves are accepted without any public call showing
 * it, so this test looks at the hooks directly, through the static library. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/handles.h"
#include "core/registry.h"

enum { GAMES_PER_COUNT = 4, IS_LEGAL_EVERY = 5 };

typedef struct hook_tally {
    unsigned long uniform_points; /* chance points the uniform hook claimed */
    unsigned long legal_checks;   /* decisions swept with is_legal */
    unsigned long turn_checks;    /* decisions applied both ways */
} hook_tally;

/* apply_turn() leaves the same block as apply() and returns what
 * current_player() says of it. */
static void check_apply_turn(const tg_game_def *def, const tg_state *st, tg_move m,
                             hook_tally *t)
{
    static unsigned char a[TG_CORE_MAX_BLOCK], b[TG_CORE_MAX_BLOCK];
    const void *cfg = tgH_cfg(st->game);
    if (!def->apply_turn)
        return;
    memcpy(a, tgH_block(st), def->state_size);
    memcpy(b, tgH_block(st), def->state_size);
    int turn = def->apply_turn(cfg, a, m);
    def->apply(cfg, b, m);
    t->turn_checks++;
    if (memcmp(a, b, def->state_size) != 0)
        fail_msg("%s: apply_turn(%u) leaves another block than apply()", def->info.id,
                 (unsigned)m);
    if (turn != def->current_player(cfg, b))
        fail_msg("%s: apply_turn(%u) says %d is to move, current_player() %d", def->info.id,
                 (unsigned)m, turn, def->current_player(cfg, b));
}

static void check_chance_point(const tg_game_def *def, const tg_state *st, hook_tally *t)
{
    static tg_move moves[TG_CORE_MAX_LEGAL];
    static uint32_t weights[TG_CORE_MAX_LEGAL];
    const void *cfg = tgH_cfg(st->game), *block = tgH_block(st);
    size_t n = def->chance(cfg, block, moves, weights);
    tg_move first = 0;
    uint32_t count = def->uniform_chance ? def->uniform_chance(cfg, block, &first) : 0;
    /* A game that names its one die says so for every chance point. */
    if (def->die_faces && (count != def->die_faces || first != def->die_first))
        fail_msg("%s: the die is %u faces from %u, uniform_chance says %u from %u",
                 def->info.id, (unsigned)def->die_faces, (unsigned)def->die_first,
                 (unsigned)count, (unsigned)first);
    if (count == 0)
        return;
    t->uniform_points++;
    if (count != n)
        fail_msg("%s: uniform_chance says %u outcomes, chance() %zu", def->info.id,
                 (unsigned)count, n);
    for (size_t i = 0; i < n; i++)
        if (moves[i] != first + (tg_move)i || weights[i] != weights[0])
            fail_msg("%s: outcome %zu is %u with weight %u; uniform_chance implies %u, equal weights",
                     def->info.id, i, (unsigned)moves[i], (unsigned)weights[i],
                     (unsigned)(first + (tg_move)i));
}

static void check_player_point(const tg_game_def *def, const tg_state *st, hook_tally *t)
{
    static tg_move legal[TG_CORE_MAX_LEGAL];
    const void *cfg = tgH_cfg(st->game), *block = tgH_block(st);
    if (!def->is_legal)
        return;
    size_t n = def->legal_moves(cfg, block, legal);
    t->legal_checks++;
    for (tg_move m = 0; m < st->game->limits.move_count; m++)
        if (!def->is_legal(cfg, block, m) != !tgH_contains(legal, n, m))
            fail_msg("%s: is_legal(%u) disagrees with legal_moves()", def->info.id, (unsigned)m);
}

static void play_and_check(const tg_game_def *def, int players, hook_tally *t)
{
    char options[32], err[256];
    snprintf(options, sizeof options, "players=%d", players);
    tg_game *game = NULL;
    if (tg_game_new(def->info.id, options, NULL, &game, err, sizeof err) != TG_OK)
        fail_msg("%s %s: %s", def->info.id, options, err);
    for (uint64_t seed = 1; seed <= GAMES_PER_COUNT; seed++) {
        tg_state *st = NULL;
        assert_int_equal(tg_state_new(game, seed, &st), TG_OK);
        tg_move moves[TG_CORE_MAX_LEGAL];
        for (uint32_t k = 0; !tg_state_is_terminal(st); k++) {
            if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
                check_chance_point(def, st, t);
                tg_state *peek = NULL;
                tg_move m;
                assert_int_equal(tg_state_clone(st, &peek), TG_OK);
                assert_int_equal(tg_state_sample_chance(peek, &m), TG_OK);
                tg_state_free(peek);
                check_apply_turn(def, st, m, t);
                assert_int_equal(tg_state_apply_chance(st, NULL), TG_OK);
                continue;
            }
            if (k % IS_LEGAL_EVERY == 0)
                check_player_point(def, st, t);
            size_t n = 0;
            assert_int_equal(tg_state_legal_moves(st, moves, TG_CORE_MAX_LEGAL, &n), TG_OK);
            tg_move m = moves[(seed * 7919u + k) % n];
            check_apply_turn(def, st, m, t);
            assert_int_equal(tg_state_apply(st, m), TG_OK);
        }
        tg_state_free(st);
    }
    tg_game_free(game);
}

static void hooks_agree_in_every_game(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < tgG_count(); i++) {
        const tg_game_def *def = tgG_at(i);
        hook_tally t = { 0, 0, 0 };
        for (int p = def->info.min_players; p <= def->info.max_players; p++)
            play_and_check(def, p, &t);
        /* A game that sets a hook must have exercised it here. */
        if (def->uniform_chance && t.uniform_points == 0)
            fail_msg("%s: uniform_chance never claimed a chance point", def->info.id);
        if (def->is_legal && t.legal_checks == 0)
            fail_msg("%s: is_legal never checked", def->info.id);
        if (def->apply_turn && t.turn_checks == 0)
            fail_msg("%s: apply_turn never checked", def->info.id);
        if (def->die_faces && !def->uniform_chance)
            fail_msg("%s: a game with a die names it to uniform_chance too", def->info.id);
        print_message("%s: %lu uniform chance points, %lu is_legal sweeps, %lu apply_turn "
                      "checks\n",
                      def->info.id, t.uniform_points, t.legal_checks, t.turn_checks);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hooks_agree_in_every_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
