#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "bw_tests.h"

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_dice_two_frogs),
        cmocka_unit_test(test_leave_pad_either_side),
        cmocka_unit_test(test_one_frog_may_skip),
        cmocka_unit_test(test_bump_forward),
        cmocka_unit_test(test_bump_back),
        cmocka_unit_test(test_bump_stays),
        cmocka_unit_test(test_double_extra_turn),
        cmocka_unit_test(test_no_retrace),
        cmocka_unit_test(test_cat_blocks_frog),
        cmocka_unit_test(test_cat_bumps_and_one_cat_per_turn),
        cmocka_unit_test(test_cat_never_on_pad),
        cmocka_unit_test(test_bite_kills_and_drops_book),
        cmocka_unit_test(test_antidote_saves),
        cmocka_unit_test(test_harmless_touch_and_snake_bump),
        cmocka_unit_test(test_flower_gives_one_antidote),
        cmocka_unit_test(test_stop_rule_must),
        cmocka_unit_test(test_hat_take_and_must_move),
        cmocka_unit_test(test_hat_swap),
        cmocka_unit_test(test_hat_put_option),
        cmocka_unit_test(test_steal_and_escape),
        cmocka_unit_test(test_double_lost_by_steal),
        cmocka_unit_test(test_own_frog_swap),
        cmocka_unit_test(test_pickup_dropped_book),
        cmocka_unit_test(test_win_with_prince),
        cmocka_unit_test(test_win_on_escape_turn),
        cmocka_unit_test(test_home_with_frog_page),
        cmocka_unit_test(test_plain_frog_never_dies),
        cmocka_unit_test(test_plays_on_with_plain_frog),
        cmocka_unit_test(test_prince_out_of_reach),
        cmocka_unit_test(test_validate_rejects),
        cmocka_unit_test(test_hidden_pages),
        cmocka_unit_test(test_hidden_snakes_and_frogs),
        cmocka_unit_test(test_resample_keeps_view),
        cmocka_unit_test(test_resample_respects_touches),
        cmocka_unit_test(test_setup_chance),
        cmocka_unit_test(test_resample_is_canonical),
        cmocka_unit_test(test_easy_goes_home_with_prince),
        cmocka_unit_test(test_is_legal_agrees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
