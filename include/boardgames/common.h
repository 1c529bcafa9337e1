/**
 * @file common.h
 * @brief Status codes, move and player types, the allocator hook and
 *        ownership rules shared by every part of the libtablegames API.
 *
 * Ownership in one paragraph: handles (::tg_game, ::tg_state) are created by
 * a `*_new`/`*_load` call and released by the matching `*_free`. Buffers the
 * library allocates for you (JSON text, binary saves) are released with
 * tg_free(), never with the C library's free(). Small results (move text,
 * legal moves) go into buffers you own; when a buffer is too small the call
 * returns #TG_E_BUFFER_TOO_SMALL, reports the size it needs and writes
 * nothing.
 *
 * Frozen for 1.x: every macro below keeps its value, every struct here keeps
 * its layout, and every enumerator keeps its value in every 1.x release (new
 * status codes may be added). Arrays sized with #TG_MAX_PLAYERS and winners
 * masks of 32 bits stay right for every 1.x library. abi/README.md lists the
 * rules that let 1.x grow without breaking programs.
 */
#ifndef BOARDGAMES_COMMON_H
#define BOARDGAMES_COMMON_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32) && defined(TG_BUILDING_LIBRARY) && !defined(TG_STATIC)
#define TG_API __declspec(dllexport)
#elif defined(_WIN32) && !defined(TG_STATIC)
#define TG_API __declspec(dllimport)
#elif defined(__GNUC__) && defined(TG_BUILDING_LIBRARY)
#define TG_API __attribute__((visibility("default")))
#else
/** Marks a function exported by the shared library. */
#define TG_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup common Common types
 * @{
 */

/**
 * Result of every call that can fail. Zero is success; every failure is
 * negative, so `if (status < 0)` catches all of them. Values never change
 * between releases; new codes may be added.
 */
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

/**
 * A decision: a number from 0 to tg_game_move_count() - 1. Player moves and
 * chance outcomes share one space; what each number means is documented per
 * game and is part of the stable contract.
 */
typedef uint32_t tg_move;

/** tg_state_current_player(): a chance event (a die, a shuffle) is next. */
#define TG_PLAYER_CHANCE (-1)
/** tg_state_current_player(): the game is over. */
#define TG_PLAYER_TERMINAL (-2)
/** tg_state_current_player(): the handle was NULL. */
#define TG_PLAYER_INVALID (-3)
/** Viewer for observations and events that sees everything (a referee). */
#define TG_VIEW_OMNISCIENT (-1)
/**
 * Viewer that sees what the whole table sees, for spectators, streams and
 * replays: every public fact, and nothing that only some players know.
 * Viewers are a namespace of their own, apart from the TG_PLAYER_* values
 * of tg_state_current_player(). Accepted by every call that takes a viewer.
 * @since 1.2
 */
#define TG_VIEW_PUBLIC (-2)
/**
 * Viewer that sees everything, like #TG_VIEW_OMNISCIENT, under a value no
 * TG_PLAYER_* constant has. #TG_VIEW_OMNISCIENT equals #TG_PLAYER_CHANCE
 * (-1, frozen for 1.x), so a loop that passes tg_state_current_player() as
 * the viewer gets the referee's view, every secret, at a chance point
 * without an error. A program that asks for the referee's view on purpose
 * should name it with this constant; one that passes a player number
 * should check it is >= 0 first. Accepted by every call that takes a
 * viewer.
 * (-3 is skipped: it is #TG_PLAYER_INVALID.)
 * @since 1.3
 */
#define TG_VIEW_REFEREE (-4)
/**
 * Most players any game supports; winners are reported as a bit mask.
 * Frozen at 8 for every 1.x release, so arrays a program sizes with it stay
 * large enough.
 */
#define TG_MAX_PLAYERS 8

/**
 * Optional memory hook, the 1.0 form. Every allocation the library makes
 * for handles and returned buffers goes through it. JSON parsing and
 * printing inside the library use jansson, whose allocator is process-wide
 * and is left alone.
 *
 * Frozen: it is copied by value and cannot grow. ::tg_sized_allocator is the
 * form that can, and the one that tells you each block's size on release.
 */
typedef struct tg_allocator {
    /** Returns @p size bytes aligned for any type, or NULL. */
    void *(*alloc)(size_t size, void *user_data);
    /** Releases a block from @p alloc; @p ptr is never NULL. */
    void (*release)(void *ptr, void *user_data);
    /** Passed unchanged to both functions. */
    void *user_data;
} tg_allocator;

/**
 * The memory function of ::tg_sized_allocator. It has the shape of Lua's
 * `lua_Alloc`, so a Lua host passes what `lua_getallocf()` returns:
 * - @p ptr NULL: return a new block of @p new_size bytes (never 0) aligned
 *   for any type, or NULL when there is no memory; @p old_size is 0.
 * - @p new_size 0: release @p ptr, a block of exactly @p old_size bytes (the
 *   size it was allocated with); the result is ignored.
 * - both non-zero: resize the block like realloc(). The library does not ask
 *   for this yet; a later 1.x release may.
 * @since 1.2
 */
typedef void *(*tg_resize_fn)(void *user_data, void *ptr, size_t old_size, size_t new_size);

/**
 * Memory hook that names its own size and is told the size of every block
 * it releases. Reached through tg_game_params::sized_allocator (parameters
 * version 2). Copied when a game is made; need not outlive the call, but
 * @p resize and @p user_data must stay valid while the game, its states,
 * bots and returned buffers exist.
 *
 * It grows only at its end. The library accepts the size of every layout
 * it has had (one so far: 1.2's), reads exactly as many bytes as @p size
 * names and gives fields a smaller layout lacks their defaults, so a
 * program keeps working with every later library; a size the library does
 * not know (a newer layout, or a wrong value) is refused with
 * #TG_E_INVALID_ARGUMENT and a message naming the sizes it reads.
 * @since 1.2
 */
typedef struct tg_sized_allocator {
    size_t size;         /**< `sizeof(tg_sized_allocator)` as the caller was compiled. */
    tg_resize_fn resize; /**< The memory function; must not be NULL. */
    void *user_data;     /**< Passed unchanged as the function's first argument. */
} tg_sized_allocator;

/**
 * Fills @p allocator for the layout of @p size bytes, which is
 * `sizeof(tg_sized_allocator)` for a program using these headers (a
 * binding passes the size of the layout it describes): every byte of that
 * size zeroed, padding included, and tg_sized_allocator::size set. Set
 * @p resize and @p user_data afterwards. Like the tg_*_params_init_v2()
 * functions, on failure @p errbuf (optional, may be NULL) receives what is
 * wrong, cut to @p errbuf_size bytes including the NUL.
 * @return #TG_E_INVALID_ARGUMENT for a NULL @p allocator or a size no
 *         layout has had (nothing is written to @p allocator then).
 * @since 1.3
 */
TG_API tg_status tg_sized_allocator_init(tg_sized_allocator *allocator, size_t size, char *errbuf,
                                         size_t errbuf_size);

/**
 * Short English text for a status, e.g. "illegal move". Never NULL; an
 * unknown value gives "unknown status".
 */
TG_API const char *tg_status_text(tg_status status);

/** The status's enumerator name, e.g. "TG_E_ILLEGAL_MOVE". Never NULL. */
TG_API const char *tg_status_name(tg_status status);

/**
 * Releases a buffer the library returned (JSON text, saves). NULL is
 * ignored. Uses the allocator the buffer was made with.
 */
TG_API void tg_free(void *buffer);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
