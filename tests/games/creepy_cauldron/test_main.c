/* Creepy Cauldron rule tests: one group per topic of the rulebook. */
#include "test_support.h"

int main(void)
{
    int failed = 0;
    failed += cc_run_moving();
    failed += cc_run_cauldron();
    failed += cc_run_witch_key();
    failed += cc_run_positions();
    failed += cc_run_bots();
    return failed;
}
