/* tablegames list: the catalogue, with every option of every game. */
#include "cli.h"

#include "cli_args.h"

#include <string.h>

static const char *cli_option_type_name(tg_option_type type)
{
    switch (type) {
    case TG_OPTION_INT: return "int";
    case TG_OPTION_BOOL: return "bool";
    case TG_OPTION_CHOICE: return "choice";
    case TG_OPTION_NUMBER: return "number";
    }
    return "?";
}

static const char *cli_or_dash(const char *text)
{
    return text != NULL && text[0] != '\0' ? text : "-";
}

static void cli_list_game(const tg_game_info *info)
{
    printf("%s  %s  (%d-%d players)\n", info->id, cli_or_dash(info->name),
           info->min_players, info->max_players);
    if (info->summary != NULL && info->summary[0] != '\0')
        printf("  %s\n", info->summary);
    printf("  %-12s %-7s %-9s %-18s %s\n", "option", "type", "default", "allowed", "meaning");
    for (size_t i = 0; i < info->option_count; i++) {
        const tg_option_info *opt = tg_game_info_option(info, i);
        if (opt == NULL)
            continue;
        printf("  %-12s %-7s %-9s %-18s %s\n", cli_or_dash(opt->name),
               cli_option_type_name(opt->type), cli_or_dash(opt->default_value),
               cli_or_dash(opt->allowed), cli_or_dash(opt->description));
    }
}

const char cli_list_help[] =
    "usage: tablegames list [--ids]\n"
    "\n"
    "Every game with its player range and options (type, default, allowed\n"
    "values, meaning); --ids prints only the ids, one a line.\n";

int cli_cmd_list(int argc, char **argv)
{
    size_t count = tg_catalogue_count();
    int ids_only = 0, rc;
    const cli_opt opts[] = {
        { "--ids", CLI_OPT_FLAG, &ids_only, 0, 0, NULL, NULL },
    };
    const cli_command cmd = { "list", cli_list_help, opts, 1, NULL };
    if ((rc = cli_args_exit(cli_parse_args(&cmd, argc, argv))) >= 0)
        return rc;
    if (ids_only) {
        for (size_t i = 0; i < count; i++) {
            const tg_game_info *info = tg_catalogue_get(i);
            if (info != NULL)
                puts(info->id);
        }
        return CLI_EXIT_OK;
    }
    printf("libtablegames %s: %zu game%s\n", tg_version_string(), count,
           count == 1 ? "" : "s");
    for (size_t i = 0; i < count; i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        if (info == NULL)
            continue;
        putchar('\n');
        cli_list_game(info);
    }
    return CLI_EXIT_OK;
}
