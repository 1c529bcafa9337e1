#include "fuzz_common.h"

#include "save_edit.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fz_require(int cond, const char *what)
{
    if (!cond) {
        fprintf(stderr, "invariant broken: %s\n", what);
        abort();
    }
}

unsigned fz_byte(fz_input *in)
{
    if (in->n == 0)
        return 0;
    in->n--;
    return *in->p++;
}

uint32_t fz_u32(fz_input *in)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v = (v << 8) | fz_byte(in);
    return v;
}

tg_game *fz_pick_game(fz_input *in)
{
    size_t count = tg_catalogue_count();
    if (count == 0)
        return NULL;
    const tg_game_info *info = tg_catalogue_get(fz_byte(in) % count);
    int span = info->max_players - info->min_players + 1;
    char opts[32];
    snprintf(opts, sizeof opts, "players=%d", info->min_players + (int)(fz_byte(in) % (unsigned)span));
    tg_game *g = NULL;
    tg_status s = tg_game_new(info->id, opts, NULL, &g, NULL, 0);
    fz_require(s == TG_OK, "a game with a valid player count must be made");
    return g;
}

/* Options with the players given and one alternative value of one BOOL or
 * CHOICE option (variant 0: all defaults), like the conformance suite's sets. */
void fz_options(const tg_game_info *info, int players, unsigned variant, char *out,
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
void fz_play(tg_state *st, uint32_t steps, uint32_t seed)
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

json_t *fz_state_json(const tg_state *st)
{
    char *text = NULL;
    size_t n = 0;
    fz_require(tg_state_to_json(st, &text, &n) == TG_OK, "to_json");
    json_t *save = json_loadb(text, n, 0, NULL);
    tg_free(text);
    fz_require(save != NULL, "own JSON parses");
    return save;
}

static void check_texts(const tg_state *st, const tg_move *moves, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char text[256];
        size_t len = 0;
        tg_move back = 0;
        fz_require(tg_state_is_legal(st, moves[i]) == TG_OK, "a listed move is legal");
        fz_require(tg_state_move_text(st, moves[i], text, sizeof text, &len) == TG_OK &&
                       len > 0 && len == strlen(text),
                   "a listed move has a text");
        fz_require(tg_state_parse_move(st, text, &back) == TG_OK && back == moves[i],
                   "a move's text parses back to it");
    }
}

static void check_moves(const tg_state *st, int texts)
{
    const tg_game *g = tg_state_game(st);
    static tg_move moves[4096], outcomes[4096];
    static double probs[4096];
    size_t n = 0;
    int cp = tg_state_current_player(st);
    int terminal = tg_state_is_terminal(st) != 0;
    fz_require(cp == TG_PLAYER_CHANCE || cp == TG_PLAYER_TERMINAL ||
                   (cp >= 0 && cp < tg_game_players(g)),
               "current player in range");
    fz_require(terminal == (cp == TG_PLAYER_TERMINAL), "terminal exactly at the end");
    fz_require(tg_state_legal_moves(st, moves, 4096, &n) == TG_OK, "legal moves listed");
    fz_require(n <= tg_game_max_legal_moves(g), "legal move count within the game's maximum");
    for (size_t i = 0; i < n; i++) {
        fz_require(moves[i] < tg_game_move_count(g), "move id within the move space");
        fz_require(i == 0 || moves[i - 1] < moves[i], "legal moves sorted and unique");
    }
    fz_require((n == 0) == terminal, "a state that is not over has a decision to make");
    if (texts)
        check_texts(st, moves, n);
    if (cp == TG_PLAYER_CHANCE) {
        double sum = 0;
        size_t k = 0;
        fz_require(tg_state_chance_outcomes(st, outcomes, probs, 4096, &k) == TG_OK, "outcomes");
        fz_require(k <= tg_game_max_chance_outcomes(g), "outcomes within the game's maximum");
        fz_require(k == n && memcmp(outcomes, moves, n * sizeof *moves) == 0,
                   "chance outcomes are the legal moves");
        for (size_t i = 0; i < k; i++) {
            fz_require(probs[i] > 0 && probs[i] <= 1, "probability in (0, 1]");
            sum += probs[i];
        }
        fz_require(fabs(sum - 1) < 1e-9, "probabilities sum to one");
    }
}

void fz_check_moves(const tg_state *st)
{
    check_moves(st, 1);
}

void fz_check_moves_quick(const tg_state *st)
{
    check_moves(st, 0);
}

void fz_check_binary_round_trip(const tg_state *st)
{
    unsigned char *bytes = NULL, *again = NULL;
    size_t n = 0, m = 0;
    tg_state *back = NULL;
    char err[256] = "";
    fz_require(tg_state_save(st, &bytes, &n) == TG_OK, "binary save");
    if (tg_state_load(bytes, n, NULL, &back, err, sizeof err) != TG_OK) {
        fprintf(stderr, "load of own save: %s\n", err);
        fz_require(0, "binary load of own save");
    }
    fz_require(tg_state_equal(st, back), "binary round trip equal");
    fz_require(tg_state_save(back, &again, &m) == TG_OK && m == n && memcmp(bytes, again, n) == 0,
               "binary round trip gives the same bytes");
    tg_state_free(back);
    tg_free(bytes);
    tg_free(again);
}

void fz_check_valid(const tg_state *st)
{
    size_t n = 0;
    unsigned char *save = tgt_position_save(st, &n);
    fz_require(save != NULL, "position save");
    tg_state *back = NULL;
    char err[256] = "";
    if (tg_state_load(save, n, NULL, &back, err, sizeof err) != TG_OK) {
        fprintf(stderr, "the position alone does not load: %s\n", err);
        fz_require(0, "validate() accepts every position of play");
    }
    fz_require(tg_state_equal(st, back), "the position alone loads equal");
    tg_state_free(back);
    free(save);
}

void fz_check_round_trips(const tg_state *st)
{
    fz_check_binary_round_trip(st);
    char *text = NULL, *again = NULL;
    size_t n = 0, m = 0;
    tg_state *back = NULL;
    char err[256] = "";
    fz_require(tg_state_to_json(st, &text, &n) == TG_OK, "JSON save");
    if (tg_state_from_json(text, n, NULL, &back, err, sizeof err) != TG_OK) {
        fprintf(stderr, "load of own JSON: %s\n", err);
        fz_require(0, "JSON load of own save");
    }
    fz_require(tg_state_equal(st, back), "JSON round trip equal");
    fz_require(tg_state_to_json(back, &again, &m) == TG_OK && m == n && memcmp(text, again, n) == 0,
               "JSON round trip gives the same text");
    tg_state_free(back);
    tg_free(text);
    tg_free(again);
}

void fz_check_event_texts(const tg_state *st, int viewer)
{
    char *text = NULL;
    size_t len = 0, i;
    fz_require(tg_state_events_json(st, viewer, &text, &len) == TG_OK, "events");
    json_t *events = json_loadb(text, len, 0, NULL), *ev;
    tg_free(text);
    fz_require(json_is_array(events), "events are a JSON array");
    json_array_foreach(events, i, ev) {
        const char *said = json_string_value(json_object_get(ev, "text"));
        fz_require(said && said[0] != '\0' && !strchr(said, '\n'),
                   "every event has a one-line text");
    }
    json_decref(events);
}

const float *fz_tensor(const tg_state *st, int viewer, size_t *n)
{
    static float buf[FZ_TENSOR_MAX];
    *n = tg_game_observation_tensor_size(tg_state_game(st));
    fz_require(*n > 0 && *n <= FZ_TENSOR_MAX, "tensor size");
    fz_require(tg_state_observation_tensor(st, viewer, buf, *n) == TG_OK, "tensor");
    for (size_t i = 0; i < *n; i++)
        fz_require(isfinite(buf[i]), "tensor slots are finite");
    return buf;
}

/* A player's information state: the key and the canonical JSON it hashes. */
static void fz_check_information(const tg_state *st, int player)
{
    uint64_t key[2];
    char *text = NULL;
    size_t len = 0;
    fz_require(tg_state_information_key(st, player, key) == TG_OK, "information key");
    fz_require(tg_state_information_json(st, player, &text, &len) == TG_OK, "information json");
    json_t *info = json_loadb(text, len, 0, NULL);
    fz_require(json_is_object(info), "information json is an object");
    json_decref(info);
    tg_free(text);
}

void fz_check_views(const tg_state *st)
{
    int players = tg_game_players(tg_state_game(st));
    for (int v = TG_VIEW_PUBLIC; v < players; v++) {
        char *text = NULL;
        size_t n = 0;
        fz_require(tg_state_observation_json(st, v, &text, NULL) == TG_OK, "observation");
        tg_free(text);
        fz_check_event_texts(st, v);
        fz_require(tg_state_to_text(st, v, &text, NULL) == TG_OK, "text");
        tg_free(text);
        fz_tensor(st, v, &n);
        if (v >= 0)
            fz_check_information(st, v);
    }
}

void fz_check_state(const tg_state *st)
{
    fz_check_moves(st);
    fz_check_round_trips(st);
    fz_check_views(st);
}
