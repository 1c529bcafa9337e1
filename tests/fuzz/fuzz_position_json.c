/* JSON saves of real positions, edited by structure (save_mutator.h), as
 * someone attacking the loader would edit them. The input is the save's
 * text: whatever the loader accepts must survive everything a host does
 * with it (fuzz_exercise.h). Under libFuzzer the edits come from the
 * custom mutator and cross-over below, so coverage guides them; the
 * seeded driver (mutate_main.c) makes the same edits without libFuzzer,
 * on any compiler, for the test command. A file that does not parse is
 * replaced by a played position, so every input stays a save. */
#include "fuzz_position_json.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_exercise.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);
size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1, const uint8_t *data2,
                                 size_t size2, uint8_t *out, size_t max_out_size,
                                 unsigned int seed);

int fzj_run(const char *text, size_t len, int full)
{
    tg_state *loaded = NULL;
    char err[256] = "";
    tg_status s = tg_state_from_json(text, len, NULL, &loaded, err, sizeof err);
    fz_require((s == TG_OK) == (loaded != NULL), "a state exactly when loading succeeds");
    fz_require(s == TG_OK || err[0] != '\0', "a refused save says why");
    if (!loaded)
        return 0;
    if (full) {
        tg_game *g = tg_game_ref(tg_state_game(loaded));
        fz_require(g != NULL, "game reference");
        fz_exercise(g, loaded);
        tg_game_free(g);
    } else {
        fz_exercise_quick(loaded);
    }
    tg_state_free(loaded);
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fzj_run((const char *)data, size, 1);
    return 0;
}

/* ---- real positions ------------------------------------------------------------------ */

static const tg_game_info *fzj_info(const char *id, sm_rng *r)
{
    size_t games = tg_catalogue_count();
    if (!id)
        return games ? tg_catalogue_get(sm_below(r, (uint32_t)games)) : NULL;
    for (size_t i = 0; i < games; i++)
        if (strcmp(tg_catalogue_get(i)->id, id) == 0)
            return tg_catalogue_get(i);
    return NULL;
}

json_t *fzj_played_save(const char *id, sm_rng *r)
{
    const tg_game_info *info = fzj_info(id, r);
    if (!info)
        return NULL;
    char opts[512];
    int players = info->min_players +
                  (int)sm_below(r, (uint32_t)(info->max_players - info->min_players + 1));
    fz_options(info, players, sm_below(r, 6), opts, sizeof opts);
    tg_game *g = NULL;
    fz_require(tg_game_new(info->id, opts, NULL, &g, NULL, 0) == TG_OK, "game");
    uint32_t seed = (uint32_t)sm_next(r);
    tg_state *st = NULL;
    fz_require(tg_state_new(g, seed, &st) == TG_OK, "state");
    fz_play(st, UINT32_MAX, seed);
    uint32_t length = tg_state_move_number(st);
    tg_state_free(st);
    fz_require(tg_state_new(g, seed, &st) == TG_OK, "state");
    fz_play(st, sm_below(r, length + 1), seed);
    json_t *save = fz_state_json(st);
    tg_state_free(st);
    json_object_del(save, "root");
    json_object_del(save, "root_move_number");
    json_object_del(save, "history");
    json_object_del(save, "history_players");
    if (sm_below(r, 4) == 0) {
        /* the position as the root of a few more decisions */
        char *text = json_dumps(save, JSON_COMPACT);
        fz_require(text != NULL, "dump");
        tg_state *root = NULL;
        fz_require(tg_state_from_json(text, strlen(text), NULL, &root, NULL, 0) == TG_OK,
                   "a played position loads on its own");
        free(text);
        fz_play(root, 1 + sm_below(r, 16), (uint32_t)sm_next(r));
        json_decref(save);
        save = fz_state_json(root);
        tg_state_free(root);
    }
    tg_game_free(g);
    return save;
}

/* ---- what positions hold by name -------------------------------------------------------- */

enum { FZJ_GAMES = 16, FZJ_VALUE_SAVES = 48 };

const json_t *fzj_values_of(const json_t *save)
{
    static struct {
        char id[64];
        json_t *values;
    } cache[FZJ_GAMES];
    static size_t cached;
    const char *id = json_string_value(json_object_get(save, "game"));
    if (!id)
        return NULL;
    for (size_t i = 0; i < cached; i++)
        if (strcmp(cache[i].id, id) == 0)
            return cache[i].values;
    sm_rng r = {0x5EED};
    if (!fzj_info(id, &r) || cached == FZJ_GAMES)
        return NULL;
    json_t *values = json_object();
    for (int k = 0; k < FZJ_VALUE_SAVES; k++) {
        json_t *played = fzj_played_save(id, &r);
        sm_values_add(values, json_object_get(played, "position"));
        json_decref(played);
    }
    snprintf(cache[cached].id, sizeof cache[cached].id, "%s", id);
    cache[cached].values = values;
    return cache[cached++].values;
}

/* ---- libFuzzer's hooks ---------------------------------------------------------------- */

/* data as a save, or a played position of a game drawn by r when it is not one. */
static json_t *fzj_parse(const uint8_t *data, size_t size, sm_rng *r)
{
    json_t *save = json_loadb((const char *)data, size, 0, NULL);
    if (json_is_object(save) && fzj_values_of(save))
        return save;
    json_decref(save);
    return fzj_played_save(NULL, r);
}

/* Writes save into out when it fits; else leaves out as it was. */
static size_t fzj_write(json_t *save, uint8_t *out, size_t size, size_t max_size)
{
    char *text = json_dumps(save, JSON_COMPACT);
    json_decref(save);
    fz_require(text != NULL, "dump");
    size_t n = strlen(text);
    if (n <= max_size) {
        memcpy(out, text, n);
        size = n;
    }
    free(text);
    return size;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
    sm_rng r = {seed};
    json_t *save = fzj_parse(data, size, &r);
    sm_mutate(save, fzj_values_of(save), NULL, &r);
    return fzj_write(save, data, size, max_size);
}

/* The first save edited with fields of the second as the donor, when both
 * are saves of one game. */
size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1, const uint8_t *data2,
                                 size_t size2, uint8_t *out, size_t max_out_size,
                                 unsigned int seed)
{
    sm_rng r = {seed};
    json_t *save = fzj_parse(data1, size1, &r);
    json_t *donor = json_loadb((const char *)data2, size2, 0, NULL);
    const char *a = json_string_value(json_object_get(save, "game"));
    const char *b = json_string_value(json_object_get(donor, "game"));
    sm_mutate(save, fzj_values_of(save), a && b && strcmp(a, b) == 0 ? donor : NULL, &r);
    json_decref(donor);
    return fzj_write(save, out, 0, max_out_size);
}
