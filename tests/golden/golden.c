/* Saved games and move numbers are a promise to programs we never see.
 *   golden write DIR   records, for every game and player count, a seeded
 *                      random game (move ids and texts) and its saves, in
 *                      the current save format: <id>_p<N>.f<V>.* for format
 *                      V >= 2 (format 1's files have no .f1), so the files
 *                      of older formats stay as they were written;
 *   golden check DIR   (run by ctest) replays every record and loads every
 *                      save, failing on any difference. A record replays
 *                      with the game its final save loads as: a format-1
 *                      record gets its options' 1.1 values, as any format-1
 *                      save does.
 * A change that makes the check fail breaks saved games or move numbering:
 * it needs a format version bump and a migration path (abi/README.md), not a
 * rewrite of these files. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/tablegames.h>
#include <jansson.h>

static int failures;

static void fail(const char *file, const char *what)
{
    fprintf(stderr, "golden: %s: %s\n", file, what);
    failures++;
}

/* Plays to the end (or `limit` decisions) picking moves with a fixed LCG. */
static tg_state *play(tg_game *g, uint64_t seed, unsigned limit, json_t *ids, json_t *texts)
{
    tg_state *st = NULL;
    if (tg_state_new(g, seed, &st) != TG_OK)
        return NULL;
    uint64_t pick = seed;
    tg_move moves[4096];
    size_t n;
    for (unsigned i = 0; i < limit && !tg_state_is_terminal(st); i++) {
        tg_move m;
        if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
            tg_state_sample_chance(st, &m);
        } else {
            tg_state_legal_moves(st, moves, 4096, &n);
            pick = pick * 6364136223846793005u + 1442695040888963407u;
            m = moves[(pick >> 33) % n];
        }
        char text[128];
        tg_state_move_text(st, m, text, sizeof text, NULL);
        json_array_append_new(ids, json_integer(m));
        json_array_append_new(texts, json_string(text));
        tg_state_apply(st, m);
    }
    return st;
}

static void write_bytes(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, n, f) != n) {
        perror(path);
        exit(1);
    }
    fclose(f);
}

/* The format version this library writes, from one of its JSON saves. */
static int current_format(void)
{
    tg_game *g = NULL;
    tg_state *st = NULL;
    char *text = NULL;
    int v = 0;
    if (tg_game_new(tg_catalogue_get(0)->id, NULL, NULL, &g, NULL, 0) == TG_OK &&
        tg_state_new(g, 1, &st) == TG_OK && tg_state_to_json(st, &text, NULL) == TG_OK) {
        json_t *j = json_loads(text, 0, NULL);
        v = (int)json_integer_value(json_object_get(j, "format_version"));
        json_decref(j);
    }
    tg_free(text);
    tg_state_free(st);
    tg_game_free(g);
    return v;
}

static int write_all(const char *dir)
{
    char infix[16] = "";
    int format = current_format();
    if (format < 1)
        return 1;
    if (format > 1)
        snprintf(infix, sizeof infix, ".f%d", format);
    for (size_t gi = 0; gi < tg_catalogue_count(); gi++) {
        const tg_game_info *info = tg_catalogue_get(gi);
        for (int p = info->min_players; p <= info->max_players; p++) {
            char opts[32], path[1024];
            snprintf(opts, sizeof opts, "players=%d", p);
            tg_game *g = NULL;
            if (tg_game_new(info->id, opts, NULL, &g, NULL, 0) != TG_OK)
                return 1;
            json_t *ids = json_array(), *texts = json_array();
            uint64_t seed = 20261130u + (uint64_t)p;
            tg_state *st = play(g, seed, 1000000, ids, texts);
            uint32_t winners = 0;
            tg_state_winners(st, &winners);
            char *final = NULL;
            tg_state_to_json(st, &final, NULL);
            json_t *rec = json_pack("{s:s,s:s,s:I,s:o,s:o,s:I,s:I}", "game", info->id, "options",
                                    tg_game_options(g), "seed", (json_int_t)seed, "moves", ids,
                                    "texts", texts, "winners", (json_int_t)winners,
                                    "move_number", (json_int_t)tg_state_move_number(st));
            json_object_set_new(rec, "final", json_loads(final, 0, NULL));
            snprintf(path, sizeof path, "%s/%s_p%d%s.game.json", dir, info->id, p, infix);
            json_dump_file(rec, path, JSON_INDENT(1) | JSON_SORT_KEYS);
            json_decref(rec);
            tg_free(final);
            tg_state_free(st);
            /* A mid-game position, saved in both forms. */
            json_t *a = json_array(), *b = json_array();
            st = play(g, seed + 1, 60, a, b);
            json_decref(a);
            json_decref(b);
            unsigned char *bytes;
            size_t n;
            tg_state_save(st, &bytes, &n);
            snprintf(path, sizeof path, "%s/%s_p%d%s.mid.tgsv", dir, info->id, p, infix);
            write_bytes(path, bytes, n);
            tg_free(bytes);
            char *text;
            tg_state_to_json(st, &text, &n);
            snprintf(path, sizeof path, "%s/%s_p%d%s.mid.json", dir, info->id, p, infix);
            write_bytes(path, text, n);
            tg_free(text);
            tg_state_free(st);
            tg_game_free(g);
        }
    }
    return 0;
}

static void check_record(const char *path)
{
    json_error_t e;
    json_t *rec = json_load_file(path, 0, &e);
    const char *id = NULL, *opts = NULL;
    json_int_t seed = 0, winners = 0, move_number = 0;
    json_t *ids = NULL, *texts = NULL, *final = NULL;
    if (!rec || json_unpack(rec, "{s:s,s:s,s:I,s:o,s:o,s:I,s:I,s:o}", "game", &id, "options",
                            &opts, "seed", &seed, "moves", &ids, "texts", &texts, "winners",
                            &winners, "move_number", &move_number, "final", &final)) {
        fail(path, "unreadable record");
        json_decref(rec);
        return;
    }
    /* The game as the record's own save format makes it (a format-1
     * record's options string lacks the options added since). */
    char *final_text = json_dumps(final, 0);
    tg_state *want = NULL;
    if (!final_text ||
        tg_state_from_json(final_text, strlen(final_text), NULL, &want, NULL, 0) != TG_OK) {
        fail(path, "the recorded final state no longer loads");
        free(final_text);
        json_decref(rec);
        return;
    }
    free(final_text);
    tg_game *g = NULL;
    tg_state *st = NULL;
    if (strcmp(tg_game_id(tg_state_game(want)), id) != 0 ||
        tg_game_new(id, tg_game_options(tg_state_game(want)), NULL, &g, NULL, 0) != TG_OK ||
        tg_state_new(g, (uint64_t)seed, &st)) {
        fail(path, "game cannot be made");
        tg_game_free(g);
        tg_state_free(want);
        json_decref(rec);
        return;
    }
    (void)opts;
    size_t i;
    json_t *v;
    json_array_foreach(ids, i, v) {
        tg_move m = (tg_move)json_integer_value(v), drawn = m;
        /* The same seed must still draw the same outcome at every chance point. */
        if (tg_state_current_player(st) == TG_PLAYER_CHANCE &&
            (tg_state_sample_chance(st, &drawn) != TG_OK || drawn != m)) {
            fail(path, "the random stream no longer gives the recorded outcome");
            break;
        }
        char text[128] = "";
        tg_state_move_text(st, m, text, sizeof text, NULL);
        const char *was = json_string_value(json_array_get(texts, i));
        if (!was || strcmp(text, was) != 0 || tg_state_apply(st, m) != TG_OK) {
            char msg[300];
            snprintf(msg, sizeof msg, "decision %zu: move %u is now '%s', was '%s'", i,
                     (unsigned)m, text, was ? was : "?");
            fail(path, msg);
            break;
        }
    }
    uint32_t w = 0;
    tg_state_winners(st, &w);
    if (w != (uint32_t)winners || tg_state_move_number(st) != (uint32_t)move_number)
        fail(path, "the replayed game ends differently");
    if (!tg_state_equal(st, want))
        fail(path, "the replayed final position differs from the recorded one");
    tg_state_free(want);
    tg_state_free(st);
    tg_game_free(g);
    json_decref(rec);
}

static char *read_file(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    rewind(f);
    char *buf = malloc((size_t)len + 1);
    *n = fread(buf, 1, (size_t)len, f);
    fclose(f);
    return buf;
}

/* A format-1 save holds no knowledge: loading rebuilds it by replaying the
 * history; a format-2 save states it. Either way the loaded state must equal
 * the same decisions played on a new state (knowledge marks included), when
 * the history starts at the beginning of the game. */
static void check_recalled(const char *path, const tg_state *loaded)
{
    uint32_t n = tg_state_history_length(loaded);
    if (n != tg_state_move_number(loaded))
        return;
    tg_move *hist = calloc((size_t)n + 1, sizeof *hist);
    size_t got = 0;
    tg_game *g = tg_game_ref(tg_state_game(loaded));
    tg_state *fresh = NULL;
    int ok = hist && tg_state_history(loaded, hist, n, &got) == TG_OK &&
             tg_state_new(g, 0, &fresh) == TG_OK;
    for (size_t i = 0; ok && i < got; i++)
        ok = tg_state_apply(fresh, hist[i]) == TG_OK;
    if (!ok || !tg_state_equal(loaded, fresh))
        fail(path, "a format-1 save loads with other knowledge than its history gives");
    tg_state_free(fresh);
    tg_game_free(g);
    free(hist);
}

/* The binary and JSON saves of one position must load to the same state. */
static void check_saves(const char *bin_path)
{
    char json_path[1024];
    snprintf(json_path, sizeof json_path, "%.*s.json", (int)(strlen(bin_path) - 5), bin_path);
    size_t nb = 0, nj = 0;
    char *bin = read_file(bin_path, &nb), *json = read_file(json_path, &nj);
    tg_state *a = NULL, *b = NULL;
    char err[256] = "";
    if (!bin || tg_state_load((unsigned char *)bin, nb, NULL, &a, err, sizeof err) != TG_OK)
        fail(bin_path, err[0] ? err : "missing");
    else if (!json || tg_state_from_json(json, nj, NULL, &b, err, sizeof err) != TG_OK)
        fail(json_path, err[0] ? err : "missing");
    else if (!tg_state_equal(a, b) || tg_state_history_length(a) != tg_state_history_length(b))
        fail(bin_path, "binary and JSON saves no longer load to the same state");
    else
        check_recalled(bin_path, a);
    free(bin);
    free(json);
    tg_state_free(a);
    tg_state_free(b);
}

static int check_all(const char *dir)
{
    DIR *d = opendir(dir);
    int records = 0, saves = 0;
    if (!d)
        return 1;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        char path[1024];
        size_t len = strlen(e->d_name);
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (len > 10 && strcmp(e->d_name + len - 10, ".game.json") == 0)
            check_record(path), records++;
        else if (len > 5 && strcmp(e->d_name + len - 5, ".tgsv") == 0)
            check_saves(path), saves++;
    }
    closedir(d);
    printf("golden: %d recorded games and %d saved positions checked, %d differences\n",
           records, saves, failures);
    return failures != 0 || records == 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "write") == 0)
        return write_all(argv[2]);
    if (argc == 3 && strcmp(argv[1], "check") == 0)
        return check_all(argv[2]);
    fprintf(stderr, "usage: golden write|check DIR\n");
    return 2;
}
