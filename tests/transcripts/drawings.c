/* Golden drawings: what tg_state_to_text and the events' texts show each
 * viewer of every game at the start and in the middle of a seeded game.
 *   drawings write DIR   writes DIR/<game>.txt for every registered game;
 *   drawings check DIR   (run by ctest) fails on any difference, and for a
 *                        registered game without a file.
 * The middle of the game is reached by moves picked with a fixed LCG from
 * the legal moves (the dice come from the state's seeded RNG); the file
 * lists those moves, so a reader can replay them. A change to a drawing or
 * a text is reviewed by reading the diff of these files
 * (tests/transcripts/README.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/tablegames.h>

/* How far into each game the middle drawing is taken (decisions, chance
 * included); games not named here use the default. */
static const struct {
    const char *id;
    unsigned decisions;
} drawings_middle[] = {
    {"witches_dance", 80},
    {"bewitched", 600},
    {"creepy_cauldron", 120},
    {"spinning_wishes", 160},
};

static unsigned drawings_middle_of(const char *id)
{
    for (size_t i = 0; i < sizeof drawings_middle / sizeof drawings_middle[0]; i++)
        if (strcmp(drawings_middle[i].id, id) == 0)
            return drawings_middle[i].decisions;
    return 100;
}

/* A growing text, failing the program when memory runs out. */
typedef struct drawings_text {
    char *data;
    size_t len, cap;
} drawings_text;

static void drawings_add(drawings_text *t, const char *s, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        t->cap = (t->len + n + 1) * 2;
        t->data = realloc(t->data, t->cap);
        if (t->data == NULL) {
            perror("drawings");
            exit(2);
        }
    }
    memcpy(t->data + t->len, s, n);
    t->len += n;
    t->data[t->len] = '\0';
}

static void drawings_puts(drawings_text *t, const char *s)
{
    drawings_add(t, s, strlen(s));
}

static const char *drawings_viewer(int v, char *buf, size_t cap)
{
    if (v == TG_VIEW_OMNISCIENT)
        snprintf(buf, cap, "the referee");
    else
        snprintf(buf, cap, "player %d", v);
    return buf;
}

/* Every viewer's drawing and events' texts of the state. */
static int drawings_views(drawings_text *t, const tg_state *st, const char *when)
{
    int players = tg_game_players(tg_state_game(st));
    for (int v = TG_VIEW_OMNISCIENT; v < players; v++) {
        char name[32], head[128], *text = NULL;
        size_t len = 0;
        snprintf(head, sizeof head, "==== %s, as %s sees it\n", when,
                 drawings_viewer(v, name, sizeof name));
        drawings_puts(t, head);
        if (tg_state_to_text(st, v, &text, &len) != TG_OK)
            return -1;
        drawings_add(t, text, len);
        tg_free(text);
        if (tg_state_events_json(st, v, &text, &len) != TG_OK)
            return -1;
        drawings_puts(t, "---- events of the last decision (JSON, with their texts)\n");
        drawings_add(t, text, len);
        drawings_puts(t, "\n");
        tg_free(text);
    }
    return 0;
}

/* The drawings of one game: the first decision a person makes, then the
 * middle of the game; returns 0 on success. */
static int drawings_game(const char *id, drawings_text *t)
{
    char err[256] = "", line[256];
    tg_game *game = NULL;
    tg_state *st = NULL;
    tg_move *moves = NULL;
    uint64_t pick = 12345;
    unsigned middle = drawings_middle_of(id);
    int rc = -1;

    if (tg_game_new(id, "", NULL, &game, err, sizeof err) != TG_OK ||
        tg_state_new(game, 7, &st) != TG_OK) {
        fprintf(stderr, "drawings: %s: %s\n", id, err);
        goto done;
    }
    moves = malloc(tg_game_max_legal_moves(game) * sizeof *moves);
    if (moves == NULL)
        goto done;
    snprintf(line, sizeof line, "%s (%s), seed 7\n", id, tg_game_options(game));
    drawings_puts(t, line);
    while (tg_state_current_player(st) == TG_PLAYER_CHANCE)
        tg_state_apply_chance(st, NULL);
    if (drawings_views(t, st, "the first decision") != 0)
        goto done;
    drawings_puts(t, "==== moves played from there (picked by a fixed LCG):\n");
    for (unsigned i = 0; i < middle && !tg_state_is_terminal(st); i++) {
        tg_move m;
        size_t n = 0;
        char text[64];
        if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
            tg_state_sample_chance(st, &m);
        } else {
            tg_state_legal_moves(st, moves, tg_game_max_legal_moves(game), &n);
            pick = pick * 6364136223846793005u + 1442695040888963407u;
            m = moves[(pick >> 33) % n];
        }
        tg_state_move_text(st, m, text, sizeof text, NULL);
        snprintf(line, sizeof line, "%s%s", i % 10 ? " " : i ? "\n" : "", text);
        drawings_puts(t, line);
        if (tg_state_apply(st, m) != TG_OK)
            goto done;
    }
    drawings_puts(t, "\n");
    rc = drawings_views(t, st, "the middle of the game");
done:
    free(moves);
    tg_state_free(st);
    tg_game_free(game);
    return rc;
}

static char *drawings_read(const char *path)
{
    FILE *f = fopen(path, "rb");
    drawings_text t = {NULL, 0, 0};
    char buf[4096];
    size_t n;
    if (f == NULL)
        return NULL;
    drawings_add(&t, "", 0);
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        drawings_add(&t, buf, n);
    fclose(f);
    return t.data;
}

/* The first line where two texts differ, for the failure message. */
static void drawings_report(const char *path, const char *want, const char *got)
{
    const char *w = want, *g = got, *line_w = want, *line_g = got;
    int line = 1;
    while (*w != '\0' && *w == *g) {
        if (*w == '\n') {
            line++;
            line_w = w + 1;
            line_g = g + 1;
        }
        w++, g++;
    }
    fprintf(stderr, "drawings: %s differs from line %d:\n  want: %.*s\n  got:  %.*s\n", path,
            line, (int)strcspn(line_w, "\n"), line_w, (int)strcspn(line_g, "\n"), line_g);
}

int main(int argc, char **argv)
{
    int failures = 0, write;
    if (argc != 3 || (strcmp(argv[1], "write") != 0 && strcmp(argv[1], "check") != 0)) {
        fprintf(stderr, "usage: drawings write|check DIR\n");
        return 2;
    }
    write = strcmp(argv[1], "write") == 0;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const char *id = tg_catalogue_get(i)->id;
        char path[1024];
        drawings_text t = {NULL, 0, 0};
        drawings_add(&t, "", 0);
        snprintf(path, sizeof path, "%s/%s.txt", argv[2], id);
        if (drawings_game(id, &t) != 0) {
            fprintf(stderr, "drawings: %s: the API refused a call\n", id);
            failures++;
        } else if (write) {
            FILE *f = fopen(path, "wb");
            if (f == NULL || fwrite(t.data, 1, t.len, f) != t.len) {
                perror(path);
                failures++;
            }
            if (f != NULL)
                fclose(f);
        } else {
            char *want = drawings_read(path);
            if (want == NULL) {
                fprintf(stderr, "drawings: no %s (a new game records it with 'write')\n", path);
                failures++;
            } else if (strcmp(want, t.data) != 0) {
                drawings_report(path, want, t.data);
                failures++;
            }
            free(want);
        }
        free(t.data);
    }
    if (failures == 0)
        printf("drawings: %s %zu games\n", write ? "wrote" : "checked", tg_catalogue_count());
    return failures == 0 ? 0 : 1;
}
