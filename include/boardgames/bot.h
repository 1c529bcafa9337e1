/**
 * @file bot.h
 * @brief Computer players: fair bots at three strengths, and move hints.
 *
 * A bot plays one seat of one game. It is fair by construction: before it
 * thinks it re-draws everything its seat cannot know (tg_state_resample()
 * with the bot's own random numbers, or a forgetful variant, see
 * ::tg_bot_memory), so two positions that differ only in what the seat
 * cannot see lead it to the same decision. It never reads the true hidden
 * state.
 *
 * Strengths:
 * - #TG_BOT_RANDOM: a uniformly random legal move.
 * - #TG_BOT_EASY: the game's own rule of thumb (documented in each game's
 *   rule document), with some randomness so it does not always play alike.
 * - #TG_BOT_MEDIUM and #TG_BOT_HARD: information-set Monte Carlo tree search
 *   (determinise by resampling, UCT over the decisions, chance sampled by its
 *   probabilities) with a budget of simulations; hard has the larger budget.
 *
 * A bot allocates its search memory and its scratch space once, when it is
 * made: choosing moves does not allocate and needs little stack (a bot
 * thinks on a thread with a 64 KiB stack). A bot belongs to one thread
 * (tg_bot_stop() excepted); several bots on several threads may share one
 * ::tg_game. A failed call leaves a message, read with tg_bot_last_error().
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
 * What a bot remembers when it re-draws the facts its seat cannot see.
 * @since 1.2
 */
typedef enum tg_bot_memory {
    /**
     * The level's default: full for medium and hard, last for random and
     * easy. A caller passing ::tg_bot_params version 1 (a program built
     * against 1.0 or 1.1) gets last at every level, as it did then.
     */
    TG_BOT_MEMORY_DEFAULT = 0,
    /**
     * Everything the seat has seen during the game (perfect recall, the
     * knowledge the state keeps): the bot re-draws only hidden facts
     * consistent with all of it, as tg_state_resample() does.
     */
    TG_BOT_MEMORY_FULL = 1,
    /**
     * Only what the seat sees in the current position and what the last
     * decision showed it, like a child who forgets (the 1.1 behaviour). In
     * Witches' Dance the bot forgets the colours it saw earlier; in
     * Bewitched and Spinning Wishes the table itself keeps every look (the
     * 1.0 block already did), so both memories play alike there, and
     * Creepy Cauldron hides nothing.
     */
    TG_BOT_MEMORY_LAST = 2
} tg_bot_memory;

/**
 * Settings for a bot. Fill it with tg_bot_params_init() or
 * #TG_BOT_PARAMS_INIT so that fields added later get their defaults.
 *
 * The library reads exactly the fields of the version the caller names, so
 * a program compiled against an older release keeps passing its smaller
 * struct. Fields are only ever appended, each with a version bump.
 */
typedef struct tg_bot_params {
    unsigned version;     /**< 1 or 2: the layout the caller was compiled with. */
    tg_bot_level level;   /**< Strength. */
    uint32_t simulations; /**< Search budget per decision; 0: the level's default. */
    double seconds;       /**< Time limit per decision; 0: none. A time limit makes
                               decisions depend on the machine's speed. */
    uint64_t seed;        /**< Seeds the bot's random numbers. */
    /** Version 2: what the bot remembers when it re-draws hidden facts. @since 1.2 */
    tg_bot_memory memory;
    /** Version 2: must be 0 (a later version may give it a meaning). @since 1.2 */
    uint32_t reserved;
} tg_bot_params;

/** Current layout of ::tg_bot_params (version 1: 1.0 and 1.1; version 2: 1.2). */
#define TG_BOT_PARAMS_VERSION 2
/** Default ::tg_bot_params: a medium bot with seed 0 and the level's memory. */
#define TG_BOT_PARAMS_INIT { TG_BOT_PARAMS_VERSION, TG_BOT_MEDIUM, 0, 0.0, 0, TG_BOT_MEMORY_DEFAULT, 0 }

/**
 * Fills @p params with the defaults of layout @p version (#TG_BOT_PARAMS_INIT's
 * values), which is #TG_BOT_PARAMS_VERSION for a program using these headers
 * (a binding passes the version of the layout it describes). Writes exactly
 * that version's size, padding included.
 * @return #TG_E_INVALID_ARGUMENT for a NULL @p params or a version this
 *         library does not know (nothing is written then);
 *         tg_bot_params_init_v2() says which.
 * @since 1.2
 */
TG_API tg_status tg_bot_params_init(tg_bot_params *params, unsigned version);

/**
 * tg_bot_params_init() with a message: on failure @p errbuf (optional, may
 * be NULL) receives what is wrong, e.g. "tg_bot_params version 9 is
 * unknown; this library reads versions 1 to 2", cut to @p errbuf_size
 * bytes including the NUL, as tg_bot_new_v2() reports. Nothing is written
 * to @p params then, and nothing to @p errbuf on success.
 * @since 1.3
 */
TG_API tg_status tg_bot_params_init_v2(tg_bot_params *params, unsigned version, char *errbuf,
                                       size_t errbuf_size);

/**
 * Makes a bot for @p seat (0 .. players-1) of @p game. The bot holds a
 * reference to the game.
 * @param params NULL for #TG_BOT_PARAMS_INIT. Any version from 1 to
 *               #TG_BOT_PARAMS_VERSION; only that version's fields are read.
 * @return #TG_E_INVALID_ARGUMENT for a bad seat or setting (tg_bot_new_v2()
 *         says which), #TG_E_NO_MEMORY.
 */
TG_API tg_status tg_bot_new(tg_game *game, int seat, const tg_bot_params *params,
                            tg_bot **out);

/**
 * tg_bot_new() with a message: on failure @p errbuf (optional) receives
 * what is wrong, e.g. "seat 4 is not in this 2-player game", cut to
 * @p errbuf_size bytes including the NUL. @p *out is NULL on failure.
 * @since 1.2
 */
TG_API tg_status tg_bot_new_v2(tg_game *game, int seat, const tg_bot_params *params,
                               tg_bot **out, char *errbuf, size_t errbuf_size);

/** Releases a bot. NULL is ignored. */
TG_API void tg_bot_free(tg_bot *bot);

/**
 * Chooses a move for the bot's seat in @p state, which must be of the bot's
 * game with the bot's seat to move. The state is not changed.
 * @return #TG_E_WRONG_PHASE when it is not the seat's turn or the seat has
 *         no legal move (then @p *out is left as it was),
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
 * @return #TG_E_WRONG_PHASE, #TG_E_MISMATCH as tg_bot_choose() (nothing is
 *         written then), #TG_E_BUFFER_TOO_SMALL.
 */
TG_API tg_status tg_bot_hint(tg_bot *bot, const tg_state *state, tg_move *moves,
                             double *scores, size_t cap, size_t *count);

/**
 * Asks a bot that is thinking on another thread to finish now with the best
 * move found so far. Safe to call from any thread. The request lasts until
 * a decision ends: one that is running stops at once, and a request made
 * while the bot is idle stops its next decision as soon as it starts (a
 * search bot then plays its first legal move). Failed calls do not end it.
 */
TG_API void tg_bot_stop(tg_bot *bot);

/** Simulations the last decision ran (0 for random and easy bots). */
TG_API uint32_t tg_bot_last_simulations(const tg_bot *bot);

/**
 * The bot's settings with the defaults it resolved (the level's budget and
 * memory), in the layout @p out->version names: set it first, e.g. with
 * tg_bot_params_init(). Writes exactly that version's fields.
 * @return #TG_E_INVALID_ARGUMENT for NULL pointers or an unknown version.
 * @since 1.2
 */
TG_API tg_status tg_bot_get_params(const tg_bot *bot, tg_bot_params *out);

/**
 * Message for the bot's last failed call ("" when the last choose or hint
 * succeeded), e.g. "player 1 has no legal move here". Never NULL.
 * @since 1.2
 */
TG_API const char *tg_bot_last_error(const tg_bot *bot);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
