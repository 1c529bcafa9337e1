/* The Bewitched rule tests, registered in test_main.c. */
#ifndef BW_TESTS_H
#define BW_TESTS_H

void test_two_dice_two_frogs(void **state);
void test_leave_pad_either_side(void **state);
void test_one_frog_may_skip(void **state);
void test_bump_forward(void **state);
void test_bump_back(void **state);
void test_bump_stays(void **state);
void test_double_extra_turn(void **state);
void test_no_retrace(void **state);

void test_cat_blocks_frog(void **state);
void test_cat_bumps_and_one_cat_per_turn(void **state);
void test_cat_never_on_pad(void **state);
void test_bite_kills_and_drops_book(void **state);
void test_antidote_saves(void **state);
void test_harmless_touch_and_snake_bump(void **state);
void test_flower_gives_one_antidote(void **state);
void test_stop_rule_must(void **state);

void test_hat_take_and_must_move(void **state);
void test_hat_swap(void **state);
void test_hat_put_option(void **state);
void test_steal_and_escape(void **state);
void test_double_lost_by_steal(void **state);
void test_own_frog_swap(void **state);
void test_pickup_dropped_book(void **state);
void test_win_with_prince(void **state);
void test_win_on_escape_turn(void **state);
void test_home_with_frog_page(void **state);
void test_plain_frog_never_dies(void **state);
void test_plays_on_with_plain_frog(void **state);
void test_prince_out_of_reach(void **state);

void test_validate_rejects(void **state);
void test_hidden_pages(void **state);
void test_hidden_snakes_and_frogs(void **state);
void test_resample_keeps_view(void **state);
void test_resample_respects_touches(void **state);
void test_setup_chance(void **state);
void test_resample_is_canonical(void **state);
void test_easy_goes_home_with_prince(void **state);
void test_is_legal_agrees(void **state);

#endif
