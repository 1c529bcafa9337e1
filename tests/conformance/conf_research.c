/* The research calls of 1.3 (game.h, state.h, observe.h), held to the rest
 * of the API on every game: the split of the move space against the lists
 * of every state, the mask against the legal list, the text of any id
 * against the text of a legal one, who made each decision, the tensor's
 * shape against its size, and "nothing hidden" against the views. Those of
 * 1.4 too: the action numbering against the move ids, the action mask
 * against the legal list, utilities against returns. (Information-state
 * tensors against keys: conf_recall.c and conf_information.c.) */
#include "conf.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

void conf_check_research_game(conf_ctx *c)
{
    const tg_game *g = c->game;
    uint32_t chance = 0;
    for (tg_move m = 0; m < c->move_count; m++) {
        int k = tg_game_move_is_chance(g, m);
        if (k != 0 && k != 1)
            conf_fail(c, "move_is_chance(%u) gave %d", (unsigned)m, k);
        chance += (uint32_t)k;
    }
    if (tg_game_move_is_chance(g, c->move_count) >= 0 || tg_game_move_is_chance(NULL, 0) >= 0)
        conf_fail(c, "move_is_chance accepted an id past the move space or a NULL game");
    if (tg_game_chance_outcome_count(g) != chance ||
        tg_game_player_move_count(g) != c->move_count - chance)
        conf_fail(c, "%u player ids and %u chance ids reported; the ids say %u and %u",
                  (unsigned)tg_game_player_move_count(g),
                  (unsigned)tg_game_chance_outcome_count(g), (unsigned)(c->move_count - chance),
                  (unsigned)chance);
    uint32_t bound = tg_game_length_bound(g);
    if (bound == 0 || bound > c->max_length)
        conf_fail(c, "length bound %u with max_length %u", (unsigned)bound,
                  (unsigned)c->max_length);
    double lo = 2, hi = -2;
    if (tg_game_utility_range(g, &lo, &hi) != TG_OK || !(lo < hi) ||
        tg_game_utility_range(g, NULL, &hi) != TG_E_INVALID_ARGUMENT)
        conf_fail(c, "utility range %g..%g", lo, hi);
    c->utility_min = lo;
    c->utility_max = hi;
    int hidden = tg_game_has_hidden_information(g);
    if (hidden != 0 && hidden != 1)
        conf_fail(c, "has_hidden_information gave %d", hidden);
    for (int f = TG_FORMAT_OBSERVATION_TENSOR; f <= TG_FORMAT_INFORMATION_TENSOR; f++)
        if (tg_game_format_version(g, f) < 1)
            conf_fail(c, "format %d has number %d", f, tg_game_format_version(g, f));
    if (tg_game_format_version(g, TG_FORMAT_INFORMATION_TENSOR + 1) >= 0 ||
        tg_game_format_version(g, -1) >= 0)
        conf_fail(c, "an unknown format got a number");
    size_t shape[4] = {0}, rank = 0, product = 1;
    if (tg_game_observation_tensor_shape(g, shape, 0, &rank) != TG_E_BUFFER_TOO_SMALL ||
        rank == 0 || rank > 4 || tg_game_observation_tensor_shape(g, shape, 4, &rank) != TG_OK)
        conf_fail(c, "tensor shape of rank %zu refused", rank);
    for (size_t i = 0; i < rank; i++)
        product *= shape[i];
    if (product != tg_game_observation_tensor_size(g))
        conf_fail(c, "tensor shape's product %zu, size %zu", product,
                  tg_game_observation_tensor_size(g));
}

/* 1.4: actions number the player ids in order, outcomes the chance ids;
 * the two tables are each other's inverse. */
void conf_check_actions_game(conf_ctx *c)
{
    const tg_game *g = c->game;
    uint32_t next[2] = {0, 0}; /* the next action, the next outcome */
    for (tg_move m = 0; m < c->move_count; m++) {
        int chance = tg_game_move_is_chance(g, m);
        uint32_t a = 0xFFFFFFFFu;
        tg_move back = 0xFFFFFFFFu;
        if (tg_game_move_action(g, m, &a) != TG_OK || a != next[chance] ||
            tg_game_action_move(g, chance ? TG_PLAYER_CHANCE : c->players - 1, a, &back) !=
                TG_OK ||
            back != m)
            conf_fail(c, "id %u: action %u (want %u), back to id %u", (unsigned)m, (unsigned)a,
                      (unsigned)next[chance], (unsigned)back);
        next[chance]++;
    }
    tg_move m = 0;
    uint32_t a = 0;
    if (next[0] != tg_game_player_move_count(g) ||
        tg_game_action_move(g, 0, next[0], &m) != TG_E_INVALID_ARGUMENT ||
        tg_game_action_move(g, TG_PLAYER_CHANCE, next[1], &m) != TG_E_INVALID_ARGUMENT ||
        tg_game_action_move(g, c->players, 0, &m) != TG_E_INVALID_ARGUMENT ||
        tg_game_action_move(g, TG_PLAYER_TERMINAL, 0, &m) != TG_E_INVALID_ARGUMENT ||
        tg_game_move_action(g, c->move_count, &a) != TG_E_INVALID_ARGUMENT)
        conf_fail(c, "an action, outcome, player or id out of range was accepted");
    double sum = 0;
    if (tg_game_utility_sum(g, TG_DRAW_ZERO, &sum) != 0 ||
        tg_game_utility_sum(g, TG_DRAW_SHARED, &sum) != 1 || sum != 1.0 ||
        tg_game_utility_sum(g, 2, &sum) >= 0)
        conf_fail(c, "utility sums: zero draws are not constant-sum, shared ones sum to 1");
    if (tg_game_information_tensor_size(g) !=
        tg_game_observation_tensor_size(g) + (size_t)c->players + 10)
        conf_fail(c, "information tensor of %zu floats", tg_game_information_tensor_size(g));
}

/* The action mask is the legal list through the numbering, at a player's
 * decision only. */
static void conf_check_action_mask(conf_ctx *c, const tg_state *st)
{
    size_t n = conf_legal(c, st), actions = tg_game_player_move_count(c->game);
    unsigned char *mask = calloc(actions + 1, 1);
    assert_non_null(mask);
    mask[actions] = 7;
    if (tg_state_action_mask(st, mask, actions - 1) != TG_E_BUFFER_TOO_SMALL ||
        tg_state_action_mask(st, mask, actions + 1) != TG_OK || mask[actions] != 7)
        conf_fail(c, "action mask: a short buffer accepted, or written past its size");
    size_t set = 0;
    for (size_t a = 0; a < actions; a++)
        set += mask[a];
    int player = tg_state_current_player(st) >= 0;
    if (set != (player ? n : 0))
        conf_fail(c, "the action mask has %zu set, the legal list %zu", set, n);
    for (size_t i = 0; player && i < n; i++) {
        uint32_t a = 0;
        if (tg_game_move_action(c->game, c->moves[i], &a) != TG_OK || !mask[a])
            conf_fail(c, "legal id %u is not set in the action mask", (unsigned)c->moves[i]);
    }
    free(mask);
}

/* Utilities with zero draws are the returns; with shared ones they sum to
 * 1 at every end, and differ only for a game over with no winner. */
static void conf_check_utilities(conf_ctx *c, const tg_state *st)
{
    double r[TG_MAX_PLAYERS], z[TG_MAX_PLAYERS], s[TG_MAX_PLAYERS];
    size_t n = 0;
    uint32_t w = 0;
    if (tg_state_returns(st, r, TG_MAX_PLAYERS) != TG_OK ||
        tg_state_utilities(st, TG_DRAW_ZERO, z, TG_MAX_PLAYERS, &n) != TG_OK ||
        n != (size_t)c->players ||
        tg_state_utilities(st, TG_DRAW_SHARED, s, TG_MAX_PLAYERS, &n) != TG_OK ||
        tg_state_winners(st, &w) != TG_OK)
        conf_fail(c, "utilities refused: %s", tg_state_last_error(st));
    if (memcmp(r, z, n * sizeof *r) != 0)
        conf_fail(c, "utilities with TG_DRAW_ZERO differ from the returns");
    int terminal = tg_state_is_terminal(st) != 0, truncated = tg_state_is_truncated(st);
    if (truncated != 0 && truncated != 1)
        conf_fail(c, "is_truncated gave %d", truncated);
    if (truncated && (!terminal || w != 0 || tg_state_move_number(st) < c->max_length))
        conf_fail(c, "truncated, yet not over by the cap");
    double sum = 0;
    for (size_t p = 0; p < n; p++)
        sum += s[p];
    if (terminal ? (sum < 1 - 1e-12 || sum > 1 + 1e-12) : sum != 0)
        conf_fail(c, "shared-draw utilities sum to %g", sum);
    if (w != 0 && memcmp(s, z, n * sizeof *s) != 0)
        conf_fail(c, "a game with a winner scored differently by the draw rule");
}

/* mask[i] == 1 exactly for the ids in the list, which are all chance ids at
 * a chance point and all player ids otherwise. */
static void conf_check_mask(conf_ctx *c, const tg_state *st, unsigned char *mask)
{
    size_t n = 0;
    tg_status s = tg_state_legal_moves(st, c->moves, c->max_legal, &n);
    if (s != TG_OK || tg_state_legal_mask(st, mask, c->move_count - 1) != TG_E_BUFFER_TOO_SMALL)
        conf_fail(c, "legal list %s, or a short mask accepted", tg_status_name(s));
    mask[c->move_count] = 7;
    if (tg_state_legal_mask(st, mask, c->move_count + 1) != TG_OK || mask[c->move_count] != 7)
        conf_fail(c, "legal mask refused or written past the move count");
    int chance = tg_state_current_player(st) == TG_PLAYER_CHANCE;
    size_t set = 0;
    for (tg_move m = 0; m < c->move_count; m++) {
        if (mask[m] > 1)
            conf_fail(c, "mask[%u] is %u", (unsigned)m, (unsigned)mask[m]);
        set += mask[m];
    }
    if (set != n)
        conf_fail(c, "the mask has %zu ids set, the legal list %zu", set, n);
    for (size_t i = 0; i < n; i++) {
        if (!mask[c->moves[i]])
            conf_fail(c, "legal id %u is 0 in the mask", (unsigned)c->moves[i]);
        if (tg_game_move_is_chance(c->game, c->moves[i]) != chance)
            conf_fail(c, "id %u is %s here but move_is_chance says %d", (unsigned)c->moves[i],
                      chance ? "a chance outcome" : "a player's move",
                      tg_game_move_is_chance(c->game, c->moves[i]));
    }
}

/* The text of a legal id is its move text; every other id has a text too. */
static void conf_check_any_text(conf_ctx *c, const tg_state *st, const unsigned char *mask,
                                int every_id)
{
    char a[256], b[256];
    for (tg_move m = 0; m < c->move_count; m++) {
        if (!mask[m] && !every_id)
            continue;
        size_t la = 0, lb = 0;
        if (tg_state_any_move_text(st, m, a, sizeof a, &la) != TG_OK || la == 0 ||
            strlen(a) != la)
            conf_fail(c, "any_move_text(%u): %s", (unsigned)m, tg_state_last_error(st));
        if (mask[m] && (tg_state_move_text(st, m, b, sizeof b, &lb) != TG_OK || strcmp(a, b)))
            conf_fail(c, "any_move_text(%u) '%s', move_text '%s'", (unsigned)m, a, b);
        if (tg_state_any_move_text(st, m, a, la, &lb) != TG_E_BUFFER_TOO_SMALL || lb != la)
            conf_fail(c, "any_move_text(%u) with one byte short", (unsigned)m);
    }
    if (tg_state_any_move_text(st, c->move_count, a, sizeof a, NULL) != TG_E_INVALID_ARGUMENT)
        conf_fail(c, "any_move_text accepted the id past the move space");
}

/* A game that hides nothing shows every player what the referee sees. */
static void conf_check_nothing_hidden(conf_ctx *c, const tg_state *st)
{
    size_t n = tg_game_observation_tensor_size(c->game);
    float *all = calloc(n, sizeof *all), *seen = calloc(n, sizeof *seen);
    assert_true(all && seen);
    assert_int_equal(tg_state_observation_tensor(st, TG_VIEW_REFEREE, all, n), TG_OK);
    for (int p = 0; p < c->players; p++) {
        assert_int_equal(tg_state_observation_tensor(st, p, seen, n), TG_OK);
        if (memcmp(all, seen, n * sizeof *all) != 0)
            conf_fail(c, "has_hidden_information is 0, but player %d sees less than the referee",
                      p);
    }
    free(all);
    free(seen);
}

void conf_check_research_state(conf_ctx *c, const tg_state *st, int costly)
{
    unsigned char *mask = calloc((size_t)c->move_count + 1, 1);
    assert_non_null(mask);
    conf_check_mask(c, st, mask);
    conf_check_any_text(c, st, mask, costly);
    free(mask);
    conf_check_action_mask(c, st);
    conf_check_utilities(c, st);
    if (costly && tg_game_has_hidden_information(c->game) == 0)
        conf_check_nothing_hidden(c, st);
    double r[TG_MAX_PLAYERS];
    if (tg_state_returns(st, r, TG_MAX_PLAYERS) != TG_OK)
        conf_fail(c, "returns refused");
    for (int p = 0; p < c->players; p++)
        if (r[p] < c->utility_min || r[p] > c->utility_max)
            conf_fail(c, "player %d's return %g is outside %g..%g", p, r[p], c->utility_min,
                      c->utility_max);
}

void conf_check_history_player(conf_ctx *c, const tg_state *st, int mover)
{
    uint32_t n = tg_state_history_length(st);
    int who = 99;
    if (n == 0 || tg_state_history_player(st, n - 1, &who) != TG_OK || who != mover)
        conf_fail(c, "history entry %u was made by %d, history_player says %d",
                  (unsigned)(n ? n - 1 : 0), mover, who);
    if (tg_state_history_player(st, n, &who) != TG_E_INVALID_ARGUMENT ||
        tg_state_history_player(st, 0, NULL) != TG_E_INVALID_ARGUMENT)
        conf_fail(c, "history_player accepted an entry past the history or a NULL pointer");
}
