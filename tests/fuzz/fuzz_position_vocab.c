/* The position fuzzer's vocabulary: strings gathered from the JSON saves
 * of two seeded random games of each game, once per process (a fuzzer is
 * one thread, so a cache in a static is fine here). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_position.h"

enum { FZ_VOCAB_MAX = 512, FZ_VOCAB_GAMES = 16 };

typedef struct fz_cached {
    char id[64];
    fz_vocab vocab;
} fz_cached;

static void fz_add(fz_vocab *v, const char *word)
{
    for (size_t i = 0; i < v->n; i++)
        if (strcmp(v->words[i], word) == 0)
            return;
    if (v->n < FZ_VOCAB_MAX) {
        char *copy = strdup(word);
        fz_require(copy != NULL, "memory");
        v->words[v->n++] = copy;
    }
}

static void fz_gather(fz_vocab *v, const json_t *j)
{
    const char *key;
    json_t *child;
    size_t i;
    if (json_is_string(j)) {
        fz_add(v, json_string_value(j));
    } else if (json_is_object(j)) {
        json_object_foreach((json_t *)j, key, child) {
            fz_add(v, key);
            fz_gather(v, child);
        }
    } else if (json_is_array(j)) {
        json_array_foreach(j, i, child)
            fz_gather(v, child);
    }
}

static void fz_gather_state(fz_vocab *v, const tg_state *st)
{
    json_t *j = fz_state_json(st);
    fz_gather(v, json_object_get(j, "position"));
    json_decref(j);
}

static void fz_build(fz_vocab *v, tg_game *g)
{
    v->words = calloc(FZ_VOCAB_MAX, sizeof *v->words);
    fz_require(v->words != NULL, "memory");
    static tg_move moves[4096];
    for (uint64_t seed = 1; seed <= 2; seed++) {
        tg_state *st = NULL;
        fz_require(tg_state_new(g, seed, &st) == TG_OK, "state");
        for (uint32_t k = 0; !tg_state_is_terminal(st) && k < 4000; k++) {
            size_t n = 0;
            if (k % 8 == 0)
                fz_gather_state(v, st);
            fz_require(tg_state_legal_moves(st, moves, 4096, &n) == TG_OK && n, "moves");
            fz_require(tg_state_apply(st, moves[(k * 7919u + seed) % n]) == TG_OK, "apply");
        }
        fz_gather_state(v, st);
        tg_state_free(st);
    }
}

const fz_vocab *fz_vocab_of(const tg_game *game)
{
    static fz_cached cache[FZ_VOCAB_GAMES];
    static size_t cached;
    const char *id = tg_game_id(game);
    for (size_t i = 0; i < cached; i++)
        if (strcmp(cache[i].id, id) == 0)
            return &cache[i].vocab;
    fz_require(cached < FZ_VOCAB_GAMES, "vocabulary cache size");
    fz_cached *c = &cache[cached++];
    snprintf(c->id, sizeof c->id, "%s", id);
    tg_game *g = NULL;
    fz_require(tg_game_new(id, tg_game_options(game), NULL, &g, NULL, 0) == TG_OK, "game");
    fz_build(&c->vocab, g);
    tg_game_free(g);
    return &c->vocab;
}
