/* Helpers shared by the subcommands of the tablegames command. */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* splitmix64: tiny, fast and good enough for picking random moves. */
void cli_rng_seed(cli_rng *rng, uint64_t seed)
{
    rng->state = seed;
}

int cli_parse_int(const char *text, long min, long max, long *out)
{
    char *end = NULL;
    long v;
    if (text == NULL || *text == '\0' || isspace((unsigned char)*text))
        return -1;
    errno = 0;
    v = strtol(text, &end, 10);
    if (errno != 0 || *end != '\0' || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

int cli_parse_u64(const char *text, uint64_t *out)
{
    char *end = NULL;
    unsigned long long v;
    if (text == NULL || !isdigit((unsigned char)*text))
        return -1;
    errno = 0;
    v = strtoull(text, &end, 0);
    if (errno != 0 || *end != '\0')
        return -1;
    *out = (uint64_t)v;
    return 0;
}

int cli_parse_seconds(const char *text, double *out)
{
    char *end = NULL;
    double v;
    if (text == NULL || *text == '\0' || isspace((unsigned char)*text))
        return -1;
    errno = 0;
    v = strtod(text, &end);
    if (errno != 0 || *end != '\0' || !(v > 0.0) || v > 3600.0)
        return -1;
    *out = v;
    return 0;
}

int cli_options_name_players(const char *options)
{
    const char *p = options;
    while (p != NULL && *p != '\0') {
        while (*p == ' ' || *p == ',')
            p++;
        if (strncmp(p, "players", 7) == 0) {
            const char *q = p + 7;
            while (*q == ' ')
                q++;
            if (*q == '=' || *q == ',' || *q == '\0')
                return 1;
        }
        p = strchr(p, ',');
    }
    return 0;
}

tg_status cli_make_game(const char *id, int players, const char *options,
                        const tg_game_params *params, tg_game **out)
{
    char joined[1024];
    char err[256] = "";
    tg_status st;
    int n;

    if (options == NULL)
        options = "";
    if (players > 0)
        n = snprintf(joined, sizeof joined, "players=%d%s%s", players,
                     options[0] != '\0' ? "," : "", options);
    else
        n = snprintf(joined, sizeof joined, "%s", options);
    if (n < 0 || (size_t)n >= sizeof joined) {
        cli_report(id, TG_E_TOO_LARGE, "options string too long");
        return TG_E_TOO_LARGE;
    }
    st = tg_game_new(id, joined, params, out, err, sizeof err);
    if (st != TG_OK)
        cli_report(id, st, err);
    return st;
}

void cli_report(const char *what, tg_status status, const char *detail)
{
    fprintf(stderr, "tablegames: %s: %s", what, tg_status_text(status));
    if (detail != NULL && detail[0] != '\0')
        fprintf(stderr, ": %s", detail);
    fputc('\n', stderr);
}

void cli_print_winners(FILE *out, uint32_t mask)
{
    int count = 0;
    for (int p = 0; p < TG_MAX_PLAYERS; p++)
        if (mask & (1u << p))
            count++;
    if (count == 0) {
        fputs("no winner", out);
        return;
    }
    fputs(count == 1 ? "player" : "players", out);
    for (int p = 0, shown = 0; p < TG_MAX_PLAYERS; p++) {
        if (mask & (1u << p))
            fprintf(out, "%s %d", shown++ ? "," : "", p);
    }
}
