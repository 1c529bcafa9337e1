#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "handles.h"

tg_state *tgH_state_alloc(tg_game *game)
{
    size_t bytes = tgH_state_bytes(game);
    tg_state *st = tgA_alloc(&game->alloc, bytes);
    if (!st)
        return NULL;
    memset(st, 0, bytes);
    atomic_fetch_add_explicit(&game->refs, 1, memory_order_relaxed);
    st->game = game;
    st->scratch = (tg_move *)(void *)(st->blocks + tgH_scratch_offset(game));
    return st;
}

static void set_initial(tg_state *st, uint64_t seed)
{
    const tg_game *g = st->game;
    g->def->init(tgH_cfg(g), tgH_block(st));
    memcpy(tgH_root(st), tgH_block(st), g->def->state_size);
    tgR_seed(&st->rng, seed);
    st->move_number = 0;
    st->root_move_number = 0;
    st->hist_len = 0;
    st->ckpt_count = 0;
    tgH_marks_restart(st);
    memset(st->own_folded, 0, sizeof st->own_folded);
    st->own_len = 0;
    memset(st->root_own, 0, sizeof st->root_own);
    st->err[0] = '\0';
    tgH_settle(st);
}

void tgH_own_fold(const tg_state *cst)
{
    tg_state *st = (tg_state *)cst; /* a cache (handles.h), like err */
    /* Nothing to fold; a state with no history yet has no history
     * allocation either (hist is NULL), so tgH_who() is not asked. */
    if (st->own_len == st->hist_len)
        return;
    const int8_t *who = tgH_who(st);
    for (uint32_t i = st->own_len; i < st->hist_len; i++)
        if (who[i] >= 0)
            tgH_own_add(&st->own_folded[who[i]], st->hist[i]);
    st->own_len = st->hist_len;
}

const tg_own *tgH_own(const tg_state *st, int player)
{
    tgH_own_fold(st);
    return &st->own_folded[player];
}

tg_status tg_state_new(tg_game *game, uint64_t seed, tg_state **out)
{
    if (out)
        *out = NULL;
    if (!game || !out)
        return TG_E_INVALID_ARGUMENT;
    tg_state *st = tgH_state_alloc(game);
    if (!st)
        return TG_E_NO_MEMORY;
    set_initial(st, seed);
    *out = st;
    return TG_OK;
}

tg_status tg_state_reset(tg_state *state, uint64_t seed)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    set_initial(state, seed);
    return TG_OK;
}

void tg_state_free(tg_state *state)
{
    if (!state)
        return;
    tg_game *g = state->game;
    size_t size = g->def->state_size;
    tgA_release(&g->alloc, state->hist, tgH_hist_bytes(state->hist_cap));
    tgA_release(&g->alloc, state->ckpt, (size_t)state->ckpt_cap * size);
    tgA_release(&g->alloc, state->marks, (size_t)state->marks_cap * sizeof *state->marks);
    tgA_release(&g->alloc, state, tgH_state_bytes(g));
    tg_game_free(g);
}

tg_status tgH_reserve_history(tg_state *st, uint32_t n)
{
    if (n <= st->hist_cap)
        return TG_OK;
    uint32_t cap = st->hist_cap ? st->hist_cap : 64;
    while (cap < n)
        cap = cap > UINT32_MAX / 2 ? n : cap * 2;
    /* Undo's marks first: room for them that the history then fails to
     * get changes nothing a caller can see. */
    if (st->rewind && tgH_reserve_marks(st, cap) != TG_OK)
        return TG_E_NO_MEMORY;
    tg_move *h = tgA_alloc(&st->game->alloc, tgH_hist_bytes(cap));
    if (!h)
        return TG_E_NO_MEMORY;
    if (st->hist_len) {
        memcpy(h, st->hist, st->hist_len * sizeof *h);
        memcpy(h + cap, tgH_who(st), st->hist_len);
    }
    tgA_release(&st->game->alloc, st->hist, tgH_hist_bytes(st->hist_cap));
    st->hist = h;
    st->hist_cap = cap;
    return TG_OK;
}

static void copy_into(tg_state *dst, const tg_state *src)
{
    size_t size = src->game->def->state_size;
    dst->rng = src->rng;
    dst->move_number = src->move_number;
    dst->root_move_number = src->root_move_number;
    dst->cur = src->cur;
    /* The position and the root lie side by side (handles.h): one copy. */
    memcpy(dst->blocks, src->blocks, 2 * size);
    if (src->hist_len) {
        memcpy(dst->hist, src->hist, src->hist_len * sizeof *src->hist);
        memcpy(tgH_who(dst), tgH_who(src), src->hist_len);
    }
    dst->hist_len = src->hist_len;
    /* Folded in the source, once, rather than again in every copy of it
     * (a search copies one state many times). */
    if (src->own_len != src->hist_len)
        tgH_own_fold(src);
    memcpy(dst->own_folded, src->own_folded, sizeof dst->own_folded);
    dst->own_len = src->own_len;
    memcpy(dst->root_own, src->root_own, sizeof dst->root_own);
    dst->ckpt_count = 0;
    tgH_marks_copy(dst, src);
}

tg_status tg_state_clone(const tg_state *state, tg_state **out)
{
    if (out)
        *out = NULL;
    if (!state || !out)
        return TG_E_INVALID_ARGUMENT;
    tg_state *st = tgH_state_alloc(state->game);
    if (st)
        st->rewind = state->rewind; /* so that the history's room comes with marks */
    if (!st || tgH_reserve_history(st, state->hist_len) != TG_OK ||
        (st->rewind && tgH_reserve_marks(st, st->hist_cap) != TG_OK)) {
        tg_state_free(st);
        return tgH_fail(state, TG_E_NO_MEMORY, "out of memory for the clone");
    }
    copy_into(st, state);
    *out = st;
    return TG_OK;
}

tg_status tg_state_copy(tg_state *dst, const tg_state *src)
{
    if (!dst || !src)
        return TG_E_INVALID_ARGUMENT;
    if (dst == src)
        return TG_OK;
    /* The common cases first without a call: states of one game handle, and
     * a history that fits (a search copies into the same scratch state). */
    if (dst->game != src->game && !tgH_same_game(dst->game, src->game))
        return tgH_fail(dst, TG_E_MISMATCH, "the states belong to different games");
    if (src->hist_len > dst->hist_cap && tgH_reserve_history(dst, src->hist_len) != TG_OK)
        return tgH_fail(dst, TG_E_NO_MEMORY, "out of memory for the history");
    if (src->rewind && tgH_reserve_marks(dst, dst->hist_cap) != TG_OK)
        return tgH_fail(dst, TG_E_NO_MEMORY, "out of memory for undo's marks");
    copy_into(dst, src);
    dst->err[0] = '\0';
    return TG_OK;
}

tg_status tgH_fail(const tg_state *st, tg_status status, const char *fmt, ...)
{
    /* States are always allocated, never const objects, so a const call may
     * write the message buffer (and, elsewhere, the digests' cache only). */
    char *err = ((tg_state *)st)->err;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, sizeof st->err, fmt, ap);
    va_end(ap);
    return status;
}

const char *tg_state_last_error(const tg_state *state)
{
    return state ? state->err : "the state handle is NULL";
}

const tg_game *tg_state_game(const tg_state *state)
{
    return state ? state->game : NULL;
}

void tgH_settle(tg_state *st)
{
    const tg_game *g = st->game;
    st->cur = st->move_number >= g->limits.max_length
                  ? TG_PLAYER_TERMINAL
                  : g->def->current_player(tgH_cfg(g), tgH_block(st));
}

int tg_state_current_player(const tg_state *state)
{
    return state ? tgH_current(state) : TG_PLAYER_INVALID;
}

int tg_state_is_terminal(const tg_state *state)
{
    return !state || tgH_current(state) == TG_PLAYER_TERMINAL;
}

uint32_t tg_state_move_number(const tg_state *state)
{
    return state ? state->move_number : 0;
}

static uint32_t winners_of(const tg_state *st)
{
    if (tgH_current(st) != TG_PLAYER_TERMINAL)
        return 0;
    const tg_game *g = st->game;
    /* A game cut off by the length cap has no winner. */
    if (g->def->current_player(tgH_cfg(g), tgH_block(st)) != TG_PLAYER_TERMINAL)
        return 0;
    return g->def->winners(tgH_cfg(g), tgH_block(st));
}

tg_status tg_state_winners(const tg_state *state, uint32_t *mask)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    if (!mask)
        return tgH_fail(state, TG_E_INVALID_ARGUMENT, "the mask pointer is NULL");
    *mask = winners_of(state);
    return TG_OK;
}

tg_status tgH_too_small(const tg_state *st, size_t cap, size_t need, const char *what)
{
    return tgH_fail(st, TG_E_BUFFER_TOO_SMALL, "the buffer holds %zu %s; %zu are needed", cap,
                    what, need);
}

tg_status tg_state_returns_v2(const tg_state *state, double *out, size_t cap, size_t *count)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    tg_status s = tgH_list_args(state, out, cap, count);
    if (s != TG_OK)
        return s;
    int n = state->game->players;
    *count = (size_t)n;
    if (cap < (size_t)n)
        return tgH_too_small(state, cap, (size_t)n, "returns");
    uint32_t w = winners_of(state);
    int winners = 0;
    for (int p = 0; p < n; p++)
        winners += (int)((w >> p) & 1u);
    for (int p = 0; p < n; p++)
        out[p] = ((w >> p) & 1u) ? 1.0 / winners : 0.0;
    return TG_OK;
}

tg_status tg_state_returns(const tg_state *state, double *out, size_t cap)
{
    size_t count;
    if (state && !out)
        return tgH_fail(state, TG_E_INVALID_ARGUMENT, "the buffer is NULL");
    return tg_state_returns_v2(state, out, cap, &count);
}

/* Replays history entries [from, to) onto the position, which must be the
 * one reached after `from` entries. With check set (loading untrusted
 * data) it returns non-zero at an entry that is not legal; undo replays a
 * history already known to be legal and skips the check. */
static int replay_range(tg_state *st, uint32_t from, uint32_t to, int check)
{
    const tg_game *g = st->game;
    const void *cfg = tgH_cfg(g);
    unsigned char *block = tgH_block(st);
    tg_move *legal = tgH_scratch_moves(st);
    for (uint32_t i = from; i < to; i++) {
        tg_move m = st->hist[i];
        if (!check) {
            g->def->apply(cfg, block, m);
            st->move_number++;
            continue;
        }
        if (tgH_current(st) == TG_PLAYER_TERMINAL ||
            !tgH_contains(legal, g->def->legal_moves(cfg, block, legal), m)) {
            tgH_settle(st);
            return 1;
        }
        /* who made each entry is known only now (the digests fold it in) */
        tgH_who(st)[i] = (int8_t)tgH_current(st);
        g->def->apply(cfg, block, m);
        st->move_number++;
        tgH_settle(st);
    }
    tgH_settle(st);
    return 0;
}

int tgH_replay(tg_state *st, uint32_t n)
{
    memcpy(tgH_block(st), tgH_root(st), st->game->def->state_size);
    st->move_number = st->root_move_number;
    st->ckpt_count = 0;
    memcpy(st->own_folded, st->root_own, sizeof st->own_folded);
    st->own_len = 0;
    tgH_settle(st);
    return replay_range(st, 0, n, 1);
}

/* Makes sure checkpoints 0 .. want-1 exist; returns how many do (fewer only
 * when memory runs out, which just makes undo replay more). */
static uint32_t build_checkpoints(tg_state *st, uint32_t want)
{
    size_t size = st->game->def->state_size;
    if (want > st->ckpt_cap) {
        uint32_t cap = st->ckpt_cap ? st->ckpt_cap : 8;
        while (cap < want)
            cap *= 2;
        unsigned char *c = tgA_alloc(&st->game->alloc, (size_t)cap * size);
        if (!c)
            return st->ckpt_count < want ? st->ckpt_count : want;
        if (st->ckpt_count)
            memcpy(c, st->ckpt, (size_t)st->ckpt_count * size);
        tgA_release(&st->game->alloc, st->ckpt, (size_t)st->ckpt_cap * size);
        st->ckpt = c;
        st->ckpt_cap = cap;
    }
    unsigned char *block = tgH_block(st);
    if (st->ckpt_count == 0)
        memcpy(block, tgH_root(st), size);
    else
        memcpy(block, st->ckpt + (size_t)(st->ckpt_count - 1) * size, size);
    while (st->ckpt_count < want) {
        uint32_t from = st->ckpt_count * TG_CORE_CHECKPOINT;
        st->move_number = st->root_move_number + from;
        replay_range(st, from, from + TG_CORE_CHECKPOINT, 0);
        memcpy(st->ckpt + (size_t)st->ckpt_count * size, block, size);
        st->ckpt_count++;
    }
    return want;
}

/* Rebuilds the position after the first n history entries from the nearest
 * checkpoint, so walking back a long game costs no more than walking it. */
static void rewind_to(tg_state *st, uint32_t n)
{
    size_t size = st->game->def->state_size;
    uint32_t want = n / TG_CORE_CHECKPOINT;
    if (st->ckpt_count > want)
        st->ckpt_count = want;
    uint32_t have = build_checkpoints(st, want);
    if (have == 0)
        memcpy(tgH_block(st), tgH_root(st), size);
    else
        memcpy(tgH_block(st), st->ckpt + (size_t)(have - 1) * size, size);
    uint32_t from = have * TG_CORE_CHECKPOINT;
    st->move_number = st->root_move_number + from;
    replay_range(st, from, n, 0);
}

tg_status tg_state_undo(tg_state *state)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    if (state->hist_len == 0)
        return tgH_fail(state, TG_E_NOTHING_TO_UNDO, "no decision to take back");
    if (state->rewind && tgH_unmark(state) != TG_OK)
        return TG_E_NOTHING_TO_UNDO;
    state->hist_len--;
    /* Undo replays without recording, so the digest loses its last entry
     * here, if it had been folded in. */
    int who = tgH_who(state)[state->hist_len];
    if (state->own_len > state->hist_len) {
        state->own_len = state->hist_len;
        if (who >= 0)
            tgH_own_remove(&state->own_folded[who], state->hist[state->hist_len]);
    }
    rewind_to(state, state->hist_len);
    state->err[0] = '\0';
    return TG_OK;
}

uint32_t tg_state_history_length(const tg_state *state)
{
    return state ? state->hist_len : 0;
}

tg_status tg_state_history(const tg_state *state, tg_move *buf, size_t cap, size_t *count)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    tg_status s = tgH_list_args(state, buf, cap, count);
    if (s != TG_OK)
        return s;
    *count = state->hist_len;
    if (cap < state->hist_len)
        return tgH_too_small(state, cap, state->hist_len, "decisions");
    if (state->hist_len)
        memcpy(buf, state->hist, state->hist_len * sizeof *buf);
    return TG_OK;
}

tg_status tg_state_seed(tg_state *state, uint64_t seed)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    tgR_seed(&state->rng, seed);
    state->have_pending = 0; /* a draw after this starts a new stream */
    state->err[0] = '\0';
    return TG_OK;
}

int tg_state_equal(const tg_state *a, const tg_state *b)
{
    if (!a || !b)
        return 0;
    return tgH_same_game(a->game, b->game) && a->move_number == b->move_number &&
           memcmp(tgH_block(a), tgH_block(b), a->game->def->state_size) == 0;
}

void tgH_copy_position(tg_state *dst, const tg_state *src)
{
    size_t size = src->game->def->state_size;
    memcpy(tgH_block(dst), tgH_block(src), size);
    memcpy(tgH_root(dst), tgH_block(src), size);
    dst->move_number = src->move_number;
    dst->root_move_number = src->move_number;
    dst->cur = src->cur;
    dst->hist_len = 0;
    dst->ckpt_count = 0;
    tgH_marks_restart(dst);
    tgH_own_fold(src);
    memcpy(dst->own_folded, src->own_folded, sizeof dst->own_folded);
    memcpy(dst->root_own, src->own_folded, sizeof dst->root_own);
    dst->own_len = 0;
}

tg_status tg_state_history_player(const tg_state *state, uint32_t index, int *player)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    if (!player)
        return tgH_fail(state, TG_E_INVALID_ARGUMENT, "the player pointer is NULL");
    if (index >= state->hist_len)
        return tgH_fail(state, TG_E_INVALID_ARGUMENT,
                        "entry %u is past the history's %u decisions", (unsigned)index,
                        (unsigned)state->hist_len);
    *player = tgH_who(state)[index];
    return TG_OK;
}
