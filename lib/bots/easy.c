/* The easy bot: the game's rule of thumb (its easy_score hook) on a
 * position re-drawn for the seat, with a child's share of whims. */
#include "bot_internal.h"

/* One decision in five is a whim: a uniformly random legal move. */
enum { WHIM_ONE_IN = 5 };

tg_move tgB_easy(tg_bot *bot, const tg_move *legal, size_t n, int *scores)
{
    return tgB_rule_of_thumb(bot, bot->root, bot->seat, legal, n, scores);
}

tg_move tgB_rule_of_thumb(tg_bot *bot, const tg_state *pos, int player, const tg_move *legal,
                          size_t n, int *scores)
{
    const tg_game *g = bot->game;
    int best = 0;
    for (size_t i = 0; i < n; i++) {
        scores[i] = g->def->easy_score
                        ? g->def->easy_score(tgH_cfg(g), tgH_block(pos), player, legal[i])
                        : 0;
        if (i == 0 || scores[i] > best)
            best = scores[i];
    }
    if (tgR_below(&bot->rng, WHIM_ONE_IN) == 0)
        return legal[tgR_below(&bot->rng, (uint32_t)n)];
    uint32_t ties = 0;
    for (size_t i = 0; i < n; i++)
        ties += scores[i] == best;
    uint32_t k = tgR_below(&bot->rng, ties);
    for (size_t i = 0; i < n; i++)
        if (scores[i] == best && k-- == 0)
            return legal[i];
    return legal[0];
}
