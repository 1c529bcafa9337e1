/* Batched play (batch.h). Slot i of a batch plays exactly the games a
 * single state plays with the seeds the header names and the same actions,
 * resets included: every row a step writes is checked against the single
 * state's own calls, on every game. A refused call changes nothing (the
 * arrays, and the slots: a twin batch that never saw it goes on equal),
 * ranges step slots independently, and the length cap gives a truncated
 * game that shared draws score 1/n each. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

enum { SLOTS = 3 };

/* A batch with its arrays and, for the mirror test, one single state per
 * slot playing the same games. */
typedef struct rig {
    tg_game *game;
    tg_batch *batch;
    size_t n, players, actions, obs, info;
    uint64_t first_seed;
    int draw;
    int32_t *player;
    uint8_t *mask;
    float *observation, *information;
    uint8_t *observation_u8;
    uint8_t *mask_bits;
    size_t stride; /* bytes of a mask_bits row */
    double *rewards;
    uint8_t *done;
    uint32_t *act;
    tg_batch_buffers bufs;
} rig;

static void rig_open(rig *r, const char *id, const char *options, size_t n, uint64_t seed,
                     int draw)
{
    memset(r, 0, sizeof *r);
    r->game = tgt_game(id, options);
    r->n = n;
    r->first_seed = seed;
    r->draw = draw;
    r->players = (size_t)tg_game_players(r->game);
    r->actions = tg_game_player_move_count(r->game);
    r->obs = tg_game_observation_tensor_size(r->game);
    r->info = tg_game_information_tensor_size(r->game);
    tg_batch_params params = TG_BATCH_PARAMS_INIT;
    params.draw = draw;
    char err[256] = "";
    assert_int_equal(tg_batch_new(r->game, n, seed, &params, &r->batch, err, sizeof err), TG_OK);
    r->player = calloc(n, sizeof *r->player);
    r->mask = calloc(n * r->actions, 1);
    r->observation = calloc(n * r->obs, sizeof(float));
    r->information = calloc(n * r->info, sizeof(float));
    r->observation_u8 = calloc(n * r->obs, 1);
    r->stride = TG_BATCH_MASK_BITS_STRIDE(r->actions);
    r->mask_bits = calloc(n * r->stride, 1);
    r->rewards = calloc(n * r->players, sizeof(double));
    r->done = calloc(n, 1);
    r->act = calloc(n, sizeof *r->act);
    assert_true(r->player && r->mask && r->observation && r->information &&
                r->observation_u8 && r->mask_bits && r->rewards && r->done && r->act);
    tg_batch_buffers b = TG_BATCH_BUFFERS_INIT;
    b.player = r->player;
    b.mask = r->mask;
    b.observation = r->observation;
    b.information = r->information;
    b.observation_u8 = r->observation_u8;
    b.mask_bits = r->mask_bits;
    b.rewards = r->rewards;
    b.done = r->done;
    r->bufs = b;
    assert_int_equal(tg_batch_observe(r->batch, 0, n, &r->bufs, err, sizeof err), TG_OK);
}

static void rig_close(rig *r)
{
    tg_batch_free(r->batch);
    tg_game_free(r->game);
    free(r->player);
    free(r->mask);
    free(r->observation);
    free(r->information);
    free(r->observation_u8);
    free(r->mask_bits);
    free(r->rewards);
    free(r->done);
    free(r->act);
}

/* The k-th set action of slot i's mask (k taken modulo their number). */
static uint32_t pick(const rig *r, size_t i, uint64_t k)
{
    const uint8_t *m = r->mask + i * r->actions;
    size_t set = 0;
    for (size_t a = 0; a < r->actions; a++)
        set += m[a];
    assert_true(set > 0);
    k %= set;
    for (size_t a = 0; a < r->actions; a++)
        if (m[a] && k-- == 0)
            return (uint32_t)a;
    fail();
    return 0;
}

static void step_all(rig *r, uint64_t salt)
{
    char err[256] = "";
    for (size_t i = 0; i < r->n; i++)
        r->act[i] = pick(r, i, salt * 7919u + i * 104729u);
    assert_int_equal(tg_batch_step(r->batch, 0, r->n, r->act, &r->bufs, err, sizeof err), TG_OK);
}

/* ---- the mirror: slot i against a single state ---- */

static void single_to_player(tg_state *st)
{
    while (tg_state_current_player(st) == TG_PLAYER_CHANCE)
        assert_int_equal(tg_state_apply_chance(st, NULL), TG_OK);
}

/* A mask_bits row holds the byte mask's entries, action a at bit a % 8 of
 * byte a / 8 (least significant first), and every padding bit is 0. */
static void assert_bits_are(const uint8_t *bits, const uint8_t *mask, size_t actions)
{
    size_t stride = TG_BATCH_MASK_BITS_STRIDE(actions);
    assert_int_equal(stride, (actions + 7) / 8);
    for (size_t a = 0; a < stride * 8; a++) {
        int bit = (bits[a / 8] >> (a % 8)) & 1;
        assert_int_equal(bit, a < actions ? mask[a] : 0);
    }
}

/* Slot i's rows and state are the single state's. */
static void assert_row_is(rig *r, size_t i, tg_state *single)
{
    int cur = tg_state_current_player(single);
    assert_true(cur >= 0);
    assert_int_equal(r->player[i], cur);
    uint8_t *mask = malloc(r->actions);
    float *t = malloc((r->info > r->obs ? r->info : r->obs) * sizeof *t);
    assert_true(mask && t);
    assert_int_equal(tg_state_action_mask(single, mask, r->actions), TG_OK);
    assert_memory_equal(mask, r->mask + i * r->actions, r->actions);
    assert_bits_are(r->mask_bits + i * r->stride, mask, r->actions);
    assert_int_equal(tg_state_observation_tensor(single, cur, t, r->obs), TG_OK);
    assert_memory_equal(t, r->observation + i * r->obs, r->obs * sizeof *t);
    /* The byte row holds the same values: each a whole number 0 .. 255,
     * which is what makes the bytes exact. */
    for (size_t k = 0; k < r->obs; k++) {
        assert_true(t[k] >= 0.0f && t[k] <= 255.0f && t[k] == (float)(int)t[k]);
        assert_int_equal(r->observation_u8[i * r->obs + k], (int)t[k]);
    }
    assert_int_equal(tg_state_information_tensor(single, cur, t, r->info), TG_OK);
    assert_memory_equal(t, r->information + i * r->info, r->info * sizeof *t);
    free(mask);
    free(t);
    const tg_state *slot = tg_batch_state(r->batch, i);
    assert_non_null(slot);
    assert_true(tg_state_equal(slot, single));
    assert_int_equal(tg_state_move_number(slot), tg_state_move_number(single));
    assert_int_equal(tg_state_history_length(slot), 0);
    for (int p = 0; p < (int)r->players; p++) {
        uint64_t a[2], b[2];
        assert_int_equal(tg_state_information_key(slot, p, a), TG_OK);
        assert_int_equal(tg_state_information_key(single, p, b), TG_OK);
        assert_memory_equal(a, b, sizeof a);
    }
}

/* Plays steps until every slot has finished `games` games (or `limit`
 * steps), checking every row of every step against the single states. */
static void mirror(const char *id, const char *options, uint64_t seed, int draw, unsigned games,
                   unsigned limit)
{
    rig r;
    rig_open(&r, id, options, SLOTS, seed, draw);
    tg_state *single[SLOTS];
    uint64_t played[SLOTS] = {0};
    for (size_t i = 0; i < SLOTS; i++) {
        assert_int_equal(tg_state_new(r.game, seed + i, &single[i]), TG_OK);
        single_to_player(single[i]);
        assert_row_is(&r, i, single[i]);
    }
    unsigned finished = 0;
    for (unsigned s = 0; s < limit && finished < SLOTS; s++) {
        step_all(&r, s);
        finished = 0;
        for (size_t i = 0; i < SLOTS; i++) {
            tg_move m = 0;
            assert_int_equal(tg_game_action_move(r.game, 0, r.act[i], &m),
                             TG_OK);
            assert_int_equal(tg_state_apply(single[i], m), TG_OK);
            single_to_player(single[i]);
            const double *rw = r.rewards + i * r.players;
            if (tg_state_is_terminal(single[i])) {
                double want[TG_MAX_PLAYERS];
                size_t n = 0;
                assert_int_equal(
                    tg_state_utilities(single[i], draw, want, TG_MAX_PLAYERS, &n), TG_OK);
                assert_memory_equal(want, rw, n * sizeof *want);
                assert_int_equal(r.done[i], tg_state_is_truncated(single[i])
                                                ? TG_BATCH_TRUNCATED
                                                : TG_BATCH_ENDED);
                played[i]++;
                uint64_t next = seed + played[i] * SLOTS + i, got = 0;
                assert_int_equal(tg_batch_seed(r.batch, i, &got), TG_OK);
                assert_true(got == next);
                assert_int_equal(tg_state_reset(single[i], next), TG_OK);
                single_to_player(single[i]);
            } else {
                assert_int_equal(r.done[i], TG_BATCH_RUNNING);
                for (size_t p = 0; p < r.players; p++)
                    assert_true(rw[p] == 0.0);
            }
            assert_row_is(&r, i, single[i]);
            finished += played[i] >= games;
        }
    }
    assert_int_equal(finished, SLOTS);
    for (size_t i = 0; i < SLOTS; i++)
        tg_state_free(single[i]);
    rig_close(&r);
}

static void slots_play_the_single_state_games(void **state)
{
    (void)state;
    for (size_t g = 0; g < tg_catalogue_count(); g++) {
        const tg_game_info *info = tg_catalogue_get(g);
        char options[32];
        snprintf(options, sizeof options, "players=%d", info->max_players);
        mirror(info->id, NULL, 1000 + g, TG_DRAW_ZERO, 2, 200000);
        mirror(info->id, options, 77, TG_DRAW_SHARED, 1, 200000);
    }
}

/* Whether some byte of p differs from v. */
static void assert_memory_not_equal_byte(const uint8_t *p, uint8_t v, size_t n)
{
    size_t same = 0;
    while (same < n && p[same] == v)
        same++;
    assert_true(same < n);
}

/* Bits alone, without the byte mask, in a row that held anything: the
 * whole row is written (padding included) and matches the byte mask. */
static void bits_alone_fill_their_rows(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players += 2) {
        char options[32];
        snprintf(options, sizeof options, "players=%d", players);
        rig r;
        rig_open(&r, "bewitched", options, 5, 11, TG_DRAW_ZERO);
        for (unsigned s = 0; s < 30; s++)
            step_all(&r, s);
        uint8_t *bits = malloc(r.n * r.stride);
        assert_non_null(bits);
        memset(bits, 0xFF, r.n * r.stride);
        tg_batch_buffers only = TG_BATCH_BUFFERS_INIT;
        only.mask_bits = bits;
        char err[256] = "";
        assert_int_equal(tg_batch_observe(r.batch, 1, 3, &only, err, sizeof err), TG_OK);
        for (size_t i = 0; i < r.n; i++) {
            if (i >= 1 && i < 4) {
                assert_bits_are(bits + i * r.stride, r.mask + i * r.actions, r.actions);
            } else {
                /* Outside the range: not touched. */
                for (size_t k = 0; k < r.stride; k++)
                    assert_int_equal(bits[i * r.stride + k], 0xFF);
            }
        }
        free(bits);
        rig_close(&r);
    }
}

/* ---- refusals ---- */

static void refused_step_changes_nothing(void **state)
{
    (void)state;
    rig a, b;
    rig_open(&a, "witches_dance", "players=4", 6, 5, TG_DRAW_ZERO);
    rig_open(&b, "witches_dance", "players=4", 6, 5, TG_DRAW_ZERO);
    for (unsigned s = 0; s < 40; s++) {
        step_all(&a, s);
        step_all(&b, s);
    }
    /* Slot 2 gets an action that is not legal there (and slot 4 one past
     * the actions); the others legal ones. */
    for (size_t i = 0; i < a.n; i++)
        a.act[i] = pick(&a, i, i);
    uint32_t bad = 0;
    while (a.mask[2 * a.actions + bad])
        bad++;
    a.act[2] = bad;
    a.act[4] = (uint32_t)a.actions;
    size_t bytes = a.n * a.obs * sizeof(float);
    float *before = malloc(bytes);
    assert_non_null(before);
    memcpy(before, a.observation, bytes);
    memset(a.done, 0xA5, a.n);
    uint8_t *bits_before = malloc(a.n * a.stride);
    assert_non_null(bits_before);
    memcpy(bits_before, a.mask_bits, a.n * a.stride);
    char err[256] = "";
    assert_int_equal(tg_batch_step(a.batch, 0, a.n, a.act, &a.bufs, err, sizeof err),
                     TG_E_ILLEGAL_MOVE);
    assert_non_null(strstr(err, "slot 2"));
    assert_memory_equal(before, a.observation, bytes);
    assert_memory_equal(bits_before, a.mask_bits, a.n * a.stride);
    free(bits_before);
    for (size_t i = 0; i < a.n; i++)
        assert_int_equal(a.done[i], 0xA5);
    /* Slot 4 alone: past the actions. */
    assert_int_equal(tg_batch_step(a.batch, 3, 3, a.act, &a.bufs, err, sizeof err),
                     TG_E_ILLEGAL_MOVE);
    assert_non_null(strstr(err, "slot 4"));
    /* The refused calls moved no slot and no RNG: a and b go on alike. */
    for (unsigned s = 40; s < 400; s++) {
        step_all(&a, s);
        step_all(&b, s);
        assert_memory_equal(a.observation, b.observation, bytes);
        assert_memory_equal(a.information, b.information, a.n * a.info * sizeof(float));
        assert_memory_equal(a.mask, b.mask, a.n * a.actions);
        assert_memory_equal(a.mask_bits, b.mask_bits, a.n * a.stride);
        assert_memory_equal(a.done, b.done, a.n);
        assert_memory_equal(a.rewards, b.rewards, a.n * a.players * sizeof(double));
    }
    free(before);
    rig_close(&a);
    rig_close(&b);
}

static void arguments_are_checked(void **state)
{
    (void)state;
    rig r;
    rig_open(&r, "creepy_cauldron", NULL, 4, 1, TG_DRAW_ZERO);
    char err[256] = "";
    tg_batch_buffers bad = r.bufs;
    bad.version = 4;
    for (size_t i = 0; i < r.n; i++)
        r.act[i] = pick(&r, i, 0);
    assert_int_equal(tg_batch_step(NULL, 0, 1, r.act, &r.bufs, err, sizeof err),
                     TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_batch_step(r.batch, 0, 5, r.act, &r.bufs, err, sizeof err),
                     TG_E_INVALID_ARGUMENT);
    assert_non_null(strstr(err, "past the batch"));
    assert_int_equal(tg_batch_step(r.batch, 5, 0, r.act, &r.bufs, err, sizeof err),
                     TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_batch_step(r.batch, 2, SIZE_MAX, r.act, &r.bufs, err, sizeof err),
                     TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_batch_step(r.batch, 0, 1, NULL, &r.bufs, err, sizeof err),
                     TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_batch_step(r.batch, 0, 1, r.act, &bad, err, sizeof err),
                     TG_E_INVALID_ARGUMENT);
    assert_non_null(strstr(err, "version 4"));
    bad.version = 0;
    assert_int_equal(tg_batch_observe(r.batch, 0, 1, &bad, err, sizeof err),
                     TG_E_INVALID_ARGUMENT);
    /* A version-1 struct ends before observation_u8: whatever lies there
     * is never read, and the rest is filled as before. */
    tg_batch_buffers v1 = r.bufs;
    v1.version = 1;
    uint8_t sentinel[8];
    memset(sentinel, 0xA5, sizeof sentinel);
    v1.observation_u8 = sentinel;
    memset(r.player, 0xFF, r.n * sizeof *r.player);
    assert_int_equal(tg_batch_observe(r.batch, 0, 1, &v1, err, sizeof err), TG_OK);
    assert_true(r.player[0] >= 0);
    for (size_t i = 0; i < sizeof sentinel; i++)
        assert_int_equal(sentinel[i], 0xA5);
    /* A version-2 struct ends before mask_bits: the same, one field on;
     * its observation_u8 is filled. */
    tg_batch_buffers v2 = r.bufs;
    v2.version = 2;
    v2.mask_bits = sentinel;
    memset(r.observation_u8, 0xFF, r.obs);
    memset(r.player, 0xFF, r.n * sizeof *r.player);
    assert_int_equal(tg_batch_observe(r.batch, 0, 1, &v2, err, sizeof err), TG_OK);
    assert_true(r.player[0] >= 0);
    assert_memory_not_equal_byte(r.observation_u8, 0xFF, r.obs);
    for (size_t i = 0; i < sizeof sentinel; i++)
        assert_int_equal(sentinel[i], 0xA5);
    assert_int_equal(tg_batch_observe(r.batch, 0, 1, NULL, NULL, 0), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_batch_observe(r.batch, 3, 2, &r.bufs, NULL, 0), TG_E_INVALID_ARGUMENT);
    /* Nothing to do is no error; NULL buffers fill nothing. */
    assert_int_equal(tg_batch_step(r.batch, 4, 0, NULL, &r.bufs, err, sizeof err), TG_OK);
    assert_int_equal(tg_batch_step(r.batch, 0, 1, r.act, NULL, err, sizeof err), TG_OK);
    assert_null(tg_batch_state(r.batch, 4));
    assert_null(tg_batch_state(NULL, 0));
    uint64_t seed = 0;
    assert_int_equal(tg_batch_seed(r.batch, 4, &seed), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_batch_seed(r.batch, 0, NULL), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_batch_seed(NULL, 0, &seed), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_batch_size(r.batch), 4);
    assert_int_equal(tg_batch_size(NULL), 0);
    assert_ptr_equal(tg_batch_game(r.batch), r.game);
    assert_null(tg_batch_game(NULL));
    assert_int_equal(tg_batch_reset(NULL, 1), TG_E_INVALID_ARGUMENT);
    tg_batch_free(NULL);
    /* Making a batch. */
    tg_batch *b = (tg_batch *)&seed;
    assert_int_equal(tg_batch_new(NULL, 1, 0, NULL, &b, err, sizeof err), TG_E_INVALID_ARGUMENT);
    assert_null(b);
    assert_int_equal(tg_batch_new(r.game, 1, 0, NULL, NULL, err, sizeof err),
                     TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_batch_new(r.game, 0, 0, NULL, &b, err, sizeof err),
                     TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_batch_new(r.game, ((size_t)1 << 20) + 1, 0, NULL, &b, err, sizeof err),
                     TG_E_TOO_LARGE);
    tg_batch_params p;
    assert_int_equal(tg_batch_params_init(&p, TG_BATCH_PARAMS_VERSION, NULL, 0), TG_OK);
    assert_int_equal(p.version, TG_BATCH_PARAMS_VERSION);
    assert_int_equal(p.draw, TG_DRAW_ZERO);
    assert_int_equal(tg_batch_params_init(&p, 2, err, sizeof err), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_batch_params_init(NULL, 1, err, sizeof err), TG_E_INVALID_ARGUMENT);
    p.draw = 2;
    assert_int_equal(tg_batch_new(r.game, 1, 0, &p, &b, err, sizeof err), TG_E_INVALID_ARGUMENT);
    assert_non_null(strstr(err, "draw 2"));
    p.draw = TG_DRAW_SHARED;
    p.version = 7;
    assert_int_equal(tg_batch_new(r.game, 1, 0, &p, &b, err, sizeof err), TG_E_INVALID_ARGUMENT);
    assert_null(b);
    rig_close(&r);
}

/* ---- ranges, reset, the batch's own game reference ---- */

static void ranges_step_slots_independently(void **state)
{
    (void)state;
    rig a, b;
    rig_open(&a, "spinning_wishes", NULL, 7, 9, TG_DRAW_ZERO);
    rig_open(&b, "spinning_wishes", NULL, 7, 9, TG_DRAW_ZERO);
    char err[256] = "";
    for (unsigned s = 0; s < 300; s++) {
        for (size_t i = 0; i < a.n; i++)
            a.act[i] = b.act[i] = pick(&a, i, s + i);
        assert_int_equal(tg_batch_step(a.batch, 0, 7, a.act, &a.bufs, err, sizeof err), TG_OK);
        /* b in three ranges, the last first: the order of ranges is free. */
        assert_int_equal(tg_batch_step(b.batch, 5, 2, b.act, &b.bufs, err, sizeof err), TG_OK);
        assert_int_equal(tg_batch_step(b.batch, 0, 2, b.act, &b.bufs, err, sizeof err), TG_OK);
        assert_int_equal(tg_batch_step(b.batch, 2, 3, b.act, &b.bufs, err, sizeof err), TG_OK);
        assert_memory_equal(a.observation, b.observation, a.n * a.obs * sizeof(float));
        assert_memory_equal(a.mask, b.mask, a.n * a.actions);
    }
    rig_close(&a);
    rig_close(&b);
}

static void reset_starts_every_slot_again(void **state)
{
    (void)state;
    rig r;
    rig_open(&r, "bewitched", "players=3", 4, 1, TG_DRAW_ZERO);
    for (unsigned s = 0; s < 30; s++)
        step_all(&r, s);
    assert_int_equal(tg_batch_reset(r.batch, 500), TG_OK);
    for (size_t i = 0; i < r.n; i++) {
        tg_state *st = NULL;
        assert_int_equal(tg_state_new(r.game, 500 + i, &st), TG_OK);
        single_to_player(st);
        assert_true(tg_state_equal(tg_batch_state(r.batch, i), st));
        uint64_t seed = 0;
        assert_int_equal(tg_batch_seed(r.batch, i, &seed), TG_OK);
        assert_true(seed == 500 + i);
        tg_state_free(st);
    }
    /* The batch keeps its game: the caller's reference may go first. */
    tg_game_free(r.game);
    r.game = tg_game_ref(tg_batch_game(r.batch));
    char err[256] = "";
    assert_int_equal(tg_batch_observe(r.batch, 0, r.n, &r.bufs, err, sizeof err), TG_OK);
    step_all(&r, 1);
    rig_close(&r);
}

/* A slot's state saves as a position of its own and loads back equal. */
static void slot_state_saves(void **state)
{
    (void)state;
    rig r;
    rig_open(&r, "witches_dance", "players=3", 2, 3, TG_DRAW_ZERO);
    for (unsigned s = 0; s < 25; s++)
        step_all(&r, s);
    const tg_state *slot = tg_batch_state(r.batch, 1);
    size_t len = 0;
    unsigned char *save = tgt_save(slot, &len);
    tg_state *back = NULL;
    assert_int_equal(tg_state_load(save, len, NULL, &back, NULL, 0), TG_OK);
    assert_true(tg_state_equal(back, slot));
    tg_free(save);
    tg_state_free(back);
    rig_close(&r);
}

/* ---- the length cap ---- */

/* Witches' Dance never ends while every witch dances on past its exit:
 * the cap stops the game, the batch says truncated, and shared draws give
 * each of the 4 players a quarter (zero draws nothing). */
static void cap_truncates_and_shared_draws_split(void **state)
{
    (void)state;
    for (int draw = TG_DRAW_ZERO; draw <= TG_DRAW_SHARED; draw++) {
        rig r;
        rig_open(&r, "witches_dance", "players=4", 1, 42, draw);
        uint32_t dance = 0, max = tg_game_max_length(r.game);
        assert_int_equal(tg_game_move_action(r.game, 85, &dance), TG_OK); /* WD_MOVE_DANCE */
        char err[256] = "";
        unsigned steps = 0;
        do {
            r.act[0] = r.mask[dance] ? dance : pick(&r, 0, steps);
            assert_int_equal(tg_batch_step(r.batch, 0, 1, r.act, &r.bufs, err, sizeof err),
                             TG_OK);
            steps++;
        } while (r.done[0] == TG_BATCH_RUNNING && steps <= max);
        assert_int_equal(r.done[0], TG_BATCH_TRUNCATED);
        for (size_t p = 0; p < 4; p++)
            assert_true(r.rewards[p] == (draw == TG_DRAW_SHARED ? 0.25 : 0.0));
        rig_close(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(slots_play_the_single_state_games),
        cmocka_unit_test(bits_alone_fill_their_rows),
        cmocka_unit_test(refused_step_changes_nothing),
        cmocka_unit_test(arguments_are_checked),
        cmocka_unit_test(ranges_step_slots_independently),
        cmocka_unit_test(reset_starts_every_slot_again),
        cmocka_unit_test(slot_state_saves),
        cmocka_unit_test(cap_truncates_and_shared_draws_split),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
