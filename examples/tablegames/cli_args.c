/* The one parser of the tablegames subcommands' command lines. */
#include "cli_args.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

void cli_args_error(const cli_command *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "tablegames %s: ", cmd->name);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static const cli_opt *cli_find_opt(const cli_command *cmd, const char *name)
{
    for (size_t k = 0; k < cmd->count; k++)
        if (strcmp(cmd->opts[k].name, name) == 0)
            return &cmd->opts[k];
    return NULL;
}

/* Stores one option's value; returns 0 when it is good. */
static int cli_store(const cli_opt *opt, const char *value)
{
    switch (opt->kind) {
    case CLI_OPT_FLAG:
        *(int *)opt->dest = 1;
        return 0;
    case CLI_OPT_INT:
        return cli_parse_int(value, opt->min, opt->max, (long *)opt->dest);
    case CLI_OPT_U64:
        return cli_parse_u64(value, (uint64_t *)opt->dest);
    case CLI_OPT_SECONDS:
        return cli_parse_seconds(value, (double *)opt->dest);
    case CLI_OPT_TEXT:
        *(const char **)opt->dest = value;
        return 0;
    case CLI_OPT_CALL:
        return opt->parse(value, opt->dest);
    }
    return -1;
}

int cli_parse_args(const cli_command *cmd, int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        const cli_opt *opt;
        const char *value = NULL;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fputs(cmd->help, stdout);
            return CLI_ARGS_HELP;
        }
        opt = arg[0] == '-' ? cli_find_opt(cmd, arg) : NULL;
        if (opt == NULL) {
            if (arg[0] == '-' || cmd->positional == NULL || *cmd->positional != NULL) {
                cli_args_error(cmd, "unexpected argument '%s' (tablegames %s --help)", arg,
                               cmd->name);
                return CLI_ARGS_BAD;
            }
            *cmd->positional = arg;
            continue;
        }
        if (opt->kind != CLI_OPT_FLAG) {
            if (i + 1 >= argc) {
                cli_args_error(cmd, "%s needs a value", arg);
                return CLI_ARGS_BAD;
            }
            value = argv[++i];
        }
        if (cli_store(opt, value) != 0) {
            cli_args_error(cmd, "bad value '%s' for %s", value, arg);
            return CLI_ARGS_BAD;
        }
        if (opt->given != NULL)
            *opt->given = 1;
    }
    return CLI_ARGS_OK;
}

int cli_args_exit(int parsed)
{
    if (parsed == CLI_ARGS_HELP)
        return CLI_EXIT_OK;
    return parsed == CLI_ARGS_OK ? -1 : CLI_EXIT_USAGE;
}

int cli_check_game_players(const cli_command *cmd, const char *game_id, long players)
{
    const tg_game_info *info = tg_catalogue_find(game_id);
    if (info == NULL || players == 0)
        return 0; /* an unknown game is the library's to refuse */
    if (players < info->min_players || players > info->max_players) {
        cli_args_error(cmd, "--players %ld: %s is played by %d to %d players", players,
                       game_id, info->min_players, info->max_players);
        return -1;
    }
    return 0;
}
