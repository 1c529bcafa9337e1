/* tg_state_position_key() (1.4): equal exactly where tg_state_equal()
 * holds, which is what lets a binding refuse a move made for another
 * position (a stale list after a roll, a move of another game) and take
 * one made for a clone at the same position. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

static uint64_t key_of(const tg_state *st)
{
    uint64_t k = 0;
    assert_int_equal(tg_state_position_key(st, &k), TG_OK);
    return k;
}

/* Along a random game: a clone has the key, every decision changes it,
 * undo brings it back, and an equal game made anew gives the same keys. */
static void keys_follow_the_position(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const char *id = tg_catalogue_get(i)->id;
        tg_game *g = tgt_game(id, NULL), *same = tgt_game(id, NULL);
        tg_state *st = NULL, *twin = NULL;
        assert_int_equal(tg_state_new(g, 8, &st), TG_OK);
        assert_int_equal(tg_state_new(same, 8, &twin), TG_OK);
        for (int step = 0; step < 120 && !tg_state_is_terminal(st); step++) {
            uint64_t k = key_of(st);
            assert_true(k == key_of(twin));
            tg_state *clone = NULL;
            assert_int_equal(tg_state_clone(st, &clone), TG_OK);
            assert_true(key_of(clone) == k);
            /* the twin decides; st takes the same decision */
            assert_int_equal(tg_state_playout(twin, 1, NULL), TG_OK);
            tg_move last = 0;
            assert_int_equal(tg_state_history(twin, NULL, 0, &(size_t){0}),
                             tg_state_history_length(twin) ? TG_E_BUFFER_TOO_SMALL : TG_OK);
            tg_move *hist = malloc(tg_state_history_length(twin) * sizeof *hist);
            size_t n = 0;
            assert_int_equal(tg_state_history(twin, hist, tg_state_history_length(twin), &n),
                             TG_OK);
            last = hist[n - 1];
            free(hist);
            assert_int_equal(tg_state_apply(st, last), TG_OK);
            assert_true(key_of(st) != k);
            assert_true(key_of(st) == key_of(twin));
            assert_int_equal(tg_state_undo(st), TG_OK);
            assert_true(key_of(st) == k);
            assert_int_equal(tg_state_equal(st, clone), 1);
            assert_int_equal(tg_state_apply(st, last), TG_OK);
            tg_state_free(clone);
        }
        tg_state_free(st);
        tg_state_free(twin);
        tg_game_free(g);
        tg_game_free(same);
    }
}

/* Other options, other games: other keys at the same move number. */
static void other_games_other_keys(void **unused)
{
    (void)unused;
    uint64_t keys[16];
    size_t n = 0;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        for (int p = info->min_players; p <= info->max_players && n < 16; p += 1) {
            char options[32];
            snprintf(options, sizeof options, "players=%d", p);
            tg_game *g = tgt_game(info->id, options);
            tg_state *st = NULL;
            assert_int_equal(tg_state_new(g, 1, &st), TG_OK);
            keys[n++] = key_of(st);
            tg_state_free(st);
            tg_game_free(g);
        }
    }
    for (size_t a = 0; a < n; a++)
        for (size_t b = a + 1; b < n; b++)
            assert_true(keys[a] != keys[b]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keys_follow_the_position),
        cmocka_unit_test(other_games_other_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
