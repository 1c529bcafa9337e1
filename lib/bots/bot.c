#include <string.h>

#include "bot_internal.h"
#include "core/alloc.h"

/* Default budgets: medium answers within a blink on a phone, hard is worth
 * waiting a moment for. */
enum { MEDIUM_SIMULATIONS = 400, HARD_SIMULATIONS = 3000, MAX_SIMULATIONS = 10000000 };

tg_status tg_bot_new(tg_game *game, int seat, const tg_bot_params *params, tg_bot **out)
{
    tg_bot_params p = TG_BOT_PARAMS_INIT;
    if (out)
        *out = NULL;
    if (!game || !out || seat < 0 || seat >= game->players)
        return TG_E_INVALID_ARGUMENT;
    if (params) {
        if (params->version != TG_BOT_PARAMS_VERSION || params->level < TG_BOT_RANDOM ||
            params->level > TG_BOT_HARD || params->simulations > MAX_SIMULATIONS ||
            !(params->seconds >= 0))
            return TG_E_INVALID_ARGUMENT;
        p = *params;
    }
    if (p.simulations == 0)
        p.simulations = p.level == TG_BOT_HARD ? HARD_SIMULATIONS : MEDIUM_SIMULATIONS;
    int search = p.level >= TG_BOT_MEDIUM;
    tg_bot *bot = tgA_alloc(&game->alloc, sizeof *bot);
    if (!bot)
        return TG_E_NO_MEMORY;
    memset(bot, 0, sizeof *bot);
    bot->game = game;
    bot->seat = seat;
    bot->params = p;
    tgR_seed(&bot->rng, p.seed);
    atomic_init(&bot->stop, 0);
    atomic_fetch_add_explicit(&game->refs, 1, memory_order_relaxed);
    bot->node_cap = search ? p.simulations + 1 : 0;
    int ok = tg_state_new(game, 0, &bot->root) == TG_OK &&
             tg_state_new(game, 0, &bot->work) == TG_OK;
    if (ok && search) {
        bot->nodes = tgA_alloc(&game->alloc, (size_t)bot->node_cap * sizeof *bot->nodes);
        ok = bot->nodes != NULL;
    }
    if (!ok) {
        tg_bot_free(bot);
        return TG_E_NO_MEMORY;
    }
    *out = bot;
    return TG_OK;
}

void tg_bot_free(tg_bot *bot)
{
    if (!bot)
        return;
    tg_game *g = bot->game;
    tg_state_free(bot->root);
    tg_state_free(bot->work);
    tgA_release(&g->alloc, bot->nodes);
    tgA_release(&g->alloc, bot);
    tg_game_free(g);
}

void tg_bot_stop(tg_bot *bot)
{
    if (bot)
        atomic_store_explicit(&bot->stop, 1, memory_order_relaxed);
}

uint32_t tg_bot_last_simulations(const tg_bot *bot)
{
    return bot ? bot->last_simulations : 0;
}

void tgB_determinise(tg_bot *bot, tg_state *dst, const tg_state *src)
{
    tgH_copy_position(dst, src);
    tgR_seed(&dst->rng, tgR_next(&bot->rng));
    const tg_game *g = bot->game;
    g->def->resample(tgH_cfg(g), tgH_block(dst), bot->seat, &dst->rng);
    tgH_settle(dst);
}

static tg_status check_turn(tg_bot *bot, const tg_state *state)
{
    if (!bot || !state)
        return TG_E_INVALID_ARGUMENT;
    if (!tgH_same_game(bot->game, state->game))
        return TG_E_MISMATCH;
    if (tgH_current(state) != bot->seat)
        return TG_E_WRONG_PHASE;
    return TG_OK;
}

/* Thinks about state: for each legal move a rank (higher is better) and
 * the score a hint shows (a win chance for search, the rule of thumb's value
 * for the easy bot). */
static size_t think(tg_bot *bot, const tg_state *state, tg_move *legal, double *rank,
                    double *shown)
{
    const tg_game *g = bot->game;
    size_t n = g->def->legal_moves(tgH_cfg(g), tgH_block(state), legal);
    /* Every decision starts from the seed, so the same position (as the
     * seat knows it) always gets the same answer. */
    tgR_seed(&bot->rng, bot->params.seed ^ (0x9e3779b97f4a7c15ULL * state->move_number));
    atomic_store_explicit(&bot->stop, 0, memory_order_relaxed);
    bot->last_simulations = 0;
    for (size_t i = 0; i < n; i++)
        rank[i] = shown[i] = 0;
    if (bot->params.level == TG_BOT_RANDOM) {
        rank[tgR_below(&bot->rng, (uint32_t)n)] = 1;
    } else if (bot->params.level == TG_BOT_EASY) {
        int s[TG_CORE_MAX_LEGAL];
        tgB_determinise(bot, bot->root, state);
        tg_move pick = tgB_easy(bot, legal, n, s);
        for (size_t i = 0; i < n; i++) {
            shown[i] = s[i];
            rank[i] = s[i] + (legal[i] == pick ? 1e9 : 0.0);
        }
    } else {
        tgH_copy_position(bot->root, state);
        tgB_search(bot);
        for (int32_t c = bot->nodes[0].first_child; c >= 0; c = bot->nodes[c].next_sibling) {
            const tgB_node *nd = &bot->nodes[c];
            for (size_t i = 0; i < n; i++)
                if (legal[i] == nd->move && nd->visits) {
                    /* The most visited move is the most trusted; the mean breaks ties. */
                    shown[i] = nd->reward / nd->visits;
                    rank[i] = nd->visits + shown[i] * 0.5;
                }
        }
    }
    return n;
}

tg_status tg_bot_choose(tg_bot *bot, const tg_state *state, tg_move *out)
{
    tg_status s = check_turn(bot, state);
    if (s != TG_OK || !out)
        return s != TG_OK ? s : TG_E_INVALID_ARGUMENT;
    tg_move legal[TG_CORE_MAX_LEGAL];
    double rank[TG_CORE_MAX_LEGAL], shown[TG_CORE_MAX_LEGAL];
    size_t n = think(bot, state, legal, rank, shown);
    size_t best = 0;
    for (size_t i = 1; i < n; i++)
        if (rank[i] > rank[best])
            best = i;
    *out = legal[best];
    return TG_OK;
}

tg_status tg_bot_hint(tg_bot *bot, const tg_state *state, tg_move *moves, double *scores,
                      size_t cap, size_t *count)
{
    tg_status s = check_turn(bot, state);
    if (s != TG_OK)
        return s;
    if (!count || ((!moves || !scores) && cap))
        return TG_E_INVALID_ARGUMENT;
    const tg_game *g = bot->game;
    tg_move legal[TG_CORE_MAX_LEGAL];
    double rank[TG_CORE_MAX_LEGAL], shown[TG_CORE_MAX_LEGAL];
    size_t n = g->def->legal_moves(tgH_cfg(g), tgH_block(state), legal);
    *count = n;
    if (cap < n)
        return TG_E_BUFFER_TOO_SMALL;
    n = think(bot, state, legal, rank, shown);
    /* Insertion sort by rank, best first; equal ranks keep move order. */
    double key[TG_CORE_MAX_LEGAL];
    for (size_t i = 0; i < n; i++) {
        size_t j = i;
        while (j > 0 && rank[i] > key[j - 1]) {
            moves[j] = moves[j - 1];
            scores[j] = scores[j - 1];
            key[j] = key[j - 1];
            j--;
        }
        moves[j] = legal[i];
        scores[j] = shown[i];
        key[j] = rank[i];
    }
    return TG_OK;
}
