/* Random playouts: one fully checked game per seed, with a clone shadowing
 * every decision, resampled copies played to the end, a walk back through
 * undo, and a replay proving the seed decides the whole game. */
#include "conf.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

/* Makes the playout's next decision on st and the same one on twin (when
 * given), the twin through the step calls (conf_step.c). Players pick
 * uniformly with rng; chance is drawn by the library, alternately through
 * apply_chance (the twin: step_chance) and through sample_chance + apply
 * (the twin: sample_chance + step; the path of a host that shows the roll
 * before applying it). */
static tg_move conf_decide(conf_ctx *c, tg_state *st, tg_state *twin, conf_rng *rng)
{
    uint32_t k = tg_state_move_number(st);
    tg_move m = (tg_move)-1, m2 = (tg_move)-2;
    tg_status s, s2 = TG_OK;
    if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
        if (k % 2 == 0) {
            s = tg_state_apply_chance(st, &m);
            if (twin)
                s2 = conf_step_draw(c, twin, &m2);
        } else {
            s = tg_state_sample_chance(st, &m);
            if (s == TG_OK)
                s = tg_state_apply(st, m);
            if (twin) {
                s2 = tg_state_sample_chance(twin, &m2);
                if (s2 == TG_OK)
                    s2 = conf_step_move(c, twin, m2);
            }
        }
        if (twin && m2 != m)
            conf_fail(c, "a clone drew chance outcome %u, the original %u", (unsigned)m2,
                      (unsigned)m);
    } else {
        size_t n = conf_legal(c, st);
        m = c->moves[conf_rng_next(rng) % n];
        s = tg_state_apply(st, m);
        if (twin)
            s2 = conf_step_move(c, twin, m);
    }
    if (s != TG_OK || s2 != TG_OK)
        conf_fail(c, "decision %u refused (%s / clone %s): %s", (unsigned)m, tg_status_name(s),
                  tg_status_name(s2), tg_state_last_error(st));
    if (tg_state_move_number(st) != k + 1)
        conf_fail(c, "move number went from %u to %u", (unsigned)k,
                  (unsigned)tg_state_move_number(st));
    if (twin)
        conf_check_step_report(c, st);
    return m;
}

static void conf_check_state(conf_ctx *c, tg_state *st, const tg_state *previous)
{
    conf_check_moves(c, st);
    conf_check_illegal(c, st);
    conf_check_chance(c, st);
    conf_check_outcome(c, st);
    conf_check_valid(c, st);
    if (previous)
        conf_check_history_player(c, st, tg_state_current_player(previous));
    /* JSON views, resampling and save round trips cost the most (a load
     * replays the whole history), so they run at every stride-th state,
     * shifted by the seed so that playouts cover different states, and
     * always at the start and the end of the game. */
    int costly = (c->at_move + c->seed) % c->stride == 0 || c->at_move == 0 ||
                 tg_state_is_terminal(st);
    conf_check_research_state(c, st, costly);
    if (costly) {
        conf_check_views(c, st);
        conf_sample_views(c, st);
        conf_check_no_leak(c, st);
        conf_check_saves(c, st, previous);
        if (((c->at_move + c->seed) / c->stride) % 6 == 0) {
            /* Unknown past: what perfect recall hides then must stay hidden. */
            tg_state *f = conf_forgetful(c, st);
            conf_check_views(c, f);
            conf_sample_views(c, f);
            conf_check_no_leak(c, f);
            tg_state_free(f);
        }
    }
}

/* Plays st to the end with random decisions; returns its final move number. */
static uint32_t conf_play_out(conf_ctx *c, tg_state *st, conf_rng *rng, const char *what)
{
    while (!tg_state_is_terminal(st)) {
        if (tg_state_move_number(st) >= c->max_length)
            conf_fail(c, "%s: still going after max_length %u decisions", what,
                      (unsigned)c->max_length);
        conf_decide(c, st, NULL, rng);
    }
    uint32_t mask = 0;
    if (tg_state_winners(st, &mask) != TG_OK || mask == 0)
        conf_fail(c, "%s: game over after %u decisions with no winner", what,
                  (unsigned)tg_state_move_number(st));
    return tg_state_move_number(st);
}

/* A state resampled for any player is a real position: it plays to a
 * proper end like any other. */
static void conf_check_resample_playable(conf_ctx *c, const tg_state *st)
{
    for (int p = 0; p < c->players; p++) {
        tg_state *r = NULL;
        assert_int_equal(tg_state_clone(st, &r), TG_OK);
        if (tg_state_resample(r, p) != TG_OK)
            conf_fail(c, "resample for player %d: %s", p, tg_state_last_error(r));
        conf_rng rng = {c->seed ^ (0x51EDull * (uint64_t)(p + 1))};
        conf_play_out(c, r, &rng, "resampled game");
        tg_state_free(r);
    }
}

/* True for about one move number in four, scattered by the seed: a
 * sample of states with no period a game's turns could match. */
static int conf_one_in_four(uint32_t k, uint64_t seed)
{
    uint64_t h = ((uint64_t)k + 1) * 0x9E3779B97F4A7C15ull ^ seed;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return (h >> 62) == 0;
}

/* Takes back every decision, comparing with the snapshots taken on the way. */
static void conf_check_undo_walk(conf_ctx *c, tg_state *st, tg_state **snaps, uint32_t n)
{
    /* Every undone state is compared with its snapshot: position, history,
     * keys, and its texts (every view's JSON), which cost the most in long
     * games. The quick runs (stride 16 or more: sanitizers and valgrind)
     * compare the texts at every stride-th state. At the others they
     * render the undone state's events (each shows the last decision's:
     * an event of a rare kind is seen only there) and, at one state in
     * four picked by a hash of the move number and the seed (no turn's
     * rhythm lines up with it), its observations and information states,
     * which grow with the history: rendered at every state they cost half
     * of a quick run. The library code reached is the same, option set by
     * option set (scripts/conformance_coverage.py, docs/testing.md). */
    int every = c->stride < 16;
    for (uint32_t k = n; k-- > 0;) {
        c->at_move = k;
        tg_status s = tg_state_undo(st);
        if (s != TG_OK)
            conf_fail(c, "undo back to move %u gave %s", (unsigned)k, tg_status_name(s));
        if (every || k == 0 || (k + c->seed) % c->stride == 0)
            conf_assert_same_everywhere(c, snaps[k], st, "after undo");
        else {
            conf_assert_same_state(c, snaps[k], st, "after undo");
            conf_render_texts(c, st, conf_one_in_four(k, c->seed));
        }
    }
    size_t len = 0;
    unsigned char *save = tgt_save(st, &len);
    tg_status s = tg_state_undo(st);
    if (s != TG_E_NOTHING_TO_UNDO)
        conf_fail(c, "undo at the root gave %s", tg_status_name(s));
    tgt_assert_save_is(st, save, len, "state after undo at the root");
    tg_free(save);
}

/* The same seed replayed without any checks must give the same game, move
 * for move, and the same final bytes (RNG included): the checks must not
 * disturb the state either. */
static void conf_check_replay(conf_ctx *c, const tg_state *checked)
{
    tg_state *again = NULL;
    assert_int_equal(tg_state_new(c->game, c->seed, &again), TG_OK);
    conf_rng rng = {c->seed};
    conf_play_out(c, again, &rng, "replay");
    conf_assert_same_everywhere(c, checked, again, "replay of the same seed");
    tgt_assert_identical(checked, again, "replay of the same seed");
    tg_state_free(again);
}

void conf_play_checked(conf_ctx *c, uint64_t seed)
{
    c->seed = seed;
    c->at_move = 0;
    conf_rng rng = {seed};
    tg_state *st = NULL;
    tg_status s = tg_state_new(c->game, seed, &st);
    if (s != TG_OK)
        conf_fail(c, "state_new gave %s", tg_status_name(s));
    tg_state **snaps = calloc((size_t)c->max_length + 1, sizeof *snaps);
    assert_non_null(snaps);
    /* One point per game, spread over the opening, where resampled copies
     * are played to the end (doing it at every point would be quadratic). */
    uint32_t resample_at = (uint32_t)(seed % 64);
    /* Histories parted at the first chance point (where the games deal what
     * is hidden) and at one more decision in the opening, for the
     * information keys (conf_information.c). */
    uint32_t part_at = (uint32_t)((seed * 13 + 5) % 48);
    int dealt = 0;
    uint32_t n = 0;
    while (!tg_state_is_terminal(st)) {
        c->at_move = n;
        if (n >= c->max_length)
            conf_fail(c, "still going after max_length %u decisions", (unsigned)c->max_length);
        if (tg_state_move_number(st) != n || tg_state_history_length(st) != n)
            conf_fail(c, "move number %u, history %u, want %u", (unsigned)tg_state_move_number(st),
                      (unsigned)tg_state_history_length(st), (unsigned)n);
        assert_int_equal(tg_state_clone(st, &snaps[n]), TG_OK);
        tgt_assert_identical(st, snaps[n], "fresh clone");
        conf_check_state(c, st, n ? snaps[n - 1] : NULL);
        if (n == resample_at)
            conf_check_resample_playable(c, st);
        if (!dealt && tg_state_current_player(st) == TG_PLAYER_CHANCE) {
            dealt = 1;
            conf_check_information_pairs(c, st, 1);
        }
        if (n == part_at) {
            conf_check_information_pairs(c, st, 2);
            conf_check_information_resampled(c, st, 3);
        }

        tg_state *twin = NULL;
        assert_int_equal(tg_state_clone(st, &twin), TG_OK);
        tg_move m = conf_decide(c, st, twin, &rng);
        tgt_assert_identical(st, twin, "clone after the same decision");
        tg_state_free(twin);
        tg_move last = (tg_move)-1;
        size_t hn = 0;
        tg_move *hist = calloc((size_t)n + 1, sizeof *hist);
        assert_non_null(hist);
        s = tg_state_history(st, hist, (size_t)n + 1, &hn);
        if (s == TG_OK && hn == (size_t)n + 1)
            last = hist[n];
        free(hist);
        if (last != m)
            conf_fail(c, "history ends with %u, the decision was %u", (unsigned)last, (unsigned)m);
        n++;
    }
    c->at_move = n;
    conf_check_state(c, st, n ? snaps[n - 1] : NULL);
    uint32_t mask = 0;
    if (tg_state_winners(st, &mask) != TG_OK || mask == 0)
        conf_fail(c, "game over with no winner");
    conf_check_samples(c);
    conf_check_replay(c, st);
    conf_check_undo_walk(c, st, snaps, n);
    for (uint32_t k = 0; k < n; k++)
        tg_state_free(snaps[k]);
    free(snaps);
    tg_state_free(st);
    c->games++;
    c->decisions += n;
    if (n > c->longest)
        c->longest = n;
}
