/* The Witches' Dance rule tests: one group per rule area of
 * docs/rules/witches_dance.md; arguments name the groups to run. */
#include "test_support.h"

int main(int argc, char **argv)
{
    static const tgt_group groups[] = {
        {"turn", wd_run_turn},         {"takeoff", wd_run_takeoff},
        {"two_players", wd_run_two_players}, {"hidden", wd_run_hidden},
        {"positions", wd_run_positions}, {"bots", wd_run_bots},
        {"recall", wd_run_recall},
        {"words", wd_run_words},
    };
    return tgt_run_groups(groups, sizeof groups / sizeof groups[0], argc, argv);
}
