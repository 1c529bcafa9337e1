/* Bewitched hidden information: what each seat sees of pages, snakes and
 * plain frogs, and resampling that keeps it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"
#include "support.h"

static const char *const bw_carry =
    "{\"frogs\":[{\"at\":14},{\"at\":\"red\"},{\"at\":\"red\"},{\"at\":\"green\"},"
    "{\"at\":\"green\"},{\"at\":\"green\"}],\"books\":[{\"where\":\"frog\",\"at\":0},"
    "{\"where\":\"hat\",\"at\":1},{\"where\":\"hat\",\"at\":2},{\"where\":\"hat\",\"at\":3}],"
    "\"seen\":[[0],[]],\"touches\":[[8,4]],\"magnetic_known\":[1],\"gone\":[0]}";

/* A player sees the pages of books they have looked at, never others'. */
static void test_hidden_pages(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, bw_carry);
    json_t *mine = tgt_observation(st, 0), *theirs = tgt_observation(st, 1);
    json_t *b0 = json_array_get(json_object_get(mine, "books"), 0);
    json_t *b1 = json_array_get(json_object_get(theirs, "books"), 0);
    assert_string_equal(json_string_value(json_object_get(b0, "page")), "prince");
    assert_true(json_is_null(json_object_get(b1, "page")));
    json_t *f0 = json_array_get(json_object_get(theirs, "frogs"), 0);
    assert_int_equal(json_integer_value(json_object_get(f0, "book")), 0);
    json_decref(mine);
    json_decref(theirs);
    tg_state_free(st);
}

/* Nobody, owner included, sees which frogs are magnetic or which snakes are
 * deadly, until a bite shows both. */
static void test_hidden_snakes_and_frogs(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, bw_carry);
    json_t *mine = tgt_observation(st, 0), *all = tgt_observation(st, TG_VIEW_OMNISCIENT);
    json_t *fr = json_object_get(mine, "frogs"), *sn = json_object_get(mine, "snakes");
    assert_true(json_is_null(json_object_get(json_array_get(fr, 0), "magnetic")));
    assert_true(json_is_true(json_object_get(json_array_get(fr, 1), "magnetic")));
    assert_true(json_is_null(json_object_get(json_array_get(sn, 1), "deadly")));
    assert_true(json_is_true(json_object_get(json_array_get(sn, 0), "deadly")));
    json_t *all_sn = json_object_get(all, "snakes");
    assert_true(json_is_true(json_object_get(json_array_get(all_sn, 1), "deadly")));
    assert_true(json_is_false(json_object_get(json_array_get(all_sn, 8), "deadly")));
    json_decref(mine);
    json_decref(all);
    tg_state_free(st);
}

static int bw_same_json(json_t *a, json_t *b)
{
    int same = json_equal(a, b);
    json_decref(a);
    json_decref(b);
    return same;
}

/* Resampling for a player keeps that player's observation and events. */
static void test_resample_keeps_view(void **state)
{
    (void)state;
    for (int p = 0; p < 2; p++) {
        tg_state *st = bw_state(NULL, bw_carry);
        tgt_apply(st, "3f1:13-12-11");
        json_t *obs = tgt_observation(st, p), *ev = tgt_events(st, p);
        assert_int_equal(tg_state_resample(st, p), TG_OK);
        assert_true(bw_same_json(obs, tgt_observation(st, p)));
        assert_true(bw_same_json(ev, tgt_events(st, p)));
        tg_state_free(st);
    }
}

/* Resampling never contradicts a bite or a touch without a bite: snake 8
 * touched frog 4 with no bite, so they are never deadly and magnetic
 * together; frog 1 was bitten, so it stays magnetic and snake 0 deadly. */
static void test_resample_respects_touches(void **state)
{
    (void)state;
    tg_state *st = bw_state(NULL, bw_carry);
    int prince_moved = 0, snake8_deadly = 0;
    for (int i = 0; i < 200; i++) {
        assert_int_equal(tg_state_seed(st, (uint64_t)i + 1), TG_OK);
        assert_int_equal(tg_state_resample(st, 1), TG_OK);
        json_t *all = tgt_observation(st, TG_VIEW_OMNISCIENT);
        json_t *fr = json_object_get(all, "frogs"), *sn = json_object_get(all, "snakes");
        int d8 = json_is_true(json_object_get(json_array_get(sn, 8), "deadly"));
        int m4 = json_is_true(json_object_get(json_array_get(fr, 4), "magnetic"));
        assert_false(d8 && m4);
        assert_true(json_is_true(json_object_get(json_array_get(fr, 1), "magnetic")));
        assert_true(json_is_true(json_object_get(json_array_get(sn, 0), "deadly")));
        snake8_deadly += d8;
        json_t *b0 = json_array_get(json_object_get(all, "books"), 0);
        prince_moved |= strcmp(json_string_value(json_object_get(b0, "page")), "frog") == 0;
        json_decref(all);
    }
    /* the draw does vary what player 1 cannot know */
    assert_true(prince_moved);
    assert_true(snake8_deadly > 0);
    tg_state_free(st);
}

int bw_run_hidden(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hidden_pages),
        cmocka_unit_test(test_hidden_snakes_and_frogs),
        cmocka_unit_test(test_resample_keeps_view),
        cmocka_unit_test(test_resample_respects_touches),
    };
    return cmocka_run_group_tests_name("bewitched hidden", tests, NULL, NULL);
}
