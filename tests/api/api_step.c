/* tg_state_step() and tg_state_step_chance(): one call per decision. Over
 * random games of every game and option set they must do exactly what
 * apply, apply_chance, current_player and legal_moves do together (the
 * same lists, the same chance draws from the same RNG, byte-identical
 * saves); every argument is checked, and a rejected call changes nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

enum { CAP = 4096, UNTOUCHED = 0x5a5a5a5a, SETS = 64 };

/* A list filled with a mark, to see whether a call wrote it. */
static void mark(tg_move *moves, size_t n)
{
    for (size_t i = 0; i < n; i++)
        moves[i] = UNTOUCHED;
}

static void assert_marked(const tg_move *moves, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (moves[i] != UNTOUCHED)
            fail_msg("a rejected step wrote entry %zu of the list", i);
}

/* The reference: what the separate calls report for the position. */
static void reference(const tg_state *st, int *player, tg_move *moves, size_t *count)
{
    *player = tg_state_current_player(st);
    assert_int_equal(tg_state_legal_moves(st, moves, CAP, count), TG_OK);
}

static void assert_same_list(const tg_move *a, size_t na, const tg_move *b, size_t nb,
                             const char *where)
{
    if (na != nb)
        fail_msg("%s: the step listed %zu entries, tg_state_legal_moves %zu", where, na, nb);
    if (na && memcmp(a, b, na * sizeof *a) != 0)
        fail_msg("%s: the step's list differs from tg_state_legal_moves'", where);
}

/* Plays one random game twice from the same seed: state a by steps, state b
 * by the separate calls. At chance, decision k of the game alternates
 * between a drawn outcome (step_chance against apply_chance) and an
 * outcome named by the host (step against apply). */
static unsigned play_both_ways(tg_game *g, uint64_t seed, const char *options)
{
    tg_state *a = NULL, *b = NULL;
    tg_move *la = malloc(CAP * sizeof *la), *lb = malloc(CAP * sizeof *lb);
    assert_non_null(la);
    assert_non_null(lb);
    assert_int_equal(tg_state_new(g, seed, &a), TG_OK);
    assert_int_equal(tg_state_new(g, seed, &b), TG_OK);
    size_t cap = tg_game_max_legal_moves(g), na = 0, nb = 0;
    int pa, pb;
    reference(a, &pa, la, &na);
    uint64_t pick = seed;
    unsigned decisions = 0;
    char where[TGT_OPTIONS_MAX + 64];
    while (pa != TG_PLAYER_TERMINAL) {
        snprintf(where, sizeof where, "%s [%s] seed %llu decision %u", tg_game_id(g), options,
                 (unsigned long long)seed, decisions);
        assert_true(na > 0);
        pick = pick * 6364136223846793005ull + 1442695040888963407ull;
        tg_move m = la[(pick >> 33) % na];
        if (pa == TG_PLAYER_CHANCE && decisions % 2 == 0) {
            tg_move drawn = UNTOUCHED, want = UNTOUCHED;
            assert_int_equal(tg_state_step_chance(a, &drawn, &pa, la, cap, &na), TG_OK);
            assert_int_equal(tg_state_apply_chance(b, &want), TG_OK);
            if (drawn != want)
                fail_msg("%s: step_chance drew %u, apply_chance %u", where, (unsigned)drawn,
                         (unsigned)want);
        } else {
            assert_int_equal(tg_state_step(a, m, &pa, la, cap, &na), TG_OK);
            assert_int_equal(tg_state_apply(b, m), TG_OK);
        }
        assert_string_equal(tg_state_last_error(a), "");
        reference(b, &pb, lb, &nb);
        if (pa != pb)
            fail_msg("%s: the step says player %d is next, tg_state_current_player %d", where,
                     pa, pb);
        assert_same_list(la, na, lb, nb, where);
        decisions++;
    }
    assert_int_equal(na, 0);
    /* Position, RNG and history alike. */
    tgt_assert_identical(a, b, where);
    tg_state_free(a);
    tg_state_free(b);
    free(la);
    free(lb);
    return decisions;
}

static void does_what_the_separate_calls_do_in_every_game(void **unused)
{
    (void)unused;
    for (size_t gi = 0; gi < tg_catalogue_count(); gi++) {
        const tg_game_info *info = tg_catalogue_get(gi);
        char sets[SETS][TGT_OPTIONS_MAX];
        size_t n = tgt_option_sets(info, sets, SETS);
        unsigned long decisions = 0;
        for (size_t i = 0; i < n && i < SETS; i++) {
            tg_game *g = tgt_game(info->id, sets[i]);
            for (uint64_t seed = 1; seed <= 3; seed++)
                decisions += play_both_ways(g, seed * 1000 + i, sets[i]);
            tg_game_free(g);
        }
        printf("%s: %zu option sets, %lu decisions agree\n", info->id, n, decisions);
        assert_true(decisions > 0);
    }
}

/* Each rejected call below must leave the state's binary save (position,
 * RNG and history) byte for byte as it was, and write neither the player
 * nor the list. */
typedef struct fixture {
    tg_game *game;
    tg_state *st;
    unsigned char *before;
    size_t len;
    size_t cap;
    tg_move moves[CAP];
} fixture;

/* A state some decisions into a game, at a player's turn or at chance. */
static void fixture_at(fixture *f, const char *id, int chance)
{
    f->game = tgt_game(id, NULL);
    f->st = tgt_player_state(f->game, 3, 20);
    while (chance && tg_state_current_player(f->st) != TG_PLAYER_CHANCE) {
        assert_false(tg_state_is_terminal(f->st));
        assert_int_equal(tg_state_playout(f->st, 1, NULL), TG_OK);
    }
    f->before = tgt_save(f->st, &f->len);
    f->cap = tg_game_max_legal_moves(f->game);
    mark(f->moves, CAP);
}

static void fixture_free(fixture *f)
{
    tg_free(f->before);
    tg_state_free(f->st);
    tg_game_free(f->game);
}

/* Fails unless the call gave want, left a message saying needle, and
 * changed nothing it may not. */
#define REJECTED(f, call, want, needle)                                                       \
    do {                                                                                      \
        player = UNTOUCHED;                                                                   \
        tg_status got_ = (call);                                                              \
        if (got_ != (want))                                                                   \
            fail_msg("%s gave %s, not %s", #call, tg_status_name(got_), tg_status_name(want)); \
        if (!strstr(tg_state_last_error((f)->st), needle))                                    \
            fail_msg("%s left the message '%s', which does not say '%s'", #call,               \
                     tg_state_last_error((f)->st), needle);                                   \
        assert_int_equal(player, UNTOUCHED);                                                  \
        assert_marked((f)->moves, CAP);                                                       \
        tgt_assert_save_is((f)->st, (f)->before, (f)->len, #call);                            \
    } while (0)

static void every_argument_is_checked_and_a_refusal_changes_nothing(void **unused)
{
    (void)unused;
    for (size_t gi = 0; gi < tg_catalogue_count(); gi++) {
        for (int chance = 0; chance <= 1; chance++) {
            fixture f;
            fixture_at(&f, tg_catalogue_get(gi)->id, chance);
            tg_state *st = f.st;
            size_t cap = f.cap, count = UNTOUCHED;
            int player = UNTOUCHED;
            tg_move drawn = UNTOUCHED, legal;
            {
                size_t n = 0;
                tg_move list[CAP];
                assert_int_equal(tg_state_legal_moves(st, list, CAP, &n), TG_OK);
                legal = list[0];
            }

            /* No state: nowhere to leave a message, nothing written. */
            assert_int_equal(tg_state_step(NULL, legal, &player, f.moves, cap, &count),
                             TG_E_INVALID_ARGUMENT);
            assert_int_equal(tg_state_step_chance(NULL, &drawn, &player, f.moves, cap, &count),
                             TG_E_INVALID_ARGUMENT);
            assert_int_equal(player, UNTOUCHED);
            assert_int_equal(count, UNTOUCHED);
            assert_int_equal(drawn, UNTOUCHED);
            assert_marked(f.moves, CAP);

            REJECTED(&f, tg_state_step(st, legal, NULL, f.moves, cap, &count),
                     TG_E_INVALID_ARGUMENT, "player pointer");
            REJECTED(&f, tg_state_step(st, legal, &player, f.moves, cap, NULL),
                     TG_E_INVALID_ARGUMENT, "count pointer");
            REJECTED(&f, tg_state_step(st, legal, &player, NULL, cap, &count),
                     TG_E_INVALID_ARGUMENT, "buffer is NULL");
            REJECTED(&f, tg_state_step_chance(st, &drawn, NULL, f.moves, cap, &count),
                     TG_E_INVALID_ARGUMENT, "player pointer");
            REJECTED(&f, tg_state_step_chance(st, &drawn, &player, f.moves, cap, NULL),
                     TG_E_INVALID_ARGUMENT, "count pointer");
            REJECTED(&f, tg_state_step_chance(st, &drawn, &player, NULL, cap, &count),
                     TG_E_INVALID_ARGUMENT, "buffer is NULL");

            /* One entry short of the game's bound is refused before the
             * decision, with the size needed, though this position's next
             * list might well have fitted. */
            char want[96];
            snprintf(want, sizeof want, "holds %zu moves; a step needs room for %zu", cap - 1,
                     cap);
            count = 0;
            REJECTED(&f, tg_state_step(st, legal, &player, f.moves, cap - 1, &count),
                     TG_E_BUFFER_TOO_SMALL, want);
            assert_int_equal(count, cap);
            count = 0;
            REJECTED(&f, tg_state_step_chance(st, &drawn, &player, f.moves, cap - 1, &count),
                     TG_E_BUFFER_TOO_SMALL, want);
            assert_int_equal(count, cap);
            /* NULL and 0 asks for the size. */
            count = 0;
            REJECTED(&f, tg_state_step(st, legal, &player, NULL, 0, &count),
                     TG_E_BUFFER_TOO_SMALL, "holds 0 moves");
            assert_int_equal(count, cap);

            REJECTED(&f, tg_state_step(st, tg_game_move_count(f.game), &player, f.moves, cap,
                                       &count),
                     TG_E_ILLEGAL_MOVE, "not legal");
            REJECTED(&f, tg_state_step(st, UINT32_MAX, &player, f.moves, cap, &count),
                     TG_E_ILLEGAL_MOVE, "not legal");
            if (!chance)
                REJECTED(&f, tg_state_step_chance(st, &drawn, &player, f.moves, cap, &count),
                         TG_E_WRONG_PHASE, "not a chance point");
            assert_int_equal(drawn, UNTOUCHED);

            /* And the same state still steps. */
            count = 0;
            uint32_t made = tg_state_move_number(st);
            if (chance)
                assert_int_equal(tg_state_step_chance(st, &drawn, &player, f.moves, cap, &count),
                                 TG_OK);
            else
                assert_int_equal(tg_state_step(st, legal, &player, f.moves, cap, &count), TG_OK);
            assert_string_equal(tg_state_last_error(st), "");
            assert_int_equal(tg_state_move_number(st), made + 1);
            assert_true(player != (int)UNTOUCHED);
            fixture_free(&f);
        }
    }
}

static void at_the_end_nothing_steps(void **unused)
{
    (void)unused;
    tg_game *g = tgt_game("creepy_cauldron", "players=2");
    tg_state *st = NULL;
    assert_int_equal(tg_state_new(g, 4, &st), TG_OK);
    assert_int_equal(tg_state_playout(st, UINT32_MAX, NULL), TG_OK);
    size_t len = 0, count = 0;
    unsigned char *before = tgt_save(st, &len);
    tg_move moves[CAP];
    int player = UNTOUCHED;
    mark(moves, CAP);
    size_t cap = tg_game_max_legal_moves(g);
    for (tg_move m = 0; m < tg_game_move_count(g); m++)
        assert_int_equal(tg_state_step(st, m, &player, moves, cap, &count), TG_E_ILLEGAL_MOVE);
    assert_non_null(strstr(tg_state_last_error(st), "the game is over"));
    assert_int_equal(tg_state_step_chance(st, NULL, &player, moves, cap, &count),
                     TG_E_WRONG_PHASE);
    assert_int_equal(player, UNTOUCHED);
    assert_marked(moves, CAP);
    tgt_assert_save_is(st, before, len, "a finished game after refused steps");
    tg_free(before);
    tg_state_free(st);
    tg_game_free(g);
}

/* The last decision of a game reports the end: no player, no list. */
static void the_last_step_reports_the_end(void **unused)
{
    (void)unused;
    tg_game *g = tgt_game("witches_dance", "players=2");
    tg_state *st = NULL;
    assert_int_equal(tg_state_new(g, 8, &st), TG_OK);
    size_t cap = tg_game_max_legal_moves(g), count = 0;
    tg_move *moves = malloc(cap * sizeof *moves);
    assert_non_null(moves);
    int player = tg_state_current_player(st);
    assert_int_equal(tg_state_legal_moves(st, moves, cap, &count), TG_OK);
    uint32_t decisions = 0;
    while (player != TG_PLAYER_TERMINAL) {
        assert_true(count > 0);
        if (player == TG_PLAYER_CHANCE)
            assert_int_equal(tg_state_step_chance(st, NULL, &player, moves, cap, &count), TG_OK);
        else
            assert_int_equal(tg_state_step(st, moves[decisions % count], &player, moves, cap,
                                           &count),
                             TG_OK);
        decisions++;
    }
    assert_true(tg_state_is_terminal(st));
    assert_int_equal(count, 0);
    assert_int_equal(tg_state_move_number(st), decisions);
    free(moves);
    tg_state_free(st);
    tg_game_free(g);
}

static void out_of_memory_changes_nothing(void **unused)
{
    (void)unused;
    int fail = 0;
    tg_game *g = tgt_game_failing_memory("spinning_wishes", "players=3", &fail);
    tg_state *st = NULL;
    assert_int_equal(tg_state_new(g, 5, &st), TG_OK);
    /* A fresh state has no history buffer: its first decision allocates. */
    size_t len = 0, count = 0, cap = tg_game_max_legal_moves(g);
    unsigned char *before = tgt_save(st, &len);
    tg_move moves[CAP], first = 0;
    assert_int_equal(tg_state_legal_moves(st, moves, CAP, &count), TG_OK);
    first = moves[0];
    int player = UNTOUCHED, chance = tg_state_current_player(st) == TG_PLAYER_CHANCE;
    mark(moves, CAP);
    fail = 1;
    tg_status drawn = chance ? tg_state_step_chance(st, NULL, &player, moves, cap, &count)
                             : TG_E_NO_MEMORY;
    tg_status named = tg_state_step(st, first, &player, moves, cap, &count);
    fail = 0; /* saving allocates too */
    assert_int_equal(drawn, TG_E_NO_MEMORY);
    assert_int_equal(named, TG_E_NO_MEMORY);
    assert_int_equal(player, UNTOUCHED);
    assert_marked(moves, CAP);
    tgt_assert_save_is(st, before, len, "after steps that ran out of memory");
    assert_int_equal(tg_state_step(st, first, &player, moves, cap, &count), TG_OK);
    tg_free(before);
    tg_state_free(st);
    tg_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(does_what_the_separate_calls_do_in_every_game),
        cmocka_unit_test(every_argument_is_checked_and_a_refusal_changes_nothing),
        cmocka_unit_test(at_the_end_nothing_steps),
        cmocka_unit_test(the_last_step_reports_the_end),
        cmocka_unit_test(out_of_memory_changes_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
