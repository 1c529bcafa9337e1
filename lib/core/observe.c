#include <string.h>

#include "alloc.h"
#include "handles.h"

tg_status tgH_check_viewer(const tg_state *st, int viewer)
{
    if (viewer == TG_VIEW_OMNISCIENT || viewer == TG_VIEW_REFEREE ||
        (viewer >= 0 && viewer < st->game->players))
        return TG_OK;
    if (viewer == TG_VIEW_PUBLIC) {
        if (st->game->def->public_view)
            return TG_OK;
        return tgH_fail(st, TG_E_INVALID_ARGUMENT, "%s has no public view",
                        st->game->def->info.id);
    }
    return tgH_fail(st, TG_E_INVALID_ARGUMENT,
                    "viewer %d is neither a player of this %d-player game nor "
                    "TG_VIEW_REFEREE, TG_VIEW_OMNISCIENT or TG_VIEW_PUBLIC",
                    viewer, st->game->players);
}

/* The checks every view shares; sets *out to NULL first. */
static tg_status view_args(const tg_state *st, int viewer, char **out)
{
    if (out)
        *out = NULL;
    if (!st)
        return TG_E_INVALID_ARGUMENT;
    if (!out)
        return tgH_fail(st, TG_E_INVALID_ARGUMENT, "the output pointer is NULL");
    return tgH_check_viewer(st, viewer);
}

static tg_status view_out(const tg_state *st, json_t *j, char **out, size_t *len)
{
    tg_status s = tgH_json_out(st->game, j, out, len);
    return s == TG_OK ? s : tgH_fail(st, s, "out of memory for the view");
}

/* The core's fields sit beside the game's own, so every observation says
 * where in the game it is taken without each game repeating it. */
static json_t *with_core_fields(const tg_state *st, int viewer, json_t *obs)
{
    if (!obs)
        return NULL;
    uint32_t w = 0;
    tg_state_winners(st, &w);
    json_t *winners = json_array();
    for (int p = 0; p < st->game->players; p++)
        if ((w >> p) & 1u)
            json_array_append_new(winners, json_integer(p));
    json_object_set_new(obs, "game", json_string(st->game->def->info.id));
    json_object_set_new(obs, "viewer", json_integer(viewer));
    json_object_set_new(obs, "players", json_integer(st->game->players));
    json_object_set_new(obs, "move_number", json_integer(st->move_number));
    json_object_set_new(obs, "current_player", json_integer(tgH_current(st)));
    json_object_set_new(obs, "winners", winners);
    return obs;
}

json_t *tgH_observation(const tg_state *st, int viewer)
{
    const tg_game *g = st->game;
    return with_core_fields(st, viewer, g->def->observe(tgH_cfg(g), tgH_block(st), viewer));
}

tg_status tg_state_observation_json(const tg_state *state, int viewer, char **out, size_t *len)
{
    tg_status s = view_args(state, viewer, out);
    if (s != TG_OK)
        return s;
    viewer = tgH_viewer(viewer);
    return view_out(state, tgH_observation(state, viewer), out, len);
}

tg_status tg_state_events_json(const tg_state *state, int viewer, char **out, size_t *len)
{
    tg_status s = view_args(state, viewer, out);
    if (s != TG_OK)
        return s;
    viewer = tgH_viewer(viewer);
    const tg_game *g = state->game;
    return view_out(state, g->def->events(tgH_cfg(g), tgH_block(state), viewer), out, len);
}

tg_status tg_state_to_text(const tg_state *state, int viewer, char **out, size_t *len)
{
    tg_status s = view_args(state, viewer, out);
    if (s != TG_OK)
        return s;
    viewer = tgH_viewer(viewer);
    const tg_game *g = state->game;
    tg_strbuf sb;
    tgS_init(&sb);
    g->def->render_text(tgH_cfg(g), tgH_block(state), viewer, &sb);
    *out = sb.failed ? NULL : tgA_strdup_out(&g->alloc, sb.data ? sb.data : "", sb.len);
    tgS_free(&sb);
    if (!*out)
        return tgH_fail(state, TG_E_NO_MEMORY, "out of memory for the drawing");
    if (len)
        *len = strlen(*out);
    return TG_OK;
}

void tgH_redraw(const tg_game *g, unsigned char *block, int player, tg_rng *rng,
                tg_bot_memory memory)
{
    g->def->resample(tgH_cfg(g), block, player, (int)memory, rng);
}

tg_status tg_state_resample(tg_state *state, int player)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    if (player < 0 || player >= state->game->players)
        return tgH_fail(state, TG_E_INVALID_ARGUMENT, "player %d is not in the game", player);
    const tg_game *g = state->game;
    tgH_redraw(g, tgH_block(state), player, &state->rng, TG_BOT_MEMORY_FULL);
    memcpy(tgH_root(state), tgH_block(state), g->def->state_size);
    tgH_settle(state);
    state->root_move_number = state->move_number;
    /* The player's own decisions stay part of what the player knows. */
    tgH_own_fold(state);
    memcpy(state->root_own, state->own_folded, sizeof state->root_own);
    state->hist_len = 0;
    state->own_len = 0;
    state->ckpt_count = 0;
    tgH_marks_restart(state);
    state->err[0] = '\0';
    return TG_OK;
}
