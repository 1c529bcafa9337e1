/* tablegames: list the games of libtablegames, play them in a terminal, and
 * measure how fast random games run. */
#include "cli.h"

#include <string.h>

static const char cli_usage_text[] =
    "usage: tablegames list [--ids]\n"
    "       tablegames play GAME [--players N] [--options \"k=v,...\"] [--seed S]\n"
    "                            [--auto] [--quiet] [--viewer V]\n"
    "                            [--computer LEVEL [--seat N]] [--bots SPEC]\n"
    "       tablegames bench [GAME] [--seconds T] [--players N] [--runs R]\n"
    "                               [--warmup W] [--seed S] [--json]\n"
    "       tablegames tournament GAME --seats LEVEL,... [--players N] [--games G]\n"
    "                            [--seed S] [--simulations K] [--options O] [--json]\n"
    "                            [--progress]\n"
    "       tablegames version | --version | --help\n"
    "\n"
    "list   every game with its player range and options (type, default,\n"
    "       allowed values, meaning); --ids prints only the ids, one a line.\n"
    "play   plays one game. Interactive by default: the board is drawn as the\n"
    "       player to move sees it, with the events of the last decision and\n"
    "       the legal moves; type a move's text or its number in the list.\n"
    "       Dice and other chance events are rolled with the library's RNG.\n"
    "       Commands: :undo (take back your last decision), :board, :help,\n"
    "       :quit. End of input ends the game.\n"
    "       --auto    every seat plays uniformly random legal moves to the end;\n"
    "                 prints each decision, then the winner(s) and move count\n"
    "       --quiet   with --auto: print only the result\n"
    "       --viewer V  draw the board as player V sees it, or 'all' for the\n"
    "                 referee's view (with --auto the board is drawn only when\n"
    "                 this is given)\n"
    "       --computer LEVEL  the computer (random|easy|medium|hard) plays\n"
    "                 every seat but yours (--seat N, default 0); with --auto\n"
    "                 it plays every seat instead of uniformly random moves\n"
    "       --bots SPEC  seats the computer plays: seat numbers or 'all', each\n"
    "                 group ended by =LEVEL ('1,2=hard', '0=easy,3=medium');\n"
    "                 seats without a level play medium; unlisted seats are\n"
    "                 people (with --auto: uniformly random players)\n"
    "       --seed S  seed for the dice and the random players (default: from\n"
    "                 the clock, and printed so the game can be replayed)\n"
    "bench  plays random games for T seconds (default 1) per game and player\n"
    "       count and prints games/s, decisions/s, decisions per game, legal\n"
    "       moves per player decision, bytes per state and heap allocations\n"
    "       per decision; --runs R reports the run with the median\n"
    "       decisions/s; each run first plays W seconds uncounted (default\n"
    "       T/10; 0 for none, as under callgrind); --json prints one JSON\n"
    "       object per line.\n"
    "tournament  plays G games (default 100) with seeds S..S+G-1 (S default 1),\n"
    "       game i giving seat p the level at (p + i) mod N of --seats, so every\n"
    "       level plays every seat equally; prints per level the seat-games,\n"
    "       wins (a shared win counts 1/k), win rate with a 95% Wilson interval,\n"
    "       decisions per game and the bots' decisions/s. --simulations K sets\n"
    "       the budget of medium and hard (defaults 400 and 3000); --progress\n"
    "       reports each finished game on stderr.\n"
    "\n"
    "exit status: 0 success (also a game ended early by :quit or end of\n"
    "input), 1 the library refused a request (an unknown game, a bad option)\n"
    "or a check failed, 2 the command line could not be understood.\n";

static int cli_usage(FILE *out, int code)
{
    fputs(cli_usage_text, out);
    return code;
}

int main(int argc, char **argv)
{
    const char *cmd = argc > 1 ? argv[1] : NULL;

    if (cmd == NULL)
        return cli_usage(stderr, CLI_EXIT_USAGE);
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0)
        return cli_usage(stdout, CLI_EXIT_OK);
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
        printf("tablegames %s (headers %s)\n", tg_version_string(), TG_VERSION_STRING);
        return CLI_EXIT_OK;
    }
    if (tg_version_number() / 10000 != TG_VERSION_MAJOR) {
        fprintf(stderr, "tablegames: built for libtablegames %s but running with %s\n",
                TG_VERSION_STRING, tg_version_string());
        return CLI_EXIT_FAILURE;
    }
    if (strcmp(cmd, "list") == 0)
        return cli_cmd_list(argc - 2, argv + 2);
    if (strcmp(cmd, "play") == 0)
        return cli_cmd_play(argc - 2, argv + 2);
    if (strcmp(cmd, "bench") == 0)
        return cli_cmd_bench(argc - 2, argv + 2);
    if (strcmp(cmd, "tournament") == 0)
        return cli_cmd_tournament(argc - 2, argv + 2);
    fprintf(stderr, "tablegames: unknown command '%s'\n\n", cmd);
    return cli_usage(stderr, CLI_EXIT_USAGE);
}
