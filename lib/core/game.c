#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "cnum.h"
#include "handles.h"
#include "load.h"
#include "options.h"
#include "params.h"
#include "registry.h"

tg_status tgH_game_make(const tg_game_def *def, const char *options, const tg_mem *alloc,
                        tg_game **out, tg_msg *msg)
{
    return tgH_game_make_saved(def, options, TG_SAVE_FORMAT_VERSION, alloc, out, msg);
}

tg_status tgH_game_make_saved(const tg_game_def *def, const char *options, unsigned format,
                              const tg_mem *alloc, tg_game **out, tg_msg *msg)
{
    tg_optval values[64];
    if (def->info.option_count > 64) {
        tgM_set(msg, "game %s declares too many options", def->info.id);
        return TG_E_INVALID_ARGUMENT;
    }
    tg_status s = tgO_parse_saved(def, format, options, values, msg);
    if (s != TG_OK)
        return s;
    int players = (int)values[0].i;
    if (players < def->info.min_players || players > def->info.max_players) {
        tgM_set(msg, "%s is for %d to %d players, not %d", def->info.id, def->info.min_players,
                def->info.max_players, players);
        return TG_E_BAD_OPTION;
    }
    tg_strbuf canon;
    tgS_init(&canon);
    tgO_format(def, values, &canon);
    if (canon.failed) {
        tgS_free(&canon);
        tgM_set(msg, "out of memory");
        return TG_E_NO_MEMORY;
    }
    tg_game *g = tgA_alloc(alloc, sizeof *g + def->config_size);
    char *opts = g ? tgA_alloc(alloc, canon.len + 1) : NULL;
    if (!g || !opts) {
        tgA_release(alloc, g, sizeof *g + def->config_size);
        tgS_free(&canon);
        tgM_set(msg, "out of memory");
        return TG_E_NO_MEMORY;
    }
    size_t canon_len = canon.len;
    memcpy(opts, canon.data, canon_len + 1);
    tgS_free(&canon);
    memset(g, 0, sizeof *g + def->config_size);
    g->def = def;
    g->alloc = *alloc;
    atomic_init(&g->refs, 1);
    g->players = players;
    g->options = opts;
    s = def->configure(g->config, values, msg);
    if (s == TG_OK) {
        def->limits(g->config, &g->limits);
        g->tensor_floats = tgH_tensor_count(g);
        /* information.c replays a block on the stack, so blocks stay small. */
        if (g->limits.max_legal_moves > TG_CORE_MAX_LEGAL ||
            g->limits.max_chance_outcomes > g->limits.max_legal_moves ||
            def->state_size > TG_CORE_MAX_BLOCK || tgH_tensor_size(g) > TG_CORE_MAX_TENSOR) {
            tgM_set(msg, "game %s reports limits beyond the core's", def->info.id);
            s = TG_E_INVALID_ARGUMENT;
        } else if ((s = tgH_research_setup(g)) != TG_OK) {
            tgM_set(msg, "out of memory");
        }
    }
    if (s != TG_OK) {
        tgA_release(alloc, opts, canon_len + 1);
        tgA_release(alloc, g, sizeof *g + def->config_size);
        return s;
    }
    *out = g;
    return TG_OK;
}

tg_status tg_game_new(const char *id, const char *options, const tg_game_params *params,
                      tg_game **out, char *errbuf, size_t errbuf_size)
{
    tg_msg msg = {""};
    tg_status s;
    tg_mem alloc;
    if (out)
        *out = NULL;
    if (!id || !out) {
        tgM_set(&msg, "%s is NULL", !id ? "the game id" : "the output pointer");
        s = TG_E_INVALID_ARGUMENT;
    } else if ((s = tgP_game_memory(params, &alloc, &msg)) == TG_OK) {
        const tg_game_def *def = tgG_find(id);
        if (!def) {
            tgM_set(&msg, "no game called '%.60s'", id);
            s = TG_E_UNKNOWN_GAME;
        } else {
            s = tgH_game_make(def, options, &alloc, out, &msg);
        }
    }
    if (s != TG_OK)
        tgM_copy_out(msg.text, errbuf, errbuf_size);
    return s;
}

void tg_game_free(tg_game *game)
{
    if (!game)
        return;
    if (atomic_fetch_sub_explicit(&game->refs, 1, memory_order_acq_rel) != 1)
        return;
    tg_mem a = game->alloc;
    tgH_research_release(game);
    tgA_release(&a, game->options, strlen(game->options) + 1);
    tgA_release(&a, game, sizeof *game + game->def->config_size);
}

tg_game *tg_game_ref(const tg_game *game)
{
    if (!game)
        return NULL;
    /* Games live in allocated memory and only their count ever changes, so
     * the borrowed const pointer may take a reference. */
    tg_game *g = (tg_game *)game;
    atomic_fetch_add_explicit(&g->refs, 1, memory_order_relaxed);
    return g;
}

int tgH_same_game(const tg_game *a, const tg_game *b)
{
    return a == b || (a->def == b->def && strcmp(a->options, b->options) == 0);
}

const tg_game_info *tg_game_get_info(const tg_game *game)
{
    return game ? &game->def->info : NULL;
}

const char *tg_game_id(const tg_game *game)
{
    return game ? game->def->info.id : NULL;
}

const char *tg_game_options(const tg_game *game)
{
    return game ? game->options : NULL;
}

int tg_game_players(const tg_game *game)
{
    return game ? game->players : 0;
}

uint32_t tg_game_move_count(const tg_game *game)
{
    return game ? game->limits.move_count : 0;
}

uint32_t tg_game_max_legal_moves(const tg_game *game)
{
    return game ? game->limits.max_legal_moves : 0;
}

uint32_t tg_game_max_chance_outcomes(const tg_game *game)
{
    return game ? game->limits.max_chance_outcomes : 0;
}

uint32_t tg_game_max_length(const tg_game *game)
{
    return game ? game->limits.max_length : 0;
}

size_t tg_game_state_size(const tg_game *game)
{
    return game ? game->def->state_size : 0;
}

tg_status tg_game_board_json(const tg_game *game, char **out, size_t *len)
{
    if (!game || !out)
        return TG_E_INVALID_ARGUMENT;
    return tgH_json_out(game, game->def->board_json(tgH_cfg(game)), out, len);
}

tg_status tgH_json_out(const tg_game *g, json_t *j, char **out, size_t *len)
{
    *out = NULL;
    if (!j)
        return TG_E_NO_MEMORY;
    /* jansson prints reals in the current locale and patches the point
     * back, which fails for a point of more than one byte (ps_AF). */
    tgN_locale_scope scope;
    tgN_c_locale_enter(&scope);
    char *text = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENSURE_ASCII);
    tgN_c_locale_leave(&scope);
    json_decref(j);
    if (!text)
        return TG_E_NO_MEMORY;
    size_t n = strlen(text);
    *out = tgA_strdup_out(&g->alloc, text, n);
    free(text);
    if (!*out)
        return TG_E_NO_MEMORY;
    if (len)
        *len = n;
    return TG_OK;
}
