#include <string.h>

#include "alloc.h"
#include "load.h"

static tg_status check(tg_game *g, const tg_decoded *d, tg_msg *msg)
{
    const tg_game_def *def = g->def;
    tg_msg inner = {""};
    if (def->validate(tgH_cfg(g), d->position, &inner) != TG_OK) {
        tgM_set(msg, "position breaks the rules: %s", inner.text);
        return TG_E_CORRUPT;
    }
    if (def->validate(tgH_cfg(g), d->root, &inner) != TG_OK) {
        tgM_set(msg, "root position breaks the rules: %s", inner.text);
        return TG_E_CORRUPT;
    }
    if (d->move_number > g->limits.max_length) {
        tgM_set(msg, "move number %u is beyond the game's cap of %u", (unsigned)d->move_number,
                (unsigned)g->limits.max_length);
        return TG_E_CORRUPT;
    }
    if (d->root_move_number > d->move_number ||
        d->move_number - d->root_move_number != d->history_len) {
        tgM_set(msg, "move number %u does not match root move number %u plus %u decisions",
                (unsigned)d->move_number, (unsigned)d->root_move_number,
                (unsigned)d->history_len);
        return TG_E_CORRUPT;
    }
    return TG_OK;
}

tg_status tgL_assemble(tg_game *g, const tg_decoded *d, tg_state **out, tg_msg *msg)
{
    tg_status s = check(g, d, msg);
    tg_state *st = NULL;
    if (s == TG_OK) {
        st = tgH_state_alloc(g);
        if (!st || tgH_reserve_history(st, d->history_len) != TG_OK) {
            tgM_set(msg, "out of memory");
            s = TG_E_NO_MEMORY;
        }
    }
    if (s == TG_OK) {
        size_t size = g->def->state_size;
        memcpy(tgH_root(st), d->root, size);
        if (d->history_len)
            memcpy(st->hist, d->history, d->history_len * sizeof *st->hist);
        st->hist_len = d->history_len;
        st->root_move_number = d->root_move_number;
        st->rng = d->rng;
        /* The history must lead from the root to the position, move by legal move. */
        if (tgH_replay(st, d->history_len) != 0 || memcmp(tgH_block(st), d->position, size) != 0) {
            tgM_set(msg, "the history does not lead from the root to the position");
            s = TG_E_CORRUPT;
        }
    }
    tg_game_free(g); /* the state, if any, holds its own reference */
    if (s != TG_OK) {
        tg_state_free(st);
        return s;
    }
    *out = st;
    return TG_OK;
}
