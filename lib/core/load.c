#include <string.h>

#include "alloc.h"
#include "load.h"

size_t tgL_block_size(const tg_game_def *def, unsigned version)
{
    return version == 1 && def->state_size_v1 ? def->state_size_v1 : def->state_size;
}

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

/* Knowledge a save did not state: what each block's own events imply (the
 * position's is replaced by the replay's below, when there is a history). */
static void recall(const tg_game *g, tg_decoded *d)
{
    const tg_game_def *def = g->def;
    if (!def->recall_root)
        return;
    if (!d->root_knows)
        def->recall_root(tgH_cfg(g), d->root);
    if (!d->position_knows)
        def->recall_root(tgH_cfg(g), d->position);
}

tg_status tgL_assemble(tg_game *g, tg_decoded *d, tg_state **out, tg_msg *msg)
{
    recall(g, d);
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
        /* The history must lead from the root to the position, move by legal
         * move; a position that did not state its knowledge takes the
         * replay's, so only the part before the knowledge is compared. */
        size_t compared = d->position_knows || !g->def->state_size_v1 ? size
                                                                      : g->def->state_size_v1;
        if (tgH_replay(st, d->history_len) != 0 ||
            memcmp(tgH_block(st), d->position, compared) != 0) {
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
