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

/**
 * @name Research calls (since 1.3)
 * What a learning or search program asks of a game before it plays:
 * the split of the move space between players and chance, a true bound
 * on a game's length, the range of the returns, whether anything is
 * hidden, and the format numbers of the layouts it may store.
 * @{
 */

/**
 * How many ids of the move space a player's decision can be: the ids for
 * which tg_game_move_is_chance() answers 0. Player ids are not contiguous
 * in every game (Witches' Dance numbers its die first), so use
 * tg_game_move_count() to size a legal-move mask and this figure to count
 * actions. tg_game_player_move_count() + tg_game_chance_outcome_count() ==
 * tg_game_move_count(). 0 for a NULL game.
 * @since 1.3
 */
TG_API uint32_t tg_game_player_move_count(const tg_game *game);

/**
 * How many ids of the move space are chance outcomes (a die face, a
 * spinner's field, a card drawn): the ids for which tg_game_move_is_chance()
 * answers 1. 0 for a NULL game.
 * @since 1.3
 */
TG_API uint32_t tg_game_chance_outcome_count(const tg_game *game);

/**
 * Whether @p move is a chance outcome of @p game: 1 for an id only chance
 * decides, 0 for an id only a player chooses (every id is one or the
 * other, in every position), #TG_E_INVALID_ARGUMENT (negative) for a NULL
 * game or an id not below tg_game_move_count().
 * @since 1.3
 */
TG_API int tg_game_move_is_chance(const tg_game *game, tg_move move);

/**
 * A true upper bound on the length of any game of @p game: no history
 * from the initial position holds more decisions (player moves and chance
 * outcomes together). Derived from the rules and the options, and
 * documented per game in its rule document; it is never larger than
 * tg_game_max_length(), the cap at which the library ends a game, and
 * equals the cap only for a game that can go round in circles (the rule
 * document says so). For sizing buffers and episode limits. 0 for a NULL
 * game.
 * @since 1.3
 */
TG_API uint32_t tg_game_length_bound(const tg_game *game);

/**
 * The range of tg_state_returns(): @p min receives the least and @p max
 * the largest value any player's return can take (0 and 1 in every game
 * of 1.3: a winner gets 1 shared among the winners, everyone else 0).
 * @return #TG_E_INVALID_ARGUMENT for a NULL argument (nothing written).
 * @since 1.3
 */
TG_API tg_status tg_game_utility_range(const tg_game *game, double *min, double *max);

/**
 * 1 when some state of @p game shows a player less than the referee sees
 * (a hidden colour, a face-down tile, another player's hand), so an
 * observation is not the whole state and an information key is not the
 * position; 0 when every player always sees everything;
 * #TG_E_INVALID_ARGUMENT (negative) for a NULL game. Chance alone does not
 * count: a die not yet rolled is hidden from the referee too.
 * @since 1.3
 */
TG_API int tg_game_has_hidden_information(const tg_game *game);

/** tg_game_format_version(): the layout of tg_state_observation_tensor(). @since 1.3 */
#define TG_FORMAT_OBSERVATION_TENSOR 0
/** tg_game_format_version(): the layout behind tg_state_information_key(). @since 1.3 */
#define TG_FORMAT_INFORMATION_KEY 1
/** tg_game_format_version(): the fields of tg_state_observation_json(). @since 1.3 */
#define TG_FORMAT_OBSERVATION_JSON 2

/**
 * The format number of one of @p game's layouts that a program may store
 * between runs: #TG_FORMAT_OBSERVATION_TENSOR (the slots of the tensor),
 * #TG_FORMAT_INFORMATION_KEY (what the key of an information state is made
 * from: equal numbers give equal keys for equal information, so stored
 * keys stay valid) or #TG_FORMAT_OBSERVATION_JSON (the fields and values of
 * the observation). Each starts at 1 and goes up, per game, with any change
 * to that layout in a later release; the game's rule document lists them.
 * A program that stored tensors or keys compares the number it stored
 * them with before reusing them. Since 1.4 also
 * #TG_FORMAT_INFORMATION_TENSOR (the slots of
 * tg_state_information_tensor()).
 * @return a number >= 1, or #TG_E_INVALID_ARGUMENT (negative) for a NULL
 *         game or an unknown @p format.
 * @since 1.3
 */
TG_API int tg_game_format_version(const tg_game *game, int format);

/**
 * @name Actions, utilities and formats (since 1.4)
 * One numbering of the players' decisions for every learning surface (the
 * batch, the masks, the Python env and OpenSpiel adapter), and the
 * scoring that makes every game constant-sum.
 *
 * Actions: the player ids of the move space (those for which
 * tg_game_move_is_chance() answers 0), numbered 0 ..
 * tg_game_player_move_count() - 1 in increasing order of their ids; the
 * chance ids, numbered 0 .. tg_game_chance_outcome_count() - 1 the same
 * way, are the outcomes. The order is kept, so a sorted list of legal
 * moves maps to a sorted list of actions, and a policy over actions has
 * no entry that can never be legal. Move ids stay the numbering of the
 * single-state calls (tg_state_apply() and the rest), unchanged since 1.0.
 * @{
 */

/**
 * The move id of an action: @p who is a player (0 .. players-1; every
 * player has the same numbering) and @p action below
 * tg_game_player_move_count(), or @p who is #TG_PLAYER_CHANCE and
 * @p action an outcome below tg_game_chance_outcome_count().
 * @return #TG_E_INVALID_ARGUMENT for a NULL argument, a @p who that is
 *         neither, or an @p action out of range (nothing written).
 * @since 1.4
 */
TG_API tg_status tg_game_action_move(const tg_game *game, int who, uint32_t action,
                                     tg_move *move);

/**
 * The action (for a player's id) or the outcome number (for a chance id)
 * of move id @p move; tg_game_move_is_chance() says which.
 * @return #TG_E_INVALID_ARGUMENT for a NULL argument or an id not below
 *         tg_game_move_count() (nothing written).
 * @since 1.4
 */
TG_API tg_status tg_game_move_action(const tg_game *game, tg_move move, uint32_t *action);

/**
 * tg_state_utilities(): a game that ends with no winner gives every player
 * 0, as tg_state_returns() does (the default everywhere).
 * @since 1.4
 */
#define TG_DRAW_ZERO 0
/**
 * tg_state_utilities(): a game that ends with no winner (stopped by the
 * length cap, or over by a rule that names no winner) is a draw: each of
 * the n players gets 1/n. Every game's utilities then sum to 1, as a won
 * game's do, so each game is constant-sum.
 * @since 1.4
 */
#define TG_DRAW_SHARED 1

/**
 * Whether @p game is constant-sum when its games are scored with @p draw
 * (OpenSpiel's `utility_sum`): 1, with @p sum receiving the sum of every
 * terminal state's utilities (1 with #TG_DRAW_SHARED); 0 when the sum
 * differs between terminal states (with #TG_DRAW_ZERO a game with no
 * winner sums to 0, a won one to 1), @p sum not written.
 * @return 1 or 0 as above, or #TG_E_INVALID_ARGUMENT (negative) for a NULL
 *         @p game or @p sum, or an unknown @p draw.
 * @since 1.4
 */
TG_API int tg_game_utility_sum(const tg_game *game, int draw, double *sum);

/**
 * tg_game_format_version(): the layout of tg_state_information_tensor().
 * @since 1.4
 */
#define TG_FORMAT_INFORMATION_TENSOR 3

/** @} */

/** @} */

/** @} */

#ifdef __cplusplus
}
#endif

#endif
