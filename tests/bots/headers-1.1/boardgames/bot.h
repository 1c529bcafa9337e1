/* What a program built against libtablegames 1.1 compiled when it made a
 * bot: the declarations of release 1.1's headers that bot_1_1_caller.c
 * uses, copied to the letter from the commit abi/README.md names for 1.1
 * (adb4760: common.h's tg_status and TG_API as a program sees it on
 * Linux, game.h's tg_game, and bot.h from tg_bot to tg_bot_new()), without
 * the doc comments. A copy, not an extraction from git at test time,
 * because a test run from a release tarball has no git history. Never
 * edit it: it is what 1.1 was. */
#ifndef BOARDGAMES_BOT_1_1_H
#define BOARDGAMES_BOT_1_1_H

#include <stddef.h>
#include <stdint.h>

#define TG_API

typedef enum tg_status {
    TG_OK = 0,                      /**< Success. */
    TG_E_INVALID_ARGUMENT = -1,     /**< A NULL handle or pointer, or a value out of range. */
    TG_E_UNKNOWN_GAME = -2,         /**< No registered game has that id. */
    TG_E_BAD_OPTION = -3,           /**< An options string names an unknown option or a bad value. */
    TG_E_ILLEGAL_MOVE = -4,         /**< The move is not legal in this state; nothing changed. */
    TG_E_WRONG_PHASE = -5,          /**< The call does not fit whose turn it is (chance, player or game over). */
    TG_E_BUFFER_TOO_SMALL = -6,     /**< The caller's buffer is too small; the needed size was reported. */
    TG_E_PARSE = -7,                /**< Text (a move, JSON) could not be understood. */
    TG_E_CORRUPT = -8,              /**< Saved data is malformed, truncated, tampered or breaks the rules. */
    TG_E_VERSION = -9,              /**< Saved data uses a format version this library cannot read. */
    TG_E_MISMATCH = -10,            /**< Two handles that must belong to the same game do not. */
    TG_E_NO_MEMORY = -11,           /**< An allocation failed; nothing changed. */
    TG_E_NOTHING_TO_UNDO = -12,     /**< Undo was asked for at the start of the recorded history. */
    TG_E_TOO_LARGE = -13            /**< An input exceeds a documented size limit. */
} tg_status;

typedef struct tg_game tg_game;

typedef struct tg_bot tg_bot;
typedef enum tg_bot_level {
    TG_BOT_RANDOM = 0, /**< Uniformly random legal moves. */
    TG_BOT_EASY = 1,   /**< The game's rule of thumb, with some randomness. */
    TG_BOT_MEDIUM = 2, /**< Tree search with a small budget. */
    TG_BOT_HARD = 3    /**< Tree search with a large budget. */
} tg_bot_level;
typedef struct tg_bot_params {
    unsigned version;     /**< Always #TG_BOT_PARAMS_VERSION. */
    tg_bot_level level;   /**< Strength. */
    uint32_t simulations; /**< Search budget per decision; 0: the level's default. */
    double seconds;       /**< Time limit per decision; 0: none. A time limit makes
                               decisions depend on the machine's speed. */
    uint64_t seed;        /**< Seeds the bot's random numbers. */
} tg_bot_params;
#define TG_BOT_PARAMS_VERSION 1
#define TG_BOT_PARAMS_INIT { TG_BOT_PARAMS_VERSION, TG_BOT_MEDIUM, 0, 0.0, 0 }
TG_API tg_status tg_bot_new(tg_game *game, int seat, const tg_bot_params *params,
                            tg_bot **out);

#endif
