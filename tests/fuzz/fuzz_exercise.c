/* Everything a host does with a state a loader accepted: every legal move
 * and chance outcome applied, every viewer's views (the public viewer's,
 * the tensors and each player's information state included), resampling
 * for every player (which keeps that player's and the public view), an
 * easy and a search bot's decision and hint, undo, both save forms, and a
 * playout to the end. Shared by the harnesses that load positions made by
 * hand (fuzz_position, fuzz_position_json). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_exercise.h"

enum { FZ_MAX_CHILDREN = 12, FZ_BOT_SIMULATIONS = 2 };

static int fz_same_save(const tg_state *a, const unsigned char *bytes, size_t n)
{
    unsigned char *now = NULL;
    size_t m = 0;
    fz_require(tg_state_save(a, &now, &m) == TG_OK, "save");
    int same = m == n && memcmp(now, bytes, n) == 0;
    tg_free(now);
    return same;
}

static tg_state *fz_clone(const tg_state *st)
{
    tg_state *c = NULL;
    fz_require(tg_state_clone(st, &c) == TG_OK, "clone");
    return c;
}

/* The events of a decision just made, and their texts, for every viewer. */
static void fz_check_events(const tg_state *st)
{
    int players = tg_game_players(tg_state_game(st));
    for (int v = TG_VIEW_PUBLIC; v < players; v++)
        fz_check_event_texts(st, v);
}

/* Every legal move (or chance outcome) applied, with the invariants of
 * play and the events after it; the loader's check (which builds a game
 * each time) on an even spread of them. */
static void fz_children(const tg_state *st)
{
    static tg_move moves[4096];
    size_t n = 0;
    fz_require(tg_state_legal_moves(st, moves, 4096, &n) == TG_OK, "moves");
    size_t step = n > FZ_MAX_CHILDREN ? n / FZ_MAX_CHILDREN + 1 : 1;
    for (size_t i = 0; i < n; i++) {
        tg_state *c = fz_clone(st);
        fz_require(tg_state_apply(c, moves[i]) == TG_OK, "a legal move applies");
        fz_check_moves_quick(c);
        fz_check_events(c);
        if (i % step == 0)
            fz_check_valid(c);
        tg_state_free(c);
    }
    if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
        tg_state *c = fz_clone(st);
        tg_move m = 0;
        fz_require(tg_state_apply_chance(c, &m) == TG_OK && tg_state_is_legal(st, m) == TG_OK,
                   "apply_chance draws a listed outcome");
        tg_state_free(c);
    }
}

/* Aborts, showing both texts, unless a view is the same after resampling. */
static void fz_same_text(tg_status (*view)(const tg_state *, int, char **, size_t *),
                         const tg_state *a, const tg_state *b, int viewer, const char *what)
{
    char *x = NULL, *y = NULL;
    fz_require(view(a, viewer, &x, NULL) == TG_OK && view(b, viewer, &y, NULL) == TG_OK, what);
    if (strcmp(x, y) != 0) {
        fprintf(stderr, "player %d, before: %s\nafter:  %s\n", viewer, x, y);
        fz_require(0, what);
    }
    tg_free(x);
    tg_free(y);
}

static void fz_same_tensor(const tg_state *a, const tg_state *b, int viewer, const char *what)
{
    static float x[FZ_TENSOR_MAX];
    size_t n = 0, m = 0;
    const float *t = fz_tensor(a, viewer, &n);
    memcpy(x, t, n * sizeof *x);
    const float *y = fz_tensor(b, viewer, &m);
    for (size_t i = 0; i < n && n == m; i++)
        if (x[i] != y[i]) {
            fprintf(stderr, "%s: viewer %d, slot %zu: %g before, %g after\n",
                    tg_game_id(tg_state_game(a)), viewer, i, (double)x[i], (double)y[i]);
            break;
        }
    fz_require(n == m && memcmp(x, y, n * sizeof *x) == 0, what);
}

/* A player's information state after resampling: the same observation
 * and digest of own decisions, an empty list of them since the root (the
 * resampled position is the root of a new history), and so the same key
 * (observe.h, since 1.3). */
static void fz_same_information(const tg_state *a, const tg_state *b, int player)
{
    char *x = NULL, *y = NULL;
    uint64_t kx[2], ky[2];
    fz_require(tg_state_information_json(a, player, &x, NULL) == TG_OK &&
                   tg_state_information_json(b, player, &y, NULL) == TG_OK &&
                   tg_state_information_key(a, player, kx) == TG_OK &&
                   tg_state_information_key(b, player, ky) == TG_OK,
               "information state after resampling");
    json_t *jx = json_loads(x, 0, NULL), *jy = json_loads(y, 0, NULL);
    json_t *fresh = json_array();
    int same = jx && jy && fresh &&
               json_equal(json_object_get(jx, "observation"), json_object_get(jy, "observation")) &&
               json_equal(json_object_get(jx, "own_digest"), json_object_get(jy, "own_digest")) &&
               json_equal(json_object_get(jy, "own_decisions"), fresh);
    if (!same)
        fprintf(stderr, "player %d, before: %s\nafter:  %s\n", player, x, y);
    json_decref(jx);
    json_decref(jy);
    json_decref(fresh);
    tg_free(x);
    tg_free(y);
    fz_require(same, "resampling keeps the player's information state");
    fz_require(kx[0] == ky[0] && kx[1] == ky[1], "resampling keeps the player's information key");
}

/* What the viewer knew before resampling, it knows after: observation,
 * events, drawing, tensor and (for a player) the information key. */
static void fz_same_view(const tg_state *a, const tg_state *b, int viewer)
{
    fz_same_text(tg_state_observation_json, a, b, viewer,
                 "resampling keeps the player's observation");
    fz_same_text(tg_state_events_json, a, b, viewer, "resampling keeps the player's events");
    /* The drawing says no more than the observation: the same after it. */
    fz_same_text(tg_state_to_text, a, b, viewer, "resampling keeps the player's drawing");
    fz_same_tensor(a, b, viewer, "resampling keeps the player's tensor");
    if (viewer >= 0)
        fz_same_information(a, b, viewer);
}

static void fz_resamples(const tg_state *st)
{
    int players = tg_game_players(tg_state_game(st));
    for (int p = 0; p < players; p++) {
        tg_state *c = fz_clone(st);
        fz_require(tg_state_resample(c, p) == TG_OK, "resample");
        fz_require(tg_state_current_player(c) == tg_state_current_player(st),
                   "resampling keeps whose turn it is");
        fz_same_view(st, c, p);
        /* What the whole table saw is no player's secret: unchanged too. */
        fz_same_view(st, c, TG_VIEW_PUBLIC);
        fz_check_moves_quick(c);
        fz_check_valid(c);
        tg_state_free(c);
    }
}

static void fz_bots(tg_game *g, const tg_state *st, const unsigned char *save, size_t len)
{
    int seat = tg_state_current_player(st);
    static const tg_bot_level levels[] = {TG_BOT_EASY, TG_BOT_MEDIUM};
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        tg_bot_params params = TG_BOT_PARAMS_INIT;
        params.level = levels[i];
        params.simulations = FZ_BOT_SIMULATIONS;
        tg_bot *bot = NULL;
        fz_require(tg_bot_new(g, seat >= 0 ? seat : 0, &params, &bot) == TG_OK, "bot");
        tg_move m = 0;
        tg_status s = tg_bot_choose(bot, st, &m);
        if (seat >= 0)
            fz_require(s == TG_OK && tg_state_is_legal(st, m) == TG_OK,
                       "a bot chooses a legal move");
        else
            fz_require(s == TG_E_WRONG_PHASE, "a bot refuses a state where no seat decides");
        static tg_move moves[4096];
        static double scores[4096];
        size_t count = 0;
        s = tg_bot_hint(bot, st, moves, scores, 4096, &count);
        fz_require(seat >= 0 ? s == TG_OK : s == TG_E_WRONG_PHASE, "bot hint");
        for (size_t k = 0; s == TG_OK && k < count; k++)
            fz_require(tg_state_is_legal(st, moves[k]) == TG_OK, "a hint ranks legal moves");
        tg_bot_free(bot);
        fz_require(fz_same_save(st, save, len), "bots leave the state as it was");
    }
}

static void fz_undo_and_playout(const tg_state *st, const unsigned char *save, size_t len)
{
    if (tg_state_history_length(st) > 0) {
        tg_state *c = fz_clone(st);
        fz_require(tg_state_undo(c) == TG_OK, "undo");
        fz_check_moves_quick(c);
        fz_check_valid(c);
        tg_state_free(c);
    }
    static tg_move moves[4096];
    size_t n = 0;
    fz_require(tg_state_legal_moves(st, moves, 4096, &n) == TG_OK, "moves");
    if (n > 0) {
        /* A decision taken back leaves the state as loaded, byte for byte. */
        tg_state *c = fz_clone(st);
        fz_require(tg_state_apply(c, moves[n - 1]) == TG_OK && tg_state_undo(c) == TG_OK,
                   "apply and undo");
        fz_require(fz_same_save(c, save, len), "undo restores the state as it was");
        tg_state_free(c);
    }
    tg_state *c = fz_clone(st);
    uint32_t made = 0;
    tg_status s = tg_state_playout(c, UINT32_MAX, &made);
    fz_require(s == TG_OK && tg_state_is_terminal(c), "a playout reaches the end");
    fz_check_moves_quick(c);
    fz_check_valid(c);
    fz_check_views(c);
    tg_state_free(c);
}

void fz_exercise(tg_game *g, const tg_state *st)
{
    unsigned char *save = NULL;
    size_t len = 0;
    fz_require(tg_state_save(st, &save, &len) == TG_OK, "save");
    fz_check_state(st);
    fz_children(st);
    fz_resamples(st);
    fz_bots(g, st, save, len);
    fz_undo_and_playout(st, save, len);
    fz_require(fz_same_save(st, save, len), "the loaded state was not changed");
    tg_free(save);
}

void fz_exercise_quick(const tg_state *st)
{
    fz_check_state(st);
    fz_children(st);
}
