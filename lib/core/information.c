/* Information states: what one player can tell about a state, as canonical
 * JSON and as a 128-bit key made from it. The content is the player's
 * observation (knowledge marks included, so everything the player learned
 * and remembers) and the player's own decisions since the root of the
 * history, in order. Two states get equal keys exactly when that content is
 * equal (up to collisions of a 128-bit hash). */
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "handles.h"

/* The player's own decisions in the history: the history replayed from the
 * root on a copy of the root block, keeping each move made at the player's
 * turn. Returns NULL when out of memory. */
static json_t *own_decisions(const tg_state *st, int player)
{
    const tg_game *g = st->game;
    const tg_game_def *def = g->def;
    const void *cfg = tgH_cfg(g);
    unsigned char block[TG_CORE_MAX_BLOCK];
    memcpy(block, tgH_root(st), def->state_size);
    json_t *moves = json_array();
    if (!moves)
        return NULL;
    for (uint32_t i = 0; i < st->hist_len; i++) {
        tg_move m = st->hist[i];
        if (def->current_player(cfg, block) == player &&
            json_array_append_new(moves, json_integer(m)) != 0) {
            json_decref(moves);
            return NULL;
        }
        def->apply(cfg, block, m);
    }
    return moves;
}

/* The canonical text (compact, keys sorted), allocated by jansson. */
static char *canonical(const tg_state *st, int player)
{
    json_t *obs = tgH_observation(st, player), *mine = own_decisions(st, player);
    json_t *j = obs && mine ? json_object() : NULL;
    char *text = NULL;
    if (j && json_object_set(j, "observation", obs) == 0 &&
        json_object_set(j, "own_decisions", mine) == 0)
        text = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENSURE_ASCII);
    json_decref(j);
    json_decref(obs);
    json_decref(mine);
    return text;
}

static tg_status player_args(const tg_state *st, int player, const void *out)
{
    if (!st)
        return TG_E_INVALID_ARGUMENT;
    if (!out)
        return tgH_fail(st, TG_E_INVALID_ARGUMENT, "the output pointer is NULL");
    if (player < 0 || player >= st->game->players)
        return tgH_fail(st, TG_E_INVALID_ARGUMENT, "player %d is not in this %d-player game",
                        player, st->game->players);
    return TG_OK;
}

/* The checks both calls share, then the canonical text in *text. */
static tg_status information(const tg_state *st, int player, const void *out, char **text)
{
    tg_status s = player_args(st, player, out);
    if (s != TG_OK)
        return s;
    *text = canonical(st, player);
    if (!*text)
        return tgH_fail(st, TG_E_NO_MEMORY, "out of memory for the information state");
    return TG_OK;
}

tg_status tg_state_information_json(const tg_state *state, int player, char **out, size_t *len)
{
    if (out)
        *out = NULL;
    char *text = NULL;
    tg_status s = information(state, player, out, &text);
    if (s != TG_OK)
        return s;
    size_t n = strlen(text);
    *out = tgA_strdup_out(&state->game->alloc, text, n);
    free(text);
    if (!*out)
        return tgH_fail(state, TG_E_NO_MEMORY, "out of memory for the information state");
    if (len)
        *len = n;
    return TG_OK;
}

tg_status tg_state_information_key(const tg_state *state, int player, uint64_t out[2])
{
    char *text = NULL;
    tg_status s = information(state, player, out, &text);
    if (s != TG_OK)
        return s;
    /* XXH3's 128-bit output is stable across versions and platforms since
     * xxHash 0.8.0, so keys may be stored and compared between machines. */
    XXH128_hash_t h = XXH3_128bits(text, strlen(text));
    free(text);
    out[0] = h.low64;
    out[1] = h.high64;
    return TG_OK;
}
