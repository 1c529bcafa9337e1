/* tablegames play: one game in the terminal, by people at the keyboard or by
 * random players (--auto). */
#define _POSIX_C_SOURCE 200809L
#include "play.h"

#include "cli_args.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct play_args {
    const char *game_id;
    const char *options;
    long players;      /* 0: the game's default */
    uint64_t seed;
    int seed_given;
    int autoplay;
    int quiet;
    int viewer_given;
    int viewer;        /* a player, TG_VIEW_OMNISCIENT or TG_VIEW_PUBLIC */
    int computer;      /* computer opponents wanted */
    tg_bot_level level;
    long human;        /* the seat typed at the keyboard when computer is set */
    int bots_given;    /* --bots SPEC */
    play_bots_spec bots;
    int chance_table;  /* --chance table */
} play_args;

static int play_parse_viewer(const char *text, void *dest)
{
    long v;
    if (strcmp(text, "all") == 0) {
        *(int *)dest = TG_VIEW_OMNISCIENT;
        return 0;
    }
    if (strcmp(text, "public") == 0) {
        *(int *)dest = TG_VIEW_PUBLIC;
        return 0;
    }
    if (cli_parse_int(text, 0, TG_MAX_PLAYERS - 1, &v) != 0)
        return -1;
    *(int *)dest = (int)v;
    return 0;
}

/* --computer and --bots exclude each other: the second one is refused. */
static int play_parse_computer(const char *text, void *dest)
{
    play_args *a = dest;
    if (play_parse_level(text, &a->level) != 0 || a->bots_given)
        return -1;
    a->computer = 1;
    return 0;
}

static int play_parse_bots(const char *text, void *dest)
{
    play_args *a = dest;
    if (play_bots_parse(text, &a->bots) != 0 || a->computer)
        return -1;
    a->bots_given = 1;
    return 0;
}

static int play_parse_chance(const char *text, void *dest)
{
    if (strcmp(text, "draw") != 0 && strcmp(text, "table") != 0)
        return -1;
    *(int *)dest = strcmp(text, "table") == 0;
    return 0;
}

const char cli_play_help[] =
    "usage: tablegames play GAME [--players N] [--options \"k=v,...\"] [--seed S]\n"
    "                            [--auto] [--quiet] [--viewer V]\n"
    "                            [--computer LEVEL [--seat N]] [--bots SPEC]\n"
    "                            [--chance draw|table]\n"
    "\n"
    "Plays one game. Interactive by default: the board is drawn as the player\n"
    "to move sees it, with a legend of its marks, what the last decision did\n"
    "and the legal moves. Type a move in the game's notation, or the letter in\n"
    "front of it in the list (a, b, c, ...; letters that begin a move's\n"
    "notation are skipped, so a letter is never the start of a move). A move's\n"
    "notation always wins: a number is always the move written as that number.\n"
    "Typing the start of moves (\"3c4\" in Bewitched, \"5f2:\") lists the moves\n"
    "that begin with it, or, if none does, those that contain it; it never\n"
    "plays one until you type the whole notation or its letter.\n"
    "Dice and other chance events are rolled with the library's RNG and told\n"
    "in words, as the player whose view is drawn may know them (--chance table:\n"
    "the table says what its own dice showed); a move whose effect that player\n"
    "may not fully see is shown as \"(hidden from player N)\".\n"
    "Commands: :undo (take back your last decision, saying what went back),\n"
    ":board, :rules (the rules and notation in short), :help, :quit. End of\n"
    "input ends the game.\n"
    "  --players N   how many play (the range is the game's; tablegames list)\n"
    "  --options O   the game's options, \"k=v,...\" (tablegames list)\n"
    "  --auto        every seat plays uniformly random legal moves to the end;\n"
    "                prints each decision, then the winner(s) and move count\n"
    "  --quiet       with --auto: print only the result\n"
    "  --viewer V    draw the board as player V sees it, 'public' for what the\n"
    "                whole table sees (a spectator's view: no player's secret),\n"
    "                or 'all' for the referee's view (with --auto the board is\n"
    "                drawn only when this is given; without it, --auto shows\n"
    "                only what every seat sees)\n"
    "  --computer LEVEL  the computer (random|easy|medium|hard) plays every\n"
    "                seat but yours (--seat N, default 0); with --auto it plays\n"
    "                every seat instead of uniformly random moves\n"
    "  --bots SPEC   seats the computer plays: seat numbers or 'all', each\n"
    "                group ended by =LEVEL ('1,2=hard', '0=easy,3=medium');\n"
    "                seats without a level play medium; unlisted seats are\n"
    "                people (with --auto: uniformly random players)\n"
    "  --chance C    'draw' (default): the library rolls the dice and draws\n"
    "                every chance outcome; 'table': a real board's referee. At\n"
    "                each chance point the whole table may see (dice, the wheel,\n"
    "                the cauldron) it asks \"what happened?\" and takes the answer\n"
    "                in words (\"a four\", \"double 3\", \"apple and two slippers\")\n"
    "                or notation; what cannot happen is refused with the reason\n"
    "                and asked again (:help lists the words, :undo takes an\n"
    "                answer back). What the rules hide from a seat (Bewitched's\n"
    "                magnets and pages, Spinning Wishes' presents face down) is\n"
    "                never typed at the shared keyboard: the library draws it,\n"
    "                says so, and plays that part of the game. Not with --auto\n"
    "  --seed S      seed for the dice and the random players (default: from\n"
    "                the clock, and printed so the game can be replayed)\n"
    "Players are numbered from 0, in the order of the game's rule page.\n";

static int play_parse_args(int argc, char **argv, play_args *a)
{
    memset(a, 0, sizeof *a);
    const cli_opt opts[] = {
        { "--auto", CLI_OPT_FLAG, &a->autoplay, 0, 0, NULL, NULL },
        { "--quiet", CLI_OPT_FLAG, &a->quiet, 0, 0, NULL, NULL },
        { "--players", CLI_OPT_INT, &a->players, 1, 1000, NULL, NULL },
        { "--options", CLI_OPT_TEXT, &a->options, 0, 0, NULL, NULL },
        { "--seed", CLI_OPT_U64, &a->seed, 0, 0, NULL, &a->seed_given },
        { "--computer", CLI_OPT_CALL, a, 0, 0, play_parse_computer, NULL },
        { "--bots", CLI_OPT_CALL, a, 0, 0, play_parse_bots, NULL },
        { "--seat", CLI_OPT_INT, &a->human, 0, TG_MAX_PLAYERS - 1, NULL, NULL },
        { "--viewer", CLI_OPT_CALL, &a->viewer, 0, 0, play_parse_viewer, &a->viewer_given },
        { "--chance", CLI_OPT_CALL, &a->chance_table, 0, 0, play_parse_chance, NULL },
    };
    const cli_command cmd = { "play", cli_play_help, opts, sizeof opts / sizeof opts[0],
                              &a->game_id };
    int parsed = cli_parse_args(&cmd, argc, argv);
    if (parsed != CLI_ARGS_OK)
        return parsed;
    if (a->game_id == NULL) {
        cli_args_error(&cmd, "which game? (see tablegames list)");
        return CLI_ARGS_BAD;
    }
    if (a->players > 0 && cli_options_name_players(a->options)) {
        cli_args_error(&cmd, "players given both by --players and --options");
        return CLI_ARGS_BAD;
    }
    if (cli_check_game_players(&cmd, a->game_id, a->players) != 0)
        return CLI_ARGS_BAD;
    if (a->chance_table && a->autoplay) {
        cli_args_error(&cmd, "--chance table asks the people at the keyboard; not with --auto");
        return CLI_ARGS_BAD;
    }
    if (!a->seed_given)
        a->seed = (uint64_t)time(NULL) * 2654435761u ^ (uint64_t)clock();
    return CLI_ARGS_OK;
}

void play_print_result(const tg_state *st)
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
    char hidden[32];
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
            s = tg_state_legal_moves(ps->st, ps->moves, ps->cap, &count);
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
                                      text, hidden, sizeof hidden));
        if (ps->viewer_given) {
            play_show_events(ps->st, ps->viewer, "         ");
            play_show_board(ps->st, ps->viewer);
        }
    }
    play_print_result(ps->st);
    return CLI_EXIT_OK;
}

int cli_cmd_play(int argc, char **argv)
{
    play_args a;
    play_session ps;
    tg_game *game = NULL;
    int rc;
    tg_status s;

    if ((rc = cli_args_exit(play_parse_args(argc, argv, &a))) >= 0)
        return rc;
    s = cli_make_game(a.game_id, (int)a.players, a.options, NULL, &game);
    if (s != TG_OK)
        return CLI_EXIT_FAILURE;
    if (a.viewer_given && a.viewer >= tg_game_players(game)) {
        fprintf(stderr, "tablegames play: no player %d in a %d-player game\n", a.viewer,
                tg_game_players(game));
        tg_game_free(game);
        return CLI_EXIT_USAGE;
    }
    if (a.computer && !a.autoplay && a.human >= tg_game_players(game)) {
        fprintf(stderr, "tablegames play: no seat %ld in a %d-player game\n", a.human,
                tg_game_players(game));
        tg_game_free(game);
        return CLI_EXIT_USAGE;
    }
    if (a.bots_given && play_bots_spec_check(&a.bots, tg_game_players(game)) != 0) {
        tg_game_free(game);
        return CLI_EXIT_USAGE;
    }
    if (a.bots_given) { /* one person against the computer: draw as that seat sees */
        a.human = play_bots_spec_lone_human(&a.bots, tg_game_players(game));
        a.computer = a.human >= 0;
    }
    memset(&ps, 0, sizeof ps);
    ps.game_id = tg_game_id(game);
    ps.viewer_given = a.viewer_given;
    ps.viewer = a.viewer;
    ps.chance_table = a.chance_table;
    /* Against the computer, the board and events are the human's view. */
    if (a.computer && !a.autoplay && !a.viewer_given) {
        ps.viewer_given = 1;
        ps.viewer = (int)a.human;
    }
    ps.last_seat = ps.viewer_given && ps.viewer >= 0 ? ps.viewer : 0;
    ps.cap = tg_game_max_legal_moves(game);
    ps.moves = malloc((ps.cap > 0 ? ps.cap : 1) * sizeof *ps.moves);
    s = ps.moves != NULL && play_menu_init(&ps.menu, ps.cap) == 0
            ? tg_state_new(game, a.seed, &ps.st)
            : TG_E_NO_MEMORY;
    if (s == TG_OK && a.bots_given)
        s = play_bots_make_spec(&ps.bots, game, &a.bots, a.seed);
    else if (s == TG_OK && a.computer)
        s = play_bots_make(&ps.bots, game, a.level, a.autoplay ? -1 : (int)a.human, a.seed);
    if (s != TG_OK) {
        cli_report("play", s, NULL);
        tg_state_free(ps.st);
        free(ps.moves);
        play_menu_free(&ps.menu);
        tg_game_free(game);
        return CLI_EXIT_FAILURE;
    }
    {
        char header[512];
        snprintf(header, sizeof header, "%s (%s), seed %llu", tg_game_id(game),
                 tg_game_options(game), (unsigned long long)a.seed);
        play_print_wrapped("", header);
    }
    rc = a.autoplay ? play_auto(&ps, a.seed, a.quiet) : play_interactive(&ps);
    play_bots_free(&ps.bots);
    tg_state_free(ps.st);
    tg_game_free(game);
    free(ps.moves);
    play_menu_free(&ps.menu);
    return rc;
}
