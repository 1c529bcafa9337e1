/* tablegames play shows a person's seat nothing the rules hide from it.
 *
 * For every game, with its fewest players and one more: a person at one
 * seat (stdin answers "a", the first move of the list, every time) plays
 * the computer, once as the program shows it to that seat and once with
 * --viewer all (the referee's transcript of the same game: the seed
 * decides every roll and every computer move). The test replays the game
 * with the library: a computer's move from the referee's transcript, the
 * person's from the move the referee's list shows behind "a", a chance
 * outcome from the state's own seeded RNG, as the program rolls it (every
 * event text the referee's transcript prints for a decision is checked
 * against the replay, so a replay that goes astray fails). For each
 * decision the referee's events and the seat's give the hidden facts: the
 * text and every field the seat's events lack or show otherwise. None may
 * appear in what the seat reads after the decision: the lines from the
 * announcement of that decision (or, for a chance outcome, which at the
 * keyboard is told by its events only, of the decision before it) to the
 * next announcement. A computer's move with hidden facts must not be
 * announced by its notation.
 * The same game is then shown with --viewer public (the person still types
 * at the seat): the hidden facts are then those the public viewer's events
 * lack, so not even the person's own secrets may show.
 * Every check runs again with --chance table, where the keyboard answers
 * "what happened?" at chance points too (the same answers: an outcome's
 * letter). There an outcome typed in must be one the whole table sees (the
 * public viewer's events of it are the referee's): typing a hidden one
 * would show it to everyone at the screen; and one the whole table sees
 * must be asked, not drawn.
 *   cli_no_leak PATH_TO_TABLEGAMES */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <boardgames/tablegames.h>

enum { ANSWERS = 200, SEEDS = 2, FACTS = 512, FACT_LEN = 240 };

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

/* An announcement: a computer's move, a person's answer at the prompt, or
 * (--chance table) the table's answer to "what happened?". */
enum { MARK_COMPUTER = 1, MARK_PERSON = 2, MARK_TABLE = 3 };
static const char table_prompt[] = "what happened? ";
typedef struct mark {
    size_t line;
    int kind;
    int seat;
    const char *text; /* the move's text, or what the person typed */
} mark;

static int mark_of(const char *line, mark *m)
{
    int seat, used = 0;
    const char *c = strstr(line, " (computer): ");
    if (strncmp(line, "player ", 7) == 0 && c && sscanf(line, "player %d", &seat) == 1) {
        m->kind = MARK_COMPUTER;
        m->seat = seat;
        m->text = c + 13;
        return 1;
    }
    if (strncmp(line, table_prompt, sizeof table_prompt - 1) == 0) {
        m->kind = MARK_TABLE;
        m->seat = TG_PLAYER_CHANCE;
        m->text = line + sizeof table_prompt - 1;
        return 1;
    }
    if (sscanf(line, "player %d> %n", &seat, &used) == 1 && used > 0) {
        m->kind = MARK_PERSON;
        m->seat = seat;
        m->text = line + used;
        return 1;
    }
    return 0;
}

static size_t marks(const lines *t, mark *out, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < t->n && n < cap; i++)
        if (mark_of(t->at[i], &out[n])) {
            out[n].line = i;
            n++;
        }
    return n;
}

/* Lines first..end-1 as one text, each without its indent, joined by one
 * space: an event text wrapped over lines reads whole again. */
static char *joined(const lines *t, size_t first, size_t end)
{
    size_t len = 1;
    for (size_t i = first; i < end; i++)
        len += strlen(t->at[i]) + 1;
    char *out = malloc(len), *p = out;
    if (!out)
        exit(2);
    for (size_t i = first; i < end; i++) {
        const char *s = t->at[i];
        while (*s == ' ')
            s++;
        p += sprintf(p, "%s%s", p > out ? " " : "", s);
    }
    *p = '\0';
    return out;
}

/* How the program prints one event member of an event without a text
 * (play_show.c): " key=value". */
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

static void event_text(const char *key, json_t *value, char *out, size_t cap)
{
    if (strcmp(key, "text") == 0 && json_is_string(value))
        snprintf(out, cap, "%s", json_string_value(value));
    else
        member_text(key, value, out, cap);
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

/* What the seat must not read in one stretch of its transcript (hidden;
 * moves: the notations of hidden chance outcomes) and what its own events
 * there tell it (known). */
typedef struct facts {
    char hidden[FACTS][FACT_LEN];
    char known[FACTS][FACT_LEN];
    char moves[FACTS][FACT_LEN];
    int n_hidden, n_known, n_moves;
} facts;

static void add(char (*list)[FACT_LEN], int *n, const char *text)
{
    if (*n == FACTS) {
        fail("more than %s facts in one stretch of the transcript%s", "512", "");
        return;
    }
    snprintf(list[(*n)++], FACT_LEN, "%s", text);
}

/* Adds the last decision's facts; returns whether any was hidden from the
 * seat. The referee's event texts must be in ref_text, or the replay is
 * not the game the program played. */
static int decision_facts(const tg_state *st, int seat, facts *f, const char *ref_text,
                          const char *game)
{
    json_t *all = events(st, TG_VIEW_OMNISCIENT), *mine = events(st, seat);
    int hidden = !json_equal(all, mine);
    size_t i;
    json_t *ev;
    char text[FACT_LEN];
    json_array_foreach(all, i, ev) {
        json_t *own = json_array_get(mine, i);
        const char *key;
        json_t *value;
        const char *said = json_string_value(json_object_get(ev, "text"));
        if (said && !strstr(ref_text, said))
            fail("%s: the replay is not the game played: the referee never read '%s'", game,
                 said);
        json_object_foreach(ev, key, value) {
            json_t *seen = json_is_object(own) ? json_object_get(own, key) : NULL;
            if (seen && json_equal(seen, value))
                continue;
            event_text(key, value, text, sizeof text);
            add(f->hidden, &f->n_hidden, text);
        }
    }
    json_array_foreach(mine, i, ev) {
        const char *key;
        json_t *value;
        json_object_foreach(ev, key, value) {
            event_text(key, value, text, sizeof text);
            add(f->known, &f->n_known, text);
        }
    }
    json_decref(all);
    json_decref(mine);
    return hidden;
}

/* Does a line of the stretch end with the notation, as an announcement
 * ("chance: prince:hat3") would? A word inside a sentence or a legend
 * ("deadly or harmless") is no notation. */
static int ends_with_move(const lines *t, size_t first, size_t end, const char *move)
{
    size_t len = strlen(move);
    for (size_t i = first; i < end; i++) {
        size_t n = strlen(t->at[i]);
        const char *tail = t->at[i] + n - len;
        if (n >= len && strcmp(tail, move) == 0 &&
            (tail == t->at[i] || tail[-1] == ' ' || tail[-1] == ':' || tail[-1] == '('))
            return 1;
    }
    return 0;
}

/* Fails for every hidden fact of the stretch that the seat reads in it and
 * its own events there do not tell it, and for every hidden chance outcome
 * announced there; empties f. */
static void check_stretch(facts *f, const lines *t, size_t first, size_t end, const char *game)
{
    char *seat_text = joined(t, first, end);
    for (int k = 0; k < f->n_moves; k++)
        if (ends_with_move(t, first, end, f->moves[k]))
            fail("%s: the seat reads the hidden chance outcome '%s'", game, f->moves[k]);
    for (int k = 0; k < f->n_hidden; k++) {
        int known = 0;
        for (int j = 0; j < f->n_known && !known; j++)
            known = strcmp(f->hidden[k], f->known[j]) == 0;
        if (!known && f->hidden[k][0] && strstr(seat_text, f->hidden[k]))
            fail("%s: the seat reads the hidden fact '%s'", game, f->hidden[k]);
    }
    free(seat_text);
    f->n_hidden = f->n_known = f->n_moves = 0;
}

/* The header of the list of moves (or of a chance point's outcomes) the
 * referee's transcript drew last before line; 0 when there is none. */
static size_t list_header(const lines *ref, size_t line)
{
    while (line > 0 && !strstr(ref->at[line], "to decide; legal moves:") &&
           !strstr(ref->at[line], "what happened? possible outcomes:"))
        line--;
    return line;
}

/* Whether the table's answer at m was asked at the chance point of st: the
 * list before it is headed "move N, chance at the table" with st's N. */
static int asked_here(const tg_state *st, const lines *ref, const mark *m)
{
    unsigned number;
    return m->kind == MARK_TABLE &&
           sscanf(ref->at[list_header(ref, m->line)], "move %u, chance at the table", &number) ==
               1 &&
           number == tg_state_move_number(st) + 1;
}

/* The move the person's answer played: a move's notation (at a chance
 * point, the words for an outcome), else the move behind that letter in
 * the last list the referee's transcript drew before the prompt (an answer
 * that played nothing prompts again without a new list); 0 when the
 * answer played nothing. */
static int person_move(tg_state *st, const lines *ref, const mark *m, tg_move *out)
{
    char label[16];
    if (m->text[0] == '\0')
        return 0;
    if (tg_state_parse_move(st, m->text, out) == TG_OK)
        return 1;
    size_t from = list_header(ref, m->line);
    snprintf(label, sizeof label, "%s) ", m->text);
    for (size_t i = m->line; i-- > from;) {
        const char *at = strstr(ref->at[i], label);
        if (at && (at == ref->at[i] || at[-1] == ' ')) {
            char text[128];
            if (sscanf(at + strlen(label), "%127s", text) == 1 &&
                tg_state_parse_move(st, text, out) == TG_OK)
                return 1;
        }
    }
    return 0;
}

typedef struct tally {
    size_t decisions, hidden, person;
    size_t asked; /* outcomes the table typed in (--chance table) */
    size_t own; /* shown as public: decisions that told the seat a secret */
    int seat;
} tally;

/* Counts, for the public view, a decision whose events told the person's
 * seat more than the public viewer: a secret of the seat's own to keep. */
static void count_own(const tg_state *st, int view, tally *t)
{
    if (view != TG_VIEW_PUBLIC)
        return;
    json_t *seat = events(st, t->seat), *pub = events(st, view);
    t->own += !json_equal(seat, pub);
    json_decref(seat);
    json_decref(pub);
}

/* Whether the public viewer's events of the last decision are the
 * referee's: the whole table saw all it did. */
static int public_saw_all(const tg_state *st)
{
    json_t *all = events(st, TG_VIEW_OMNISCIENT), *pub = events(st, TG_VIEW_PUBLIC);
    int same = json_equal(all, pub);
    json_decref(all);
    json_decref(pub);
    return same;
}

/* Replays the referee's transcript and checks the seat's beside it. */
static void check_transcripts(const char *game, int seat, tg_state *st, const lines *ref,
                              const lines *mine, int table, tally *t)
{
    static mark ref_at[ANSWERS * 64], mine_at[ANSWERS * 64];
    static facts f;
    size_t n = marks(ref, ref_at, ANSWERS * 64), next = 0;
    if (marks(mine, mine_at, ANSWERS * 64) != n || n == 0) {
        fail("%s: the seat's and the referee's transcripts announce different decisions%s",
             game, "");
        return;
    }
    for (size_t k = 0; k < n; k++)
        if (ref_at[k].kind != mine_at[k].kind || ref_at[k].seat != mine_at[k].seat ||
            (ref_at[k].kind != MARK_COMPUTER && strcmp(ref_at[k].text, mine_at[k].text) != 0))
            fail("%s: the transcripts part at '%s'", game, mine->at[mine_at[k].line]);
    f.n_hidden = f.n_known = f.n_moves = 0;
    /* Stretch k: the lines after announcement k-1 (from the start for 0). */
    for (;;) {
        size_t ref_from = next ? ref_at[next - 1].line + 1 : 0;
        size_t ref_end = next < n ? ref_at[next].line : ref->n;
        size_t mine_from = next ? mine_at[next - 1].line + 1 : 0;
        size_t mine_end = next < n ? mine_at[next].line : mine->n;
        int player = tg_state_current_player(st);
        tg_move move = 0;
        int hidden;

        /* With --chance table the program draws only between answers: after
         * the last (the prompt that met the end of input) nothing happened. */
        int drawn = player == TG_PLAYER_CHANCE && !(table && next == n) &&
                    !(next < n && asked_here(st, ref, &ref_at[next]));
        if (drawn) {
            char notation[FACT_LEN];
            if (tg_state_sample_chance(st, &move) != TG_OK ||
                tg_state_move_text(st, move, notation, sizeof notation, NULL) != TG_OK ||
                tg_state_apply(st, move) != TG_OK)
                exit(2);
            char *ref_text = joined(ref, ref_from, ref_end);
            hidden = decision_facts(st, seat, &f, ref_text, game);
            free(ref_text);
            if (hidden)
                add(f.moves, &f.n_moves, notation);
            if (table && public_saw_all(st))
                fail("%s: --chance table drew '%s', which the whole table sees, instead of "
                     "asking what happened",
                     game, notation);
            count_own(st, seat, t);
            t->hidden += hidden;
            t->decisions++;
            continue;
        }
        check_stretch(&f, mine, mine_from, mine_end, game);
        if (player == TG_PLAYER_TERMINAL || next == n)
            break;
        const mark *m = &ref_at[next];
        if (m->seat != player) {
            fail("%s: the replay is not the game played, at '%s'", game, ref->at[m->line]);
            return;
        }
        if (m->kind == MARK_COMPUTER) {
            if (tg_state_parse_move(st, m->text, &move) != TG_OK) {
                fail("%s: cannot replay the computer's move '%s'", game, m->text);
                return;
            }
        } else if (!person_move(st, ref, m, &move)) {
            next++; /* the answer played nothing; the prompt comes again */
            continue;
        } else if (m->kind == MARK_TABLE) {
            t->asked++;
        } else {
            t->person++;
        }
        if (tg_state_apply(st, move) != TG_OK)
            exit(2);
        next++;
        size_t after_end = next < n ? ref_at[next].line : ref->n;
        char *ref_text = joined(ref, m->line + 1, after_end);
        hidden = decision_facts(st, seat, &f, ref_text, game);
        free(ref_text);
        count_own(st, seat, t);
        t->hidden += hidden;
        t->decisions++;
        if (hidden && m->kind == MARK_COMPUTER && strcmp(mine_at[next - 1].text, m->text) == 0)
            fail("%s: the seat reads the hidden move in '%s'", game,
                 mine->at[mine_at[next - 1].line]);
        if (m->kind == MARK_TABLE && !public_saw_all(st))
            fail("%s: the table was asked for an outcome the rules hide, at '%s'", game,
                 ref->at[m->line]);
    }
    if (next != n)
        fail("%s: the replay ended before the transcript, at '%s'", game,
             ref->at[ref_at[next].line]);
}

/* view: the seat itself, or TG_VIEW_PUBLIC for --viewer public. */
static void check_game(const char *cli, const char *input, const tg_game_info *info,
                       int players, unsigned seed, int view, int table, tally *total)
{
    int seat = (int)(seed % (unsigned)players);
    char cmd[1100], ref_cmd[1100], base[1024], opts[32];
    snprintf(base, sizeof base,
             "'%s' play %s --players %d --seed %u --computer easy --seat %d%s < '%s'", cli,
             info->id, players, seed, seat, table ? " --chance table" : "", input);
    snprintf(cmd, sizeof cmd, "%s%s", base, view == TG_VIEW_PUBLIC ? " --viewer public" : "");
    snprintf(ref_cmd, sizeof ref_cmd, "%s --viewer all", base);
    char *seat_out = run(cmd), *ref_out = run(ref_cmd);
    tg_game *g = NULL;
    tg_state *st = NULL;
    tally t = {0, 0, 0, 0, 0, seat};
    if (!seat_out || !ref_out) {
        fail("%s: the program failed (%s)", info->id, cmd);
        free(seat_out);
        free(ref_out);
        return;
    }
    lines mine = split(seat_out), ref = split(ref_out);
    snprintf(opts, sizeof opts, "players=%d", players);
    if (tg_game_new(info->id, opts, NULL, &g, NULL, 0) != TG_OK ||
        tg_state_new(g, seed, &st) != TG_OK)
        exit(2);
    check_transcripts(info->id, view, st, &ref, &mine, table, &t);
    if (t.person == 0)
        fail("%s: the person at the keyboard never played (%s)", info->id, cmd);
    printf("%s, %d players, seed %u, seat %d%s%s: %zu decisions (%zu the person's, %zu typed "
           "in by the table), %zu with facts hidden from the %s\n",
           info->id, players, seed, seat, view == TG_VIEW_PUBLIC ? " shown as public" : "",
           table ? ", chance at the table" : "", t.decisions, t.person, t.asked, t.hidden,
           view == TG_VIEW_PUBLIC ? "public" : "seat");
    if (table && t.asked == 0)
        fail("%s: the table was never asked what happened (%s)", info->id, cmd);
    total->decisions += t.decisions;
    total->hidden += t.hidden;
    total->own += t.own;
    tg_state_free(st);
    tg_game_free(g);
    free(mine.at);
    free(ref.at);
    free(seat_out);
    free(ref_out);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: cli_no_leak PATH_TO_TABLEGAMES\n");
        return 2;
    }
    /* The seat answers "a" (the first move) every time; shown as public, "b"
     * and "a" in turn (the second move where there is one), so that other
     * decisions come up. With --chance table the same letters also pick
     * outcomes, so they cycle through more of them (always the first die
     * would roll doubles for ever); a letter no list has is asked again. */
    static const char *const cycles[4] = {"a", "ba", "abcadb", "bacdae"};
    char names[4][32];
    for (int k = 0; k < 4; k++) {
        snprintf(names[k], sizeof names[k], "/tmp/tg-cli-answers-XXXXXX");
        int fd = mkstemp(names[k]);
        FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
        if (!f)
            return 2;
        for (int i = 0; i < ANSWERS; i++)
            fprintf(f, "%c\n", cycles[k][i % strlen(cycles[k])]);
        fclose(f);
    }
    tally total = {0, 0, 0, 0, 0, 0}, public = {0, 0, 0, 0, 0, 0};
    for (size_t g = 0; g < tg_catalogue_count(); g++) {
        const tg_game_info *info = tg_catalogue_get(g);
        for (int players = info->min_players;
             players <= info->max_players && players <= info->min_players + 1; players++)
            for (unsigned seed = 1; seed <= SEEDS; seed++)
                for (int table = 0; table <= 1; table++) {
                    check_game(argv[1], names[2 * table], info, players, seed,
                               (int)(seed % (unsigned)players), table, &total);
                    check_game(argv[1], names[2 * table + 1], info, players, seed,
                               TG_VIEW_PUBLIC, table, &public);
                }
    }
    for (int k = 0; k < 4; k++)
        unlink(names[k]);
    /* Without any hidden fact the test would prove nothing. */
    if (tg_catalogue_count() > 0 && total.hidden == 0)
        fail("no game hid anything from the seat%s%s", "", "");
    if (tg_catalogue_count() > 0 && public.own == 0)
        fail("no seat had a secret of its own to keep from the public view%s%s", "", "");
    printf("shown as public: %zu decisions told the person's seat a secret of its own\n",
           public.own);
    printf("%s\n", failures ? "LEAKS FOUND" : "no hidden fact shown to the seat");
    return failures ? 1 : 0;
}
