/* The optional fast-path hooks of every registered game agree with the
 * general ones they shortcut: uniform_chance() and the die fields with
 * chance(), is_legal() with legal_moves(), apply_turn() with apply() and
 * current_player(), chance_total() and chance_pick() with chance() and
 * the core's general sampler, apply_if_legal() with is_legal() and
 * apply(), apply_chance_turn() with the general sampler and apply(),
 * action_mask() and action_mask_bits() with the legal list mapped to
 * actions, the playout hook
 * with tg_state_playout()'s general loop. A hook that disagreed would
 * change which outcomes a
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

enum { GAMES_PER_COUNT = 4, IS_LEGAL_EVERY = 5, DRAWS_PER_POINT = 8, SWEEP_MAX = 4096 };

typedef struct hook_tally {
    unsigned long uniform_points;  /* chance points the uniform hook claimed */
    unsigned long legal_checks;    /* decisions swept with is_legal */
    unsigned long turn_checks;     /* decisions applied both ways */
    unsigned long weighted_points; /* chance points chance_total() claimed */
    unsigned long picks;           /* numbers chance_pick() was asked about */
    unsigned long draws;           /* draws compared with the general sampler */
    unsigned long if_legal_checks; /* decisions swept with apply_if_legal */
    unsigned long fused_draws;     /* chance points drawn and applied in one call */
    unsigned long masks;           /* decisions whose action_mask was compared */
    unsigned long bit_masks;       /* decisions whose action_mask_bits was compared */
} hook_tally;

/* Option sets beyond the defaults under which a game's hooks take other
 * paths (other weights, no snap, spins by rotation), each played at every
 * player count, hook by hook and through the playout hook. */
static const char *const extra_options[][4] = {
    {"creepy_cauldron", "empty=0", "snap=0,roller=1", "snap=0.95,empty=0.9,snap1=0,roller=6"},
    {"spinning_wishes", "spin=rotation", "wheel=random,princesses=seat", "tower=exact,relook=yes"},
    {"bewitched", "stops=must", "escape_steal=yes,hat_put=no", "stops=must,escape_steal=yes"},
};

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

/* The general sampler, written out: the number below the total weight
 * (tgR_below, or tgR_below64 past 32 bits), and the first outcome whose
 * running sum of weights exceeds it. */
static tg_move general_draw(tg_rng *rng, const tg_move *moves, const uint32_t *weights, size_t n,
                            uint64_t total)
{
    uint64_t r = total <= UINT32_MAX ? tgR_below(rng, (uint32_t)total) : tgR_below64(rng, total);
    size_t i = 0;
    while (i + 1 < n && r >= weights[i])
        r -= weights[i++];
    return moves[i];
}

/* chance_pick(r) for one r, against the outcome whose range holds it. */
static void check_pick(const tg_game_def *def, const tg_state *st, uint64_t r, tg_move want,
                       hook_tally *t)
{
    tg_move got = def->chance_pick(tgH_cfg(st->game), tgH_block(st), r);
    t->picks++;
    if (got != want)
        fail_msg("%s: chance_pick(%llu) is %u; the weights say %u", def->info.id,
                 (unsigned long long)r, (unsigned)got, (unsigned)want);
}

/* chance_total() against the sum of chance()'s weights; chance_pick() at
 * every number when the total is small, else at both ends of every
 * outcome's range and at numbers spread over it; and tg_state_sample_chance()
 * (the core's fast path) against the general sampler from the same RNG
 * states: the same outcome, and the RNG left in the same state. */
static void check_weighted(const tg_game_def *def, const tg_state *st, const tg_move *moves,
                           const uint32_t *weights, size_t n, hook_tally *t)
{
    const void *cfg = tgH_cfg(st->game), *block = tgH_block(st);
    uint64_t total = def->chance_total(cfg, block), sum = 0;
    if (total == 0)
        return;
    t->weighted_points++;
    for (size_t i = 0; i < n; i++)
        sum += weights[i];
    if (total != sum)
        fail_msg("%s: chance_total() is %llu; chance()'s weights add up to %llu", def->info.id,
                 (unsigned long long)total, (unsigned long long)sum);
    uint64_t lo = 0;
    for (size_t i = 0; i < n; lo += weights[i++]) {
        if (weights[i] == 0)
            continue;
        uint64_t hi = lo + weights[i], step = total <= SWEEP_MAX ? 1 : weights[i] / 7 + 1;
        for (uint64_t r = lo; r < hi; r += step)
            check_pick(def, st, r, moves[i], t);
        check_pick(def, st, hi - 1, moves[i], t);
    }
    for (uint64_t k = 0; k < DRAWS_PER_POINT; k++) {
        tg_state *peek = NULL;
        assert_int_equal(tg_state_clone(st, &peek), TG_OK);
        tgR_seed(&peek->rng, t->draws * 7919u + k);
        tg_rng rng = peek->rng;
        tg_move want = general_draw(&rng, moves, weights, n, total), got;
        assert_int_equal(tg_state_sample_chance(peek, &got), TG_OK);
        t->draws++;
        if (got != want || memcmp(&rng, &peek->rng, sizeof rng) != 0)
            fail_msg("%s: the fast draw gave %u, the general sampler %u%s", def->info.id,
                     (unsigned)got, (unsigned)want,
                     got == want ? ", but the RNG moved on differently" : "");
        tg_state_free(peek);
    }
}

/* apply_chance_turn() against the general sampler and apply_turn(), from
 * several RNG states: the same outcome, block, turn and RNG left behind. */
static void check_chance_fused(const tg_game_def *def, const tg_state *st, const tg_move *moves,
                               const uint32_t *weights, size_t n, hook_tally *t)
{
    static unsigned char a[TG_CORE_MAX_BLOCK], b[TG_CORE_MAX_BLOCK];
    const void *cfg = tgH_cfg(st->game);
    if (!def->apply_chance_turn)
        return;
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++)
        total += weights[i];
    for (uint64_t k = 0; k < DRAWS_PER_POINT; k++) {
        tg_rng ra, rb;
        tgR_seed(&ra, t->fused_draws * 104729u + k);
        rb = ra;
        memcpy(a, tgH_block(st), def->state_size);
        memcpy(b, tgH_block(st), def->state_size);
        tg_move got = UINT32_MAX, want = general_draw(&rb, moves, weights, n, total);
        int turn = def->apply_chance_turn(cfg, a, &ra, &got);
        def->apply(cfg, b, want);
        t->fused_draws++;
        if (got != want || memcmp(&ra, &rb, sizeof ra) != 0)
            fail_msg("%s: apply_chance_turn drew %u, the general sampler %u%s", def->info.id,
                     (unsigned)got, (unsigned)want,
                     got == want ? ", but the RNG moved on differently" : "");
        if (memcmp(a, b, def->state_size) != 0 || turn != def->current_player(cfg, b))
            fail_msg("%s: apply_chance_turn(%u) differs from apply()", def->info.id,
                     (unsigned)want);
    }
}

/* apply_if_legal() for every id: TG_PLAYER_INVALID and the block untouched
 * where the id is not in the list (legal moves or chance outcomes), else
 * the block apply() leaves and the turn current_player() then says. */
static void check_apply_if_legal(const tg_game_def *def, const tg_state *st,
                                 const tg_move *list, size_t n, hook_tally *t)
{
    static unsigned char a[TG_CORE_MAX_BLOCK], b[TG_CORE_MAX_BLOCK];
    const void *cfg = tgH_cfg(st->game);
    if (!def->apply_if_legal)
        return;
    t->if_legal_checks++;
    for (tg_move m = 0; m < st->game->limits.move_count; m++) {
        memcpy(a, tgH_block(st), def->state_size);
        memcpy(b, tgH_block(st), def->state_size);
        int turn = def->apply_if_legal(cfg, a, m);
        if (!tgH_contains(list, n, m)) {
            if (turn != TG_PLAYER_INVALID || memcmp(a, b, def->state_size) != 0)
                fail_msg("%s: apply_if_legal(%u) took a move not in the list", def->info.id,
                         (unsigned)m);
            continue;
        }
        def->apply(cfg, b, m);
        if (memcmp(a, b, def->state_size) != 0 || turn != def->current_player(cfg, b))
            fail_msg("%s: apply_if_legal(%u) differs from apply()", def->info.id, (unsigned)m);
    }
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
    check_chance_fused(def, st, moves, weights, n, t);
    if (count == 0) {
        if (def->chance_total)
            check_weighted(def, st, moves, weights, n, t);
        return;
    }
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

/* action_mask() sets exactly the legal moves' actions: over a mask that
 * comes zeroed, and over one that comes with every byte 1 except those it
 * may store into (run zeroed first), so that a byte it should not touch
 * shows. */
static void check_action_mask(const tg_game_def *def, const tg_state *st, const tg_move *legal,
                              size_t n, hook_tally *t)
{
    static uint8_t want[TG_CORE_MAX_LEGAL], got[TG_CORE_MAX_LEGAL], dirty[TG_CORE_MAX_LEGAL];
    const tg_game *g = st->game;
    size_t actions = g->limits.move_count - g->chance_ids;
    if (!def->action_mask || actions > TG_CORE_MAX_LEGAL || tg_state_current_player(st) < 0)
        return;
    memset(want, 0, actions);
    for (size_t i = 0; i < n; i++)
        want[g->action_index[legal[i]]] = 1;
    memset(got, 0, actions);
    def->action_mask(tgH_cfg(g), tgH_block(st), got);
    t->masks++;
    for (size_t a = 0; a < actions; a++)
        if (got[a] != want[a])
            fail_msg("%s: action_mask() says %u of action %zu; the legal list %u", def->info.id,
                     (unsigned)got[a], a, (unsigned)want[a]);
    memset(dirty, 0x5A, actions);
    def->action_mask(tgH_cfg(g), tgH_block(st), dirty);
    for (size_t a = 0; a < actions; a++)
        if (dirty[a] != 0x5A && dirty[a] != want[a])
            fail_msg("%s: action_mask() stored %u into action %zu", def->info.id,
                     (unsigned)dirty[a], a);
}

/* action_mask_bits() sets exactly the legal moves' bits (action a at bit
 * a % 8 of byte a / 8) of a zeroed row, the padding bits left 0; and over
 * a row with every other bit set it still sets every legal bit (it may
 * clear the others, as action_mask() may store 0s) and writes nothing past
 * the row. */
static void check_action_mask_bits(const tg_game_def *def, const tg_state *st,
                                   const tg_move *legal, size_t n, hook_tally *t)
{
    enum { ROW = TG_CORE_MAX_LEGAL / 8 + 1 };
    static uint8_t want[ROW], got[ROW], dirty[ROW + 1];
    const tg_game *g = st->game;
    size_t actions = g->limits.move_count - g->chance_ids;
    size_t stride = TG_BATCH_MASK_BITS_STRIDE(actions);
    if (!def->action_mask_bits || stride > ROW || tg_state_current_player(st) < 0)
        return;
    memset(want, 0, stride);
    for (size_t i = 0; i < n; i++) {
        uint32_t a = g->action_index[legal[i]];
        want[a / 8] |= (uint8_t)(1u << (a % 8));
    }
    memset(got, 0, stride);
    def->action_mask_bits(tgH_cfg(g), tgH_block(st), got);
    t->bit_masks++;
    for (size_t k = 0; k < stride; k++)
        if (got[k] != want[k])
            fail_msg("%s: action_mask_bits() byte %zu is 0x%02x; the legal list 0x%02x",
                     def->info.id, k, (unsigned)got[k], (unsigned)want[k]);
    /* Every bit but the legal ones set beforehand, and a guard byte past
     * the row: the legal bits come out set, the guard untouched. */
    for (size_t k = 0; k < stride; k++)
        dirty[k] = (uint8_t)~want[k];
    dirty[stride] = 0xA5;
    def->action_mask_bits(tgH_cfg(g), tgH_block(st), dirty);
    for (size_t k = 0; k < stride; k++)
        if ((dirty[k] & want[k]) != want[k])
            fail_msg("%s: action_mask_bits() over a dirty row: byte %zu is 0x%02x, legal 0x%02x",
                     def->info.id, k, (unsigned)dirty[k], (unsigned)want[k]);
    if (dirty[stride] != 0xA5)
        fail_msg("%s: action_mask_bits() wrote past its row", def->info.id);
}

static void check_player_point(const tg_game_def *def, const tg_state *st, hook_tally *t)
{
    static tg_move legal[TG_CORE_MAX_LEGAL];
    const void *cfg = tgH_cfg(st->game), *block = tgH_block(st);
    size_t n = def->legal_moves(cfg, block, legal);
    check_apply_if_legal(def, st, legal, n, t);
    check_action_mask(def, st, legal, n, t);
    check_action_mask_bits(def, st, legal, n, t);
    if (!def->is_legal)
        return;
    t->legal_checks++;
    for (tg_move m = 0; m < st->game->limits.move_count; m++)
        if (!def->is_legal(cfg, block, m) != !tgH_contains(legal, n, m))
            fail_msg("%s: is_legal(%u) disagrees with legal_moves()", def->info.id, (unsigned)m);
}

static void play_and_check(const tg_game_def *def, int players, const char *more, hook_tally *t)
{
    char options[128], err[256];
    snprintf(options, sizeof options, "players=%d%s%s", players, more ? "," : "", more ? more : "");
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
                if (k % IS_LEGAL_EVERY == 0)
                    check_player_point(def, st, t);
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
        hook_tally t = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        for (int p = def->info.min_players; p <= def->info.max_players; p++) {
            play_and_check(def, p, NULL, &t);
            for (size_t e = 0; e < sizeof extra_options / sizeof extra_options[0]; e++)
                for (size_t o = 1; o < 4 && !strcmp(extra_options[e][0], def->info.id); o++)
                    play_and_check(def, p, extra_options[e][o], &t);
        }
        /* A game that sets a hook must have exercised it here. */
        if (def->uniform_chance && t.uniform_points == 0)
            fail_msg("%s: uniform_chance never claimed a chance point", def->info.id);
        if (def->is_legal && t.legal_checks == 0)
            fail_msg("%s: is_legal never checked", def->info.id);
        if (def->apply_turn && t.turn_checks == 0)
            fail_msg("%s: apply_turn never checked", def->info.id);
        if (def->die_faces && !def->uniform_chance)
            fail_msg("%s: a game with a die names it to uniform_chance too", def->info.id);
        if (!def->chance_total != !def->chance_pick)
            fail_msg("%s: chance_total and chance_pick come together", def->info.id);
        if (def->chance_total && t.weighted_points == 0)
            fail_msg("%s: chance_total never claimed a chance point", def->info.id);
        if (def->apply_if_legal && !def->apply_turn)
            fail_msg("%s: a game with apply_if_legal provides apply_turn too", def->info.id);
        if (def->apply_if_legal && t.if_legal_checks == 0)
            fail_msg("%s: apply_if_legal never checked", def->info.id);
        if (def->apply_chance_turn && !def->apply_turn)
            fail_msg("%s: a game with apply_chance_turn provides apply_turn too", def->info.id);
        if (def->apply_chance_turn && t.fused_draws == 0)
            fail_msg("%s: apply_chance_turn never checked", def->info.id);
        if (def->action_mask && t.masks == 0)
            fail_msg("%s: action_mask never checked", def->info.id);
        if (def->action_mask_bits && t.bit_masks == 0)
            fail_msg("%s: action_mask_bits never checked", def->info.id);
        print_message("%s: %lu uniform chance points, %lu is_legal sweeps, %lu apply_turn "
                      "checks, %lu weighted points (%lu picks, %lu draws), %lu apply_if_legal "
                      "sweeps, %lu apply_chance_turn draws, %lu action masks, %lu as bits\n",
                      def->info.id, t.uniform_points, t.legal_checks, t.turn_checks,
                      t.weighted_points, t.picks, t.draws, t.if_legal_checks, t.fused_draws, t.masks,
                      t.bit_masks);
    }
}

/* One decision on each state, the same one (chance from the states' RNGs,
 * which start alike), picked by k. */
static void step_both(tg_state *a, tg_state *b, uint32_t k)
{
    tg_move moves[TG_CORE_MAX_LEGAL];
    size_t n = 0;
    if (tg_state_current_player(a) == TG_PLAYER_CHANCE) {
        assert_int_equal(tg_state_apply_chance(a, NULL), TG_OK);
        assert_int_equal(tg_state_apply_chance(b, NULL), TG_OK);
        return;
    }
    assert_int_equal(tg_state_legal_moves(a, moves, TG_CORE_MAX_LEGAL, &n), TG_OK);
    assert_int_equal(tg_state_apply(a, moves[k * 7919u % n]), TG_OK);
    assert_int_equal(tg_state_apply(b, moves[k * 7919u % n]), TG_OK);
}

/* Every seat's information key of two states is the same. */
static void same_keys(const tg_state *a, const tg_state *b, const char *what)
{
    for (int p = 0; p < a->game->players; p++) {
        uint64_t ka[2], kb[2];
        assert_int_equal(tg_state_information_key(a, p, ka), TG_OK);
        assert_int_equal(tg_state_information_key(b, p, kb), TG_OK);
        if (memcmp(ka, kb, sizeof ka) != 0)
            fail_msg("%s: seat %d's key differs %s", a->game->def->info.id, p, what);
    }
}

/* The own-decision digests are folded in lazily (handles.h): a state whose
 * keys were never asked gives the keys of one asked after every decision,
 * after undoing decisions folded in or not, in clones and copies taken
 * before any folding, and after a resample. */
static void lazy_digest_matches_eager(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < tgG_count(); i++) {
        const tg_game_def *def = tgG_at(i);
        char err[256];
        tg_game *game = NULL;
        if (tg_game_new(def->info.id, NULL, NULL, &game, err, sizeof err) != TG_OK)
            fail_msg("%s: %s", def->info.id, err);
        tg_state *eager = NULL, *lazy = NULL;
        assert_int_equal(tg_state_new(game, 5, &eager), TG_OK);
        assert_int_equal(tg_state_new(game, 5, &lazy), TG_OK);
        uint32_t k = 0;
        for (uint32_t round = 1; round <= 6 && !tg_state_is_terminal(eager); round++) {
            for (uint32_t d = 0; d < 40 * round && !tg_state_is_terminal(eager); d++, k++) {
                step_both(eager, lazy, k);
                uint64_t key[2];
                for (int p = 0; p < game->players; p++)
                    assert_int_equal(tg_state_information_key(eager, p, key), TG_OK);
            }
            /* undo over entries never folded, then over folded ones */
            for (int u = 0; u < 3; u++) {
                assert_int_equal(tg_state_undo(eager), TG_OK);
                assert_int_equal(tg_state_undo(lazy), TG_OK);
            }
            same_keys(eager, lazy, "after undo");
            assert_int_equal(tg_state_undo(eager), TG_OK);
            assert_int_equal(tg_state_undo(lazy), TG_OK);
            same_keys(eager, lazy, "after undo of a folded decision");
            for (uint32_t d = 0; d < 9 && !tg_state_is_terminal(eager); d++, k++)
                step_both(eager, lazy, k);
            tg_state *clone = NULL, *copy = NULL;
            assert_int_equal(tg_state_clone(lazy, &clone), TG_OK);
            assert_int_equal(tg_state_new(game, 99, &copy), TG_OK);
            assert_int_equal(tg_state_copy(copy, lazy), TG_OK);
            same_keys(eager, clone, "in a clone");
            same_keys(eager, copy, "in a copy");
            /* A resample of a state with nothing folded in yet: the same
             * decisions replayed onto a new state. */
            static tg_move hist[4096];
            size_t len = 0;
            assert_int_equal(tg_state_history(eager, hist, 4096, &len), TG_OK);
            for (int p = 0; p < game->players; p++) {
                tg_state *replayed = NULL;
                assert_int_equal(tg_state_new(game, 5, &replayed), TG_OK);
                for (size_t h = 0; h < len; h++)
                    assert_int_equal(tg_state_apply(replayed, hist[h]), TG_OK);
                assert_int_equal(tg_state_resample(replayed, p), TG_OK);
                uint64_t a[2], b[2];
                assert_int_equal(tg_state_information_key(eager, p, a), TG_OK);
                assert_int_equal(tg_state_information_key(replayed, p, b), TG_OK);
                if (memcmp(a, b, sizeof a) != 0)
                    fail_msg("%s: seat %d's key differs after a resample", def->info.id, p);
                tg_state_free(replayed);
            }
            tg_state_free(clone);
            tg_state_free(copy);
        }
        tg_state_free(eager);
        tg_state_free(lazy);
        tg_game_free(game);
    }
}

/* ---- the playout hook ---------------------------------------------------- */

/* tg_state_playout() through a game's playout hook (core/playout_loop.h)
 * plays what its general loop plays: the same history entries (ids and who
 * made them), position, RNG and whose turn, from the root and from the
 * middle of a game, in runs cut short by max_decisions (some one decision
 * long) and across the history's growth. The general loop is the game's
 * table with the hook taken out. */
static void same_after_playout(const tg_state *a, const tg_state *b, uint32_t made_a,
                               uint32_t made_b, const char *what)
{
    const char *id = a->game->def->info.id;
    if (made_a != made_b)
        fail_msg("%s: the hook made %u decisions, the general loop %u %s", id,
                 (unsigned)made_a, (unsigned)made_b, what);
    if (a->hist_len != b->hist_len || a->move_number != b->move_number || a->cur != b->cur)
        fail_msg("%s: the hook leaves %u entries, move %u, turn %d; the general loop %u, %u, %d %s",
                 id, (unsigned)a->hist_len, (unsigned)a->move_number, a->cur,
                 (unsigned)b->hist_len, (unsigned)b->move_number, b->cur, what);
    for (uint32_t i = 0; i < a->hist_len; i++)
        if (a->hist[i] != b->hist[i] || tgH_who(a)[i] != tgH_who(b)[i])
            fail_msg("%s: history entry %u differs %s", id, (unsigned)i, what);
    /* the blocks, not tg_state_equal(): the two games' tables differ */
    if (memcmp(tgH_block(a), tgH_block(b), a->game->def->state_size) != 0 ||
        memcmp(&a->rng, &b->rng, sizeof a->rng) != 0)
        fail_msg("%s: the hook leaves another position or RNG %s", id, what);
}

/* One option set of a game played through its hook (with) and through the
 * general loop (without), whole games and games in runs cut short. */
static unsigned long playout_both_ways(const tg_game_def *def, const tg_game_def *general,
                                       int players, const char *more)
{
    static const uint32_t runs[] = {1, 1, 2, 3, 7, 1, 40, 1, 500, UINT32_MAX};
    unsigned long hooked = 0;
    char options[128];
    snprintf(options, sizeof options, "players=%d%s%s", players, more ? "," : "", more ? more : "");
    tg_msg msg = {""};
    tg_mem mem;
    tgA_default(&mem);
    tg_game *with = NULL, *without = NULL;
    assert_int_equal(tgH_game_make(def, options, &mem, &with, &msg), TG_OK);
    assert_int_equal(tgH_game_make(general, options, &mem, &without, &msg), TG_OK);
    for (uint64_t seed = 1; seed <= GAMES_PER_COUNT; seed++) {
        tg_state *a = NULL, *b = NULL;
        assert_int_equal(tg_state_new(with, seed, &a), TG_OK);
        assert_int_equal(tg_state_new(without, seed, &b), TG_OK);
        /* a whole game in one run */
        uint32_t made_a = 0, made_b = 0;
        assert_int_equal(tg_state_playout(a, UINT32_MAX, &made_a), TG_OK);
        assert_int_equal(tg_state_playout(b, UINT32_MAX, &made_b), TG_OK);
        same_after_playout(a, b, made_a, made_b, "in a whole game");
        hooked += made_a;
        /* a game in runs of every length, from fresh states */
        assert_int_equal(tg_state_reset(a, seed + 100), TG_OK);
        assert_int_equal(tg_state_reset(b, seed + 100), TG_OK);
        for (size_t r = 0; !tg_state_is_terminal(a); r = (r + 1) % 10) {
            assert_int_equal(tg_state_playout(a, runs[r], &made_a), TG_OK);
            assert_int_equal(tg_state_playout(b, runs[r], &made_b), TG_OK);
            same_after_playout(a, b, made_a, made_b, "in a run");
        }
        tg_state_free(a);
        tg_state_free(b);
    }
    tg_game_free(with);
    tg_game_free(without);
    return hooked;
}

/* Every player count, and the option sets of extra_options that take the
 * hooks' other paths (Bewitched's stop and steal rules, say). */
static void playout_hook_plays_the_general_loop(void **unused)
{
    (void)unused;
    unsigned long hooked = 0;
    for (size_t i = 0; i < tgG_count(); i++) {
        const tg_game_def *def = tgG_at(i);
        if (!def->playout)
            continue;
        if (!def->apply_turn)
            fail_msg("%s: a game with a playout hook provides apply_turn too", def->info.id);
        tg_game_def general = *def;
        general.playout = NULL;
        for (int p = def->info.min_players; p <= def->info.max_players; p++) {
            hooked += playout_both_ways(def, &general, p, NULL);
            for (size_t e = 0; e < sizeof extra_options / sizeof extra_options[0]; e++)
                for (size_t o = 1; o < 4 && !strcmp(extra_options[e][0], def->info.id); o++)
                    hooked += playout_both_ways(def, &general, p, extra_options[e][o]);
        }
    }
    print_message("%lu decisions made through playout hooks\n", hooked);
}

/* ---- the general sampler itself ------------------------------------------- */

/* A game of one chance point with the weights 2, 1 and 3: unequal, though
 * their total is the first weight times their number, which once made the
 * core's sampler take them for equal ones (1.3 drew each outcome one time
 * in three). Only what tg_state_new() and tg_state_sample_chance() use. */
static const tg_option_info weighted_options[] = {
    {"players", TG_OPTION_INT, "1", "1", "number of players", 1, 1, NULL},
};
static const uint32_t weighted_weights[] = {2, 1, 3};

static tg_status weighted_configure(void *cfg, const tg_optval *values, tg_msg *msg)
{
    (void)cfg, (void)values, (void)msg;
    return TG_OK;
}

static void weighted_limits(const void *cfg, tg_limits *out)
{
    (void)cfg;
    *out = (tg_limits){.move_count = 3, .max_legal_moves = 3, .max_chance_outcomes = 3,
                       .max_length = 4};
}

static void weighted_init(const void *cfg, void *st)
{
    (void)cfg;
    *(uint8_t *)st = 0;
}

static int weighted_player(const void *cfg, const void *st)
{
    (void)cfg;
    return *(const uint8_t *)st ? TG_PLAYER_TERMINAL : TG_PLAYER_CHANCE;
}

static size_t weighted_chance(const void *cfg, const void *st, tg_move *out, uint32_t *weights)
{
    (void)cfg, (void)st;
    for (tg_move m = 0; m < 3; m++) {
        out[m] = m;
        weights[m] = weighted_weights[m];
    }
    return 3;
}

static const tg_game_def weighted_def = {
    .info = {.id = "weighted", .name = "Weighted", .summary = "One weighted draw.",
             .min_players = 1, .max_players = 1, .option_count = 1},
    .options = weighted_options,
    .state_size = 1,
    .configure = weighted_configure,
    .limits = weighted_limits,
    .init = weighted_init,
    .current_player = weighted_player,
    .chance = weighted_chance,
};

/* tg_state_sample_chance() through the general path (no hooks) draws what
 * the written-out sampler draws, and leaves the RNG where it does. */
static void general_sampler_walks_unequal_weights(void **unused)
{
    (void)unused;
    tg_game *game = NULL;
    tg_msg msg = {""};
    tg_mem mem;
    tgA_default(&mem);
    assert_int_equal(tgH_game_make(&weighted_def, "", &mem, &game, &msg), TG_OK);
    static const tg_move ids[] = {0, 1, 2};
    unsigned long seen[3] = {0, 0, 0};
    for (uint64_t seed = 1; seed <= 600; seed++) {
        tg_state *st = NULL;
        assert_int_equal(tg_state_new(game, seed, &st), TG_OK);
        tg_rng rng = st->rng;
        tg_move want = general_draw(&rng, ids, weighted_weights, 3, 6), got;
        assert_int_equal(tg_state_sample_chance(st, &got), TG_OK);
        if (got != want || memcmp(&rng, &st->rng, sizeof rng) != 0)
            fail_msg("seed %llu: the sampler drew %u, the weights say %u",
                     (unsigned long long)seed, (unsigned)got, (unsigned)want);
        seen[got]++;
        tg_state_free(st);
    }
    /* Each outcome turns up about as often as its weight says (2:1:3). */
    assert_true(seen[1] < seen[0] && seen[0] < seen[2]);
    tg_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hooks_agree_in_every_game),
        cmocka_unit_test(lazy_digest_matches_eager),
        cmocka_unit_test(playout_hook_plays_the_general_loop),
        cmocka_unit_test(general_sampler_walks_unequal_weights),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
