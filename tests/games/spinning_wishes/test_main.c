/* The Spinning Wishes rule tests: one group per rule area of
 * docs/rules/spinning_wishes.md; arguments name the groups to run. */
#include "test_support.h"

int main(int argc, char **argv)
{
    static const tgt_group groups[] = {
        {"setup", sw_run_setup},   {"moves", sw_run_moves},   {"wishes", sw_run_wishes},
        {"castle", sw_run_castle}, {"hidden", sw_run_hidden}, {"bots", sw_run_bots},
        {"words", sw_run_words},   {"spins", sw_run_spins},
    };
    return tgt_run_groups(groups, sizeof groups / sizeof groups[0], argc, argv);
}
