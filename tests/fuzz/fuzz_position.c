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
#include "fuzz_position.h"
#include "save_edit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { FZ_MAX_EDITS = 24, FZ_MAX_CHILDREN = 12, FZ_BOT_SIMULATIONS = 2 };

/* ---- the starting position -------------------------------------------------- */

/* Options with the players given and one alternative value of one BOOL or
 * CHOICE option (variant 0: all defaults), like the conformance suite's sets. */
static void fz_options(const tg_game_info *info, int players, unsigned variant, char *out,
                       size_t cap)
{
    int len = snprintf(out, cap, "players=%d", players);
    unsigned k = 0;
    for (size_t i = 0; variant && i < info->option_count; i++) {
        const tg_option_info *o = tg_game_info_option(info, i);
        if (o->type == TG_OPTION_BOOL) {
            if (++k == variant)
                snprintf(out + len, cap - (size_t)len, ",%s=%s", o->name,
                         strcmp(o->default_value, "yes") == 0 ? "no" : "yes");
        } else if (o->type == TG_OPTION_CHOICE) {
            for (size_t c = 0; o->choices[c]; c++)
                if (strcmp(o->choices[c], o->default_value) != 0 && ++k == variant)
                    snprintf(out + len, cap - (size_t)len, ",%s=%s", o->name, o->choices[c]);
        }
    }
}

/* Random decisions from seed: players pick uniformly, chance by the RNG. */
static void fz_play(tg_state *st, uint32_t steps, uint32_t seed)
{
    static tg_move moves[4096];
    uint32_t r = seed * 2654435761u + 1;
    for (uint32_t i = 0; i < steps && !tg_state_is_terminal(st); i++) {
        size_t n = 0;
        fz_require(tg_state_legal_moves(st, moves, 4096, &n) == TG_OK && n > 0, "moves");
        r = r * 1103515245u + 12345u;
        fz_require(tg_state_apply(st, moves[(r >> 8) % n]) == TG_OK, "a legal move applies");
    }
}

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
    char *text = NULL;
    size_t n = 0;
    fz_require(tg_state_to_json(st, &text, &n) == TG_OK, "to_json");
    json_t *save = json_loadb(text, n, 0, NULL);
    tg_free(text);
    fz_require(save != NULL, "own JSON parses");
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

/* ---- everything a host does with a loaded state ------------------------------ */

static int fz_same_save(const tg_state *a, const unsigned char *bytes, size_t n)
{
    unsigned char *now = NULL;
    size_t m = 0;
    fz_require(tg_state_save(a, &now, &m) == TG_OK, "save");
    int same = m == n && memcmp(now, bytes, n) == 0;
    tg_free(now);
    return same;
}

static tg_state *fz_clone(const tg_state *st)
{
    tg_state *c = NULL;
    fz_require(tg_state_clone(st, &c) == TG_OK, "clone");
    return c;
}

/* The events of a decision just made, and their texts, for every viewer. */
static void fz_check_events(const tg_state *st)
{
    int players = tg_game_players(tg_state_game(st));
    for (int v = TG_VIEW_PUBLIC; v < players; v++)
        fz_check_event_texts(st, v);
}

/* Every legal move (or chance outcome) applied, with the invariants of
 * play and the events after it; the loader's check (which builds a game
 * each time) on an even spread of them. */
static void fz_children(const tg_state *st)
{
    static tg_move moves[4096];
    size_t n = 0;
    fz_require(tg_state_legal_moves(st, moves, 4096, &n) == TG_OK, "moves");
    size_t step = n > FZ_MAX_CHILDREN ? n / FZ_MAX_CHILDREN + 1 : 1;
    for (size_t i = 0; i < n; i++) {
        tg_state *c = fz_clone(st);
        fz_require(tg_state_apply(c, moves[i]) == TG_OK, "a legal move applies");
        fz_check_moves_quick(c);
        fz_check_events(c);
        if (i % step == 0)
            fz_check_valid(c);
        tg_state_free(c);
    }
    if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
        tg_state *c = fz_clone(st);
        tg_move m = 0;
        fz_require(tg_state_apply_chance(c, &m) == TG_OK && tg_state_is_legal(st, m) == TG_OK,
                   "apply_chance draws a listed outcome");
        tg_state_free(c);
    }
}

/* Aborts, showing both texts, unless a view is the same after resampling. */
static void fz_same_text(tg_status (*view)(const tg_state *, int, char **, size_t *),
                         const tg_state *a, const tg_state *b, int viewer, const char *what)
{
    char *x = NULL, *y = NULL;
    fz_require(view(a, viewer, &x, NULL) == TG_OK && view(b, viewer, &y, NULL) == TG_OK, what);
    if (strcmp(x, y) != 0) {
        fprintf(stderr, "player %d, before: %s\nafter:  %s\n", viewer, x, y);
        fz_require(0, what);
    }
    tg_free(x);
    tg_free(y);
}

static void fz_same_tensor(const tg_state *a, const tg_state *b, int viewer, const char *what)
{
    static float x[FZ_TENSOR_MAX];
    size_t n = 0, m = 0;
    const float *t = fz_tensor(a, viewer, &n);
    memcpy(x, t, n * sizeof *x);
    const float *y = fz_tensor(b, viewer, &m);
    for (size_t i = 0; i < n && n == m; i++)
        if (x[i] != y[i]) {
            fprintf(stderr, "%s: viewer %d, slot %zu: %g before, %g after\n",
                    tg_game_id(tg_state_game(a)), viewer, i, (double)x[i], (double)y[i]);
            break;
        }
    fz_require(n == m && memcmp(x, y, n * sizeof *x) == 0, what);
}

/* A player's information state after resampling: the same observation
 * and digest of own decisions, an empty list of them since the root (the
 * resampled position is the root of a new history), and so the same key
 * (observe.h, since 1.3). */
static void fz_same_information(const tg_state *a, const tg_state *b, int player)
{
    char *x = NULL, *y = NULL;
    uint64_t kx[2], ky[2];
    fz_require(tg_state_information_json(a, player, &x, NULL) == TG_OK &&
                   tg_state_information_json(b, player, &y, NULL) == TG_OK &&
                   tg_state_information_key(a, player, kx) == TG_OK &&
                   tg_state_information_key(b, player, ky) == TG_OK,
               "information state after resampling");
    json_t *jx = json_loads(x, 0, NULL), *jy = json_loads(y, 0, NULL);
    json_t *fresh = json_array();
    int same = jx && jy && fresh &&
               json_equal(json_object_get(jx, "observation"), json_object_get(jy, "observation")) &&
               json_equal(json_object_get(jx, "own_digest"), json_object_get(jy, "own_digest")) &&
               json_equal(json_object_get(jy, "own_decisions"), fresh);
    if (!same)
        fprintf(stderr, "player %d, before: %s\nafter:  %s\n", player, x, y);
    json_decref(jx);
    json_decref(jy);
    json_decref(fresh);
    tg_free(x);
    tg_free(y);
    fz_require(same, "resampling keeps the player's information state");
    fz_require(kx[0] == ky[0] && kx[1] == ky[1], "resampling keeps the player's information key");
}

/* What the viewer knew before resampling, it knows after: observation,
 * events, drawing, tensor and (for a player) the information key. */
static void fz_same_view(const tg_state *a, const tg_state *b, int viewer)
{
    fz_same_text(tg_state_observation_json, a, b, viewer,
                 "resampling keeps the player's observation");
    fz_same_text(tg_state_events_json, a, b, viewer, "resampling keeps the player's events");
    /* The drawing says no more than the observation: the same after it. */
    fz_same_text(tg_state_to_text, a, b, viewer, "resampling keeps the player's drawing");
    fz_same_tensor(a, b, viewer, "resampling keeps the player's tensor");
    if (viewer >= 0)
        fz_same_information(a, b, viewer);
}

static void fz_resamples(const tg_state *st)
{
    int players = tg_game_players(tg_state_game(st));
    for (int p = 0; p < players; p++) {
        tg_state *c = fz_clone(st);
        fz_require(tg_state_resample(c, p) == TG_OK, "resample");
        fz_require(tg_state_current_player(c) == tg_state_current_player(st),
                   "resampling keeps whose turn it is");
        fz_same_view(st, c, p);
        /* What the whole table saw is no player's secret: unchanged too. */
        fz_same_view(st, c, TG_VIEW_PUBLIC);
        fz_check_moves_quick(c);
        fz_check_valid(c);
        tg_state_free(c);
    }
}

static void fz_bots(tg_game *g, const tg_state *st, const unsigned char *save, size_t len)
{
    int seat = tg_state_current_player(st);
    static const tg_bot_level levels[] = {TG_BOT_EASY, TG_BOT_MEDIUM};
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        tg_bot_params params = TG_BOT_PARAMS_INIT;
        params.level = levels[i];
        params.simulations = FZ_BOT_SIMULATIONS;
        tg_bot *bot = NULL;
        fz_require(tg_bot_new(g, seat >= 0 ? seat : 0, &params, &bot) == TG_OK, "bot");
        tg_move m = 0;
        tg_status s = tg_bot_choose(bot, st, &m);
        if (seat >= 0)
            fz_require(s == TG_OK && tg_state_is_legal(st, m) == TG_OK,
                       "a bot chooses a legal move");
        else
            fz_require(s == TG_E_WRONG_PHASE, "a bot refuses a state where no seat decides");
        static tg_move moves[4096];
        static double scores[4096];
        size_t count = 0;
        s = tg_bot_hint(bot, st, moves, scores, 4096, &count);
        fz_require(seat >= 0 ? s == TG_OK : s == TG_E_WRONG_PHASE, "bot hint");
        for (size_t k = 0; s == TG_OK && k < count; k++)
            fz_require(tg_state_is_legal(st, moves[k]) == TG_OK, "a hint ranks legal moves");
        tg_bot_free(bot);
        fz_require(fz_same_save(st, save, len), "bots leave the state as it was");
    }
}

static void fz_undo_and_playout(const tg_state *st, const unsigned char *save, size_t len)
{
    if (tg_state_history_length(st) > 0) {
        tg_state *c = fz_clone(st);
        fz_require(tg_state_undo(c) == TG_OK, "undo");
        fz_check_moves_quick(c);
        fz_check_valid(c);
        tg_state_free(c);
    }
    static tg_move moves[4096];
    size_t n = 0;
    fz_require(tg_state_legal_moves(st, moves, 4096, &n) == TG_OK, "moves");
    if (n > 0) {
        /* A decision taken back leaves the state as loaded, byte for byte. */
        tg_state *c = fz_clone(st);
        fz_require(tg_state_apply(c, moves[n - 1]) == TG_OK && tg_state_undo(c) == TG_OK,
                   "apply and undo");
        fz_require(fz_same_save(c, save, len), "undo restores the state as it was");
        tg_state_free(c);
    }
    tg_state *c = fz_clone(st);
    uint32_t made = 0;
    tg_status s = tg_state_playout(c, UINT32_MAX, &made);
    fz_require(s == TG_OK && tg_state_is_terminal(c), "a playout reaches the end");
    fz_check_moves_quick(c);
    fz_check_valid(c);
    fz_check_views(c);
    tg_state_free(c);
}

static void fz_exercise(tg_game *g, const tg_state *st)
{
    unsigned char *save = NULL;
    size_t len = 0;
    fz_require(tg_state_save(st, &save, &len) == TG_OK, "save");
    fz_check_state(st);
    fz_children(st);
    fz_resamples(st);
    fz_bots(g, st, save, len);
    fz_undo_and_playout(st, save, len);
    fz_require(fz_same_save(st, save, len), "the loaded state was not changed");
    tg_free(save);
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
