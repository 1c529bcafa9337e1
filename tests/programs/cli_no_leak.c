/* tablegames play shows a person's seat nothing the rules hide from it.
 *
 * For every game: a person at one seat (stdin answers "1" every time)
 * plays the computer, once as the program shows it to that seat and once
 * with --viewer all (the referee's transcript of the same game, since the
 * seed decides every roll and every computer move). The referee's
 * transcript gives every decision; replaying them with the library gives,
 * for each, the referee's events and the seat's. Where they differ, the
 * decision's text and every event field the seat's events lack or show
 * otherwise are hidden facts, and none may appear in the seat's transcript
 * between that decision and the next.
 *   cli_no_leak PATH_TO_TABLEGAMES */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <boardgames/tablegames.h>

enum { ANSWERS = 160, SEEDS = 2 };

static int failures;

static void fail(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "FAIL: ");
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    failures++;
}

/* The whole output of a shell command, or NULL. */
static char *run(const char *cmd)
{
    FILE *p = popen(cmd, "r");
    if (!p)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *out = malloc(cap);
    for (size_t got; out && (got = fread(out + n, 1, cap - n - 1, p)) > 0;) {
        n += got;
        if (cap - n < 4096) {
            char *more = realloc(out, cap *= 2);
            if (!more)
                free(out);
            out = more;
        }
    }
    if (pclose(p) != 0 || !out) {
        free(out);
        return NULL;
    }
    out[n] = '\0';
    return out;
}

/* Lines of a transcript, split in place. */
typedef struct lines {
    char **at;
    size_t n;
} lines;

static lines split(char *text)
{
    lines l = {NULL, 0};
    size_t cap = 0;
    for (char *p = text; *p;) {
        char *end = strchr(p, '\n');
        if (end)
            *end = '\0';
        if (l.n == cap) {
            cap = cap ? 2 * cap : 1024;
            l.at = realloc(l.at, cap * sizeof *l.at);
            if (!l.at)
                exit(2);
        }
        l.at[l.n++] = p;
        p = end ? end + 1 : p + strlen(p);
    }
    return l;
}

/* A line announcing a decision: a chance outcome, a computer's move or a
 * person's answer after the prompt. Returns the text after the label. */
static const char *decision_text(const char *line, int *person)
{
    int seat;
    char tail[16];
    *person = 0;
    if (strncmp(line, "chance: ", 8) == 0)
        return line + 8;
    const char *c = strstr(line, " (computer): ");
    if (strncmp(line, "player ", 7) == 0 && c)
        return c + 13;
    if (sscanf(line, "player %d> %15s", &seat, tail) == 2) {
        *person = 1;
        return strchr(line, '>') + 2;
    }
    return NULL;
}

/* How the program prints one event member (play_show.c): " key=value". */
static void member_text(const char *key, json_t *value, char *out, size_t cap)
{
    if (json_is_string(value)) {
        snprintf(out, cap, " %s=%s", key, json_string_value(value));
        return;
    }
    char *dump = json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY);
    snprintf(out, cap, " %s=%s", key, dump ? dump : "?");
    free(dump);
}

static json_t *events(const tg_state *st, int viewer)
{
    char *text = NULL;
    if (tg_state_events_json(st, viewer, &text, NULL) != TG_OK)
        exit(2);
    json_t *j = json_loads(text, 0, NULL);
    tg_free(text);
    return j;
}

/* Hidden facts of one decision: what the referee's events hold and the
 * seat's do not; empty when the seat saw it all. */
typedef struct facts {
    char text[64][200];
    int n;
    int hidden;
} facts;

static void add_fact(facts *f, const char *text)
{
    if (f->n < 64)
        snprintf(f->text[f->n++], sizeof f->text[0], "%s", text);
}

static void hidden_facts(const tg_state *st, int seat, facts *f)
{
    json_t *all = events(st, TG_VIEW_OMNISCIENT), *mine = events(st, seat);
    f->n = 0;
    f->hidden = !json_equal(all, mine);
    size_t i;
    json_t *ev;
    json_array_foreach(all, i, ev) {
        json_t *own = json_array_get(mine, i);
        const char *key;
        json_t *value;
        json_object_foreach(ev, key, value) {
            json_t *seen = json_is_object(own) ? json_object_get(own, key) : NULL;
            if (seen && json_equal(seen, value))
                continue;
            char text[200];
            if (strcmp(key, "text") == 0 && json_is_string(value))
                snprintf(text, sizeof text, "%s", json_string_value(value));
            else
                member_text(key, value, text, sizeof text);
            add_fact(f, text);
        }
    }
    /* What the seat's own events show is known to it, whatever else hides. */
    json_array_foreach(mine, i, ev) {
        const char *key;
        json_t *value;
        json_object_foreach(ev, key, value) {
            char text[200];
            member_text(key, value, text, sizeof text);
            for (int k = 0; k < f->n; k++)
                if (strcmp(f->text[k], text) == 0)
                    f->text[k][0] = '\0';
        }
    }
    json_decref(all);
    json_decref(mine);
}

/* Indices of the decision lines of a transcript. */
static size_t decisions(const lines *t, size_t *at, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < t->n && n < cap; i++) {
        int person;
        if (decision_text(t->at[i], &person))
            at[n++] = i;
    }
    return n;
}

static tg_move choose(tg_state *st, const char *text, int person)
{
    tg_move m = 0;
    if (tg_state_parse_move(st, text, &m) == TG_OK)
        return m;
    if (person) { /* a number picks from the list */
        tg_move moves[4096];
        size_t n = 0;
        if (tg_state_legal_moves(st, moves, 4096, &n) == TG_OK && n > 0 && atoi(text) >= 1 &&
            (size_t)atoi(text) <= n)
            return moves[atoi(text) - 1];
    }
    fail("cannot replay the decision '%s'%s", text, "");
    exit(1);
}

static int check_game(const char *cli, const char *input, const tg_game_info *info,
                      unsigned seed, int seat, int *hidden_total)
{
    char cmd[1024], ref_cmd[1100];
    snprintf(cmd, sizeof cmd, "'%s' play %s --players %d --seed %u --computer easy --seat %d < '%s'",
             cli, info->id, info->min_players, seed, seat, input);
    snprintf(ref_cmd, sizeof ref_cmd, "%s --viewer all", cmd);
    char *seat_out = run(cmd), *ref_out = run(ref_cmd);
    if (!seat_out || !ref_out) {
        fail("%s: the program failed (%s)", info->id, cmd);
        return 1;
    }
    lines mine = split(seat_out), ref = split(ref_out);
    static size_t mine_at[ANSWERS * 64], ref_at[ANSWERS * 64];
    size_t n = decisions(&ref, ref_at, ANSWERS * 64);
    if (decisions(&mine, mine_at, ANSWERS * 64) != n || n == 0) {
        fail("%s: the seat's and the referee's transcripts show different decisions", info->id,
             "");
        return 1;
    }
    char opts[32];
    snprintf(opts, sizeof opts, "players=%d", info->min_players);
    tg_game *g = NULL;
    tg_state *st = NULL;
    if (tg_game_new(info->id, opts, NULL, &g, NULL, 0) != TG_OK ||
        tg_state_new(g, seed, &st) != TG_OK)
        exit(2);
    int hidden = 0;
    static facts f;
    for (size_t d = 0; d < n; d++) {
        int person;
        const char *text = decision_text(ref.at[ref_at[d]], &person);
        if (tg_state_apply(st, choose(st, text, person)) != TG_OK)
            exit(2);
        hidden_facts(st, seat, &f);
        hidden += f.hidden;
        const char *shown = decision_text(mine.at[mine_at[d]], &person);
        if (f.hidden && !person && strcmp(shown, text) == 0)
            fail("%s: the seat sees the hidden decision '%s'", info->id, mine.at[mine_at[d]]);
        size_t end = d + 1 < n ? mine_at[d + 1] : mine.n;
        for (size_t i = mine_at[d] + 1; i < end; i++)
            for (int k = 0; k < f.n; k++)
                if (f.text[k][0] && strstr(mine.at[i], f.text[k]))
                    fail("%s: the seat sees the hidden fact in '%s'", info->id, mine.at[i]);
    }
    printf("%s, seed %u, seat %d: %zu decisions, %d with facts hidden from the seat\n", info->id,
           seed, seat, n, hidden);
    *hidden_total += hidden;
    tg_state_free(st);
    tg_game_free(g);
    free(mine.at);
    free(ref.at);
    free(seat_out);
    free(ref_out);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: cli_no_leak PATH_TO_TABLEGAMES\n");
        return 2;
    }
    char input[] = "/tmp/tg-cli-answers-XXXXXX";
    int fd = mkstemp(input);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f)
        return 2;
    for (int i = 0; i < ANSWERS; i++)
        fputs("1\n", f);
    fclose(f);
    int hidden = 0;
    for (size_t g = 0; g < tg_catalogue_count(); g++)
        for (unsigned seed = 1; seed <= SEEDS; seed++)
            check_game(argv[1], input, tg_catalogue_get(g), seed, (int)(seed % 2), &hidden);
    unlink(input);
    /* Without any hidden fact the test would prove nothing. */
    if (tg_catalogue_count() > 0 && hidden == 0)
        fail("no game hid anything from the seat%s%s", "", "");
    printf("%s\n", failures ? "LEAKS FOUND" : "no hidden fact shown to the seat");
    return failures ? 1 : 0;
}
