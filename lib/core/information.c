/* Information states: what one player can tell about a state, as canonical
 * JSON for people and as a 128-bit key for programs. The content is the
 * player's observation (knowledge marks included, so everything the player
 * learned and remembers) and the player's own decisions, in order.
 *
 * The key must cost the same at any length of history, so it never replays
 * or prints: the state keeps a running digest of each player's decisions
 * (tgH_record(), undo, loading and resampling keep it right), and the
 * observation goes in as the observation tensor, which holds exactly what
 * the observation holds except the move number, added beside it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "handles.h"

static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static void put64(unsigned char *p, uint64_t v)
{
    put32(p, (uint32_t)v);
    put32(p + 4, (uint32_t)(v >> 32));
}

/* ---- arguments ---- */

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

/* ---- the JSON form ---- */

/* The player's own decisions since the root of the history. */
static json_t *own_decisions(const tg_state *st, int player)
{
    json_t *moves = json_array();
    for (uint32_t i = 0; moves && i < st->hist_len; i++)
        if (tgH_who(st)[i] == player &&
            json_array_append_new(moves, json_integer(st->hist[i])) != 0) {
            json_decref(moves);
            return NULL;
        }
    return moves;
}

/* Every own decision as the key sees them, the root's included (a resample
 * keeps them): {"count": n, "digest": 32 hex digits}. */
static json_t *own_digest(const tg_state *st, int player)
{
    const tg_own *o = tgH_own(st, player);
    char hex[33];
    snprintf(hex, sizeof hex, "%016llx%016llx", (unsigned long long)o->sum[1],
             (unsigned long long)o->sum[0]);
    return json_pack("{s:I,s:s}", "count", (json_int_t)o->count, "digest", hex);
}

/* The canonical text (compact, keys sorted), allocated by jansson. */
static char *canonical(const tg_state *st, int player)
{
    json_t *obs = tgH_observation(st, player), *mine = own_decisions(st, player);
    json_t *digest = own_digest(st, player);
    json_t *j = obs && mine && digest ? json_object() : NULL;
    char *text = NULL;
    if (j && json_object_set(j, "observation", obs) == 0 &&
        json_object_set(j, "own_decisions", mine) == 0 &&
        json_object_set(j, "own_digest", digest) == 0)
        text = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENSURE_ASCII);
    json_decref(j);
    json_decref(obs);
    json_decref(mine);
    json_decref(digest);
    return text;
}

tg_status tg_state_information_json(const tg_state *state, int player, char **out, size_t *len)
{
    if (out)
        *out = NULL;
    tg_status s = player_args(state, player, out);
    if (s != TG_OK)
        return s;
    char *text = canonical(state, player);
    if (!text)
        return tgH_fail(state, TG_E_NO_MEMORY, "out of memory for the information state");
    size_t n = strlen(text);
    *out = tgA_strdup_out(&state->game->alloc, text, n);
    free(text);
    if (!*out)
        return tgH_fail(state, TG_E_NO_MEMORY, "out of memory for the information state");
    if (len)
        *len = n;
    return TG_OK;
}

/* ---- the key ---- */

tg_status tg_state_information_key(const tg_state *state, int player, uint64_t out[2])
{
    tg_status s = player_args(state, player, out);
    if (s != TG_OK)
        return s;
    const tg_game *g = state->game;
    /* The tensor's floats as 32-bit patterns, little-endian, after the
     * header: the compact binary form of key format 1 (observe.h), built in
     * the state's scratch space (tgH_scratch_bytes makes room for it). */
    unsigned char *b = (unsigned char *)(void *)tgH_scratch_moves(state);
    float *tensor = (float *)(void *)(b + TG_CORE_KEY_HEADER);
    const tg_own *own = tgH_own(state, player);
    put32(b, (uint32_t)tg_game_format_version(g, TG_FORMAT_INFORMATION_KEY));
    put32(b + 4, (uint32_t)player);
    put32(b + 8, state->move_number);
    put32(b + 12, own->count);
    put64(b + 16, own->sum[0]);
    put64(b + 24, own->sum[1]);
    put32(b + 32, (uint32_t)g->players);
    size_t n = tgH_tensor_size(g);
    tgH_write_tensor(state, player, tensor);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    uint32_t *u = (uint32_t *)(void *)tensor;
    for (size_t i = 0; i < n; i++)
        u[i] = __builtin_bswap32(u[i]);
#endif
    /* XXH3's 128-bit output is stable across versions and platforms since
     * xxHash 0.8.0, so keys may be stored and compared between machines. */
    XXH128_hash_t h = XXH3_128bits_withSeed(b, TG_CORE_KEY_HEADER + 4 * n, g->key_seed);
    out[0] = h.low64;
    out[1] = h.high64;
    return TG_OK;
}
