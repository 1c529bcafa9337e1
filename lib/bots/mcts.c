/* Information-set Monte Carlo tree search (single observer, open loop).
 * Every simulation re-draws what the seat cannot know, walks the tree of
 * decisions with UCB1 (counting how often each move was available, since
 * different draws allow different moves), adds one node, plays the rest out
 * (at random, or by the easy rule of thumb where the game asks for guided
 * playouts) and credits each node's mover with that mover's result. Chance
 * is never in the tree: it is sampled by its probabilities on every walk. */
#include <math.h>
#include <time.h>

#include "bot_internal.h"

/* Exploration weight for rewards in [0, 1]. */
#define UCB_C 0.7

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int32_t add_child(tg_bot *bot, int32_t parent, tg_move move, int mover)
{
    int32_t id = (int32_t)bot->node_count++;
    tgB_node *nd = &bot->nodes[id];
    nd->move = move;
    nd->parent = parent;
    nd->first_child = -1;
    nd->next_sibling = bot->nodes[parent].first_child;
    nd->mover = mover;
    nd->visits = 0;
    nd->avail = 1;
    nd->reward = 0;
    bot->nodes[parent].first_child = id;
    return id;
}

static int32_t child_for(const tg_bot *bot, int32_t parent, tg_move move)
{
    for (int32_t c = bot->nodes[parent].first_child; c >= 0; c = bot->nodes[c].next_sibling)
        if (bot->nodes[c].move == move)
            return c;
    return -1;
}

/* One step down the tree from node in the work position; returns the next
 * node, or -1 when the walk leaves the tree (a node was added, or the pool
 * is full) and the rest is played out; -2 when there is no move. */
static int32_t descend(tg_bot *bot, int32_t node, int player, tg_move *chosen)
{
    const tg_game *g = bot->game;
    tg_move *legal = bot->s.moves, *untried = bot->s.untried;
    size_t n = g->def->legal_moves(tgH_cfg(g), tgH_block(bot->work), legal), u = 0;
    int32_t best = -1;
    double best_value = -1;
    if (n == 0)
        return -2;
    for (size_t i = 0; i < n; i++) {
        int32_t c = child_for(bot, node, legal[i]);
        if (c < 0) {
            untried[u++] = legal[i];
            continue;
        }
        tgB_node *nd = &bot->nodes[c];
        nd->avail++;
        double value = nd->reward / nd->visits + UCB_C * sqrt(log((double)nd->avail) / nd->visits);
        if (value > best_value) {
            best_value = value;
            best = c;
        }
    }
    if (u > 0) {
        *chosen = untried[tgR_below(&bot->rng, (uint32_t)u)];
        if (bot->node_count < bot->node_cap)
            return add_child(bot, node, *chosen, player);
        return -1;
    }
    *chosen = bot->nodes[best].move;
    return best;
}

/* The playout's move for player: uniformly random, or in a game that asks
 * for guided playouts, the easy bot's choice (whims included). */
static int playout_move(tg_bot *bot, int player, tg_move *out)
{
    const tg_game *g = bot->game;
    tg_move *legal = bot->s.moves;
    if (!g->def->guided_playouts || !g->def->easy_score)
        return tgH_random_move(bot->work, &bot->rng, legal, out);
    size_t n = g->def->legal_moves(tgH_cfg(g), tgH_block(bot->work), legal);
    if (n == 0)
        return 0;
    *out = tgB_rule_of_thumb(bot, bot->work, player, legal, n, bot->s.step_scores);
    return 1;
}

static void simulate(tg_bot *bot)
{
    tg_state *work = bot->work;
    int32_t node = 0;
    int in_tree = 1;
    tgB_determinise(bot, work, bot->root);
    for (;;) {
        int cur = tgH_current(work);
        tg_move m;
        if (cur == TG_PLAYER_TERMINAL)
            break;
        if (cur == TG_PLAYER_CHANCE) {
            if (tgH_sample_with(work, bot->s.moves, bot->s.weights, &m) != TG_OK)
                break;
        } else if (in_tree) {
            int32_t next = descend(bot, node, cur, &m);
            if (next == -2)
                break;
            if (next >= 0 && bot->nodes[next].visits > 0)
                node = next;
            else {
                if (next >= 0)
                    node = next;
                in_tree = 0;
            }
        } else if (!playout_move(bot, cur, &m)) {
            break;
        }
        tgH_apply_unrecorded(work, m);
    }
    double ret[TG_MAX_PLAYERS];
    tg_state_returns(work, ret, TG_MAX_PLAYERS);
    for (int32_t n = node; n > 0; n = bot->nodes[n].parent) {
        bot->nodes[n].visits++;
        bot->nodes[n].reward += ret[bot->nodes[n].mover];
    }
    bot->nodes[0].visits++;
}

void tgB_search(tg_bot *bot)
{
    tgB_node *root = &bot->nodes[0];
    root->parent = -1;
    root->first_child = -1;
    root->next_sibling = -1;
    root->mover = -1;
    root->visits = 0;
    bot->node_count = 1;
    double deadline = bot->params.seconds > 0 ? now_seconds() + bot->params.seconds : 0;
    uint32_t sims = 0;
    /* A stop asked for before the search began counts too: the flag is
     * cleared only when a decision ends (bot.c). */
    while (sims < bot->params.simulations) {
        if (atomic_load_explicit(&bot->stop, memory_order_relaxed))
            break;
        if (deadline > 0 && sims % 16 == 0 && now_seconds() > deadline)
            break;
        simulate(bot);
        sims++;
    }
    bot->last_simulations = sims;
}
