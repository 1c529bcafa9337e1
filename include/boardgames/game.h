/**
 * @file game.h
 * @brief Game handles: one game with its options fixed, shared by states.
 *
 * A ::tg_game is immutable once made and is safe to use from several threads
 * at once. It is reference counted: every state and bot made from it holds a
 * reference, so tg_game_free() may be called while states are still alive;
 * the game is released with the last of them. tg_game_ref() takes one more.
 *
 * Calls on a game have no message buffer (a game is shared between
 * threads): their status says what went wrong, and tg_game_new() writes its
 * message into the caller's buffer.
 */
#ifndef BOARDGAMES_GAME_H
#define BOARDGAMES_GAME_H

#include "catalogue.h"
#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup game Game handles
 * @{
 */

/** A game with fixed options. Opaque. */
typedef struct tg_game tg_game;

/**
 * Extra settings for making a game (tg_game_new(), tg_state_load(),
 * tg_state_from_json()). Fill it with tg_game_params_init() or
 * #TG_GAME_PARAMS_INIT so that fields added later get their defaults.
 *
 * The library reads exactly the fields of the version the caller names, so
 * a program compiled against an older release keeps passing its smaller
 * struct. Fields are only ever appended, each with a version bump.
 */
typedef struct tg_game_params {
    unsigned version;              /**< 1 or 2: the layout the caller was compiled with. */
    const tg_allocator *allocator; /**< NULL: the C library's malloc/free. Copied; need not outlive the call. */
    /**
     * Version 2: the allocator that is told block sizes (NULL: none). Set
     * this or @p allocator, not both. Copied; need not outlive the call.
     * @since 1.2
     */
    const tg_sized_allocator *sized_allocator;
} tg_game_params;

/** Current layout of ::tg_game_params (version 1: 1.0 and 1.1; version 2: 1.2). */
#define TG_GAME_PARAMS_VERSION 2
/** Default ::tg_game_params. */
#define TG_GAME_PARAMS_INIT { TG_GAME_PARAMS_VERSION, NULL, NULL }

/**
 * Fills @p params with the defaults of layout @p version, which is
 * #TG_GAME_PARAMS_VERSION for a program using these headers (a binding
 * passes the version of the layout it describes). Writes exactly that
 * version's size, padding included, so the struct holds no stray bytes.
 * @return #TG_E_INVALID_ARGUMENT for a NULL @p params or a version this
 *         library does not know (nothing is written then);
 *         tg_game_params_init_v2() says which.
 * @since 1.2
 */
TG_API tg_status tg_game_params_init(tg_game_params *params, unsigned version);

/**
 * tg_game_params_init() with a message: on failure @p errbuf (optional,
 * may be NULL) receives what is wrong, e.g. "tg_game_params version 9 is
 * unknown; this library reads versions 1 to 2", cut to @p errbuf_size
 * bytes including the NUL, as tg_game_new() reports. Nothing is written to
 * @p params then, and nothing to @p errbuf on success.
 * @since 1.3
 */
TG_API tg_status tg_game_params_init_v2(tg_game_params *params, unsigned version, char *errbuf,
                                        size_t errbuf_size);

/**
 * Makes a game.
 *
 * @param id       a catalogue id, e.g. "witches_dance".
 * @param options  "key=value" pairs separated by commas, e.g.
 *                 "players=3,first=1"; NULL or "" for all defaults. Spaces
 *                 around keys and values are ignored.
 * @param params   NULL for defaults.
 * @param out      receives the game; set to NULL on failure.
 * @param errbuf   optional (may be NULL): on failure receives a message
 *                 naming what is wrong, cut to @p errbuf_size bytes
 *                 including the terminating NUL.
 * @param errbuf_size size of @p errbuf.
 * @return #TG_OK, #TG_E_UNKNOWN_GAME, #TG_E_BAD_OPTION,
 *         #TG_E_INVALID_ARGUMENT or #TG_E_NO_MEMORY.
 */
TG_API tg_status tg_game_new(const char *id, const char *options,
                             const tg_game_params *params, tg_game **out,
                             char *errbuf, size_t errbuf_size);

/** Drops the caller's reference. NULL is ignored. */
TG_API void tg_game_free(tg_game *game);

/**
 * Takes a new reference to @p game and returns it, now as a handle the
 * caller owns (release it with tg_game_free()). Works on any game pointer,
 * including the borrowed one tg_state_game() returns, so a host can keep
 * the very game a loaded state belongs to (with its allocator) instead of
 * making an equal one. Only the reference count changes; it is atomic, so
 * any thread may call this. NULL gives NULL.
 * @since 1.2
 */
TG_API tg_game *tg_game_ref(const tg_game *game);

/** The catalogue entry of the game, or NULL for a NULL handle. */
TG_API const tg_game_info *tg_game_get_info(const tg_game *game);

/** The game's id, or NULL for a NULL handle. */
TG_API const char *tg_game_id(const tg_game *game);

/**
 * Every option with its value, in catalogue order, e.g.
 * "players=3,first=0,witches=4". Making a game from this string gives an
 * equal game. NULL for a NULL handle.
 */
TG_API const char *tg_game_options(const tg_game *game);

/** Number of players, or 0 for a NULL handle. */
TG_API int tg_game_players(const tg_game *game);

/** Size of the move space: every move is below this. 0 for a NULL handle. */
TG_API uint32_t tg_game_move_count(const tg_game *game);

/** Most legal moves (or chance outcomes) any state can have. */
TG_API uint32_t tg_game_max_legal_moves(const tg_game *game);

/** Most chance outcomes at one chance point. */
TG_API uint32_t tg_game_max_chance_outcomes(const tg_game *game);

/**
 * Longest game in decisions (player moves and chance outcomes together).
 * For games that could in principle go on for ever this is a documented
 * cap: a state that reaches it is over, with no winner.
 */
TG_API uint32_t tg_game_max_length(const tg_game *game);

/**
 * Bytes of one game position. States copy this block on clone; it is the
 * figure to compare memory use by.
 */
TG_API size_t tg_game_state_size(const tg_game *game);

/**
 * JSON description of the board for drawing it: every space with its kind,
 * neighbours and x/y layout coordinates (see each game's rule document).
 * The caller releases @p *out with tg_free().
 *
 * @param len optional: receives strlen(*out).
 */
TG_API tg_status tg_game_board_json(const tg_game *game, char **out, size_t *len);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
