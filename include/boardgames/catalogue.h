/**
 * @file catalogue.h
 * @brief The games this library knows, their player ranges and options.
 *
 * Everything returned here is owned by the library, read-only and valid for
 * the life of the process. Index the catalogue and a game's options through
 * the accessor functions, never as arrays of these structs.
 *
 * ::tg_game_info and ::tg_option_info are frozen for 1.x: a 1.x release
 * never adds, moves or retypes a field, because a program built against a
 * newer header would read such a field past the end of an older library's
 * struct with no symbol version to stop it. Catalogue data added in a later
 * release comes through new accessor functions, in a new version node.
 */
#ifndef BOARDGAMES_CATALOGUE_H
#define BOARDGAMES_CATALOGUE_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup catalogue Catalogue
 * @{
 */

/** How an option's value is written in an options string. */
typedef enum tg_option_type {
    TG_OPTION_INT = 0,    /**< A whole number within [min, max]. */
    TG_OPTION_BOOL = 1,   /**< yes/no (also true/false, on/off, 1/0). */
    TG_OPTION_CHOICE = 2, /**< One word from a fixed list. */
    TG_OPTION_NUMBER = 3  /**< A decimal number within [min, max]. */
} tg_option_type;

/** One option a game accepts in its options string. Frozen for 1.x. */
typedef struct tg_option_info {
    const char *name;          /**< Key in the options string, e.g. "players". */
    tg_option_type type;       /**< How the value is written. */
    const char *default_value; /**< The value used when the option is absent. */
    const char *allowed;       /**< Human-readable allowed values, e.g. "2..6" or "oldest|youngest". */
    const char *description;   /**< One line: what the option changes. */
    double min;                /**< Lowest value for INT and NUMBER options. */
    double max;                /**< Highest value for INT and NUMBER options. */
    const char *const *choices;/**< NULL-terminated words for CHOICE options, else NULL. */
} tg_option_info;

/** One game of the catalogue. Frozen for 1.x. */
typedef struct tg_game_info {
    const char *id;            /**< Stable identifier, e.g. "witches_dance". */
    const char *name;          /**< Display name, e.g. "Witches' Dance". */
    const char *summary;       /**< One sentence about the game. */
    int min_players;           /**< Fewest players. */
    int max_players;           /**< Most players. */
    size_t option_count;       /**< Number of options, "players" included. */
} tg_game_info;

/** Number of games in the catalogue. */
TG_API size_t tg_catalogue_count(void);

/** The game at @p index (0 .. count-1), or NULL when out of range. */
TG_API const tg_game_info *tg_catalogue_get(size_t index);

/** The game with identifier @p id, or NULL when there is none (or @p id is NULL). */
TG_API const tg_game_info *tg_catalogue_find(const char *id);

/**
 * Option @p index (0 .. info->option_count-1) of a game, or NULL when
 * either argument is out of range. Option 0 is always "players".
 */
TG_API const tg_option_info *tg_game_info_option(const tg_game_info *info, size_t index);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
