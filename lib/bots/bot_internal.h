/* The insides of a bot, shared by the bot's files. */
#ifndef TG_BOTS_INTERNAL_H
#define TG_BOTS_INTERNAL_H

#include <stdatomic.h>

#include "boardgames/bot.h"
#include "core/handles.h"

/* One node of the search tree: a decision reached by `move` from `parent`,
 * taken by `mover`. Open loop: chance is sampled afresh on every descent, so
 * a node stands for the sequence of decisions, not for one position. */
typedef struct tgB_node {
    tg_move move;
    int32_t parent;
    int32_t first_child;
    int32_t next_sibling;
    int32_t mover;
    uint32_t visits;
    uint32_t avail;   /* descents in which this move was legal (ISMCTS) */
    double reward;    /* sum of the mover's returns */
} tgB_node;

/* Every list a decision needs, tg_game_max_legal_moves() entries each,
 * allocated with the bot so that thinking needs neither the allocator nor
 * much stack (a bot may think on a thread with a small stack). */
typedef struct tgB_scratch {
    /* The decision: the caller's legal moves with a rank, a shown score and
     * a sort key each, and the rule of thumb's scores. */
    tg_move *legal;
    double *rank, *shown, *key;
    int *scores;
    /* One step of one simulation: a move list, the untried moves, chance
     * weights and playout scores. */
    tg_move *moves, *untried;
    uint32_t *weights;
    int *step_scores;
} tgB_scratch;

struct tg_bot {
    tg_game *game;
    int seat;
    tg_bot_params params; /* current layout, with the level's defaults filled in */
    tg_rng rng;
    atomic_int stop;      /* set by tg_bot_stop(), cleared when a decision ends */
    uint32_t last_simulations;
    tg_state *root; /* the caller's position, re-drawn for the seat */
    tg_state *work; /* one simulation's position */
    tgB_node *nodes;
    uint32_t node_cap;
    uint32_t node_count;
    tgB_scratch s;
    void *scratch_block;
    size_t scratch_size;
    char err[TG_MSG_MAX];
};

/* Runs the search from bot->root; fills the root's children. */
void tgB_search(tg_bot *bot);
/* The easy bot's choice (or scores, when scores is non-NULL, for a hint). */
tg_move tgB_easy(tg_bot *bot, const tg_move *legal, size_t n, int *scores);
/* The same rule of thumb for any player on any position (guided playouts). */
tg_move tgB_rule_of_thumb(tg_bot *bot, const tg_state *pos, int player, const tg_move *legal,
                          size_t n, int *scores);
/* Copies the caller's position and re-draws what the seat cannot know,
 * remembering what the bot's memory setting says. */
void tgB_determinise(tg_bot *bot, tg_state *dst, const tg_state *src);

#endif
