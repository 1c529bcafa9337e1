/* tablegames play with people at the keyboard: the turn loop, what a typed
 * line means (a move, or with --chance table what happened at the table),
 * and the commands :undo, :board, :rules, :help and :quit. */
#define _POSIX_C_SOURCE 200809L
#include "play.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Whose view the events and the board of the moment are shown in. */
static int play_view(const play_session *ps)
{
    return ps->viewer_given ? ps->viewer : ps->last_seat;
}

/* Rolls one chance event with the library's RNG. Its outcome is told only
 * by the events as the viewer sees them, so a die everyone watches reads
 * "player 1 rolled a 4" while a hidden draw stays hidden. */
static tg_status play_roll(play_session *ps)
{
    tg_move outcome;
    tg_status s;
    if (ps->chance_table && !ps->drawing)
        puts("chance: the library draws what the rules hide from the table (nothing to type)");
    ps->drawing = 1;
    s = tg_state_sample_chance(ps->st, &outcome);
    if (s == TG_OK)
        s = tg_state_apply(ps->st, outcome);
    if (s == TG_OK)
        play_show_events(ps->st, play_view(ps), "  ");
    return s;
}

/* A computer seat's decision, announced and shown as the viewer sees it:
 * its notation only when the viewer learns all it did. */
static tg_status play_computer(play_session *ps, int seat)
{
    char text[PLAY_TEXT_MAX], hidden[32];
    tg_move move;
    tg_status s = tg_bot_choose(play_bot_for(ps, seat), ps->st, &move);
    ps->drawing = 0;
    if (s != TG_OK)
        return s;
    play_move_text(ps->st, move, text, sizeof text);
    if ((s = tg_state_apply(ps->st, move)) != TG_OK)
        return s;
    printf("player %d (computer): %s\n", seat,
           play_decision_text(ps->st, play_view(ps), text, hidden, sizeof hidden));
    play_show_events(ps->st, play_view(ps), "  ");
    return TG_OK;
}

/* One decision taken back, described as the viewer knew it: a player's
 * move by its notation when the viewer learned all it did, a chance
 * decision by the viewer's events of it. */
static int play_undo_one(play_session *ps, char *line, size_t cap)
{
    char events[256];
    tg_move last;
    size_t count = 0;
    uint32_t len = tg_state_history_length(ps->st);
    tg_move *history = len > 0 ? malloc(len * sizeof *history) : NULL;
    int seat, seen;

    if (history == NULL || tg_state_history(ps->st, history, len, &count) != TG_OK ||
        count == 0) {
        free(history);
        return -1;
    }
    last = history[count - 1];
    free(history);
    play_events_line(ps->st, play_view(ps), events, sizeof events);
    seen = play_decision_seen(ps->st, play_view(ps));
    if (tg_state_undo(ps->st) != TG_OK)
        return -1;
    seat = tg_state_current_player(ps->st);
    if (seat == TG_PLAYER_CHANCE) {
        snprintf(line, cap, "chance: %s", events[0] != '\0' ? events : "(nothing shown)");
    } else {
        char text[PLAY_TEXT_MAX], hidden[32];
        play_move_text(ps->st, last, text, sizeof text);
        snprintf(line, cap, "player %d%s: %s", seat,
                 play_bot_for(ps, seat) != NULL ? " (computer)" : "",
                 seen ? text : play_hidden_text(play_view(ps), hidden, sizeof hidden));
    }
    return 0;
}

/* Whether the decision of seat at ps->st is made at the keyboard: a
 * person's move, or with --chance table an outcome the table types in. */
static int play_person_decides(play_session *ps, int seat)
{
    if (seat == TG_PLAYER_CHANCE)
        return ps->chance_table && play_chance_public(ps->st, ps->moves, ps->cap);
    return seat >= 0 && play_bot_for(ps, seat) == NULL;
}

/* Takes back decisions until a person's decision has been taken back, so
 * the dice and the computer players after it decide afresh, and says what
 * went back (the last first). Works on a copy: when no person has decided
 * yet, nothing is taken back (the setup and the dice stay as they were). */
static void play_undo(play_session *ps)
{
    enum { LINES = 12 };
    char lines[LINES][320];
    char extra[320];
    tg_state *real = ps->st, *copy = NULL;
    int taken = 0, person = 0;

    ps->drawing = 0;
    if (tg_state_clone(real, &copy) != TG_OK) {
        puts("out of memory");
        return;
    }
    ps->st = copy;
    while (!person &&
           play_undo_one(ps, taken < LINES ? lines[taken] : extra, sizeof extra) == 0) {
        person = play_person_decides(ps, tg_state_current_player(copy));
        taken++;
    }
    ps->st = real;
    if (person && tg_state_copy(real, copy) == TG_OK) {
        puts("took back (the last first):");
        for (int i = 0; i < taken && i < LINES; i++)
            play_print_wrapped("  ", lines[i]);
        if (taken > LINES)
            printf("  ... and %d more\n", taken - LINES);
    } else {
        puts("nothing to undo: no decision of a person yet");
    }
    tg_state_free(copy);
}

/* Reads one line; returns 0 at end of input. Overlong lines are cut. Input
 * from a file or pipe is echoed, so the output reads as a transcript. */
static int play_read_line(char *buf, size_t cap)
{
    size_t len, start = 0;
    if (fgets(buf, (int)cap, stdin) == NULL)
        return 0;
    len = strlen(buf);
    if (len > 0 && buf[len - 1] != '\n') {
        int c;
        while ((c = getchar()) != EOF && c != '\n') {
        }
    }
    while (len > 0 && isspace((unsigned char)buf[len - 1]))
        buf[--len] = '\0';
    while (isspace((unsigned char)buf[start]))
        start++;
    memmove(buf, buf + start, len - start + 1);
    if (!isatty(STDIN_FILENO))
        printf("%s\n", buf);
    return 1;
}

/* What a typed line picks: the move whose notation it is, else the move
 * whose label it is; else it names no single move and the moves that start
 * with it (or contain it) are listed, and nothing is played. Returns 1 with
 * *out set when a move is picked. */
static int play_choose(play_session *ps, const char *input, tg_move *out)
{
    const play_menu *m = &ps->menu;
    size_t *found;
    size_t n;
    long index;
    int contains = 0;

    if (tg_state_parse_move(ps->st, input, out) == TG_OK)
        return 1;
    if ((index = play_menu_label(m, input)) >= 0) {
        *out = ps->moves[index]; /* the menu lists ps->moves in order */
        return 1;
    }
    found = malloc((m->count > 0 ? m->count : 1) * sizeof *found);
    if (found == NULL) {
        puts("out of memory");
        return 0;
    }
    n = play_menu_match(m, input, 0, found);
    if (n == 0) {
        n = play_menu_match(m, input, 1, found);
        contains = 1;
    }
    if (n == 0) {
        printf("'%s' is not a legal move here; :help for help\n", input);
    } else {
        printf("%zu move%s %s '%s' (type the whole move or its letter):\n", n,
               n == 1 ? "" : "s", contains ? (n == 1 ? "contains" : "contain")
                                           : (n == 1 ? "starts with" : "start with"),
               input);
        play_menu_show(m, found, n);
    }
    free(found);
    return 0;
}

/* What a line typed at a chance point (--chance table) does: the outcome
 * in words or notation, else the letter of a listed outcome. Returns 1
 * when an outcome was applied; else says why the text was refused (the
 * library's reason) and nothing has changed. */
static int play_tell_outcome(play_session *ps, const char *input)
{
    char reason[256];
    long index;
    if (tg_state_apply_text(ps->st, input) == TG_OK)
        return 1;
    snprintf(reason, sizeof reason, "%s", tg_state_last_error(ps->st));
    if ((index = play_menu_label(&ps->menu, input)) >= 0 &&
        tg_state_apply(ps->st, ps->moves[index]) == TG_OK)
        return 1;
    play_print_wrapped("", "refused (nothing changed; :help lists the words):");
    play_print_wrapped("  ", reason);
    return 0;
}

static void play_help_chance(const play_session *ps)
{
    printf("Say what happened at the table: in words, in the notation of\n"
           "%s (the list shows it), or the letter in front of an outcome.\n"
           "What cannot happen is refused with the reason, and nothing changes.\n"
           "Outcomes the rules hide from a seat are never asked: the library draws\n"
           "them.\n",
           ps->game_id);
    play_table_words(ps->game_id);
    puts(":rules   the rules and the move notation in short\n"
         ":undo    take back the last decision made at the keyboard (a move or an\n"
         "         outcome typed in), and the draws and computer moves after it\n"
         ":board   draw the board again\n"
         ":quit    leave the game");
}

static void play_help(const play_session *ps)
{
    if (tg_state_current_player(ps->st) == TG_PLAYER_CHANCE) {
        play_help_chance(ps);
        return;
    }
    printf("Type a move as the list shows it (the notation of %s), or the\n"
           "letter in front of it. A move's notation always wins: a number is always\n"
           "the move written as that number, and no letter in the list is the start\n"
           "of a move (such letters are skipped). Typing the start of moves, or a\n"
           "part of them, lists the moves that match; nothing is played until you\n"
           "type a whole move or its letter.\n"
           ":rules   the rules and the move notation in short (the whole rules:\n"
           "         docs/rules/%s.md)\n"
           ":undo    take back your last decision (and the dice and computer moves\n"
           "         after it); says what it took back\n"
           ":board   draw the board again\n"
           ":quit    leave the game\n",
           ps->game_id, ps->game_id);
}

static void play_rules(const play_session *ps)
{
    const char *const *lines = play_rules_lines(ps->game_id);
    if (lines == NULL) {
        printf("No short rules for %s here; see docs/rules/%s.md.\n", ps->game_id,
               ps->game_id);
        return;
    }
    for (; *lines != NULL; lines++)
        puts(*lines);
}

static void play_show_turn(play_session *ps, int seat)
{
    int view = seat >= 0 && !ps->viewer_given ? seat : play_view(ps);
    putchar('\n');
    play_show_board(ps->st, view);
    if (seat == TG_PLAYER_CHANCE)
        printf("move %u, chance at the table: what happened? possible outcomes:\n",
               (unsigned)tg_state_move_number(ps->st) + 1);
    else
        printf("move %u, player %d to decide; legal moves:\n",
               (unsigned)tg_state_move_number(ps->st) + 1, seat);
    play_menu_show(&ps->menu, NULL, 0);
}

/* A line that is a command: returns 1 when handled (*redraw set when the
 * board is to be drawn again), 2 for :quit, 0 when it is no command. */
static int play_command(play_session *ps, const char *line, int *redraw)
{
    if (strcmp(line, ":quit") == 0 || strcmp(line, ":q") == 0)
        return 2;
    if (strcmp(line, ":help") == 0)
        play_help(ps);
    else if (strcmp(line, ":rules") == 0)
        play_rules(ps);
    else if (strcmp(line, ":board") == 0)
        *redraw = 1;
    else if (strcmp(line, ":undo") == 0) {
        play_undo(ps);
        *redraw = 1;
    } else if (line[0] == ':') {
        printf("'%s' is no command; :help lists them\n", line);
    } else {
        return 0;
    }
    return 1;
}

int play_interactive(play_session *ps)
{
    char line[256];
    int redraw = 1;
    tg_status s;

    puts("Type a move or its letter; :rules, :undo, :board, :help, :quit.");
    if (ps->chance_table)
        play_print_wrapped("", "Chance at the table: when asked \"what happened?\", type "
                               "what the dice, the wheel or the cauldron showed; the library "
                               "draws only what the rules hide from the table.");
    for (;;) {
        int seat = tg_state_current_player(ps->st);
        size_t count = 0;
        tg_move move;
        int command, asked;

        if (seat == TG_PLAYER_TERMINAL) {
            putchar('\n');
            play_show_board(ps->st, play_view(ps)); /* the referee's only with --viewer all */
            play_print_result(ps->st);
            return CLI_EXIT_OK;
        }
        asked = seat == TG_PLAYER_CHANCE && play_person_decides(ps, seat);
        if (!asked && (seat == TG_PLAYER_CHANCE || play_bot_for(ps, seat) != NULL)) {
            s = seat == TG_PLAYER_CHANCE ? play_roll(ps) : play_computer(ps, seat);
            if (s != TG_OK)
                goto failed;
            redraw = 1;
            continue;
        }
        ps->drawing = 0;
        if (!asked)
            ps->last_seat = seat;
        if ((s = tg_state_legal_moves(ps->st, ps->moves, ps->cap, &count)) != TG_OK)
            goto failed;
        play_menu_build(&ps->menu, ps->st, ps->moves, count);
        if (redraw)
            play_show_turn(ps, seat);
        redraw = 0;
        if (asked)
            printf("what happened? ");
        else
            printf("player %d> ", seat);
        fflush(stdout);
        if (!play_read_line(line, sizeof line)) {
            printf("\nend of input: game left after %u decisions\n",
                   (unsigned)tg_state_move_number(ps->st));
            return CLI_EXIT_OK;
        }
        if (line[0] == '\0')
            continue;
        command = play_command(ps, line, &redraw);
        if (command == 2) {
            printf("game left after %u decisions\n", (unsigned)tg_state_move_number(ps->st));
            return CLI_EXIT_OK;
        }
        if (command == 1)
            continue;
        if (asked) {
            if (!play_tell_outcome(ps, line))
                continue;
        } else if (!play_choose(ps, line, &move)) {
            continue;
        } else if ((s = tg_state_apply(ps->st, move)) != TG_OK) {
            goto failed;
        }
        play_show_events(ps->st, asked ? play_view(ps) : ps->viewer_given ? ps->viewer : seat,
                         "  ");
        redraw = 1;
    }
failed:
    cli_report("play", s, tg_state_last_error(ps->st));
    return CLI_EXIT_FAILURE;
}
