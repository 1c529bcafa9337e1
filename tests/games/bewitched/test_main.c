/* The Bewitched rule tests: one group per rule area of docs/rules/bewitched.md;
 * arguments name the groups to run. */
#include "test_support.h"

int main(int argc, char **argv)
{
    static const tgt_group groups[] = {
        {"setup", bw_run_setup},     {"turn", bw_run_turn},
        {"snakes_and_flowers", bw_run_snakes_and_flowers},
        {"books", bw_run_books},     {"winning", bw_run_winning},
        {"hidden", bw_run_hidden},   {"positions", bw_run_positions},
        {"bots", bw_run_bots},       {"hostile_saves", bw_run_hostile_saves},
        {"words", bw_run_words},
    };
    return tgt_run_groups(groups, sizeof groups / sizeof groups[0], argc, argv);
}
