/* The allocator hook: every handle and returned buffer goes through it; the
 * play loop (legal moves, apply, chance, copy into a used state) allocates
 * nothing once the history has room; and failing the n-th allocation, for
 * every n, of each call that allocates gives TG_E_NO_MEMORY, a NULL result,
 * an unchanged state and nothing leaked (counted here, and by ASan). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

typedef struct counter {
    unsigned long calls;   /* allocations asked for since the last arm() */
    unsigned long fail_at; /* that call fails (1-based); 0: none fails */
    long live;             /* blocks handed out and not yet released */
} counter;

static void *count_alloc(size_t size, void *user_data)
{
    counter *c = user_data;
    c->calls++;
    if (c->fail_at && c->calls == c->fail_at)
        return NULL;
    void *p = malloc(size);
    if (p)
        c->live++;
    return p;
}

static void count_release(void *ptr, void *user_data)
{
    counter *c = user_data;
    c->live--;
    free(ptr);
}

static void arm(counter *c, unsigned long fail_at)
{
    c->calls = 0;
    c->fail_at = fail_at;
}

static tg_game_params params_for(counter *c, tg_allocator *a)
{
    a->alloc = count_alloc;
    a->release = count_release;
    a->user_data = c;
    tg_game_params p = TG_GAME_PARAMS_INIT;
    p.allocator = a;
    return p;
}

static tg_game *counted_game(const char *id, counter *c)
{
    tg_allocator a;
    tg_game_params p = params_for(c, &a);
    tg_game *g = NULL;
    char err[256] = "";
    arm(c, 0);
    if (tg_game_new(id, NULL, &p, &g, err, sizeof err) != TG_OK)
        fail_msg("%s: %s", id, err);
    return g;
}

/* One decision chosen from the state alone, so a replay makes the same
 * choices; every call of the play loop is exercised on the way. */
static void play_one(tg_state *st, tg_state *shadow)
{
    tg_move moves[4096];
    double probs[4096];
    size_t n = 0;
    char text[128];
    assert_int_equal(tg_state_legal_moves(st, moves, 4096, &n), TG_OK);
    assert_true(n > 0);
    assert_int_equal(tg_state_is_legal(st, moves[0]), TG_OK);
    assert_int_equal(tg_state_move_text(st, moves[n - 1], text, sizeof text, NULL), TG_OK);
    tg_move parsed;
    assert_int_equal(tg_state_parse_move(st, text, &parsed), TG_OK);
    uint32_t mask;
    double ret[TG_MAX_PLAYERS];
    assert_int_equal(tg_state_winners(st, &mask), TG_OK);
    assert_int_equal(tg_state_returns(st, ret, TG_MAX_PLAYERS), TG_OK);
    if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
        assert_int_equal(tg_state_chance_outcomes(st, moves, probs, 4096, &n), TG_OK);
        assert_int_equal(tg_state_apply_chance(st, NULL), TG_OK);
    } else {
        assert_int_equal(tg_state_apply(st, moves[tg_state_move_number(st) % n]), TG_OK);
    }
    if (shadow)
        assert_int_equal(tg_state_copy(shadow, st), TG_OK);
}

static void play_loop_does_not_allocate(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const char *id = tg_catalogue_get(i)->id;
        counter c = {0, 0, 0};
        tg_game *g = counted_game(id, &c);
        tg_state *st = NULL;
        assert_int_equal(tg_state_new(g, 5, &st), TG_OK);
        /* First game: only history growth may allocate, a few times. */
        arm(&c, 0);
        while (!tg_state_is_terminal(st))
            play_one(st, NULL);
        unsigned long growth = c.calls;
        uint32_t length = tg_state_move_number(st);
        if (growth > 32)
            fail_msg("%s: %lu allocations in a game of %u decisions", id, growth,
                     (unsigned)length);
        tg_state *shadow = NULL;
        assert_int_equal(tg_state_clone(st, &shadow), TG_OK);
        /* Replay: the history has room now, so nothing may allocate. */
        arm(&c, 0);
        assert_int_equal(tg_state_reset(st, 5), TG_OK);
        while (!tg_state_is_terminal(st))
            play_one(st, shadow);
        assert_int_equal(tg_state_move_number(st), length);
        if (c.calls != 0)
            fail_msg("%s: %lu allocations while replaying a game whose history had room", id,
                     c.calls);
        /* The first undo builds its checkpoint cache once (state.h says so);
         * undoing further and copying allocate nothing more. */
        assert_int_equal(tg_state_undo(st), TG_OK);
        arm(&c, 0);
        for (int k = 0; k < 10 && tg_state_history_length(st) > 0; k++)
            assert_int_equal(tg_state_undo(st), TG_OK);
        assert_int_equal(tg_state_copy(shadow, st), TG_OK);
        if (c.calls != 0)
            fail_msg("%s: %lu allocations while undoing after the first undo", id, c.calls);
        printf("%s: %u decisions, %lu allocations for history growth, 0 on replay\n", id,
               (unsigned)length, growth);
        tg_state_free(shadow);
        tg_state_free(st);
        tg_game_free(g);
        assert_int_equal(c.live, 0);
    }
}

/* One call that allocates, run against the fixture in op_ctx. It stores
 * what it made in o->made (a handle or a buffer, by o->kind) and returns its
 * status; on failure o->made must come back NULL. */
typedef enum made_kind { MADE_GAME, MADE_STATE, MADE_BUFFER } made_kind;

typedef struct op_ctx {
    counter *c;
    const char *id;
    tg_state *st;
    const unsigned char *data;
    size_t len;
    const char *json;
    void *made;
} op_ctx;

typedef struct alloc_op {
    const char *name;
    made_kind kind;
    tg_status (*run)(op_ctx *o, const tg_game_params *p);
} alloc_op;

static tg_status op_game_new(op_ctx *o, const tg_game_params *p)
{
    return tg_game_new(o->id, NULL, p, (tg_game **)&o->made, NULL, 0);
}
static tg_status op_state_new(op_ctx *o, const tg_game_params *p)
{
    (void)p;
    return tg_state_new((tg_game *)tg_state_game(o->st), 3, (tg_state **)&o->made);
}
static tg_status op_clone(op_ctx *o, const tg_game_params *p)
{
    (void)p;
    return tg_state_clone(o->st, (tg_state **)&o->made);
}
static tg_status op_save(op_ctx *o, const tg_game_params *p)
{
    (void)p;
    size_t len = 0;
    return tg_state_save(o->st, (unsigned char **)&o->made, &len);
}
static tg_status op_load(op_ctx *o, const tg_game_params *p)
{
    return tg_state_load(o->data, o->len, p, (tg_state **)&o->made, NULL, 0);
}
static tg_status op_to_json(op_ctx *o, const tg_game_params *p)
{
    (void)p;
    return tg_state_to_json(o->st, (char **)&o->made, NULL);
}
static tg_status op_from_json(op_ctx *o, const tg_game_params *p)
{
    return tg_state_from_json(o->json, strlen(o->json), p, (tg_state **)&o->made, NULL, 0);
}
static tg_status op_observation(op_ctx *o, const tg_game_params *p)
{
    (void)p;
    return tg_state_observation_json(o->st, 0, (char **)&o->made, NULL);
}
static tg_status op_events(op_ctx *o, const tg_game_params *p)
{
    (void)p;
    return tg_state_events_json(o->st, 0, (char **)&o->made, NULL);
}
static tg_status op_to_text(op_ctx *o, const tg_game_params *p)
{
    (void)p;
    return tg_state_to_text(o->st, 0, (char **)&o->made, NULL);
}
static tg_status op_board(op_ctx *o, const tg_game_params *p)
{
    (void)p;
    return tg_game_board_json(tg_state_game(o->st), (char **)&o->made, NULL);
}

static void release_made(made_kind kind, void *made)
{
    if (kind == MADE_GAME)
        tg_game_free(made);
    else if (kind == MADE_STATE)
        tg_state_free(made);
    else
        tg_free(made);
}

/* Runs op with the n-th allocation failing, for n = 1, 2, ... until it
 * succeeds; each failure must be TG_E_NO_MEMORY with a NULL result and no
 * block left behind. */
static void fail_each_allocation(op_ctx *o, const alloc_op *op)
{
    counter *c = o->c;
    tg_allocator a;
    tg_game_params p = params_for(c, &a);
    for (unsigned long n = 1;; n++) {
        if (n > 10000)
            fail_msg("%s: still allocating after 10000 calls", op->name);
        long live = c->live;
        arm(c, n);
        o->made = o; /* any non-NULL value: a failure must clear it */
        tg_status s = op->run(o, &p);
        unsigned long calls = c->calls;
        arm(c, 0);
        if (s == TG_OK) {
            release_made(op->kind, o->made);
            if (c->live != live)
                fail_msg("%s leaked %ld blocks", op->name, c->live - live);
            if (calls >= n)
                fail_msg("%s succeeded although allocation %lu failed", op->name, n);
            return;
        }
        if (s != TG_E_NO_MEMORY)
            fail_msg("%s with allocation %lu failing gave %s", op->name, n, tg_status_name(s));
        if (o->made != NULL)
            fail_msg("%s failed but did not clear its result", op->name);
        if (c->live != live)
            fail_msg("%s with allocation %lu failing leaked %ld blocks", op->name, n,
                     c->live - live);
    }
}

static void failing_allocations_leak_nothing(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const char *id = tg_catalogue_get(i)->id;
        counter c = {0, 0, 0};
        static const alloc_op ops[] = {
            {"tg_game_new", MADE_GAME, op_game_new},
            {"tg_state_new", MADE_STATE, op_state_new},
            {"tg_state_clone", MADE_STATE, op_clone},
            {"tg_state_save", MADE_BUFFER, op_save},
            {"tg_state_load", MADE_STATE, op_load},
            {"tg_state_to_json", MADE_BUFFER, op_to_json},
            {"tg_state_from_json", MADE_STATE, op_from_json},
            {"tg_state_observation_json", MADE_BUFFER, op_observation},
            {"tg_state_events_json", MADE_BUFFER, op_events},
            {"tg_state_to_text", MADE_BUFFER, op_to_text},
            {"tg_game_board_json", MADE_BUFFER, op_board},
        };
        op_ctx o = {&c, id, NULL, NULL, 0, NULL, NULL};
        tg_game *g = counted_game(id, &c);
        o.st = tgt_random_state(g, 8, 30);
        unsigned char *data = NULL;
        assert_int_equal(tg_state_save(o.st, &data, &o.len), TG_OK);
        o.data = data;
        char *json = NULL;
        assert_int_equal(tg_state_to_json(o.st, &json, NULL), TG_OK);
        o.json = json;
        for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++)
            fail_each_allocation(&o, &ops[k]);
        tg_free(json);
        tg_free(data);
        tg_state_free(o.st);
        tg_game_free(g);
        assert_int_equal(c.live, 0);
    }
}

/* When the history must grow and cannot, apply and copy refuse with
 * TG_E_NO_MEMORY and the state is exactly as it was. */
static void history_growth_failure_changes_nothing(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const char *id = tg_catalogue_get(i)->id;
        counter c = {0, 0, 0};
        tg_game *g = counted_game(id, &c);
        tg_state *st = NULL;
        assert_int_equal(tg_state_new(g, 13, &st), TG_OK);
        tg_state *empty = NULL;
        assert_int_equal(tg_state_new(g, 13, &empty), TG_OK);
        int grown = 0;
        while (!tg_state_is_terminal(st) && grown < 3) {
            tg_state *before = NULL;
            assert_int_equal(tg_state_clone(st, &before), TG_OK);
            tg_state *probe = NULL;
            assert_int_equal(tg_state_clone(st, &probe), TG_OK);
            arm(&c, 0);
            play_one(probe, NULL);
            unsigned long needed = c.calls;
            tg_state_free(probe);
            if (needed == 0) {
                play_one(st, NULL);
                tg_state_free(before);
                continue;
            }
            grown++;
            tg_move moves[4096];
            size_t n = 0;
            assert_int_equal(tg_state_legal_moves(st, moves, 4096, &n), TG_OK);
            tg_move m = moves[tg_state_move_number(st) % n];
            if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
                arm(&c, 1);
                assert_int_equal(tg_state_apply_chance(st, NULL), TG_E_NO_MEMORY);
            } else {
                arm(&c, 1);
                assert_int_equal(tg_state_apply(st, m), TG_E_NO_MEMORY);
            }
            arm(&c, 0);
            tgt_assert_identical(before, st, "state after apply ran out of memory");
            /* Copying this history into a state that never held one must
             * allocate; when that fails the target is unchanged. */
            tg_state *target = NULL;
            assert_int_equal(tg_state_clone(empty, &target), TG_OK);
            if (tg_state_history_length(st) > 0) {
                arm(&c, 1);
                assert_int_equal(tg_state_copy(target, st), TG_E_NO_MEMORY);
                arm(&c, 0);
                tgt_assert_identical(empty, target, "copy target after running out of memory");
            }
            tg_state_free(target);
            play_one(st, NULL);
            tg_state_free(before);
        }
        tg_state_free(empty);
        tg_state_free(st);
        tg_game_free(g);
        assert_int_equal(c.live, 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(play_loop_does_not_allocate),
        cmocka_unit_test(failing_allocations_leak_nothing),
        cmocka_unit_test(history_growth_failure_changes_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
