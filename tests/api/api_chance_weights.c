/* tg_state_chance_weights(): at every chance point of every game, the
 * integer weights give exactly the probabilities tg_state_chance_outcomes()
 * reports, over the same outcomes, and sum to the total. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "support.h"

static void weights_are_the_probabilities_exactly(void **unused)
{
    (void)unused;
    for (size_t gi = 0; gi < tg_catalogue_count(); gi++) {
        tg_game *g = tgt_game(tg_catalogue_get(gi)->id, NULL);
        size_t cap = tg_game_max_chance_outcomes(g);
        unsigned points = 0;
        for (uint64_t seed = 1; seed <= 3; seed++) {
            tg_state *st = NULL;
            assert_int_equal(tg_state_new(g, seed, &st), TG_OK);
            while (!tg_state_is_terminal(st)) {
                if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
                    tg_move a[4096], b[4096];
                    double probs[4096];
                    uint32_t w[4096];
                    size_t na = 0, nb = 0;
                    uint64_t total = 0, sum = 0;
                    assert_int_equal(tg_state_chance_outcomes(st, a, probs, cap, &na), TG_OK);
                    assert_int_equal(tg_state_chance_weights(st, b, w, cap, &nb, &total), TG_OK);
                    assert_int_equal(na, nb);
                    for (size_t i = 0; i < na; i++) {
                        assert_int_equal(a[i], b[i]);
                        assert_true(w[i] >= 1);
                        sum += w[i];
                    }
                    assert_true(sum == total);
                    for (size_t i = 0; i < na; i++)
                        assert_true(probs[i] == (double)w[i] / (double)total);
                    points++;
                }
                assert_int_equal(tg_state_playout(st, 1, NULL), TG_OK);
            }
            tg_state_free(st);
        }
        printf("%s: %u chance points agree\n", tg_game_id(g), points);
        assert_true(points > 0);
        tg_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(weights_are_the_probabilities_exactly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
