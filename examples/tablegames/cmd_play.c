/* tablegames play: one game in the terminal, by people at the keyboard or by
 * random players (--auto). */
#define _POSIX_C_SOURCE 200809L
#include "play.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct play_args {
    const char *game_id;
    const char *options;
    int players;       /* 0: the game's default */
    uint64_t seed;
    int autoplay;
    int quiet;
    int viewer_given;
    int viewer;        /* a player or TG_VIEW_OMNISCIENT */
    int computer;      /* computer opponents wanted */
    tg_bot_level level;
    int human;         /* the seat typed at the keyboard when computer is set */
    int bots_given;    /* --bots SPEC */
    play_bots_spec bots;
} play_args;

/* Everything one game needs; moves holds tg_game_max_legal_moves() entries. */
typedef struct play_session {
    tg_state *st;
    tg_move *moves;
    size_t cap;
    int viewer_given;
    int viewer;
    int last_seat; /* the player whose view chance events are shown in */
    play_bots bots;
} play_session;

static int play_parse_viewer(const char *text, int *out)
{
    long v;
    if (strcmp(text, "all") == 0) {
        *out = TG_VIEW_OMNISCIENT;
        return 0;
    }
    if (cli_parse_int(text, 0, TG_MAX_PLAYERS - 1, &v) != 0)
        return -1;
    *out = (int)v;
    return 0;
}

static int play_parse_args(int argc, char **argv, play_args *a)
{
    int seed_given = 0;
    memset(a, 0, sizeof *a);
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        const char *v = NULL;
        long n;
        if (strcmp(arg, "--auto") == 0) {
            a->autoplay = 1;
        } else if (strcmp(arg, "--quiet") == 0) {
            a->quiet = 1;
        } else if (strcmp(arg, "--players") == 0) {
            if ((v = cli_option_value(argc, argv, &i)) == NULL)
                return -1;
            if (cli_parse_int(v, 1, TG_MAX_PLAYERS, &n) != 0)
                goto bad_value;
            a->players = (int)n;
        } else if (strcmp(arg, "--options") == 0) {
            if ((a->options = cli_option_value(argc, argv, &i)) == NULL)
                return -1;
        } else if (strcmp(arg, "--seed") == 0) {
            if ((v = cli_option_value(argc, argv, &i)) == NULL)
                return -1;
            if (cli_parse_u64(v, &a->seed) != 0)
                goto bad_value;
            seed_given = 1;
        } else if (strcmp(arg, "--computer") == 0) {
            if ((v = cli_option_value(argc, argv, &i)) == NULL)
                return -1;
            if (play_parse_level(v, &a->level) != 0 || a->bots_given)
                goto bad_value;
            a->computer = 1;
        } else if (strcmp(arg, "--bots") == 0) {
            if ((v = cli_option_value(argc, argv, &i)) == NULL)
                return -1;
            if (play_bots_parse(v, &a->bots) != 0 || a->computer)
                goto bad_value;
            a->bots_given = 1;
        } else if (strcmp(arg, "--seat") == 0) {
            if ((v = cli_option_value(argc, argv, &i)) == NULL)
                return -1;
            if (cli_parse_int(v, 0, TG_MAX_PLAYERS - 1, &n) != 0)
                goto bad_value;
            a->human = (int)n;
        } else if (strcmp(arg, "--viewer") == 0) {
            if ((v = cli_option_value(argc, argv, &i)) == NULL)
                return -1;
            if (play_parse_viewer(v, &a->viewer) != 0)
                goto bad_value;
            a->viewer_given = 1;
        } else if (arg[0] == '-' || a->game_id != NULL) {
            fprintf(stderr, "tablegames play: unexpected argument '%s'\n", arg);
            return -1;
        } else {
            a->game_id = arg;
        }
        continue;
    bad_value:
        fprintf(stderr, "tablegames play: bad value '%s' for %s\n", v, arg);
        return -1;
    }
    if (a->game_id == NULL) {
        fputs("tablegames play: which game? (see tablegames list)\n", stderr);
        return -1;
    }
    if (a->players > 0 && cli_options_name_players(a->options)) {
        fputs("tablegames play: players given both by --players and --options\n", stderr);
        return -1;
    }
    if (!seed_given)
        a->seed = (uint64_t)time(NULL) * 2654435761u ^ (uint64_t)clock();
    return 0;
}

/* The computer player of a seat, or NULL when a person or chance decides. */
static tg_bot *play_bot_for(const play_session *ps, int seat)
{
    return seat >= 0 && seat < TG_MAX_PLAYERS ? ps->bots.bots[seat] : NULL;
}

/* Whose view the transcript shows: the --viewer, else the person who
 * decided last (the seat at the keyboard). */
static int play_view(const play_session *ps)
{
    return ps->viewer_given ? ps->viewer : ps->last_seat;
}

/* Rolls one chance event with the library's RNG and announces it as far as
 * the viewer may know it. */
static tg_status play_roll(play_session *ps)
{
    char text[64];
    tg_move outcome;
    tg_status s = tg_state_sample_chance(ps->st, &outcome);
    if (s != TG_OK)
        return s;
    play_move_text(ps->st, outcome, text, sizeof text);
    s = tg_state_apply(ps->st, outcome);
    if (s != TG_OK)
        return s;
    printf("chance: %s\n", play_decision_text(ps->st, play_view(ps), text));
    play_show_events(ps->st, play_view(ps), "  ");
    return TG_OK;
}

static tg_status play_legal(play_session *ps, size_t *count)
{
    return tg_state_legal_moves(ps->st, ps->moves, ps->cap, count);
}

static void play_print_result(const tg_state *st)
{
    uint32_t mask = 0;
    tg_state_winners(st, &mask);
    printf("game over after %u decisions\n", (unsigned)tg_state_move_number(st));
    printf("%s: ", (mask & (mask - 1)) != 0 ? "winners" : "winner");
    cli_print_winners(stdout, mask);
    putchar('\n');
}

static int play_auto(play_session *ps, uint64_t seed, int quiet)
{
    const tg_game *game = tg_state_game(ps->st);
    uint32_t limit = tg_game_max_length(game);
    cli_rng rng;
    char text[64];
    char seat_name[32];

    cli_rng_seed(&rng, seed ^ 0x5EED5EED5EED5EEDu);
    while (!tg_state_is_terminal(ps->st)) {
        int seat = tg_state_current_player(ps->st);
        uint32_t number = tg_state_move_number(ps->st);
        tg_move move;
        size_t count = 0;
        tg_status s;

        if (number > limit) {
            fprintf(stderr, "tablegames: game went past its length bound %u\n", (unsigned)limit);
            return CLI_EXIT_FAILURE;
        }
        if (seat == TG_PLAYER_CHANCE) {
            s = tg_state_sample_chance(ps->st, &move);
        } else if (play_bot_for(ps, seat) != NULL) {
            s = tg_bot_choose(play_bot_for(ps, seat), ps->st, &move);
        } else {
            s = play_legal(ps, &count);
            if (s == TG_OK && count == 0)
                s = TG_E_WRONG_PHASE;
            if (s == TG_OK)
                move = ps->moves[cli_rng_below(&rng, (uint32_t)count)];
        }
        if (s == TG_OK) {
            play_move_text(ps->st, move, text, sizeof text);
            s = tg_state_apply(ps->st, move);
        }
        if (s != TG_OK) {
            cli_report("play", s, tg_state_last_error(ps->st));
            return CLI_EXIT_FAILURE;
        }
        if (!quiet)
            printf("%5u  %-9s %s\n", (unsigned)number + 1,
                   play_seat_name(seat, seat_name, sizeof seat_name),
                   play_decision_text(ps->st, ps->viewer_given ? ps->viewer : PLAY_VIEW_TABLE,
                                      text));
        if (ps->viewer_given) {
            play_show_events(ps->st, ps->viewer, "         ");
            play_show_board(ps->st, ps->viewer);
        }
    }
    play_print_result(ps->st);
    return CLI_EXIT_OK;
}

/* Takes back decisions until a person's decision has been taken back, so
 * the dice and the computer players after it decide afresh. */
static void play_undo(play_session *ps)
{
    int seat;
    if (tg_state_undo(ps->st) != TG_OK) {
        puts("nothing to undo");
        return;
    }
    seat = tg_state_current_player(ps->st);
    while ((seat == TG_PLAYER_CHANCE || play_bot_for(ps, seat) != NULL) &&
           tg_state_undo(ps->st) == TG_OK)
        seat = tg_state_current_player(ps->st);
}

/* Reads one line; returns 0 at end of input. Overlong lines are cut. Input
 * from a file or pipe is echoed, so the output reads as a transcript. */
static int play_read_line(char *buf, size_t cap)
{
    size_t len;
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
    if (!isatty(STDIN_FILENO))
        printf("%s\n", buf);
    return 1;
}

/* A move's text wins; a number that is no move's text picks from the list. */
static tg_status play_choose(play_session *ps, const char *input, size_t count, tg_move *out)
{
    long index;
    if (tg_state_parse_move(ps->st, input, out) == TG_OK)
        return TG_OK;
    if (cli_parse_int(input, 1, (long)count, &index) == 0) {
        *out = ps->moves[index - 1];
        return TG_OK;
    }
    return TG_E_PARSE;
}

/* A computer seat's decision, announced and shown as the viewer sees it. */
static tg_status play_computer(play_session *ps, int seat)
{
    char text[64];
    tg_move move;
    tg_status s = tg_bot_choose(play_bot_for(ps, seat), ps->st, &move);
    if (s != TG_OK)
        return s;
    play_move_text(ps->st, move, text, sizeof text);
    if ((s = tg_state_apply(ps->st, move)) != TG_OK)
        return s;
    printf("player %d (computer): %s\n", seat, play_decision_text(ps->st, play_view(ps), text));
    play_show_events(ps->st, play_view(ps), "  ");
    return TG_OK;
}

static void play_show_turn(play_session *ps, int seat, size_t count)
{
    int view = ps->viewer_given ? ps->viewer : seat;
    putchar('\n');
    play_show_board(ps->st, view);
    printf("move %u, player %d to decide; legal moves:\n",
           (unsigned)tg_state_move_number(ps->st) + 1, seat);
    play_show_moves(ps->st, ps->moves, count);
}

static int play_interactive(play_session *ps)
{
    char line[256];
    int redraw = 1;
    tg_status s;

    puts("Type a move or its number; :undo, :board, :help, :quit.");
    for (;;) {
        int seat = tg_state_current_player(ps->st);
        size_t count = 0;
        tg_move move;

        if (seat == TG_PLAYER_TERMINAL) {
            putchar('\n');
            play_show_board(ps->st, play_view(ps));
            play_print_result(ps->st);
            return CLI_EXIT_OK;
        }
        if (seat == TG_PLAYER_CHANCE) {
            if ((s = play_roll(ps)) != TG_OK)
                goto failed;
            redraw = 1;
            continue;
        }
        if (play_bot_for(ps, seat) != NULL) {
            if ((s = play_computer(ps, seat)) != TG_OK)
                goto failed;
            redraw = 1;
            continue;
        }
        ps->last_seat = seat;
        if ((s = play_legal(ps, &count)) != TG_OK)
            goto failed;
        if (redraw)
            play_show_turn(ps, seat, count);
        redraw = 0;
        printf("player %d> ", seat);
        fflush(stdout);
        if (!play_read_line(line, sizeof line)) {
            printf("\nend of input: game left after %u decisions\n",
                   (unsigned)tg_state_move_number(ps->st));
            return CLI_EXIT_OK;
        }
        if (line[0] == '\0')
            continue;
        if (strcmp(line, ":quit") == 0 || strcmp(line, ":q") == 0) {
            printf("game left after %u decisions\n", (unsigned)tg_state_move_number(ps->st));
            return CLI_EXIT_OK;
        }
        if (strcmp(line, ":help") == 0) {
            puts("Type a move's text or its number in the list. :undo takes back your\n"
                 "last decision, :board draws the board again, :quit leaves the game.");
            continue;
        }
        redraw = 1;
        if (strcmp(line, ":board") == 0)
            continue;
        if (strcmp(line, ":undo") == 0) {
            play_undo(ps);
            continue;
        }
        if (play_choose(ps, line, count, &move) != TG_OK) {
            printf("'%s' is not a legal move here; :help for help\n", line);
            redraw = 0;
            continue;
        }
        if ((s = tg_state_apply(ps->st, move)) != TG_OK)
            goto failed;
        play_show_events(ps->st, ps->viewer_given ? ps->viewer : seat, "  ");
    }
failed:
    cli_report("play", s, tg_state_last_error(ps->st));
    return CLI_EXIT_FAILURE;
}

int cli_cmd_play(int argc, char **argv)
{
    play_args a;
    play_session ps;
    tg_game *game = NULL;
    int rc;
    tg_status s;

    if (play_parse_args(argc, argv, &a) != 0)
        return CLI_EXIT_USAGE;
    s = cli_make_game(a.game_id, a.players, a.options, NULL, &game);
    if (s != TG_OK)
        return CLI_EXIT_FAILURE;
    if (a.viewer_given && a.viewer >= tg_game_players(game)) {
        fprintf(stderr, "tablegames play: no player %d in a %d-player game\n", a.viewer,
                tg_game_players(game));
        tg_game_free(game);
        return CLI_EXIT_USAGE;
    }
    if (a.computer && !a.autoplay && a.human >= tg_game_players(game)) {
        fprintf(stderr, "tablegames play: no seat %d in a %d-player game\n", a.human,
                tg_game_players(game));
        tg_game_free(game);
        return CLI_EXIT_USAGE;
    }
    if (a.bots_given && play_bots_spec_check(&a.bots, tg_game_players(game)) != 0) {
        tg_game_free(game);
        return CLI_EXIT_USAGE;
    }
    if (a.bots_given) { /* one person against the computer: draw as that seat sees */
        a.computer = play_bots_spec_lone_human(&a.bots, tg_game_players(game)) >= 0;
        a.human = play_bots_spec_lone_human(&a.bots, tg_game_players(game));
    }
    memset(&ps, 0, sizeof ps);
    ps.viewer_given = a.viewer_given;
    ps.viewer = a.viewer;
    /* Against the computer, the board and events are the human's view. */
    if (a.computer && !a.autoplay && !a.viewer_given) {
        ps.viewer_given = 1;
        ps.viewer = a.human;
    }
    ps.last_seat = ps.viewer_given && ps.viewer >= 0 ? ps.viewer : 0;
    ps.cap = tg_game_max_legal_moves(game);
    ps.moves = malloc((ps.cap > 0 ? ps.cap : 1) * sizeof *ps.moves);
    s = ps.moves != NULL ? tg_state_new(game, a.seed, &ps.st) : TG_E_NO_MEMORY;
    if (s == TG_OK && a.bots_given)
        s = play_bots_make_spec(&ps.bots, game, &a.bots, a.seed);
    else if (s == TG_OK && a.computer)
        s = play_bots_make(&ps.bots, game, a.level, a.autoplay ? -1 : a.human, a.seed);
    if (s != TG_OK) {
        cli_report("play", s, NULL);
        tg_state_free(ps.st);
        free(ps.moves);
        tg_game_free(game);
        return CLI_EXIT_FAILURE;
    }
    printf("%s (%s), seed %llu\n", tg_game_id(game), tg_game_options(game),
           (unsigned long long)a.seed);
    rc = a.autoplay ? play_auto(&ps, a.seed, a.quiet) : play_interactive(&ps);
    play_bots_free(&ps.bots);
    tg_state_free(ps.st);
    tg_game_free(game);
    free(ps.moves);
    return rc;
}
