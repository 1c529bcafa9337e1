/* The JSON save form, documented in docs/save-format.md. Only "game" and
 * "position" are required, so a position can be written by hand. */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "cnum.h"
#include "json_util.h"
#include "load.h"
#include "params.h"
#include "registry.h"

static const char *const format_name = "tablegames-state";

static json_t *rng_json(const tg_rng *rng)
{
    json_t *a = json_array();
    for (int i = 0; i < 4; i++) {
        char hex[17];
        snprintf(hex, sizeof hex, "%016" PRIx64, rng->s[i]);
        json_array_append_new(a, json_string(hex));
    }
    return a;
}

tg_status tg_state_to_json(const tg_state *state, char **out, size_t *len)
{
    if (out)
        *out = NULL;
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    if (!out)
        return tgH_fail(state, TG_E_INVALID_ARGUMENT, "the output pointer is NULL");
    const tg_game *g = state->game;
    const void *cfg = tgH_cfg(g);
    json_t *j = json_object();
    json_t *hist = json_array(), *who = json_array();
    for (uint32_t i = 0; i < state->hist_len; i++) {
        json_array_append_new(hist, json_integer(state->hist[i]));
        /* For readers of the file; a load works it out again by replaying. */
        json_array_append_new(who, json_integer(tgH_who(state)[i]));
    }
    json_object_set_new(j, "format", json_string(format_name));
    json_object_set_new(j, "format_version", json_integer(TG_SAVE_FORMAT_VERSION));
    json_object_set_new(j, "game", json_string(g->def->info.id));
    json_object_set_new(j, "options", json_string(g->options));
    json_object_set_new(j, "move_number", json_integer(state->move_number));
    json_object_set_new(j, "root_move_number", json_integer(state->root_move_number));
    json_object_set_new(j, "position", g->def->position_to_json(cfg, tgH_block(state)));
    json_object_set_new(j, "root", g->def->position_to_json(cfg, tgH_root(state)));
    json_object_set_new(j, "history", hist);
    json_object_set_new(j, "history_players", who);
    json_object_set_new(j, "rng", rng_json(&state->rng));
    tg_status s = tgH_json_out(g, j, out, len);
    return s == TG_OK ? s : tgH_fail(state, s, "out of memory for the JSON save");
}

/* "history_players" (1.3) is written for readers of the file; a load
 * works who made each decision out again by replaying, so only its form
 * is checked: an array of seats, -1 for chance. */
static tg_status check_history_players(const json_t *root, int players, tg_msg *msg)
{
    const json_t *a = json_object_get(root, "history_players"), *v;
    size_t i;
    if (!a)
        return TG_OK;
    if (!json_is_array(a))
        return tgM_set(msg, "field \"history_players\" must be an array"), TG_E_CORRUPT;
    json_array_foreach(a, i, v) {
        if (!json_is_integer(v) || json_integer_value(v) < TG_PLAYER_CHANCE ||
            json_integer_value(v) >= players)
            return tgM_set(msg, "history_players[%zu] must be a seat or -1 (chance)", i),
                   TG_E_CORRUPT;
    }
    return TG_OK;
}

static tg_status read_rng(const json_t *root, tg_rng *rng, tg_msg *msg)
{
    const json_t *a = json_object_get(root, "rng");
    if (!a) {
        long seed;
        tg_status s = tgJ_int_opt(root, "seed", 0, LONG_MAX, 0, &seed, msg);
        if (s == TG_OK)
            tgR_seed(rng, (uint64_t)seed);
        return s;
    }
    if (!json_is_array(a) || json_array_size(a) != 4)
        return tgM_set(msg, "field \"rng\" must be an array of 4 hex strings"), TG_E_CORRUPT;
    int nonzero = 0;
    for (size_t i = 0; i < 4; i++) {
        const char *h = json_string_value(json_array_get(a, i));
        char *end = NULL;
        if (!h || strlen(h) != 16 || strspn(h, "0123456789abcdefABCDEF") != 16)
            return tgM_set(msg, "rng[%zu] must be 16 hex digits", i), TG_E_CORRUPT;
        rng->s[i] = strtoull(h, &end, 16);
        nonzero |= rng->s[i] != 0;
    }
    if (!nonzero)
        return tgM_set(msg, "rng state must not be all zero"), TG_E_CORRUPT;
    return TG_OK;
}

static tg_status read_history(const json_t *root, const tg_mem *alloc, tg_move **out,
                              uint32_t *n, tg_msg *msg)
{
    *out = NULL;
    *n = 0;
    const json_t *h = json_object_get(root, "history");
    if (!h)
        return TG_OK;
    if (!json_is_array(h))
        return tgM_set(msg, "field \"history\" must be an array"), TG_E_CORRUPT;
    size_t count = json_array_size(h);
    if (count == 0)
        return TG_OK;
    if (count > TG_SAVE_MAX_BYTES / 2)
        return tgM_set(msg, "history is too long"), TG_E_TOO_LARGE;
    tg_move *moves = tgA_alloc(alloc, count * sizeof *moves);
    if (!moves)
        return tgM_set(msg, "out of memory"), TG_E_NO_MEMORY;
    /* A move id is a uint32_t, but where long has 32 bits (wasm32, i386)
     * (long)UINT32_MAX is -1 and refused every id; ids past LONG_MAX belong
     * to no game's move space there, and replaying refuses them anyway. */
    const long max_id = LONG_MAX < UINT32_MAX ? LONG_MAX : (long)UINT32_MAX;
    for (size_t i = 0; i < count; i++) {
        long v;
        tg_status s = tgJ_elem_int(h, i, "history", 0, max_id, &v, msg);
        if (s != TG_OK) {
            tgA_release(alloc, moves, count * sizeof *moves);
            return s;
        }
        moves[i] = (tg_move)v;
    }
    *out = moves;
    *n = (uint32_t)count;
    return TG_OK;
}

/* Reads one position object into a block of the game's size. */
static tg_status read_position(const tg_game *g, const json_t *pos, const char *field,
                               unsigned char *block, tg_msg *msg)
{
    if (!json_is_object(pos)) {
        tgM_set(msg, "field \"%s\" must be an object", field);
        return TG_E_CORRUPT;
    }
    tg_msg inner = {""};
    memset(block, 0, g->def->state_size);
    tg_status s = g->def->position_from_json(tgH_cfg(g), pos, block, &inner);
    if (s != TG_OK) {
        tgM_set(msg, "%s: %s", field, inner.text);
        return TG_E_CORRUPT;
    }
    return TG_OK;
}

static tg_status decode(const json_t *root, const tg_mem *alloc, tg_state **out,
                        tg_msg *msg)
{
    if (!json_is_object(root))
        return tgM_set(msg, "a saved state must be a JSON object"), TG_E_CORRUPT;
    const json_t *fmt = json_object_get(root, "format");
    if (fmt && (!json_is_string(fmt) || strcmp(json_string_value(fmt), format_name) != 0))
        return tgM_set(msg, "field \"format\" must be \"%s\"", format_name), TG_E_CORRUPT;
    long version;
    tg_status s = tgJ_int_opt(root, "format_version", 0, 1000000, TG_SAVE_FORMAT_VERSION, &version, msg);
    if (s != TG_OK)
        return s;
    if (version < 1 || version > TG_SAVE_FORMAT_VERSION)
        return tgM_set(msg, "save format version %ld; this library reads 1..%d", version,
                       TG_SAVE_FORMAT_VERSION),
               TG_E_VERSION;
    const char *id = json_string_value(json_object_get(root, "game"));
    if (!id)
        return tgM_set(msg, "field \"game\" must be a string"), TG_E_CORRUPT;
    const json_t *opts = json_object_get(root, "options");
    if (opts && !json_is_string(opts))
        return tgM_set(msg, "field \"options\" must be a string"), TG_E_CORRUPT;
    const tg_game_def *def = tgG_find(id);
    if (!def)
        return tgM_set(msg, "no game called '%.60s'", id), TG_E_UNKNOWN_GAME;
    tg_game *g = NULL;
    s = tgH_game_make_saved(def, opts ? json_string_value(opts) : NULL, (unsigned)version,
                            alloc, &g, msg);
    if (s != TG_OK)
        return s;

    tg_decoded d = {0};
    tg_move *hist = NULL;
    unsigned char *blocks = tgA_alloc(alloc, 2 * def->state_size);
    long mn = 0, rmn = 0;
    if (!blocks)
        s = (tgM_set(msg, "out of memory"), TG_E_NO_MEMORY);
    if (s == TG_OK)
        s = tgJ_int_opt(root, "move_number", 0, (long)g->limits.max_length, 0, &mn, msg);
    if (s == TG_OK)
        s = read_rng(root, &d.rng, msg);
    if (s == TG_OK)
        s = check_history_players(root, g->players, msg);
    if (s == TG_OK)
        s = read_history(root, alloc, &hist, &d.history_len, msg);
    if (s == TG_OK)
        s = read_position(g, json_object_get(root, "position"), "position", blocks, msg);
    if (s == TG_OK) {
        const json_t *rj = json_object_get(root, "root");
        if (rj) {
            s = read_position(g, rj, "root", blocks + def->state_size, msg);
            if (s == TG_OK)
                s = tgJ_int_opt(root, "root_move_number", 0, mn, mn - (long)d.history_len,
                                &rmn, msg);
        } else if (d.history_len) {
            s = (tgM_set(msg, "a \"history\" needs the \"root\" it starts from"), TG_E_CORRUPT);
        } else {
            memcpy(blocks + def->state_size, blocks, def->state_size);
            rmn = mn;
        }
    }
    if (s != TG_OK) {
        tgA_release(alloc, hist, (size_t)d.history_len * sizeof *hist);
        tgA_release(alloc, blocks, 2 * def->state_size);
        tg_game_free(g);
        return s;
    }
    d.position = blocks;
    d.root = blocks + def->state_size;
    /* A game with knowledge names it "known" in its position objects; a
     * position without it got what its own events imply (position_from_json),
     * and the replay of the history gives the rest. */
    d.position_knows = !def->state_size_v1 || json_object_get(json_object_get(root, "position"),
                                                              "known") != NULL;
    d.root_knows = 1;
    d.move_number = (uint32_t)mn;
    d.root_move_number = rmn < 0 ? UINT32_MAX : (uint32_t)rmn;
    d.history = hist;
    s = tgL_assemble(g, &d, out, msg);
    tgA_release(alloc, hist, (size_t)d.history_len * sizeof *hist);
    tgA_release(alloc, blocks, 2 * def->state_size);
    return s;
}

tg_status tg_state_from_json(const char *json, size_t len, const tg_game_params *params,
                             tg_state **out, char *errbuf, size_t errbuf_size)
{
    tg_msg msg = {""};
    tg_mem alloc;
    tg_status s;
    if (out)
        *out = NULL;
    if (!out || !json) {
        tgM_set(&msg, "%s is NULL", !out ? "the output pointer" : "the JSON text");
        s = TG_E_INVALID_ARGUMENT;
    } else if (len > TG_SAVE_MAX_BYTES) {
        tgM_set(&msg, "JSON is %zu bytes, more than the limit of %u", len, TG_SAVE_MAX_BYTES);
        s = TG_E_TOO_LARGE;
    } else if ((s = tgP_game_memory(params, &alloc, &msg)) == TG_OK) {
        json_error_t err;
        tgN_locale_scope scope; /* jansson reads reals in the current locale */
        tgN_c_locale_enter(&scope);
        json_t *root = json_loadb(json, len, JSON_REJECT_DUPLICATES, &err);
        tgN_c_locale_leave(&scope);
        if (!root) {
            tgM_set(&msg, "not valid JSON (line %d, column %d): %s", err.line, err.column,
                    err.text);
            s = TG_E_PARSE;
        } else {
            s = decode(root, &alloc, out, &msg);
            json_decref(root);
        }
    }
    if (s != TG_OK)
        tgM_copy_out(msg.text, errbuf, errbuf_size);
    return s;
}
