/* Batched play (1.4): N states of one game stepped by one call, chance
 * played inside, finished games started again with the next seed, and
 * what a learning loop reads written into the caller's arrays.
 *
 * A slot keeps no history, so a step never allocates however long a game
 * grows: decisions go to the position and to the player's own-decision
 * digest (what information keys and tensors need), not to a list. The
 * slot's root is brought up to its position only when the caller asks for
 * the state (tg_batch_state()). Chance draws are those of
 * tg_state_apply_chance() (tgH_sample() takes the same numbers), so a slot
 * plays exactly the game a single state with the same seed plays. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "handles.h"
#include "params.h"

/* Most slots a batch takes (documented in batch.h). */
#define TG_BATCH_MAX_SLOTS ((size_t)1 << 20)

typedef struct tg_slot {
    tg_state *st;
    uint64_t games; /* games the slot has finished: its seed's k */
} tg_slot;

struct tg_batch {
    tg_game *game;
    size_t size;
    uint64_t first_seed;
    int draw;
    tg_slot slots[];
};

static const size_t batch_param_sizes[] = {sizeof(tg_batch_params)};
/* Version 1 of tg_batch_buffers ends where version 2's observation_u8
 * begins, version 2 where version 3's mask_bits begins. */
static const size_t batch_buffer_sizes[] = {offsetof(tg_batch_buffers, observation_u8),
                                            offsetof(tg_batch_buffers, mask_bits),
                                            sizeof(tg_batch_buffers)};
#define BATCH_BUFFER_LAYOUTS (sizeof batch_buffer_sizes / sizeof batch_buffer_sizes[0])
_Static_assert(BATCH_BUFFER_LAYOUTS == TG_BATCH_BUFFERS_VERSION,
               "one size per tg_batch_buffers version");
#define BATCH_PARAM_LAYOUTS (sizeof batch_param_sizes / sizeof batch_param_sizes[0])
_Static_assert(BATCH_PARAM_LAYOUTS == TG_BATCH_PARAMS_VERSION,
               "one size per tg_batch_params version");

tg_status tg_batch_params_init(tg_batch_params *params, unsigned version, char *errbuf,
                               size_t errbuf_size)
{
    return tgP_init(params, batch_param_sizes, TG_BATCH_PARAMS_VERSION, version,
                    "tg_batch_params", errbuf, errbuf_size);
}

static size_t batch_bytes(size_t size)
{
    return sizeof(tg_batch) + size * sizeof(tg_slot);
}

/* ---- playing a slot ---- */

/* Slots ahead whose memory a loop asks for early: a slot's state lies in an
 * allocation of its own, so its first touch would otherwise wait for
 * memory (most of a large batch's time, by perf). */
#define PREFETCH_AHEAD 4

/* Always inlined: GCC finds a function of prefetches alone free of side
 * effects and drops the calls to it. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void prefetch_slot(const tg_batch *b, size_t i, size_t end)
{
    if (i >= end)
        return;
    const tg_state *st = b->slots[i].st;
    const char *h = (const char *)st, *blk = (const char *)tgH_block(st);
    __builtin_prefetch(h);
    __builtin_prefetch(h + 64);
    __builtin_prefetch(h + 128);
    __builtin_prefetch(blk);
    __builtin_prefetch(blk + 64);
    __builtin_prefetch(blk + 128);
    /* The scratch pointer lies in the state: reading it here would wait
     * for the line just asked for (perf put a sixth of tg_batch_step's
     * time on the prefetch after that load). prefetch_scratch() reads it
     * later, from a slot this call reached PREFETCH_AHEAD slots before. */
    __builtin_prefetch(&st->scratch);
}

#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void prefetch_scratch(const tg_batch *b, size_t i, size_t end)
{
    if (i < end)
        __builtin_prefetch(b->slots[i].st->scratch);
}

static uint64_t slot_seed(const tg_batch *b, size_t i)
{
    return b->first_seed + b->slots[i].games * (uint64_t)b->size + (uint64_t)i;
}

/* Chance up to the next player's decision or the end. */
static void play_chance(tg_state *st)
{
    while (st->cur == TG_PLAYER_CHANCE) {
        tg_move m;
        if (tgH_sample(st, &m) != TG_OK) /* a chance point with no outcome */
            return;
        tgH_apply_unrecorded(st, m);
    }
}

/* The slot's next game: its seed, and chance up to the first decision. */
static void start_game(tg_batch *b, size_t i)
{
    tg_state *st = b->slots[i].st;
    tg_state_reset(st, slot_seed(b, i));
    play_chance(st);
}

/* A legal action of the player to move, already checked: into the
 * player's digest and onto the position. A slot's history stays empty, so
 * its digest cache (own_folded, nothing left to fold) is the digest. */
static void play_action(const tg_game *g, tg_state *st, uint32_t action)
{
    tg_move m = g->action_moves[action];
    tgH_own_add(&st->own_folded[st->cur], m);
    tgH_apply_unrecorded(st, m);
    play_chance(st);
}

/* ---- the rows ---- */

static void write_rows(const tg_batch *b, size_t i, const tg_batch_buffers *out)
{
    const tg_game *g = b->game;
    const tg_state *st = b->slots[i].st;
    int cur = st->cur;
    if (out->player)
        out->player[i] = cur;
    uint32_t actions = g->limits.move_count - g->chance_ids;
    if (out->mask)
        tgH_action_mask(st, out->mask + i * actions);
    if (out->mask_bits)
        tgH_action_mask_bits(st, out->mask_bits + i * TG_BATCH_MASK_BITS_STRIDE(actions));
    /* A slot waits at a player's decision. Only a game that ended in its
     * own setup (none does) would leave one with no player to move: its
     * tensor rows are zeros then, which show no one anything. */
    float *obs = out->observation ? out->observation + i * tgH_tensor_size(g) : NULL;
    float *info = out->information ? out->information + i * tgH_info_tensor_size(g) : NULL;
    uint8_t *obs8 = out->observation_u8 ? out->observation_u8 + i * tgH_tensor_size(g) : NULL;
    if (cur < 0) {
        if (obs)
            memset(obs, 0, tgH_tensor_size(g) * sizeof *obs);
        if (info)
            memset(info, 0, tgH_info_tensor_size(g) * sizeof *info);
        if (obs8)
            memset(obs8, 0, tgH_tensor_size(g));
        return;
    }
    if (obs8)
        tgH_write_tensor_bytes(st, cur, obs8);
    /* The information tensor begins with the observation tensor: with both
     * asked for, the game writes it once. */
    if (info)
        tgH_write_info_tensor(st, cur, info);
    if (obs && info)
        memcpy(obs, info, tgH_tensor_size(g) * sizeof *obs);
    else if (obs)
        tgH_write_tensor(st, cur, obs);
}

static void clear_result(const tg_batch *b, size_t i, const tg_batch_buffers *out)
{
    size_t n = (size_t)b->game->players;
    if (out->rewards)
        for (size_t p = 0; p < n; p++)
            out->rewards[i * n + p] = 0.0;
    if (out->done)
        out->done[i] = TG_BATCH_RUNNING;
}

/* ---- arguments ---- */

static tg_status fail(char *errbuf, size_t errbuf_size, tg_status s, const char *fmt, ...)
    TG_PRINTF(4, 5);

static tg_status fail(char *errbuf, size_t errbuf_size, tg_status s, const char *fmt, ...)
{
    tg_msg msg;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg.text, sizeof msg.text, fmt, ap);
    va_end(ap);
    tgM_copy_out(msg.text, errbuf, errbuf_size);
    return s;
}

/* Checks a call's range and buffers. The caller's buffers (of any known
 * version) are read into *bufs, a current struct whose later fields stay
 * NULL; *use points at it, or is NULL when the caller passed none. */
static tg_status range_args(const tg_batch *b, size_t first, size_t count,
                            const tg_batch_buffers *out, tg_batch_buffers *bufs,
                            const tg_batch_buffers **use, char *errbuf, size_t errbuf_size)
{
    *use = NULL;
    if (!b)
        return fail(errbuf, errbuf_size, TG_E_INVALID_ARGUMENT, "the batch is NULL");
    if (first > b->size || count > b->size - first)
        return fail(errbuf, errbuf_size, TG_E_INVALID_ARGUMENT,
                    "slots %zu .. %zu + %zu are past the batch's %zu", first, first, count,
                    b->size);
    if (!out)
        return TG_OK;
    tg_msg msg = {""};
    *bufs = (tg_batch_buffers)TG_BATCH_BUFFERS_INIT;
    if (tgP_copy(bufs, out, batch_buffer_sizes, TG_BATCH_BUFFERS_VERSION, "tg_batch_buffers",
                 &msg) != TG_OK)
        return fail(errbuf, errbuf_size, TG_E_INVALID_ARGUMENT, "%s", msg.text);
    if (bufs->observation_u8 && !tgH_tensor_has_bytes(b->game))
        return fail(errbuf, errbuf_size, TG_E_INVALID_ARGUMENT,
                    "%s's observation tensor has no byte form (observation_u8); use observation",
                    tg_game_id(b->game));
    *use = bufs;
    return TG_OK;
}

/* ---- the calls ---- */

tg_status tg_batch_new(tg_game *game, size_t size, uint64_t first_seed,
                       const tg_batch_params *params, tg_batch **out, char *errbuf,
                       size_t errbuf_size)
{
    if (out)
        *out = NULL;
    if (!game || !out)
        return fail(errbuf, errbuf_size, TG_E_INVALID_ARGUMENT, "the %s is NULL",
                    !game ? "game" : "output pointer");
    if (size == 0)
        return fail(errbuf, errbuf_size, TG_E_INVALID_ARGUMENT, "a batch needs 1 slot or more");
    if (size > TG_BATCH_MAX_SLOTS)
        return fail(errbuf, errbuf_size, TG_E_TOO_LARGE, "%zu slots; a batch takes at most %zu",
                    size, TG_BATCH_MAX_SLOTS);
    tg_batch_params p = TG_BATCH_PARAMS_INIT;
    tg_msg msg = {""};
    if (params && tgP_copy(&p, params, batch_param_sizes, TG_BATCH_PARAMS_VERSION,
                           "tg_batch_params", &msg) != TG_OK)
        return fail(errbuf, errbuf_size, TG_E_INVALID_ARGUMENT, "%s", msg.text);
    if (p.draw != TG_DRAW_ZERO && p.draw != TG_DRAW_SHARED)
        return fail(errbuf, errbuf_size, TG_E_INVALID_ARGUMENT,
                    "draw %d is neither TG_DRAW_ZERO (0) nor TG_DRAW_SHARED (1)", p.draw);
    tg_batch *b = tgA_alloc(&game->alloc, batch_bytes(size));
    if (!b)
        return fail(errbuf, errbuf_size, TG_E_NO_MEMORY, "out of memory for %zu slots", size);
    memset(b, 0, batch_bytes(size));
    b->game = tg_game_ref(game);
    b->size = size;
    b->first_seed = first_seed;
    b->draw = p.draw;
    for (size_t i = 0; i < size; i++) {
        b->slots[i].st = tgH_state_alloc(game);
        if (!b->slots[i].st) {
            tg_batch_free(b);
            return fail(errbuf, errbuf_size, TG_E_NO_MEMORY, "out of memory for %zu slots",
                        size);
        }
        start_game(b, i);
    }
    *out = b;
    return TG_OK;
}

void tg_batch_free(tg_batch *batch)
{
    if (!batch)
        return;
    tg_game *g = batch->game;
    for (size_t i = 0; i < batch->size; i++)
        tg_state_free(batch->slots[i].st);
    tgA_release(&g->alloc, batch, batch_bytes(batch->size));
    tg_game_free(g);
}

size_t tg_batch_size(const tg_batch *batch)
{
    return batch ? batch->size : 0;
}

const tg_game *tg_batch_game(const tg_batch *batch)
{
    return batch ? batch->game : NULL;
}

tg_status tg_batch_reset(tg_batch *batch, uint64_t first_seed)
{
    if (!batch)
        return TG_E_INVALID_ARGUMENT;
    batch->first_seed = first_seed;
    for (size_t i = 0; i < batch->size; i++) {
        batch->slots[i].games = 0;
        start_game(batch, i);
    }
    return TG_OK;
}

tg_status tg_batch_observe(tg_batch *batch, size_t first, size_t count,
                           const tg_batch_buffers *buffers, char *errbuf, size_t errbuf_size)
{
    tg_batch_buffers bufs;
    const tg_batch_buffers *out;
    tg_status s = range_args(batch, first, count, buffers, &bufs, &out, errbuf, errbuf_size);
    if (s == TG_OK && !out)
        s = fail(errbuf, errbuf_size, TG_E_INVALID_ARGUMENT, "the buffers are NULL");
    if (s != TG_OK)
        return s;
    for (size_t i = first; i < first + count; i++) {
        clear_result(batch, i, out);
        write_rows(batch, i, out);
    }
    return TG_OK;
}

/* The first slot of the range whose action is not legal, or first + count. */
static size_t first_illegal(const tg_batch *b, size_t first, size_t count,
                            const uint32_t *actions)
{
    const tg_game *g = b->game;
    uint32_t players = g->limits.move_count - g->chance_ids;
    for (size_t i = first; i < first + count; i++) {
        prefetch_slot(b, i + 3 * PREFETCH_AHEAD, first + count);
        prefetch_scratch(b, i + 2 * PREFETCH_AHEAD, first + count);
        const tg_state *st = b->slots[i].st;
        if (actions[i] >= players || st->cur < 0 ||
            !tgH_is_legal(st, g->action_moves[actions[i]]))
            return i;
    }
    return first + count;
}

tg_status tg_batch_step(tg_batch *batch, size_t first, size_t count, const uint32_t *actions,
                        const tg_batch_buffers *buffers, char *errbuf, size_t errbuf_size)
{
    tg_batch_buffers bufs;
    const tg_batch_buffers *out;
    tg_status s = range_args(batch, first, count, buffers, &bufs, &out, errbuf, errbuf_size);
    if (s != TG_OK)
        return s;
    if (!actions && count)
        return fail(errbuf, errbuf_size, TG_E_INVALID_ARGUMENT, "the actions are NULL");
    size_t bad = first_illegal(batch, first, count, actions);
    if (bad < first + count)
        return fail(errbuf, errbuf_size, TG_E_ILLEGAL_MOVE,
                    "slot %zu: action %u is not a legal action of player %d", bad,
                    (unsigned)actions[bad], batch->slots[bad].st->cur);
    const tg_game *g = batch->game;
    size_t n = (size_t)g->players;
    for (size_t i = first; i < first + count; i++) {
        prefetch_slot(batch, i + 2 * PREFETCH_AHEAD, first + count);
        prefetch_scratch(batch, i + PREFETCH_AHEAD, first + count);
        tg_state *st = batch->slots[i].st;
        play_action(g, st, actions[i]);
        if (out)
            clear_result(batch, i, out);
        if (st->cur == TG_PLAYER_TERMINAL) {
            if (out && out->rewards)
                tgH_utilities(st, batch->draw, out->rewards + i * n);
            if (out && out->done)
                out->done[i] = tgH_truncated(st) ? TG_BATCH_TRUNCATED : TG_BATCH_ENDED;
            batch->slots[i].games++;
            start_game(batch, i);
        }
        if (out)
            write_rows(batch, i, out);
    }
    return TG_OK;
}

const tg_state *tg_batch_state(tg_batch *batch, size_t slot)
{
    if (!batch || slot >= batch->size)
        return NULL;
    tg_state *st = batch->slots[slot].st;
    /* The position becomes the root of an empty history, its digests the
     * root's, as tgH_copy_position() leaves a search's state. */
    size_t size = batch->game->def->state_size;
    memcpy(tgH_root(st), tgH_block(st), size);
    st->root_move_number = st->move_number;
    tgH_own_fold(st);
    st->hist_len = 0;
    st->own_len = 0;
    st->ckpt_count = 0;
    memcpy(st->root_own, st->own_folded, sizeof st->root_own);
    return st;
}

tg_status tg_batch_seed(const tg_batch *batch, size_t slot, uint64_t *seed)
{
    if (!batch || !seed || slot >= batch->size)
        return TG_E_INVALID_ARGUMENT;
    *seed = slot_seed(batch, slot);
    return TG_OK;
}
