/**
 * @file batch.h
 * @brief Batched play for learning programs: N games of one kind stepped
 *        by one call, arrays in and arrays out.
 *
 * A ::tg_batch holds N states ("slots") of one ::tg_game. Every slot always
 * waits at a player's decision: the batch plays chance itself, with each
 * slot's own random number generator, and starts a finished game again at
 * once (auto-reset). One call, tg_batch_step(), takes one action per slot
 * (the player actions of tg_game_action_move(), not move ids), plays it,
 * plays chance up to the next player's decision, and writes what a
 * learning loop reads next into the caller's arrays: the player to move,
 * the legal actions as a mask (bytes or bits), the observation and information-state
 * tensors of that player, the rewards of games that ended, and a done flag.
 * Nothing is allocated after tg_batch_new().
 *
 * Seeds, so that a run can be repeated: slot i plays its games with the
 * seeds `first_seed + i`, `first_seed + i + N`, `first_seed + i + 2N`, ...
 * (modulo 2^64): game k of slot i (k = 0 for the first) is the game
 * tg_state_new() with the seed `first_seed + k * N + i` plays when given
 * the same actions, chance drawn by tg_state_apply_chance(). The seed of a
 * slot's game depends only on the slot and on how many games the slot has
 * finished, never on the order in which slots or threads ran.
 *
 * Threads: the library starts none. A caller's threads may call
 * tg_batch_step() and tg_batch_observe() on one batch at the same time
 * when their ranges of slots do not overlap; every array is indexed by
 * slot, so the threads pass the same arrays. Everything else on a batch
 * (tg_batch_reset(), tg_batch_free()) belongs to one thread with no step
 * running. A slot's state (tg_batch_state()) follows its slot: the thread
 * that steps the slot is the one that may read it.
 *
 * Errors: a call that is refused changes nothing, neither a slot nor the
 * caller's arrays, and writes a message naming the problem (for a step,
 * the slot and the action) into the caller's optional @p errbuf, cut to
 * @p errbuf_size bytes including the NUL. A batch is shared between
 * threads, so it keeps no message of its own.
 *
 * All of this header is @since 1.4.
 */
#ifndef BOARDGAMES_BATCH_H
#define BOARDGAMES_BATCH_H

#include "common.h"
#include "game.h"
#include "state.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup batch Batched play
 * @{
 */

/** N states of one game, stepped together. Opaque. @since 1.4 */
typedef struct tg_batch tg_batch;

/**
 * Settings of a batch, fixed when it is made. Fill it with
 * tg_batch_params_init() or #TG_BATCH_PARAMS_INIT so that fields added
 * later get their defaults; fields are only ever appended, each with a
 * version bump, and the library reads exactly the layout the caller names.
 * @since 1.4
 */
typedef struct tg_batch_params {
    unsigned version; /**< #TG_BATCH_PARAMS_VERSION: the layout the caller was compiled with. */
    /**
     * How a game that ends with no winner is scored in
     * tg_batch_buffers::rewards: #TG_DRAW_ZERO (the default, as
     * tg_state_returns()) or #TG_DRAW_SHARED (see tg_state_utilities()).
     */
    int draw;
} tg_batch_params;

/** Current layout of ::tg_batch_params. @since 1.4 */
#define TG_BATCH_PARAMS_VERSION 1
/** Default ::tg_batch_params. @since 1.4 */
#define TG_BATCH_PARAMS_INIT { TG_BATCH_PARAMS_VERSION, TG_DRAW_ZERO }

/**
 * Fills @p params with the defaults of layout @p version, which is
 * #TG_BATCH_PARAMS_VERSION for a program using these headers (a binding
 * passes the version of the layout it describes): every byte of that
 * layout zeroed, padding included, and the version set. On failure
 * @p errbuf (optional) receives what is wrong.
 * @return #TG_E_INVALID_ARGUMENT for a NULL @p params or an unknown
 *         version (nothing written to @p params then).
 * @since 1.4
 */
TG_API tg_status tg_batch_params_init(tg_batch_params *params, unsigned version, char *errbuf,
                                      size_t errbuf_size);

/**
 * The caller's arrays a step or an observation fills, each indexed by slot
 * over the whole batch (row i belongs to slot i), so threads that step
 * disjoint ranges pass the same struct. A NULL pointer means "do not fill
 * this"; a call writes only the rows of the slots in its range. Rows are
 * packed: row i of an array of k entries per slot starts at entry i * k.
 * Begins with its version, like the params structs: set it with
 * #TG_BATCH_BUFFERS_INIT (a binding writes #TG_BATCH_BUFFERS_VERSION).
 * @since 1.4
 */
typedef struct tg_batch_buffers {
    unsigned version; /**< #TG_BATCH_BUFFERS_VERSION. */
    /** N entries: the player to move in each slot (0 .. players-1). */
    int32_t *player;
    /**
     * N x tg_game_player_move_count() bytes: 1 for each legal action of the
     * player to move (the numbering of tg_game_action_move()), else 0. The
     * same as tg_state_action_mask() of the slot's state.
     */
    uint8_t *mask;
    /**
     * N x tg_game_observation_tensor_size() floats: the observation tensor
     * of the player to move, as tg_state_observation_tensor() writes it.
     */
    float *observation;
    /**
     * N x tg_game_information_tensor_size() floats: the information-state
     * tensor of the player to move, as tg_state_information_tensor()
     * writes it.
     */
    float *information;
    /**
     * N x tg_game_players() doubles: for a slot whose game ended in this
     * call, each player's utility (tg_state_utilities() with the batch's
     * tg_batch_params::draw); 0 for every other slot. Rewards come only at
     * the end: no game gives points along the way.
     */
    double *rewards;
    /**
     * N bytes: #TG_BATCH_RUNNING, or for a slot whose game ended in this
     * call (and was started again) #TG_BATCH_ENDED or #TG_BATCH_TRUNCATED.
     */
    uint8_t *done;
    /**
     * N x tg_game_observation_tensor_size() bytes: the observation tensor
     * of the player to move, each value as a uint8_t. Exact: every value of
     * every game's observation tensor is a whole number from 0 to 255. A
     * quarter of the memory of tg_batch_buffers::observation, which is what
     * a large batch's step mostly spends its time writing. Version 2 of
     * the struct (a version-1 struct ends before this field). A game whose
     * tensor does not fit in bytes refuses it with #TG_E_INVALID_ARGUMENT;
     * none of the registered games does. The information tensor has no
     * byte form: its last slots are fractions.
     */
    uint8_t *observation_u8;
    /**
     * N x #TG_BATCH_MASK_BITS_STRIDE(tg_game_player_move_count()) bytes:
     * the action mask of tg_batch_buffers::mask as bits. Action a of slot
     * i is bit a % 8, least significant first, of byte
     * `i * stride + a / 8` (numpy's `unpackbits(bitorder="little")`); the
     * bits past the last action are 0. An eighth of the byte mask's
     * memory: a 4-player Bewitched row is 355 bytes instead of 2,835, and
     * at a large batch a step's time goes mostly to rows that no longer
     * stay in the cache. Independent of tg_batch_buffers::mask: fill
     * either, both or neither. Version 3 of the struct (a version-1 or
     * version-2 struct ends before this field).
     */
    uint8_t *mask_bits;
} tg_batch_buffers;

/**
 * Bytes per slot of tg_batch_buffers::mask_bits for a game of @p actions
 * player actions (tg_game_player_move_count()): one bit each, rounded up
 * to whole bytes. @since 1.4
 */
#define TG_BATCH_MASK_BITS_STRIDE(actions) (((size_t)(actions) + 7u) / 8u)

/**
 * Current layout of ::tg_batch_buffers: 3 (observation_u8 added in 2,
 * mask_bits in 3). The batch calls also read a version-1 struct, which
 * ends at tg_batch_buffers::done, and a version-2 struct, which ends at
 * tg_batch_buffers::observation_u8. @since 1.4
 */
#define TG_BATCH_BUFFERS_VERSION 3
/** A ::tg_batch_buffers that fills nothing; set the pointers you want. @since 1.4 */
#define TG_BATCH_BUFFERS_INIT                                                                  \
    { TG_BATCH_BUFFERS_VERSION, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL }

/** tg_batch_buffers::done: the slot's game goes on. @since 1.4 */
#define TG_BATCH_RUNNING 0
/** tg_batch_buffers::done: the game ended by the rules (Gymnasium's "terminated"). @since 1.4 */
#define TG_BATCH_ENDED 1
/**
 * tg_batch_buffers::done: the game was stopped by the length cap,
 * tg_game_max_length() (Gymnasium's "truncated"; tg_state_is_truncated()).
 * @since 1.4
 */
#define TG_BATCH_TRUNCATED 2

/**
 * Makes a batch of @p size slots of @p game, each at the first player
 * decision of its first game (slot i seeded with `first_seed + i`, its
 * setup's chance played). The batch holds a reference to @p game.
 * Every allocation of the batch happens here, through the game's memory
 * hook.
 *
 * @param size       slots, 1 to 1,048,576 (#TG_E_TOO_LARGE above).
 * @param first_seed the seed of slot 0's first game (see the file's text
 *                   for every other seed).
 * @param params     NULL for defaults.
 * @param out        receives the batch; set to NULL on failure.
 * @return #TG_OK, #TG_E_INVALID_ARGUMENT (NULL @p game or @p out, size 0,
 *         unknown params version or draw value), #TG_E_TOO_LARGE or
 *         #TG_E_NO_MEMORY.
 * @since 1.4
 */
TG_API tg_status tg_batch_new(tg_game *game, size_t size, uint64_t first_seed,
                              const tg_batch_params *params, tg_batch **out, char *errbuf,
                              size_t errbuf_size);

/** Releases a batch and its states. NULL is ignored. @since 1.4 */
TG_API void tg_batch_free(tg_batch *batch);

/** Number of slots; 0 for a NULL batch. @since 1.4 */
TG_API size_t tg_batch_size(const tg_batch *batch);

/** The batch's game (borrowed), or NULL for a NULL batch. @since 1.4 */
TG_API const tg_game *tg_batch_game(const tg_batch *batch);

/**
 * Starts every slot again as tg_batch_new() does: slot i's next game is
 * seeded with `first_seed + i`, and the seeds after it follow from
 * @p first_seed as described above. Allocates nothing.
 * @return #TG_E_INVALID_ARGUMENT for a NULL batch.
 * @since 1.4
 */
TG_API tg_status tg_batch_reset(tg_batch *batch, uint64_t first_seed);

/**
 * Writes the rows of slots [@p first, @p first + @p count) without playing:
 * the player to move, mask and tensors of where each slot stands, rewards
 * 0 and done #TG_BATCH_RUNNING. The first call of a loop, after
 * tg_batch_new() or tg_batch_reset().
 * @return #TG_E_INVALID_ARGUMENT for a NULL batch or @p out, a range past
 *         the batch, or an unknown buffers version.
 * @since 1.4
 */
TG_API tg_status tg_batch_observe(tg_batch *batch, size_t first, size_t count,
                                  const tg_batch_buffers *out, char *errbuf, size_t errbuf_size);

/**
 * Plays one action in each slot of [@p first, @p first + @p count): slot i
 * plays @p actions[i] (the array is indexed by slot, like the buffers),
 * then chance up to the next player decision with the slot's own RNG. A
 * slot whose game ends gets its rewards and done flag and starts its next
 * game at once (the next seed, its setup's chance played), so every row
 * written describes a player decision: for a slot that ended, the first
 * decision of its new game. Then the rows of the range are written as
 * tg_batch_observe() writes them, with the rewards and done flags of this
 * step.
 *
 * Every action is checked before any slot moves: one that is not a legal
 * action of its slot's player refuses the whole call with
 * #TG_E_ILLEGAL_MOVE, naming the first such slot in @p errbuf; no slot
 * and no array changes. A step never allocates and nothing fails once the
 * checks pass.
 *
 * @param actions at least @p first + @p count entries (only the range is
 *                read); may be NULL when @p count is 0.
 * @param out     the arrays to fill; NULL to fill nothing.
 * @return #TG_OK; #TG_E_ILLEGAL_MOVE; #TG_E_INVALID_ARGUMENT for a NULL
 *         batch, NULL @p actions with a non-zero @p count, a range past
 *         the batch, or an unknown buffers version.
 * @since 1.4
 */
TG_API tg_status tg_batch_step(tg_batch *batch, size_t first, size_t count,
                               const uint32_t *actions, const tg_batch_buffers *out, char *errbuf,
                               size_t errbuf_size);

/**
 * Slot @p slot's state, for anything a step does not report (its JSON
 * observation, an information key, a save, a copy to search from). Owned
 * by the batch: do not free it. It stays valid as long as the batch; the
 * position it shows changes with every step or reset of the slot.
 *
 * A slot keeps no history (a step would otherwise have to allocate as a
 * game grows): its state's root is the position it stands at, with an
 * empty history and the own-decision digests of its whole game, as after
 * tg_state_resample() (so information keys and tensors are those of a
 * state that played the game from its start). This call makes the state
 * so, which is why it takes a non-const batch; it follows the slot's
 * thread rules.
 * @return NULL for a NULL batch or a slot not below tg_batch_size().
 * @since 1.4
 */
TG_API const tg_state *tg_batch_state(tg_batch *batch, size_t slot);

/**
 * The seed of the game slot @p slot is playing (see the file's text), for
 * replaying it in a single state.
 * @return #TG_E_INVALID_ARGUMENT for a NULL batch or @p seed, or a slot not
 *         below tg_batch_size() (nothing written).
 * @since 1.4
 */
TG_API tg_status tg_batch_seed(const tg_batch *batch, size_t slot, uint64_t *seed);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
