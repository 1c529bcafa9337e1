#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "support.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cmocka.h>

tg_state *tgt_from_json(const char *json_text)
{
    char err[512] = "";
    tg_state *st = NULL;
    tg_status s = tg_state_from_json(json_text, strlen(json_text), NULL, &st, err, sizeof err);
    if (s != TG_OK)
        fail_msg("position did not load (%s): %s", tg_status_name(s), err);
    return st;
}

const char *tgt_from_json_fails(const char *json_text, tg_status want)
{
    static char err[512];
    tg_state *st = NULL;
    err[0] = '\0';
    tg_status s = tg_state_from_json(json_text, strlen(json_text), NULL, &st, err, sizeof err);
    if (s == TG_OK) {
        tg_state_free(st);
        fail_msg("position loaded but should have been rejected with %s", tg_status_name(want));
    }
    if (s != want)
        fail_msg("expected %s, got %s: %s", tg_status_name(want), tg_status_name(s), err);
    assert_null(st);
    return err;
}

void tgt_apply(tg_state *st, const char *move_text)
{
    tg_status s = tg_state_apply_text(st, move_text);
    if (s != TG_OK)
        fail_msg("move '%s' rejected (%s): %s; legal: %s", move_text, tg_status_name(s),
                 tg_state_last_error(st), tgt_legal_texts(st));
}

void tgt_apply_all(tg_state *st, const char *moves)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *save = NULL, *tok = strtok_r(buf, ";", &save); tok; tok = strtok_r(NULL, ";", &save))
        tgt_apply(st, tok);
}

int tgt_is_legal(tg_state *st, const char *move_text)
{
    tg_move m;
    return tg_state_parse_move(st, move_text, &m) == TG_OK;
}

static json_t *parse_owned(char *text, tg_status s, const char *what)
{
    if (s != TG_OK)
        fail_msg("%s failed: %s", what, tg_status_name(s));
    json_error_t e;
    json_t *j = json_loads(text, 0, &e);
    tg_free(text);
    if (!j)
        fail_msg("%s is not JSON: %s", what, e.text);
    return j;
}

json_t *tgt_observation(const tg_state *st, int viewer)
{
    char *text = NULL;
    tg_status s = tg_state_observation_json(st, viewer, &text, NULL);
    return parse_owned(text, s, "observation");
}

json_t *tgt_events(const tg_state *st, int viewer)
{
    char *text = NULL;
    tg_status s = tg_state_events_json(st, viewer, &text, NULL);
    return parse_owned(text, s, "events");
}

json_t *tgt_position(const tg_state *st)
{
    char *text = NULL;
    tg_status s = tg_state_to_json(st, &text, NULL);
    json_t *save = parse_owned(text, s, "save");
    json_t *pos = json_incref(json_object_get(save, "position"));
    json_decref(save);
    if (!pos)
        fail_msg("save has no position");
    return pos;
}

const char *tgt_legal_texts(const tg_state *st)
{
    static char out[8192];
    tg_move moves[4096];
    size_t n = 0, used = 0;
    out[0] = '\0';
    if (tg_state_legal_moves(st, moves, 4096, &n) != TG_OK)
        return "(could not list moves)";
    for (size_t i = 0; i < n && used + 64 < sizeof out; i++) {
        char t[64];
        if (tg_state_move_text(st, moves[i], t, sizeof t, NULL) != TG_OK)
            snprintf(t, sizeof t, "#%u", (unsigned)moves[i]);
        used += (size_t)snprintf(out + used, sizeof out - used, "%s%s", i ? " " : "", t);
    }
    return out;
}

json_t *tgt_find_event(const tg_state *st, int viewer, const char *type, json_t **holder)
{
    json_t *events = tgt_events(st, viewer);
    size_t i;
    json_t *ev;
    json_array_foreach(events, i, ev) {
        const char *t = json_string_value(json_object_get(ev, "type"));
        if (t && strcmp(t, type) == 0) {
            *holder = events;
            return ev;
        }
    }
    char *dump = json_dumps(events, JSON_COMPACT);
    json_decref(events);
    fail_msg("no '%s' event for viewer %d in %s", type, viewer, dump ? dump : "?");
    return NULL;
}

/* ---- Helpers shared by the conformance and API suites. ---- */

static int support_options_valid(const char *id, const char *options)
{
    tg_game *g = NULL;
    tg_status s = tg_game_new(id, options, NULL, &g, NULL, 0);
    tg_game_free(g);
    return s == TG_OK;
}

/* Default player counts are plain decimal numbers in the catalogue. */
static int support_small_int(const char *text, int fallback)
{
    int v = 0;
    if (!text || !*text)
        return fallback;
    for (; *text; text++) {
        if (*text < '0' || *text > '9' || v > 1000)
            return fallback;
        v = v * 10 + (*text - '0');
    }
    return v;
}

static int support_bool_is_true(const char *v)
{
    return strcmp(v, "yes") == 0 || strcmp(v, "true") == 0 || strcmp(v, "on") == 0 ||
           strcmp(v, "1") == 0;
}

/* Adds "players=P,name=value" for the first player count that accepts it,
 * trying the default count first, so options that only fit some counts are
 * still exercised. */
static void support_add_alternative(const tg_game_info *info, const char *name,
                                    const char *value, char (*out)[TGT_OPTIONS_MAX],
                                    size_t cap, size_t *n)
{
    const tg_option_info *players = tg_game_info_option(info, 0);
    int first = support_small_int(players ? players->default_value : NULL, info->min_players);
    for (int k = 0; k <= info->max_players - info->min_players + 1; k++) {
        int p = k == 0 ? first : info->min_players + k - 1;
        if (k > 0 && p == first)
            continue;
        char opts[TGT_OPTIONS_MAX];
        snprintf(opts, sizeof opts, "players=%d,%s=%s", p, name, value);
        if (!support_options_valid(info->id, opts))
            continue;
        if (*n < cap)
            memcpy(out[*n], opts, sizeof opts);
        (*n)++;
        return;
    }
    fail_msg("%s: option %s=%s is accepted with no player count", info->id, name, value);
}

size_t tgt_option_sets(const tg_game_info *info, char (*out)[TGT_OPTIONS_MAX], size_t cap)
{
    size_t n = 0;
    for (int p = info->min_players; p <= info->max_players; p++) {
        if (n < cap)
            snprintf(out[n], TGT_OPTIONS_MAX, "players=%d", p);
        n++;
    }
    for (size_t i = 1; i < info->option_count; i++) {
        const tg_option_info *o = tg_game_info_option(info, i);
        if (!o)
            fail_msg("%s: option %zu of %zu is missing", info->id, i, info->option_count);
        if (o->type == TG_OPTION_BOOL) {
            const char *alt = support_bool_is_true(o->default_value) ? "no" : "yes";
            support_add_alternative(info, o->name, alt, out, cap, &n);
        } else if (o->type == TG_OPTION_CHOICE && o->choices) {
            for (const char *const *c = o->choices; *c; c++)
                if (strcmp(*c, o->default_value) != 0)
                    support_add_alternative(info, o->name, *c, out, cap, &n);
        }
    }
    return n;
}

tg_game *tgt_game(const char *id, const char *options)
{
    char err[512] = "";
    tg_game *g = NULL;
    tg_status s = tg_game_new(id, options, NULL, &g, err, sizeof err);
    if (s != TG_OK)
        fail_msg("game %s [%s] not made (%s): %s", id, options ? options : "", tg_status_name(s),
                 err);
    return g;
}

unsigned char *tgt_save(const tg_state *st, size_t *len)
{
    unsigned char *data = NULL;
    tg_status s = tg_state_save(st, &data, len);
    if (s != TG_OK || !data)
        fail_msg("saving failed: %s", tg_status_name(s));
    return data;
}

void tgt_assert_save_is(const tg_state *st, const unsigned char *want, size_t len,
                        const char *what)
{
    size_t got_len = 0;
    unsigned char *got = tgt_save(st, &got_len);
    int same = got_len == len && memcmp(got, want, len) == 0;
    tg_free(got);
    if (!same)
        fail_msg("%s: binary save differs (%zu bytes, expected %zu)", what, got_len, len);
}

void tgt_assert_identical(const tg_state *a, const tg_state *b, const char *what)
{
    if (!tg_state_equal(a, b))
        fail_msg("%s: tg_state_equal says the positions differ", what);
    size_t len = 0;
    unsigned char *want = tgt_save(a, &len);
    size_t got_len = 0;
    unsigned char *got = tgt_save(b, &got_len);
    int same = got_len == len && memcmp(got, want, len) == 0;
    tg_free(got);
    tg_free(want);
    if (!same)
        fail_msg("%s: binary saves differ (%zu vs %zu bytes)", what, len, got_len);
}

/* One random decision: chance by the state's RNG, a player's move picked
 * uniformly with *pick. Fails the test if the state refuses it. */
static void support_random_decision(tg_state *st, uint64_t *pick)
{
    tg_move moves[4096];
    tg_status s;
    if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
        s = tg_state_apply_chance(st, NULL);
    } else {
        size_t n = 0;
        s = tg_state_legal_moves(st, moves, 4096, &n);
        if (s != TG_OK || n == 0)
            fail_msg("no legal moves in a game that is not over (%s)", tg_status_name(s));
        *pick = *pick * 6364136223846793005ull + 1442695040888963407ull;
        s = tg_state_apply(st, moves[(*pick >> 33) % n]);
    }
    if (s != TG_OK)
        fail_msg("random decision refused (%s): %s", tg_status_name(s), tg_state_last_error(st));
}

char *tgt_drawing(const tg_state *st, int viewer)
{
    char *text = NULL;
    size_t len = 0;
    if (tg_state_to_text(st, viewer, &text, &len) != TG_OK)
        fail_msg("to_text for viewer %d failed", viewer);
    char *copy = malloc(len + 1);
    if (copy == NULL)
        fail_msg("out of memory");
    memcpy(copy, text, len + 1);
    tg_free(text);
    return copy;
}

const char *tgt_event_text(const tg_state *st, int viewer, size_t i)
{
    static char out[512];
    json_t *events = tgt_events(st, viewer);
    const char *text = json_string_value(json_object_get(json_array_get(events, i), "text"));
    snprintf(out, sizeof out, "%s", text != NULL ? text : "");
    json_decref(events);
    return out;
}

void tgt_walk_random_game(tg_game *game, uint64_t seed, uint32_t decisions,
                          void (*check)(const tg_state *st, void *ctx), void *ctx)
{
    tg_state *st = NULL;
    if (tg_state_new(game, seed, &st) != TG_OK)
        fail_msg("state_new failed");
    uint64_t pick = seed * 0x9E3779B97F4A7C15ull + 3;
    check(st, ctx);
    for (uint32_t k = 0; k < decisions && !tg_state_is_terminal(st); k++) {
        support_random_decision(st, &pick);
        check(st, ctx);
    }
    tg_state_free(st);
}

void tgt_walk_random_games(const char *id, int first, int last, int step, uint64_t seeds,
                           uint32_t decisions, void (*check)(const tg_state *st, void *ctx),
                           void *ctx)
{
    for (int players = first; players <= last; players += step) {
        char options[32];
        snprintf(options, sizeof options, "players=%d", players);
        tg_game *game = tgt_game(id, options);
        for (uint64_t seed = 1; seed <= seeds; seed++)
            tgt_walk_random_game(game, seed, decisions, check, ctx);
        tg_game_free(game);
    }
}

void tgt_assert_not_in(const char *text, const char *needle, const char *what)
{
    const char *at = strstr(text, needle);
    if (at == NULL)
        return;
    const char *line = at;
    while (line > text && line[-1] != '\n')
        line--;
    fail_msg("%s shows '%s': %.*s", what, needle, (int)strcspn(line, "\n"), line);
}

tg_state *tgt_random_state(tg_game *game, uint64_t seed, uint32_t decisions)
{
    tg_state *st = NULL;
    if (tg_state_new(game, seed, &st) != TG_OK)
        fail_msg("state_new failed");
    uint64_t pick = seed * 0x9E3779B97F4A7C15ull + 1;
    for (uint32_t k = 0; k < decisions && !tg_state_is_terminal(st); k++)
        support_random_decision(st, &pick);
    return st;
}

tg_state *tgt_player_state(tg_game *game, uint64_t seed, uint32_t decisions)
{
    tg_state *st = tgt_random_state(game, seed, decisions);
    while (tg_state_current_player(st) == TG_PLAYER_CHANCE)
        if (tg_state_apply_chance(st, NULL) != TG_OK)
            fail_msg("chance failed: %s", tg_state_last_error(st));
    if (tg_state_current_player(st) < 0)
        fail_msg("the game ended within %u decisions from seed %llu", (unsigned)decisions,
                 (unsigned long long)seed);
    return st;
}

void *tgt_page_end(size_t size)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    unsigned char *map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
                              MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED || size > page || mprotect(map + page, page, PROT_NONE) != 0)
        fail_msg("no guarded page for %zu bytes", size);
    return map + page - size;
}

void tgt_page_end_free(void *block, size_t size)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    munmap((unsigned char *)block + size - page, 2 * page);
}

void tgt_exercise(tg_state *st, uint64_t seed, uint32_t decisions)
{
    int players = tg_game_players(tg_state_game(st));
    for (int v = TG_VIEW_OMNISCIENT; v < players; v++) {
        json_decref(tgt_observation(st, v));
        json_decref(tgt_events(st, v));
        char *text = NULL;
        if (tg_state_to_text(st, v, &text, NULL) != TG_OK)
            fail_msg("to_text for viewer %d failed", v);
        tg_free(text);
    }
    size_t len = 0;
    unsigned char *save = tgt_save(st, &len);
    tg_state *back = NULL;
    char err[256] = "";
    tg_status s = tg_state_load(save, len, NULL, &back, err, sizeof err);
    int equal = s == TG_OK && tg_state_equal(st, back);
    tg_state_free(back);
    tg_free(save);
    if (!equal)
        fail_msg("the state does not survive a save (%s): %s", tg_status_name(s), err);
    uint32_t start = tg_state_history_length(st);
    uint64_t pick = seed * 0x9E3779B97F4A7C15ull + 7;
    for (uint32_t k = 0; k < decisions && !tg_state_is_terminal(st); k++)
        support_random_decision(st, &pick);
    while (tg_state_history_length(st) > start)
        if (tg_state_undo(st) != TG_OK)
            fail_msg("undo refused: %s", tg_state_last_error(st));
}

#define TGT_MAX_CELLS 128

void tgt_expect_uniform_resample(const tg_state *st, int player, tgt_cell_fn cell, int cells,
                                 int draws, double limit)
{
    tgt_expect_resample_shares(st, player, cell, NULL, cells, draws, limit);
}

void tgt_expect_resample_shares(const tg_state *st, int player, tgt_cell_fn cell,
                                tgt_weight_fn weight, int cells, int draws, double limit)
{
    static char seen[TGT_MAX_CELLS][64];
    int count[TGT_MAX_CELLS] = {0}, kinds = 0;
    for (int k = 0; k < draws; k++) {
        tg_state *r = NULL;
        if (tg_state_clone(st, &r) != TG_OK || tg_state_seed(r, (uint64_t)k + 1) != TG_OK ||
            tg_state_resample(r, player) != TG_OK)
            fail_msg("resample for player %d failed", player);
        char w[64];
        cell(r, w, sizeof w);
        tg_state_free(r);
        int i = 0;
        while (i < kinds && strcmp(seen[i], w) != 0)
            i++;
        if (i == kinds) {
            if (kinds == TGT_MAX_CELLS)
                fail_msg("more than %d hidden assignments", TGT_MAX_CELLS);
            snprintf(seen[kinds++], sizeof seen[0], "%s", w);
        }
        count[i]++;
    }
    if (kinds != cells)
        fail_msg("player %d: %d distinct hidden assignments drawn, %d are consistent", player,
                 kinds, cells);
    double total = 0, chi = 0;
    for (int i = 0; i < kinds; i++)
        total += weight ? weight(seen[i]) : 1.0;
    for (int i = 0; i < kinds; i++) {
        double expect = draws * (weight ? weight(seen[i]) : 1.0) / total;
        chi += (count[i] - expect) * (count[i] - expect) / expect;
    }
    if (chi > limit)
        fail_msg("player %d: chi-square %.1f over %d assignments exceeds %.1f", player, chi,
                 cells, limit);
}

int tgt_run_groups(const tgt_group *groups, size_t count, int argc, char **argv)
{
    int failed = 0;
    if (argc < 2) {
        for (size_t g = 0; g < count; g++)
            failed += groups[g].run();
        return failed != 0;
    }
    for (int a = 1; a < argc; a++) {
        size_t g = 0;
        while (g < count && strcmp(groups[g].name, argv[a]) != 0)
            g++;
        if (g == count) {
            fprintf(stderr, "%s: no test group \"%s\"\n", argv[0], argv[a]);
            return 1;
        }
        failed += groups[g].run();
    }
    return failed != 0;
}

static void *support_maybe_alloc(size_t size, void *user_data)
{
    return *(const int *)user_data ? NULL : malloc(size);
}

static void support_release(void *ptr, void *user_data)
{
    (void)user_data;
    free(ptr);
}

tg_game *tgt_game_failing_memory(const char *id, const char *options, const int *fail)
{
    /* The game keeps its own copy of the hooks, so this one may go. */
    tg_allocator a = { support_maybe_alloc, support_release, (void *)fail };
    tg_game_params params = TG_GAME_PARAMS_INIT;
    params.allocator = &a;
    tg_game *g = NULL;
    tg_status s = tg_game_new(id, options, &params, &g, NULL, 0);
    if (s != TG_OK)
        fail_msg("cannot make %s (%s) with a failing allocator: %s", id, options ? options : "",
                 tg_status_name(s));
    return g;
}
