/* Positions made by hand: a real position of a seeded random game, then
 * fields changed through the JSON position form or bytes of the binary
 * form, as a person editing a save would. Whatever the loader accepts must
 * keep every invariant under everything a host does with a state: every
 * legal move and chance outcome applied, every viewer's views (the public
 * viewer's, the tensors and each player's information state included),
 * resampling for every player (which keeps that player's and the public
 * view), an easy and a search bot's decision, undo, both save forms, and a
 * playout to the end.
 *
 * Input: game, players, option variant, seed (4 bytes), decisions to play
 * (2 bytes), form (bit 0: binary, bit 1: edit the root, bits 2..7: the
 * decisions after the root), then edits to the end (see fz_edit_json,
 * fz_edit_bytes).
 * With TG_FUZZ_GAME=id in the environment, inputs for other games are
 * skipped, so that a run stays on one game (tests/fuzz/run.sh
 * position_ID); the game still comes from the first byte, so a finding
 * replays without the variable. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_exercise.h"
#include "fuzz_position.h"
#include "save_edit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { FZ_MAX_EDITS = 24 };

/* ---- the starting position -------------------------------------------------- */

/* For an edit of the root: the position reached so far as the root of a
 * short history of decisions played from it (up to 63, so that the root
 * of a save lies well before its end). */
static tg_state *fz_rebase(tg_state *st, unsigned decisions, uint32_t seed)
{
    size_t len = 0;
    unsigned char *save = tgt_position_save(st, &len);
    tg_state *root = NULL;
    fz_require(save != NULL && tg_state_load(save, len, NULL, &root, NULL, 0) == TG_OK,
               "a position of play loads on its own");
    free(save);
    tg_state_free(st);
    fz_play(root, decisions % 64, seed ^ 0x9E3779B9u);
    return root;
}

/* ---- edits through the JSON form ---------------------------------------------- */

/* Every value under the position object, in a fixed order, with where it sits. */
typedef struct fz_node {
    json_t *parent;
    const char *key; /* member of an object parent, else NULL */
    size_t index;    /* element of an array parent */
    json_t *value;
} fz_node;

typedef struct fz_nodes {
    fz_node at[1024];
    size_t n;
} fz_nodes;

static void fz_collect(json_t *v, fz_nodes *out)
{
    if (json_is_object(v)) {
        const char *key;
        json_t *child;
        json_object_foreach(v, key, child) {
            if (out->n < sizeof out->at / sizeof out->at[0])
                out->at[out->n++] = (fz_node){v, key, 0, child};
            fz_collect(child, out);
        }
    } else if (json_is_array(v)) {
        size_t i;
        json_t *child;
        json_array_foreach(v, i, child) {
            if (out->n < sizeof out->at / sizeof out->at[0])
                out->at[out->n++] = (fz_node){v, NULL, i, child};
            fz_collect(child, out);
        }
    }
}

static void fz_replace(const fz_node *at, json_t *value)
{
    if (at->key)
        json_object_set_new(at->parent, at->key, value);
    else
        json_array_set_new(at->parent, at->index, value);
}

/* Numbers a field is likely to be checked against. */
static json_int_t fz_number(unsigned pick, fz_input *in)
{
    static const json_int_t edges[] = {-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 15, 16, 21, 23,
                                       24, 31, 32, 35, 36, 47, 48, 59, 60, 63, 64, 127, 128,
                                       254, 255, 256, 65535, 65536, 2147483647, -2147483647};
    if (pick & 1)
        return (json_int_t)(int8_t)fz_byte(in);
    return edges[fz_byte(in) % (sizeof edges / sizeof edges[0])];
}

/* One edit of the position tree; returns 0 when the input has run out. */
static int fz_edit_json(json_t *pos, const fz_vocab *vocab, fz_input *in)
{
    if (in->n < 2)
        return 0;
    unsigned op = fz_byte(in);
    fz_nodes *nodes = malloc(sizeof *nodes);
    fz_require(nodes != NULL, "memory");
    nodes->n = 0;
    fz_collect(pos, nodes);
    unsigned pick = fz_byte(in) | (unsigned)fz_byte(in) << 8;
    if (nodes->n == 0) {
        free(nodes);
        return 1;
    }
    const fz_node *at = &nodes->at[pick % nodes->n];
    switch (op % 10) {
    case 0:
    case 1:
        fz_replace(at, json_integer(fz_number(op >> 4, in)));
        break;
    case 2:
    case 3:
        if (vocab->n)
            fz_replace(at, json_string(vocab->words[fz_byte(in) % vocab->n]));
        break;
    case 4:
        fz_replace(at, (op >> 4) % 3 == 0   ? json_null()
                       : (op >> 4) % 3 == 1 ? json_true()
                                            : json_false());
        break;
    case 5:
        if (at->key)
            json_object_del(at->parent, at->key);
        else
            json_array_remove(at->parent, at->index);
        break;
    case 6:
        if (!at->key)
            json_array_append_new(at->parent, json_deep_copy(at->value));
        else if (json_is_array(at->value) && json_array_size(at->value))
            json_array_append_new(at->value,
                                  json_deep_copy(json_array_get(at->value, 0)));
        break;
    case 7: {
        const fz_node *from = &nodes->at[fz_byte(in) % nodes->n];
        if (from->value != at->value)
            fz_replace(at, json_deep_copy(from->value));
        break;
    }
    case 8: {
        char text[32];
        size_t len = fz_byte(in) % sizeof text;
        for (size_t i = 0; i < len; i++)
            text[i] = (char)fz_byte(in);
        json_t *word = json_stringn(text, len); /* NULL unless valid UTF-8 */
        fz_replace(at, word ? word : json_string(""));
        break;
    }
    default:
        fz_replace(at, json_array());
        break;
    }
    free(nodes);
    return 1;
}

/* The JSON save with the position edited: either the position on its own
 * (no history: it is its own root) or the root edited and the history
 * kept, so the loader replays the game from the edited root. */
static char *fz_json_save(const tg_state *st, int edit_root, const fz_vocab *vocab,
                          fz_input *in, size_t *len)
{
    json_t *save = fz_state_json(st);
    if (!edit_root) {
        json_object_del(save, "root");
        json_object_del(save, "root_move_number");
        json_object_del(save, "history");
    }
    json_t *pos = json_object_get(save, edit_root ? "root" : "position");
    for (int i = 0; i < FZ_MAX_EDITS && fz_edit_json(pos, vocab, in); i++) {
    }
    char *out = json_dumps(save, JSON_COMPACT);
    json_decref(save);
    fz_require(out != NULL, "dump");
    *len = strlen(out);
    return out;
}

/* ---- edits through the binary form -------------------------------------------- */

static int fz_edit_bytes(unsigned char *block, size_t size, fz_input *in)
{
    if (in->n < 2 || size == 0)
        return 0;
    unsigned op = fz_byte(in);
    size_t at = (fz_byte(in) | (size_t)fz_byte(in) << 8) % size;
    switch (op % 6) {
    case 0:
    case 1:
        block[at] = (unsigned char)fz_byte(in);
        break;
    case 2:
        block[at] = (unsigned char)(block[at] + (int8_t)fz_byte(in));
        break;
    case 3:
        block[at] ^= (unsigned char)(1u << (op >> 5));
        break;
    case 4:
        block[at] = (op >> 4) & 1 ? 0xFF : 0;
        break;
    default:
        block[at] = block[(at + 1 + fz_byte(in)) % size];
        break;
    }
    return 1;
}

/* The binary save (format in docs/save-format.md) with bytes of the
 * position edited (history dropped, the position its own root), or of the
 * root with the history kept; the checksum made right again. */
static unsigned char *fz_binary_save(const tg_state *st, int edit_root, fz_input *in,
                                     size_t *len)
{
    size_t at = 0, size = 0;
    unsigned char *out = NULL;
    if (edit_root) {
        unsigned char *save = NULL;
        fz_require(tg_state_save(st, &save, len) == TG_OK, "save");
        out = malloc(*len);
        fz_require(out != NULL, "memory");
        memcpy(out, save, *len);
        tg_free(save);
        tgt_save_layout(out, &at, &size);
        at += size; /* the root follows the position */
    } else {
        out = tgt_position_save(st, len);
        fz_require(out != NULL, "position save");
        tgt_save_layout(out, &at, &size);
    }
    for (int i = 0; i < FZ_MAX_EDITS && fz_edit_bytes(out + at, size, in); i++) {
    }
    if (!edit_root)
        memcpy(out + at + size, out + at, size);
    tgt_save_seal(out, *len);
    return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in = {data, size};
    size_t games = tg_catalogue_count();
    if (games == 0 || size < 10)
        return 0;
    const tg_game_info *info = tg_catalogue_get(fz_byte(&in) % games);
    const char *only = getenv("TG_FUZZ_GAME");
    if (only && *only && strcmp(only, info->id) != 0)
        return 0;
    int players = info->min_players +
                  (int)(fz_byte(&in) % (unsigned)(info->max_players - info->min_players + 1));
    char opts[512];
    fz_options(info, players, fz_byte(&in), opts, sizeof opts);
    tg_game *g = NULL;
    fz_require(tg_game_new(info->id, opts, NULL, &g, NULL, 0) == TG_OK, "game");
    uint32_t seed = fz_u32(&in);
    uint32_t steps = fz_byte(&in) | (uint32_t)fz_byte(&in) << 8;
    unsigned form = fz_byte(&in);
    tg_state *st = NULL;
    fz_require(tg_state_new(g, seed, &st) == TG_OK, "state");
    fz_play(st, steps, seed);
    /* Most depths would be past the end of a short game: spread them over
     * the game this seed plays instead (the same seed replays it). */
    uint32_t length = tg_state_move_number(st);
    if (tg_state_is_terminal(st) && steps > length && length > 0) {
        tg_state_free(st);
        fz_require(tg_state_new(g, seed, &st) == TG_OK, "state");
        fz_play(st, steps % (length + 1), seed);
    }
    if ((form >> 1) & 1)
        st = fz_rebase(st, form >> 2, seed);

    tg_state *loaded = NULL;
    char err[256] = "";
    tg_status s;
    if (form & 1) {
        size_t len = 0;
        unsigned char *bytes = fz_binary_save(st, (form >> 1) & 1, &in, &len);
        s = tg_state_load(bytes, len, NULL, &loaded, err, sizeof err);
        free(bytes);
    } else {
        size_t len = 0;
        char *text = fz_json_save(st, (form >> 1) & 1, fz_vocab_of(g), &in, &len);
        s = tg_state_from_json(text, len, NULL, &loaded, err, sizeof err);
        free(text);
    }
    fz_require((s == TG_OK) == (loaded != NULL), "a state exactly when loading succeeds");
    fz_require(s == TG_OK || err[0] != '\0', "a refused save says why");
    if (loaded) {
        fz_exercise(g, loaded);
        tg_state_free(loaded);
    }
    tg_state_free(st);
    tg_game_free(g);
    return 0;
}
