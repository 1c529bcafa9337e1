/* The insides of the public handles, shared by the core's files only. */
#ifndef TG_CORE_HANDLES_H
#define TG_CORE_HANDLES_H

#include <stdalign.h>
#include <stdatomic.h>
#include <stddef.h>

#include "alloc.h"
#include "boardgames/tablegames.h"
#include "game_def.h"

/* Bound on every game's legal moves, checked when a game is made. The
 * core's move lists live in each state's scratch space (tgH_scratch_moves),
 * not on the stack, so that every public call fits a small thread stack. */
#define TG_CORE_MAX_LEGAL 4096
/* Decisions between undo checkpoints: undo replays at most this many. */
#define TG_CORE_CHECKPOINT 64
/* Buffer for move texts the core renders for itself (parsing); a longer
 * text goes straight into the caller's buffer, never cut. */
#define TG_CORE_MOVE_TEXT 128

struct tg_game {
    const tg_game_def *def;
    tg_mem alloc;
    atomic_int refs;
    int players;
    tg_limits limits;
    char *options; /* canonical options string */
    uint32_t chance_ids;  /* ids for which move_is_chance() says 1 */
    /* Floats of an observation tensor (tgH_tensor_count()), kept because
     * every tensor call would otherwise ask the game through a pointer. */
    size_t tensor_floats;
    uint64_t key_seed;    /* seeds information keys: a digest of the id and options */
    /* 1.4's action numbering (actions.c), move_count entries each: the
     * action or outcome number of every id, and the ids of the player
     * actions in order followed by those of the outcomes. One allocation,
     * action_index first. */
    uint32_t *action_index;
    tg_move *action_moves;
    alignas(max_align_t) unsigned char config[];
};

/* A player's own decisions in digest form (see tg_state.own). */
typedef struct tg_own {
    uint64_t sum[2];
    uint32_t count;
} tg_own;

/* One allocation holds the handle, the position block and the root block
 * (the position the history starts from), so clone is one copy. */
struct tg_state {
    tg_game *game;
    tg_rng rng;
    uint32_t move_number;      /* decisions since the game began */
    uint32_t root_move_number; /* move number of the root block */
    /* Whose turn it is (tgH_settle), kept because every call on the hot path
     * asks and the game's answer costs an indirect call. */
    int cur;
    tg_move *hist;             /* decisions since the root */
    /* Who made each entry of hist (a player or TG_PLAYER_CHANCE): the same
     * allocation, just past hist_cap moves (tgH_who()). */
    uint32_t hist_len;
    uint32_t hist_cap;
    /* Undo rewinds the RNG (tg_state_set_undo_rewinds_rng(), undo_rng.c):
     * marks[i] is the RNG as it stood before chance outcome i of the history
     * was drawn, known for the entries from marks_from on; marks has room
     * for hist_cap entries while rewind is set. pending is the RNG before
     * the first draw at the chance point the state stands at
     * (tg_state_sample_chance()), when have_pending is set. Both are left
     * alone while rewind is clear, so play costs no more then. */
    uint8_t rewind;
    uint8_t have_pending;
    uint32_t marks_from;
    uint32_t marks_cap;
    tg_rng *marks;
    tg_rng pending;
    /* Undo's cache: checkpoint i is the position after (i + 1) * TG_CORE_CHECKPOINT
     * decisions of the history. Built by undo, cut by undo, dropped whenever
     * the history is replaced; apply never touches it (and never allocates). */
    unsigned char *ckpt;
    uint32_t ckpt_count;
    uint32_t ckpt_cap;
    /* Each player's own decisions as a running digest (information.c): how
     * many, and the sum mod 2^64, lane by lane, of a 128-bit hash of each
     * (its rank among the player's decisions, the move: tgH_own_hash). A
     * sum, not a chain, so undo takes the last one off without replaying.
     * Folded in lazily: own_folded holds root_own plus the history's first
     * own_len entries, and tgH_own() folds the rest in when a digest is
     * read, so that applying a decision costs nothing for it (two mixes per
     * player decision were a sixth of a random playout's instructions).
     * Read it only through tgH_own(). root_own is the digest at the root of
     * the history: 0 for a new or loaded state, the whole digest carried
     * over by tg_state_resample(). */
    tg_own own_folded[TG_MAX_PLAYERS];
    uint32_t own_len;
    tg_own root_own[TG_MAX_PLAYERS];
    /* The last failure's message: with the digests' cache above, the only
     * fields read-only calls write, which is why even const calls on a
     * state need it to stay on one thread. */
    char err[TG_MSG_MAX];
    /* Scratch space for lists, after the blocks (tgH_scratch_moves); set
     * once when the state is allocated, never copied between states. */
    tg_move *scratch;
    alignas(max_align_t) unsigned char blocks[]; /* position, then root */
};

static inline unsigned char *tgH_block(const tg_state *st)
{
    return (unsigned char *)st->blocks;
}

static inline unsigned char *tgH_root(const tg_state *st)
{
    return (unsigned char *)st->blocks + st->game->def->state_size;
}

/* Who made each history entry: int8_t per entry, after the moves. */
static inline int8_t *tgH_who(const tg_state *st)
{
    return (int8_t *)(st->hist + st->hist_cap);
}

/* Bytes of the history allocation for cap entries. */
static inline size_t tgH_hist_bytes(uint32_t cap)
{
    return (size_t)cap * (sizeof(tg_move) + sizeof(int8_t));
}

/* SplitMix64's finaliser: a bijection of 64 bits that mixes every bit. */
static inline uint64_t tgH_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The 128-bit hash of one own decision, its rank among the player's
 * decisions and the move: two differently keyed mixes, inline, since every
 * player decision pays for it (information key format 1). */
static inline void tgH_own_hash(uint32_t rank, tg_move move, uint64_t h[2])
{
    uint64_t x = (uint64_t)rank << 32 | move;
    h[0] = tgH_mix64(x ^ 0x9E3779B97F4A7C15ull);
    h[1] = tgH_mix64(x ^ 0xD1B54A32D192ED03ull);
}

/* Adds (count, move) to a player's digest, or takes the last one off. */
static inline void tgH_own_add(tg_own *own, tg_move move)
{
    uint64_t h[2];
    tgH_own_hash(own->count++, move, h);
    own->sum[0] += h[0];
    own->sum[1] += h[1];
}

static inline void tgH_own_remove(tg_own *own, tg_move move)
{
    uint64_t h[2];
    tgH_own_hash(--own->count, move, h);
    own->sum[0] -= h[0];
    own->sum[1] -= h[1];
}

/* Keeps the RNG as it stands before a draw at a chance point, for undo to
 * rewind to (the first draw's, when several are made there). */
static inline void tgH_hold_rng(tg_state *st, int first_only)
{
    if (!st->have_pending || !first_only) {
        st->pending = st->rng;
        st->have_pending = 1;
    }
}

/* Keeps, for the chance outcome just recorded, where the RNG stood before
 * it was drawn (out of line: only states whose undo rewinds pay for it). */
void tgH_mark(tg_state *st);

/* Records a decision of the player to move (st->cur) in the history, which
 * has room; the caller applies it. The player's digest takes it in later
 * (tgH_own()). With may_mark, a chance outcome keeps where the RNG stood
 * before it was drawn when undo rewinds; a caller that knows undo does not
 * rewind passes 0. */
static inline void tgH_record_as(tg_state *st, tg_move m, int may_mark)
{
    /* In locals: the byte store through tgH_who() could alias any field,
     * which would make the compiler load them all again after it. */
    uint32_t i = st->hist_len;
    tg_move *hist = st->hist;
    int8_t who = (int8_t)st->cur;
    int mark = may_mark && who < 0 && st->rewind;
    hist[i] = m;
    tgH_who(st)[i] = who;
    st->hist_len = i + 1;
    if (mark)
        tgH_mark(st);
}

static inline void tgH_record(tg_state *st, tg_move m)
{
    tgH_record_as(st, m, 1);
}

/* The player's own-decision digest with every history entry folded in
 * (state.c). It writes the state's cache, as const calls write err. */
const tg_own *tgH_own(const tg_state *st, int player);
/* Folds every history entry into the digests (before the history is cut
 * or the digests copied). */
void tgH_own_fold(const tg_state *st);

static inline const void *tgH_cfg(const tg_game *g)
{
    return g->config;
}

/* The text calls' size check: *len (optional) gets n; a buffer of cap
 * bytes too short for n and the NUL gives TG_E_BUFFER_TOO_SMALL. */
tg_status tgH_text_fits(const tg_state *st, tg_move move, size_t n, size_t cap, size_t *len);
/* Whether m is legal where st stands (no message). */
int tgH_is_legal(const tg_state *st, tg_move m);

/* Each state's allocation ends with scratch space for one list of legal
 * moves or chance outcomes (max_legal_moves ids, which bounds the outcomes
 * too) and the outcomes' weights: the lists the core once kept on the
 * stack (up to 32 KiB a call; docs/guide.md promises every call fits in
 * 16 KiB). Allocated with the state, so filling it never allocates; const
 * calls write it as they write err, which is why a state stays on one
 * thread. Nothing in it outlives the call that filled it. */
static inline size_t tgH_scratch_offset(const tg_game *g)
{
    size_t end = 2 * g->def->state_size, align = _Alignof(tg_move);
    return (end + align - 1) / align * align;
}

/* Floats in a tensor of g: counted once when the game is made (tensor.c). */
size_t tgH_tensor_count(const tg_game *g);
static inline size_t tgH_tensor_size(const tg_game *g)
{
    return g->tensor_floats;
}
/* Bytes before the tensor in an information key's input (information.c):
 * format, player, move number, the own-decision digest, the players. */
#define TG_CORE_KEY_HEADER 36

/* The scratch space also holds an information key's input (the header and
 * the player's tensor), which would not fit in the stack's 16 KiB. */
static inline size_t tgH_scratch_bytes(const tg_game *g)
{
    size_t lists = (size_t)g->limits.max_legal_moves * sizeof(tg_move) +
                   (size_t)g->limits.max_chance_outcomes * sizeof(uint32_t);
    size_t key = TG_CORE_KEY_HEADER + 4 * tgH_tensor_size(g);
    return lists > key ? lists : key;
}

static inline size_t tgH_state_bytes(const tg_game *g)
{
    return sizeof(tg_state) + tgH_scratch_offset(g) + tgH_scratch_bytes(g);
}

static inline tg_move *tgH_scratch_moves(const tg_state *st)
{
    return st->scratch;
}

static inline uint32_t *tgH_scratch_weights(const tg_state *st)
{
    return (uint32_t *)(void *)(st->scratch + st->game->limits.max_legal_moves);
}

/* Binary search in a sorted move list. */
int tgH_contains(const tg_move *moves, size_t n, tg_move m);
/* Recomputes st->cur from the position and the length cap; every change
 * of the position block or the move number ends with it. */
void tgH_settle(tg_state *st);
/* st->cur after a change of the position for which the game has already
 * said whose turn it is (cur): the length cap applied as tgH_settle() does. */
static inline void tgH_settle_to(tg_state *st, int cur)
{
    st->cur = st->move_number >= st->game->limits.max_length ? TG_PLAYER_TERMINAL : cur;
}
/* Whose turn it is, with the length cap applied. */
static inline int tgH_current(const tg_state *st)
{
    return st->cur;
}
/* Records a failure message on the state and returns status; const calls
 * record theirs too (see err above). */
tg_status tgH_fail(const tg_state *st, tg_status status, const char *fmt, ...) TG_PRINTF(3, 4);
/* TG_E_BUFFER_TOO_SMALL with a message naming both sizes; what names the
 * entries ("moves", "outcomes"). */
tg_status tgH_too_small(const tg_state *st, size_t cap, size_t need, const char *what);
/* The list calls' common checks: a count pointer, and a buffer unless cap is 0. */
tg_status tgH_list_args(const tg_state *st, const void *buf, size_t cap, const size_t *count);
/* A fresh state for game (one reference taken), position zeroed. */
tg_state *tgH_state_alloc(tg_game *game);
/* Makes a game from a definition and an options string. */
tg_status tgH_game_make(const tg_game_def *def, const char *options, const tg_mem *alloc,
                        tg_game **out, tg_msg *msg);
/* The same for the options string of a save in format version format
 * (tgO_parse_saved(): a format-1 save keeps playing as release 1.1). */
tg_status tgH_game_make_saved(const tg_game_def *def, const char *options, unsigned format,
                              const tg_mem *alloc, tg_game **out, tg_msg *msg);
/* Fills the research figures of a game made from its options (research.c)
 * and allocates its action tables: TG_E_NO_MEMORY leaves none. */
tg_status tgH_research_setup(tg_game *g);
/* Allocates and fills g's action tables (actions.c). */
tg_status tgH_action_tables(tg_game *g);
/* Releases what tgH_research_setup() allocated (NULL tables ignored). */
void tgH_research_release(tg_game *g);
/* Bytes of a game's action tables. */
static inline size_t tgH_action_bytes(const tg_game *g)
{
    return (size_t)g->limits.move_count * (sizeof(uint32_t) + sizeof(tg_move));
}
/* Writes the action mask of st's player to move (tg_state_action_mask()),
 * tg_game_player_move_count() bytes (actions.c). */
void tgH_action_mask(const tg_state *st, uint8_t *mask);
/* The same mask as bits (tg_batch_buffers::mask_bits): action a is bit
 * a % 8 of byte a / 8, TG_BATCH_MASK_BITS_STRIDE() bytes, the padding bits
 * 0 (actions.c). */
void tgH_action_mask_bits(const tg_state *st, uint8_t *bits);
/* Each player's utilities with draw (TG_DRAW_*, checked), players entries. */
void tgH_utilities(const tg_state *st, int draw, double *out);
/* Whether the length cap, not the rules, ended st's game. */
int tgH_truncated(const tg_state *st);
/* Floats of an information-state tensor of g, and the writer (the player
 * checked), information_tensor.c. */
size_t tgH_info_tensor_size(const tg_game *g);
void tgH_write_info_tensor(const tg_state *st, int player, float *out);
/* Two game handles describe the same game (same definition and options). */
int tgH_same_game(const tg_game *a, const tg_game *b);
/* Makes room for n history entries; TG_E_NO_MEMORY leaves the state as it was. */
tg_status tgH_reserve_history(tg_state *st, uint32_t n);
/* Undo's marks (undo_rng.c): room for cap of them; dst's as src's (room
 * made by the caller); a fresh start at the history's length (new, reset,
 * resample, a bot's scratch state); and undo's check and rewind before the
 * last entry is taken back (TG_E_NOTHING_TO_UNDO with a message when its
 * draw is not known, nothing changed). */
tg_status tgH_reserve_marks(tg_state *st, uint32_t cap);
void tgH_marks_copy(tg_state *dst, const tg_state *src);
void tgH_marks_restart(tg_state *st);
tg_status tgH_unmark(tg_state *st);
/* Rebuilds the position from the root and the first n history entries;
 * returns non-zero if some entry is not legal where it stands. */
int tgH_replay(tg_state *st, uint32_t n);
/* For search (the bots): the position of src as dst's root, with no
 * history; then decisions applied without recording them, so thinking
 * never allocates. */
void tgH_copy_position(tg_state *dst, const tg_state *src);
void tgH_apply_unrecorded(tg_state *st, tg_move move);
/* A uniformly random legal move of the player to move, drawn with rng;
 * 0 when there is none. Shared by playouts and the search bots; scratch
 * holds tg_game_max_legal_moves() entries (the bots' own, so thinking
 * needs little stack). */
int tgH_random_move(const tg_state *st, tg_rng *rng, tg_move *scratch, tg_move *out);
/* Applies a legal move and records it; the history must have room. */
void tgH_apply_recorded(tg_state *st, tg_move move);
/* tg_state_apply() and tg_state_apply_chance() past their NULL check, for
 * the core's other entry points (tg_state_step()): each either records the
 * decision or changes nothing but the message. */
tg_status tgH_apply_checked(tg_state *st, tg_move move);
tg_status tgH_apply_chance(tg_state *st, tg_move *applied);
/* The game's apply_chance_turn() at a chance point with room in the
 * history, undo not rewinding (it keeps no mark): draws, applies and
 * records; 0 (nothing changed) at a point without outcomes. */
int tgH_chance_fused(tg_state *st);
/* Draws a chance outcome with the state's RNG (the state must be at chance). */
tg_status tgH_sample(tg_state *st, tg_move *out);
/* The same draw with the outcome lists in the caller's scratch space, of
 * tg_game_max_legal_moves() entries each. */
tg_status tgH_sample_with(tg_state *st, tg_move *moves, uint32_t *weights, tg_move *out);
/* Redraws in block what player cannot know, with rng. memory is what the
 * player remembers (a tg_bot_memory, never DEFAULT): FULL keeps everything
 * the block's knowledge marks say the player knows, LAST only what the last
 * decision showed (the 1.1 behaviour); the game's resample() does either. */
void tgH_redraw(const tg_game *g, unsigned char *block, int player, tg_rng *rng,
                tg_bot_memory memory);
/* TG_OK for a viewer the game shows (a player, TG_VIEW_OMNISCIENT, and
 * TG_VIEW_PUBLIC where the game has a public view); else a message. */
tg_status tgH_check_viewer(const tg_state *st, int viewer);
/* The viewer a game is handed for a checked viewer: the referee's two
 * names (TG_VIEW_REFEREE since 1.3) are one view, TG_VIEW_OMNISCIENT. */
static inline int tgH_viewer(int viewer)
{
    return viewer == TG_VIEW_REFEREE ? TG_VIEW_OMNISCIENT : viewer;
}
/* The observation with the core's fields, or NULL when out of memory. */
json_t *tgH_observation(const tg_state *st, int viewer);
/* The longest observation tensor a game may have (information keys hash it
 * from the state's scratch space); checked when a game is made. */
#define TG_CORE_MAX_TENSOR 8192
/* Writes st's observation tensor for viewer (checked) into out. */
void tgH_write_tensor(const tg_state *st, int viewer, float *out);
/* The same values as bytes, where tgH_tensor_has_bytes() (tensor.c). */
int tgH_tensor_has_bytes(const tg_game *g);
void tgH_write_tensor_bytes(const tg_state *st, int viewer, uint8_t *out);
/* The largest position block any game may have (state blocks stay at most
 * 1 KiB), so the core can keep one on the stack. */
#define TG_CORE_MAX_BLOCK 1024
/* Serialises a json_t into a caller-owned buffer and drops the reference. */
tg_status tgH_json_out(const tg_game *g, json_t *j, char **out, size_t *len);

#endif
