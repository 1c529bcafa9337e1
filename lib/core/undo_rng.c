/* Undo that rewinds the RNG (tg_state_set_undo_rewinds_rng()): taking back
 * a chance outcome the state drew sets its RNG back to where it stood
 * before the draw, so drawing again gives the same outcome and an app can
 * forbid re-rolls. The state keeps, for each chance outcome of its history,
 * the RNG before its draw (marks, beside the history); nothing is kept, and
 * play costs nothing more, while the setting is off (the default, the
 * behaviour of 1.3). */
#include <string.h>

#include "handles.h"

tg_status tgH_reserve_marks(tg_state *st, uint32_t cap)
{
    if (cap <= st->marks_cap)
        return TG_OK;
    tg_rng *m = tgA_alloc(&st->game->alloc, (size_t)cap * sizeof *m);
    if (!m)
        return TG_E_NO_MEMORY;
    /* The marks mean something only while rewind is on. */
    if (st->rewind && st->hist_len > st->marks_from)
        memcpy(m + st->marks_from, st->marks + st->marks_from,
               (size_t)(st->hist_len - st->marks_from) * sizeof *m);
    tgA_release(&st->game->alloc, st->marks, (size_t)st->marks_cap * sizeof *m);
    st->marks = m;
    st->marks_cap = cap;
    return TG_OK;
}

void tgH_mark(tg_state *st)
{
    st->marks[st->hist_len - 1] = st->have_pending ? st->pending : st->rng;
    st->have_pending = 0;
}

void tgH_marks_copy(tg_state *dst, const tg_state *src)
{
    dst->rewind = src->rewind;
    dst->have_pending = src->have_pending;
    dst->pending = src->pending;
    dst->marks_from = src->marks_from;
    if (src->rewind && src->hist_len > src->marks_from)
        memcpy(dst->marks + src->marks_from, src->marks + src->marks_from,
               (size_t)(src->hist_len - src->marks_from) * sizeof *src->marks);
}

void tgH_marks_restart(tg_state *st)
{
    st->marks_from = st->hist_len;
    st->have_pending = 0;
}

tg_status tgH_unmark(tg_state *st)
{
    uint32_t last = st->hist_len - 1;
    if (tgH_who(st)[last] == TG_PLAYER_CHANCE) {
        if (last < st->marks_from)
            return tgH_fail(st, TG_E_NOTHING_TO_UNDO,
                            "undo rewinds the RNG, but the chance outcome of decision %u was "
                            "made before it did (loaded, or before the setting was on): "
                            "taking it back would let it be drawn again",
                            (unsigned)(st->root_move_number + last + 1));
        st->rng = st->marks[last];
    }
    st->have_pending = 0;
    if (st->marks_from > last)
        st->marks_from = last;
    return TG_OK;
}

tg_status tg_state_set_undo_rewinds_rng(tg_state *state, int rewind)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    if (rewind && !state->rewind) {
        if (tgH_reserve_marks(state, state->hist_cap) != TG_OK)
            return tgH_fail(state, TG_E_NO_MEMORY, "out of memory for undo's marks");
        /* Only the outcomes drawn from now on have a known draw (while
         * rewind was off, neither field was kept). */
        tgH_marks_restart(state);
    }
    state->rewind = rewind != 0;
    state->err[0] = '\0';
    return TG_OK;
}

int tg_state_undo_rewinds_rng(const tg_state *state)
{
    return state ? state->rewind : 0;
}
