/**
 * @file bot.h
 * @brief Computer players: fair bots at three strengths, and move hints.
 *
 * A bot plays one seat of one game. It is fair by construction: before it
 * thinks it re-draws everything its seat cannot know (tg_state_resample()
 * with the bot's own random numbers), so two positions that differ only in
 * what the seat cannot see lead it to the same decision. It never reads the
 * true hidden state.
 *
 * Strengths:
 * - #TG_BOT_RANDOM: a uniformly random legal move.
 * - #TG_BOT_EASY: the game's own rule of thumb (documented in each game's
 *   rule document), with some randomness so it does not always play alike.
 * - #TG_BOT_MEDIUM and #TG_BOT_HARD: information-set Monte Carlo tree search
 *   (determinise by resampling, UCT over the decisions, chance sampled by its
 *   probabilities) with a budget of simulations; hard has the larger budget.
 *
 * A bot allocates its search memory once, when it is made: choosing moves
 * does not allocate. A bot belongs to one thread; several bots on several
 * threads may share one ::tg_game.
 */
#ifndef BOARDGAMES_BOT_H
#define BOARDGAMES_BOT_H

#include "boardgames/common.h"
#include "boardgames/game.h"
#include "boardgames/state.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup bot Computer players
 * @{
 */

/** A computer player for one seat. Opaque. */
typedef struct tg_bot tg_bot;

/** How strongly a bot plays. */
typedef enum tg_bot_level {
    TG_BOT_RANDOM = 0, /**< Uniformly random legal moves. */
    TG_BOT_EASY = 1,   /**< The game's rule of thumb, with some randomness. */
    TG_BOT_MEDIUM = 2, /**< Tree search with a small budget. */
    TG_BOT_HARD = 3    /**< Tree search with a large budget. */
} tg_bot_level;

/**
 * Settings for a bot. Initialise with #TG_BOT_PARAMS_INIT so that fields
 * added later get their defaults.
 */
typedef struct tg_bot_params {
    unsigned version;     /**< Always #TG_BOT_PARAMS_VERSION. */
    tg_bot_level level;   /**< Strength. */
    uint32_t simulations; /**< Search budget per decision; 0: the level's default. */
    double seconds;       /**< Time limit per decision; 0: none. A time limit makes
                               decisions depend on the machine's speed. */
    uint64_t seed;        /**< Seeds the bot's random numbers. */
} tg_bot_params;

/** Current layout of ::tg_bot_params. */
#define TG_BOT_PARAMS_VERSION 1
/** Default ::tg_bot_params: a medium bot with seed 0. */
#define TG_BOT_PARAMS_INIT { TG_BOT_PARAMS_VERSION, TG_BOT_MEDIUM, 0, 0.0, 0 }

/**
 * Makes a bot for @p seat (0 .. players-1) of @p game. The bot holds a
 * reference to the game.
 * @param params NULL for #TG_BOT_PARAMS_INIT.
 */
TG_API tg_status tg_bot_new(tg_game *game, int seat, const tg_bot_params *params,
                            tg_bot **out);

/** Releases a bot. NULL is ignored. */
TG_API void tg_bot_free(tg_bot *bot);

/**
 * Chooses a move for the bot's seat in @p state, which must be of the bot's
 * game with the bot's seat to move. The state is not changed.
 * @return #TG_E_WRONG_PHASE when it is not the seat's turn,
 *         #TG_E_MISMATCH when the state is of another game.
 */
TG_API tg_status tg_bot_choose(tg_bot *bot, const tg_state *state, tg_move *out);

/**
 * Ranks the legal moves for a hint: writes them into @p moves in the order
 * the bot prefers them (its choice first), with a score each in @p scores.
 * Search bots rank by how often the search chose a move, which is what they
 * trust; their score is the estimated chance of winning after it, so a less
 * explored move can show a higher score than a better-ranked one. Easy bots
 * score by the game's rule of thumb.
 * @param count receives the number of legal moves, also when @p cap is too small.
 */
TG_API tg_status tg_bot_hint(tg_bot *bot, const tg_state *state, tg_move *moves,
                             double *scores, size_t cap, size_t *count);

/**
 * Asks a bot that is thinking on another thread to finish now with the best
 * move found so far. Safe to call from any thread; the request lasts until
 * the running decision ends.
 */
TG_API void tg_bot_stop(tg_bot *bot);

/** Simulations the last decision ran (0 for random and easy bots). */
TG_API uint32_t tg_bot_last_simulations(const tg_bot *bot);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
