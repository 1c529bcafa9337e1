/* The Creepy Cauldron rule tests: one group per rule area of
 * docs/rules/creepy_cauldron.md; arguments name the groups to run. */
#include "test_support.h"

int main(int argc, char **argv)
{
    static const tgt_group groups[] = {
        {"moving", cc_run_moving},       {"cauldron", cc_run_cauldron},
        {"witch_and_key", cc_run_witch_and_key}, {"positions", cc_run_positions},
        {"bots", cc_run_bots},           {"hostile_saves", cc_run_hostile_saves},
        {"words", cc_run_words},
    };
    return tgt_run_groups(groups, sizeof groups / sizeof groups[0], argc, argv);
}
