/* tablegames: list the games of libtablegames, play them in a terminal, and
 * measure how fast random games run. */
#include "cli.h"

#include <string.h>

/* The subcommands, each with its own --help text (in its cmd_*.c file). */
static const struct cli_subcommand {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *help;
} cli_subcommands[] = {
    { "list", cli_cmd_list, cli_list_help },
    { "play", cli_cmd_play, cli_play_help },
    { "bench", cli_cmd_bench, cli_bench_help },
    { "tournament", cli_cmd_tournament, cli_tour_help },
};

#define CLI_SUBCOMMANDS (sizeof cli_subcommands / sizeof cli_subcommands[0])

static const char cli_usage_tail[] =
    "       tablegames version | --version | --help | help COMMAND\n"
    "\n"
    "list        every game with its player range and options\n"
    "play        plays one game in the terminal, people or computer players\n"
    "bench       measures how fast random games run\n"
    "tournament  plays computer players against each other, with win rates\n"
    "'tablegames COMMAND --help' (or 'tablegames help COMMAND') explains one.\n"
    "\n"
    "exit status: 0 success (also a game ended early by :quit or end of\n"
    "input, and --help), 1 the library refused a request (an unknown game, a\n"
    "bad option) or a check failed, 2 the command line could not be understood.\n";

/* The usage lines of every subcommand (each help text's first paragraph),
 * then what the subcommands are for. */
static int cli_usage(FILE *out, int code)
{
    for (size_t i = 0; i < CLI_SUBCOMMANDS; i++) {
        const char *help = cli_subcommands[i].help;
        const char *end = strstr(help, "\n\n");
        size_t len = end != NULL ? (size_t)(end - help) + 1 : strlen(help);
        if (i > 0 && strncmp(help, "usage: ", 7) == 0) {
            fputs("       ", out);
            help += 7;
            len -= 7;
        }
        fwrite(help, 1, len, out);
    }
    fputs(cli_usage_tail, out);
    return code;
}

static const struct cli_subcommand *cli_find_subcommand(const char *name)
{
    for (size_t i = 0; i < CLI_SUBCOMMANDS; i++)
        if (strcmp(cli_subcommands[i].name, name) == 0)
            return &cli_subcommands[i];
    return NULL;
}

int main(int argc, char **argv)
{
    const char *cmd = argc > 1 ? argv[1] : NULL;
    const struct cli_subcommand *sub;

    if (cmd == NULL)
        return cli_usage(stderr, CLI_EXIT_USAGE);
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 ||
        (strcmp(cmd, "help") == 0 && argc == 2))
        return cli_usage(stdout, CLI_EXIT_OK);
    if (strcmp(cmd, "help") == 0) {
        if (argc == 3 && (sub = cli_find_subcommand(argv[2])) != NULL) {
            fputs(sub->help, stdout);
            return CLI_EXIT_OK;
        }
        fprintf(stderr, "tablegames help: no command '%s'\n\n", argv[2]);
        return cli_usage(stderr, CLI_EXIT_USAGE);
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
        if (argc > 2 && strcmp(argv[2], "--help") != 0 && strcmp(argv[2], "-h") != 0) {
            fprintf(stderr, "tablegames version: unexpected argument '%s'\n", argv[2]);
            return CLI_EXIT_USAGE;
        }
        if (argc > 2) {
            puts("usage: tablegames version\n\nPrints the library's version and the one the "
                 "command was built for.");
            return CLI_EXIT_OK;
        }
        printf("tablegames %s (headers %s)\n", tg_version_string(), TG_VERSION_STRING);
        return CLI_EXIT_OK;
    }
    if (tg_version_number() / 10000 != TG_VERSION_MAJOR) {
        fprintf(stderr, "tablegames: built for libtablegames %s but running with %s\n",
                TG_VERSION_STRING, tg_version_string());
        return CLI_EXIT_FAILURE;
    }
    if ((sub = cli_find_subcommand(cmd)) != NULL)
        return sub->run(argc - 2, argv + 2);
    fprintf(stderr, "tablegames: unknown command '%s'\n\n", cmd);
    return cli_usage(stderr, CLI_EXIT_USAGE);
}
