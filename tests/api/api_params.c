/* Game parameters across versions, the sized allocator and game
 * references: a 1.0 caller's smaller tg_game_params is read to its end and
 * no further, the sized allocator is told the exact size of every block it
 * releases, and tg_game_ref() keeps the very game (and allocator) a loaded
 * state belongs to. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

/* tg_game_params as 1.0 and 1.1 had it. */
typedef struct params_v1 {
    unsigned version;
    const tg_allocator *allocator;
} params_v1;

/* A sized allocator that keeps every block's size in front of it, the way
 * a real one keeps its bookkeeping, and checks what the library says. */
typedef union block_head {
    size_t size;
    max_align_t align;
} block_head;

typedef struct ledger {
    long live_blocks;
    size_t live_bytes;
    unsigned long calls, fail_at, wrong_sizes;
} ledger;

static void *ledger_resize(void *ud, void *ptr, size_t old_size, size_t new_size)
{
    ledger *l = ud;
    if (ptr == NULL) {
        if (old_size != 0 || new_size == 0)
            l->wrong_sizes++;
        if (++l->calls == l->fail_at)
            return NULL;
        block_head *h = malloc(sizeof *h + new_size);
        if (!h)
            return NULL;
        h->size = new_size;
        l->live_blocks++;
        l->live_bytes += new_size;
        return h + 1;
    }
    block_head *h = (block_head *)ptr - 1;
    if (h->size != old_size)
        l->wrong_sizes++;
    if (new_size != 0) { /* the library never resizes yet */
        l->wrong_sizes++;
        return NULL;
    }
    l->live_blocks--;
    l->live_bytes -= h->size;
    free(h);
    return NULL;
}

static tg_game_params ledger_params(ledger *l, tg_sized_allocator *a)
{
    assert_int_equal(tg_sized_allocator_init(a, sizeof *a, NULL, 0), TG_OK);
    a->resize = ledger_resize;
    a->user_data = l;
    tg_game_params p;
    assert_int_equal(tg_game_params_init(&p, TG_GAME_PARAMS_VERSION), TG_OK);
    p.sized_allocator = a;
    return p;
}

static void the_layout_of_1_0_is_read_to_its_end_and_no_further(void **unused)
{
    (void)unused;
    assert_int_equal(sizeof(params_v1), offsetof(tg_game_params, sized_allocator));
    params_v1 *old = tgt_page_end(sizeof *old);
    *old = (params_v1){1, NULL};
    const tg_game_params *as_new = (const tg_game_params *)(void *)old;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        tg_game *g = NULL;
        char err[256] = "";
        assert_int_equal(tg_game_new(tg_catalogue_get(i)->id, NULL, as_new, &g, err, sizeof err),
                         TG_OK);
        tg_state *st = tgt_random_state(g, 4, 20), *back = NULL;
        unsigned char *data = NULL;
        size_t len;
        assert_int_equal(tg_state_save(st, &data, &len), TG_OK);
        assert_int_equal(tg_state_load(data, len, as_new, &back, err, sizeof err), TG_OK);
        tg_state_free(back);
        char *json = NULL;
        assert_int_equal(tg_state_to_json(st, &json, &len), TG_OK);
        assert_int_equal(tg_state_from_json(json, len, as_new, &back, err, sizeof err), TG_OK);
        tg_state_free(back);
        tg_free(json);
        tg_free(data);
        tg_state_free(st);
        tg_game_free(g);
    }
    tgt_page_end_free(old, sizeof *old);
}

static void init_writes_every_byte_and_bad_params_say_why(void **unused)
{
    (void)unused;
    tg_game_params p, zero;
    memset(&p, 0xaa, sizeof p);
    memset(&zero, 0, sizeof zero);
    zero.version = TG_GAME_PARAMS_VERSION;
    assert_int_equal(tg_game_params_init(&p, TG_GAME_PARAMS_VERSION), TG_OK);
    assert_memory_equal(&p, &zero, sizeof p); /* padding included */
    assert_int_equal(tg_game_params_init(&p, 0), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_game_params_init(&p, 3), TG_E_INVALID_ARGUMENT);
    assert_int_equal(tg_game_params_init(NULL, 1), TG_E_INVALID_ARGUMENT);
    const char *id = tg_catalogue_get(0)->id;
    ledger l = {0};
    tg_sized_allocator sized;
    tg_allocator plain = {NULL, NULL, NULL};
    struct {
        const char *needle;
        tg_game_params params;
        tg_sized_allocator sized;
    } cases[6];
    size_t n = 0;
    cases[n].params = ledger_params(&l, &sized);
    cases[n].params.version = 9;
    cases[n++].needle = "version 9";
    cases[n].params = ledger_params(&l, &sized);
    cases[n].params.allocator = &plain;
    cases[n++].needle = "both";
    cases[n].params = ledger_params(&l, &sized);
    cases[n].params.sized_allocator = NULL;
    cases[n].params.allocator = &plain;
    cases[n++].needle = "both functions";
    cases[n].params = ledger_params(&l, &cases[n].sized);
    cases[n].sized.size = sizeof sized + 8; /* a later, larger layout */
    cases[n++].needle = "size is";
    cases[n].params = ledger_params(&l, &cases[n].sized);
    cases[n].sized.size = 0; /* never a layout's size */
    cases[n++].needle = "reads sizes";
    cases[n].params = ledger_params(&l, &cases[n].sized);
    cases[n].sized.resize = NULL;
    cases[n++].needle = "resize is NULL";
    for (size_t i = 0; i < n; i++) {
        tg_game *g = (tg_game *)&p;
        char err[256] = "";
        assert_int_equal(tg_game_new(id, NULL, &cases[i].params, &g, err, sizeof err),
                         TG_E_INVALID_ARGUMENT);
        assert_null(g);
        if (!strstr(err, cases[i].needle))
            fail_msg("case %zu: '%s' does not name '%s'", i, err, cases[i].needle);
        tg_state *st = (tg_state *)&p;
        assert_int_equal(tg_state_from_json("{}", 2, &cases[i].params, &st, err, sizeof err),
                         TG_E_INVALID_ARGUMENT);
        assert_null(st);
        assert_non_null(strstr(err, cases[i].needle));
    }
    assert_int_equal(l.calls, 0);
}

/* The init calls of 1.3 say why they refuse, and then write nothing. */
static void the_init_calls_say_why_they_refuse(void **unused)
{
    (void)unused;
    char err[128];
    tg_game_params gp, gp_before;
    memset(&gp, 0x5a, sizeof gp);
    gp_before = gp;
    strcpy(err, "untouched");
    assert_int_equal(tg_game_params_init_v2(&gp, TG_GAME_PARAMS_VERSION, err, sizeof err), TG_OK);
    assert_string_equal(err, "untouched"); /* nothing written on success */
    assert_int_equal(gp.version, TG_GAME_PARAMS_VERSION);
    assert_null(gp.sized_allocator);
    gp = gp_before;
    assert_int_equal(tg_game_params_init_v2(&gp, 9, err, sizeof err), TG_E_INVALID_ARGUMENT);
    assert_string_equal(err, "tg_game_params version 9 is unknown; this library reads versions 1 to 2");
    assert_memory_equal(&gp, &gp_before, sizeof gp);
    assert_int_equal(tg_game_params_init_v2(NULL, 1, err, sizeof err), TG_E_INVALID_ARGUMENT);
    assert_string_equal(err, "the tg_game_params pointer is NULL");
    /* Cut to the buffer, NUL included; no buffer at all is fine. */
    assert_int_equal(tg_game_params_init_v2(NULL, 1, err, 4), TG_E_INVALID_ARGUMENT);
    assert_string_equal(err, "the");
    assert_int_equal(tg_game_params_init_v2(NULL, 1, NULL, 0), TG_E_INVALID_ARGUMENT);

    tg_sized_allocator a, a_before;
    memset(&a, 0x5a, sizeof a);
    a_before = a;
    assert_int_equal(tg_sized_allocator_init(&a, sizeof a + 8, err, sizeof err),
                     TG_E_INVALID_ARGUMENT);
    assert_non_null(strstr(err, "size is"));
    assert_memory_equal(&a, &a_before, sizeof a);
    assert_int_equal(tg_sized_allocator_init(&a, 0, err, sizeof err), TG_E_INVALID_ARGUMENT);
    assert_non_null(strstr(err, "reads sizes"));
    assert_int_equal(tg_sized_allocator_init(NULL, sizeof a, err, sizeof err),
                     TG_E_INVALID_ARGUMENT);
    assert_string_equal(err, "the tg_sized_allocator pointer is NULL");
    /* Every byte of the layout, padding included: zero but the size. */
    tg_sized_allocator zero;
    memset(&zero, 0, sizeof zero);
    zero.size = sizeof zero;
    assert_int_equal(tg_sized_allocator_init(&a, sizeof a, err, sizeof err), TG_OK);
    assert_memory_equal(&a, &zero, sizeof a);
}

/* Everything a host does with a game, through the sized allocator. */
static void use_everything(tg_game *g, const tg_game_params *p)
{
    tg_state *st = tgt_random_state(g, 21, 40), *copy = NULL, *back = NULL;
    assert_int_equal(tg_state_clone(st, &copy), TG_OK);
    for (int i = 0; i < 3 && tg_state_history_length(copy) > 0; i++)
        assert_int_equal(tg_state_undo(copy), TG_OK);
    unsigned char *data;
    char *json, *view;
    size_t len;
    assert_int_equal(tg_state_save(st, &data, &len), TG_OK);
    assert_int_equal(tg_state_load(data, len, p, &back, NULL, 0), TG_OK);
    tg_state_free(back);
    assert_int_equal(tg_state_to_json(st, &json, &len), TG_OK);
    assert_int_equal(tg_state_from_json(json, len, p, &back, NULL, 0), TG_OK);
    assert_int_equal(tg_state_observation_json(back, 0, &view, NULL), TG_OK);
    tg_free(view);
    assert_int_equal(tg_state_to_text(st, TG_VIEW_OMNISCIENT, &view, NULL), TG_OK);
    tg_free(view);
    assert_int_equal(tg_game_board_json(g, &view, NULL), TG_OK);
    tg_free(view);
    if (!tg_state_is_terminal(st) && tg_state_current_player(st) >= 0) {
        tg_bot_params bp = TG_BOT_PARAMS_INIT;
        bp.level = TG_BOT_HARD;
        bp.simulations = 30;
        tg_bot *bot = NULL;
        tg_move m;
        assert_int_equal(tg_bot_new(g, tg_state_current_player(st), &bp, &bot), TG_OK);
        assert_int_equal(tg_bot_choose(bot, st, &m), TG_OK);
        tg_bot_free(bot);
    }
    tg_free(json);
    tg_free(data);
    tg_state_free(back);
    tg_state_free(copy);
    tg_state_free(st);
}

static void the_sized_allocator_is_told_every_size(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        ledger l = {0};
        tg_sized_allocator a;
        tg_game_params p = ledger_params(&l, &a);
        tg_game *g = NULL;
        assert_int_equal(tg_game_new(tg_catalogue_get(i)->id, NULL, &p, &g, NULL, 0), TG_OK);
        use_everything(g, &p);
        tg_game_free(g);
        assert_true(l.calls > 10);
        assert_int_equal(l.wrong_sizes, 0);
        assert_int_equal(l.live_blocks, 0);
        assert_int_equal(l.live_bytes, 0);
        /* Each allocation failing in turn: refused cleanly, nothing left. */
        for (unsigned long k = 1;; k++) {
            ledger f = {0};
            f.fail_at = k;
            tg_game_params q = ledger_params(&f, &a);
            tg_state *st = NULL;
            tg_status s = tg_game_new(tg_catalogue_get(i)->id, NULL, &q, &g, NULL, 0);
            if (s == TG_OK) {
                s = tg_state_new(g, 1, &st);
                tg_game_free(g);
            }
            tg_state_free(st);
            assert_int_equal(f.wrong_sizes, 0);
            assert_int_equal(f.live_blocks, 0);
            if (s == TG_OK)
                break;
            assert_int_equal(s, TG_E_NO_MEMORY);
        }
    }
}

static void a_reference_keeps_a_loaded_states_game(void **unused)
{
    (void)unused;
    assert_null(tg_game_ref(NULL));
    ledger l = {0};
    tg_sized_allocator a;
    tg_game_params p = ledger_params(&l, &a);
    tg_game *made = tgt_game(tg_catalogue_get(0)->id, NULL);
    tg_state *st = tgt_random_state(made, 3, 10);
    char *json = NULL;
    size_t len;
    assert_int_equal(tg_state_to_json(st, &json, &len), TG_OK);
    tg_state_free(st);
    tg_game_free(made);
    assert_int_equal(tg_state_from_json(json, len, &p, &st, NULL, 0), TG_OK);
    tg_free(json);
    const tg_game *borrowed = tg_state_game(st);
    tg_game *kept = tg_game_ref(borrowed);
    assert_ptr_equal(kept, borrowed);
    tg_state_free(st); /* the reference outlives the state it came from */
    unsigned long before = l.calls;
    tg_state *fresh = NULL;
    assert_int_equal(tg_state_new(kept, 1, &fresh), TG_OK);
    assert_true(l.calls > before); /* the loaded game's own allocator */
    tg_state_free(fresh);
    assert_true(l.live_blocks > 0);
    tg_game_free(kept);
    assert_int_equal(l.live_blocks, 0);
    assert_int_equal(l.wrong_sizes, 0);
}

int main(void)
{
    if (tg_catalogue_count() == 0)
        return 0;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_layout_of_1_0_is_read_to_its_end_and_no_further),
        cmocka_unit_test(init_writes_every_byte_and_bad_params_say_why),
        cmocka_unit_test(the_init_calls_say_why_they_refuse),
        cmocka_unit_test(the_sized_allocator_is_told_every_size),
        cmocka_unit_test(a_reference_keeps_a_loaded_states_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
