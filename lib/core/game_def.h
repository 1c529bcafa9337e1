/* The table of functions every game provides. The core reaches a game only
 * through this table, and a game reaches the core only through the helpers
 * declared here, so games never see each other or the core's insides.
 *
 * Contract for a game's position block (state_size bytes):
 *  - it holds only uint8_t fields and arrays of them, so it has no padding,
 *    no byte order and can be saved as raw bytes;
 *  - init() writes every byte, so equal positions are equal byte for byte;
 *  - validate() accepts exactly the blocks the other functions handle
 *    safely: a block that passes validate() may be handed to every function
 *    below without any out-of-range access;
 *  - what validate() checks holds through play: apply() on a valid block
 *    with a legal move leaves a valid block, so a loaded position and a
 *    played one are alike to every function (the conformance suite
 *    reloads every position of its playouts to hold games to this);
 *  - the list functions may write past their count, as scratch, but never
 *    past the limit declared for that list (max_legal_moves,
 *    max_chance_outcomes): the core hands a caller's buffer over only when
 *    it is at least that long;
 *  - the events of the last decision live inside the block, so clone, undo
 *    and save carry them for free;
 *  - so does what each player knows (perfect recall): knowledge is kept as
 *    "who knows it" marks on the hidden items themselves, never as copied
 *    values, so a mark always refers to the true value and a redraw keeps
 *    every other player's knowledge consistent;
 *  - a block only grows by appending fields (state_size_v1 below), so a
 *    format-1 block is a prefix of the current one.
 * The core checks legality (the move is in legal_moves()) and the phase
 * before calling apply(), so apply() may assume both. */
#ifndef TG_CORE_GAME_DEF_H
#define TG_CORE_GAME_DEF_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "boardgames/catalogue.h"
#include "boardgames/common.h"
#include "msg.h"
#include "rng.h"
#include "strbuf.h"

/* Keeps a rare path out of its caller, so that the common one sets up no
 * frame for it (the core's and the games' hot paths). */
#if defined(__GNUC__)
#define TG_NOINLINE __attribute__((noinline))
#else
#define TG_NOINLINE
#endif

struct tg_playout_run; /* core/playout_loop.h */

/* A parsed option value; which member is meaningful follows the option's
 * type (INT and BOOL in i, CHOICE as the index of the word in i, NUMBER in d). */
typedef struct tg_optval {
    int64_t i;
    double d;
} tg_optval;

/* Bounds a game reports once its options are known. */
typedef struct tg_limits {
    uint32_t move_count;          /* every move id is below this */
    uint32_t max_legal_moves;     /* most moves/outcomes legal_moves() writes */
    uint32_t max_chance_outcomes; /* most outcomes at one chance point */
    uint32_t max_length;          /* cap on decisions; reaching it ends the game */
    /* 1.3: a true bound on a game's decisions from the initial position,
     * derived from the rules (documented in the rule page); 0 means the
     * game can go round in circles and the cap max_length is the bound. */
    uint32_t length_bound;
} tg_limits;

/* Indexes of tg_game_def.formats, as the public TG_FORMAT_* numbers. */
#define TG_CORE_FORMATS 4

typedef struct tg_game_def {
    /* The catalogue entry: id, name, summary, player range, option_count. */
    tg_game_info info;
    /* info.option_count entries; options[0] must be "players". */
    const tg_option_info *options;
    size_t config_size; /* bytes of the game's parsed configuration */
    size_t state_size;  /* bytes of one position block */

    /* Fills cfg from option values (indexed like options) and checks the
     * combinations a single option's range cannot express. */
    tg_status (*configure)(void *cfg, const tg_optval *values, tg_msg *msg);
    void (*limits)(const void *cfg, tg_limits *out);
    void (*init)(const void *cfg, void *st);

    /* >= 0 a player, TG_PLAYER_CHANCE or TG_PLAYER_TERMINAL. */
    int (*current_player)(const void *cfg, const void *st);
    /* Writes legal moves (or chance outcomes), sorted and unique; returns how many. */
    size_t (*legal_moves)(const void *cfg, const void *st, tg_move *out);
    /* At a chance point: outcomes sorted, with integer weights; returns how many.
     * Integer weights make sampling exact and identical on every platform. */
    size_t (*chance)(const void *cfg, const void *st, tg_move *out, uint32_t *weights);
    void (*apply)(const void *cfg, void *st, tg_move move);
    /* Bit mask of winners once terminal (0: no winner). */
    uint32_t (*winners)(const void *cfg, const void *st);

    /* Notation of a move legal in st; returns the length it needs, like snprintf. */
    size_t (*move_text)(const void *cfg, const void *st, tg_move move, char *buf, size_t cap);

    json_t *(*board_json)(const void *cfg);
    /* viewer is a player, TG_VIEW_OMNISCIENT or, when public_view is set,
     * TG_VIEW_PUBLIC (already checked by the core; a game never indexes an
     * array with a negative viewer). The core adds "game", "viewer",
     * "players", "move_number", "current_player" and "winners" to every
     * observation: a game must not use those keys (the conformance suite
     * checks it). */
    json_t *(*observe)(const void *cfg, const void *st, int viewer);
    json_t *(*events)(const void *cfg, const void *st, int viewer);
    void (*render_text)(const void *cfg, const void *st, int viewer, tg_strbuf *out);

    /* The "position" object of the JSON save form, and back. from_json
     * writes the whole block; the core then runs validate() on it. */
    json_t *(*position_to_json)(const void *cfg, const void *st);
    tg_status (*position_from_json)(const void *cfg, const json_t *position, void *st, tg_msg *msg);
    tg_status (*validate)(const void *cfg, const void *st, tg_msg *msg);

    /* Redraws what player cannot know; player's observation and events stay
     * equal. memory is TG_BOT_MEMORY_FULL (keep everything the block says
     * player knows: uniform over the assignments consistent with it) or
     * TG_BOT_MEMORY_LAST (keep only what the last decision's events showed
     * player, and drop player's marks on what was redrawn). */
    void (*resample)(const void *cfg, void *st, int player, int memory, tg_rng *rng);

    /* Optional (may be NULL): a faster answer to "is move in legal_moves()?"
     * for a move below move_count in a state that is not terminal. It must
     * agree exactly with legal_moves(); the conformance suite checks that. */
    int (*is_legal)(const void *cfg, const void *st, tg_move move);

    /* Optional (may be NULL): the easy bot's rule of thumb. Scores a legal
     * move of player in st (a position re-drawn from player's point of
     * view, so hidden facts in it are guesses); higher is better. The rule
     * is documented in the game's rule document. */
    int (*easy_score)(const void *cfg, const void *st, int player, tg_move move);

    /* Optional (may be NULL): the common chance point in compact form. When
     * the outcomes here are the ids first .. first+n-1 with equal weights
     * (a die, a spinner), returns n and sets *first; otherwise returns 0 and
     * the core asks chance(). The core draws the same outcome from the same
     * random numbers either way, so this changes speed only; the core's
     * hook test checks it against chance(). */
    uint32_t (*uniform_chance)(const void *cfg, const void *st, tg_move *first);

    /* Non-zero: the search bots play their simulations out with easy_score
     * (and its whims) instead of uniformly random moves. For games where
     * random play wanders so long that who wins it says little about the
     * position; costs more per simulation. */
    int guided_playouts;

    /* ---- 1.2: perfect recall, the public viewer and tensors ---- */

    /* Non-zero: observe, events, render_text and tensor accept TG_VIEW_PUBLIC
     * and then show only what the whole table saw. The core refuses the
     * public viewer for a game that leaves this 0. */
    int public_view;
    /* Size of the block in save format 1, a prefix of the current block;
     * 0 when the block has not grown since. */
    size_t state_size_v1;
    /* Optional (may be NULL; needed when state_size_v1 is set): sets the
     * knowledge marks of a block whose past is unknown (a format-1 save, a
     * hand-written position) to what the block itself implies: its last
     * decision's events and what every seat sees. Must be safe on a block
     * validate() has not seen yet (it bounds every index itself). */
    void (*recall_root)(const void *cfg, void *st);
    /* Slots the game writes after the core's (see lib/core/tensor.c), and
     * the writer: exactly what observe() shows viewer, knowledge included,
     * on a zeroed vector. Every registered game has both (the conformance
     * suite checks the tensor against the observation); the core's test
     * games may leave them NULL. */
    size_t (*tensor_size)(const void *cfg);
    void (*tensor)(const void *cfg, const void *st, int viewer, float *out);

    /* Optional (may be NULL): indexed like options. For each option, the
     * value that reproduces release 1.1 when a format-1 save leaves the
     * option out (one added since, or one whose default has changed), or
     * NULL where the default already does. Used only for format-1 saves;
     * a new game made from an options string takes the defaults. */
    const char *const *legacy_values;

    /* Optional (may be NULL): words a person at the table would use for a
     * legal move, beyond move_text()'s notation (the core tries that
     * first), e.g. "double 3" for the dice. Returns TG_OK with *out a
     * legal move, TG_E_PARSE when the words mean nothing here, or
     * TG_E_ILLEGAL_MOVE when they name something that cannot happen now
     * (msg then says why). */
    tg_status (*parse_words)(const void *cfg, const void *st, const char *text, tg_move *out,
                             tg_msg *msg);

    /* ---- speed only: each must agree exactly with the general call it
     * shortcuts (tests/hooks checks every game that sets one) ---- */

    /* Optional (may be NULL): apply(), returning what current_player()
     * would answer for the position it leaves. A game knows that at the end
     * of its move for free; the core would otherwise ask through a second
     * indirect call on every decision. */
    int (*apply_turn)(const void *cfg, void *st, tg_move move);
    /* Non-zero: every chance point of the game is the same die, the ids
     * die_first .. die_first + die_faces - 1 with equal weights, so the core
     * draws without asking the game (the same draw uniform_chance() leads
     * to, which the game must then also provide). */
    uint32_t die_faces;
    tg_move die_first;

    /* ---- 1.3: the research calls ---- */

    /* Whether an id (below move_count) is a chance outcome: 1, or 0 for a
     * player's move. Fixed per game and options: an id is one or the other
     * in every position (the conformance suite checks every list against
     * it). Required for registered games; NULL counts every id a move. */
    int (*move_is_chance)(const void *cfg, tg_move move);
    /* Non-zero: some state shows a player less than the referee sees. */
    int hidden_information;
    /* Format numbers of the layouts a program may store, indexed by
     * TG_FORMAT_OBSERVATION_TENSOR, _INFORMATION_KEY, _OBSERVATION_JSON
     * and (1.4) _INFORMATION_TENSOR (0 is read as 1). Bump one with any change of its layout; the golden
     * digests of tests/golden/formats hold each to its layout. */
    int formats[TG_CORE_FORMATS];
    /* Optional (may be NULL): the text of any id without a position, for
     * tg_state_any_move_text() when the id is not legal where the state
     * stands; returns the length needed, like snprintf. NULL: "#id". */
    size_t (*any_move_text)(const void *cfg, tg_move move, char *buf, size_t cap);

    /* ---- 1.4, speed only: each must agree exactly with the general calls
     * it shortcuts (tests/hooks checks every game that sets one) ---- */

    /* Optional (may be NULL; a game sets both or neither): its own draw at
     * a chance point whose weights differ, where the general sampler would
     * have chance() write the list, add the weights up and walk them.
     * chance_total() returns the sum of chance()'s weights, or 0 to leave
     * the point to chance() (the core asks uniform_chance() first). The
     * core then draws r below the total with the state's RNG, the very
     * number its general sampler would draw, and chance_pick() returns the
     * outcome r falls on: the first of chance()'s list whose running sum of
     * weights exceeds r. The same random numbers give the same outcomes. */
    uint64_t (*chance_total)(const void *cfg, const void *st);
    tg_move (*chance_pick)(const void *cfg, const void *st, uint64_t r);
    /* Optional (may be NULL): is_legal() and apply_turn() in one call, for
     * a game whose check works out what applying needs anyway (a move's
     * destinations). For a move below move_count in a state that is not
     * terminal: when is_legal() would say 0, returns TG_PLAYER_INVALID and
     * leaves the block as it was; otherwise applies the move and returns
     * what apply_turn() would. The game must provide apply_turn() too. */
    int (*apply_if_legal)(const void *cfg, void *st, tg_move move);
    /* Optional (may be NULL): a chance point drawn and applied in one call,
     * for a game that tells its chance points apart for less than the
     * core's calls to uniform_chance() and apply_turn() cost. Draws from
     * rng exactly as the core would (uniform_chance()'s run with
     * tgR_below(), a weighted point with tgR_below_total() and
     * chance_pick()'s outcome), so the same numbers give the same outcome;
     * applies it, writes it to *drawn and returns what apply_turn() would.
     * drawn points at the history's free entry (the core records the
     * outcome there without a copy): written, never read before.
     * At a chance point without outcomes, returns TG_PLAYER_INVALID and
     * touches neither the block nor rng. The game must provide apply_turn()
     * too. */
    int (*apply_chance_turn)(const void *cfg, void *st, tg_rng *rng, tg_move *drawn);
    /* Optional (may be NULL): the action mask (actions.c) without the list,
     * for a game that can set its legal moves' entries directly. At a
     * player's decision, sets to 1 the byte of every legal move's action
     * number in mask (the player move count of bytes, all 0 on entry) and
     * may store 0 into others; touches nothing else. */
    void (*action_mask)(const void *cfg, const void *st, uint8_t *mask);
    /* Optional (may be NULL): tg_state_playout()'s loop with the game's
     * calls direct, made by TG_PLAYOUT_HOOK (core/playout_loop.h, which
     * says what it does). The game must provide apply_turn() too. */
    uint32_t (*playout)(const void *cfg, void *st, struct tg_playout_run *run);
    /* Optional (may be NULL): tensor()'s writer over bytes (the game's
     * tensor_bytes.c compiles tensor.c again: core/tensor_write.h), for
     * the batch's observation_u8 rows. Only for a tensor whose every value
     * is a whole number from 0 to 255; without it, a batch refuses those
     * rows (a game with no tensor of its own needs none). */
    void (*tensor_bytes)(const void *cfg, const void *st, int viewer, uint8_t *out);
    /* Optional (may be NULL): action_mask() as bits, for the batch's
     * mask_bits rows. At a player's decision, sets bit a % 8 (least
     * significant first) of byte a / 8 of bits for every legal move's
     * action number a (the row, (player move count + 7) / 8 bytes, all 0
     * on entry) and may clear others, as action_mask() may store 0 into
     * them (a game may store a run of entries as a word); touches nothing
     * outside the row. Written from the
     * same source as action_mask(), so the two cannot drift; without it,
     * the legal list is mapped into bits (actions.c). */
    void (*action_mask_bits)(const void *cfg, const void *st, uint8_t *bits);
} tg_game_def;

#endif
