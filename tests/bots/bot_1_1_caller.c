/* A bot made as a program built against the 1.1 headers makes it: this
 * file is compiled against tests/bots/headers-1.1/ only (a copy of 1.1's declarations),
 * so TG_BOT_PARAMS_INIT is 1.1's, with version 1 and no memory field. */
#include <boardgames/bot.h>

#include "bot_1_1_caller.h"

_Static_assert(TG_BOT_PARAMS_VERSION == 1, "compiled against the 1.1 headers");

int tgt_bot_new_1_1(tg_game *game, int seat, uint32_t simulations, uint64_t seed, tg_bot **out)
{
    tg_bot_params params = TG_BOT_PARAMS_INIT;
    params.simulations = simulations;
    params.seed = seed;
    return (int)tg_bot_new(game, seat, &params, out);
}
