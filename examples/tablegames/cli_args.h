/* The command line of every tablegames subcommand, read by one parser from
 * a table of the options it takes, so that --help, a missing value, a bad
 * value and an unexpected argument read and behave alike everywhere. */
#ifndef TABLEGAMES_CLI_ARGS_H
#define TABLEGAMES_CLI_ARGS_H

#include <stddef.h>

typedef enum cli_opt_kind {
    CLI_OPT_FLAG,    /* no value: *(int *)dest = 1 */
    CLI_OPT_INT,     /* a whole number in [min, max]: *(long *)dest */
    CLI_OPT_U64,     /* a seed: *(uint64_t *)dest */
    CLI_OPT_SECONDS, /* a time in (0, 3600]: *(double *)dest */
    CLI_OPT_TEXT,    /* any text: *(const char **)dest */
    CLI_OPT_CALL     /* parse(value, dest) returns 0 when the value is good */
} cli_opt_kind;

typedef struct cli_opt {
    const char *name; /* "--players" */
    cli_opt_kind kind;
    void *dest;
    long min, max; /* CLI_OPT_INT */
    int (*parse)(const char *value, void *dest);
    int *given; /* optional: set to 1 when the option is on the command line */
} cli_opt;

/* One subcommand: its name, the help text --help prints (usage first), its
 * options, and where its one optional positional argument (a game id) goes. */
typedef struct cli_command {
    const char *name;
    const char *help;
    const cli_opt *opts;
    size_t count;
    const char **positional; /* NULL: the command takes none */
} cli_command;

enum { CLI_ARGS_OK = 0, CLI_ARGS_HELP = 1, CLI_ARGS_BAD = -1 };

/* Reads argv[0..argc) into the destinations of cmd's options. --help or -h
 * prints cmd->help on stdout and returns CLI_ARGS_HELP; a bad command line
 * is explained on stderr ("tablegames NAME: ...") and gives CLI_ARGS_BAD. */
int cli_parse_args(const cli_command *cmd, int argc, char **argv);

/* Maps cli_parse_args' result to an exit code, or -1 to carry on. */
int cli_args_exit(int parsed);

/* "tablegames NAME: <message>" on stderr, for checks after parsing. */
void cli_args_error(const cli_command *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* The checks every command that makes one game shares: the game exists and
 * the player count is in its range (an error names the range). Returns 0
 * when both hold. */
int cli_check_game_players(const cli_command *cmd, const char *game_id, long players);

#endif
