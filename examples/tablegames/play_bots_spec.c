/* "tablegames play --bots SPEC": which seats the computer plays, and how well.
 * SPEC is a comma-separated list of seats (numbers or "all"); "=LEVEL" after
 * a seat gives that level to it and to the seats listed right before it
 * that have none yet, so "1,2=hard" makes both hard. Seats left without a
 * level at the end of the list play at medium. */
#define _POSIX_C_SOURCE 200809L
#include "play.h"

#include <string.h>

static int spec_fail(const char *why, const char *item)
{
    fprintf(stderr, "tablegames play: --bots: %s '%s'\n", why, item);
    return -1;
}

/* Gives level to every seat of the pending group. */
static void spec_close_group(play_bots_spec *spec, uint32_t pending, tg_bot_level level)
{
    for (int p = 0; p < TG_MAX_PLAYERS; p++)
        if ((pending >> p) & 1u)
            spec->level[p] = level;
}

int play_bots_parse(const char *text, play_bots_spec *spec)
{
    char buf[256];
    char *save = NULL;
    uint32_t pending = 0;
    size_t len = strlen(text);

    memset(spec, 0, sizeof *spec);
    if (len == 0 || len >= sizeof buf || text[0] == ',' || text[len - 1] == ',' ||
        strstr(text, ",,") != NULL)
        return spec_fail("empty seat in", text);
    memcpy(buf, text, len + 1);
    for (char *item = strtok_r(buf, ",", &save); item != NULL;
         item = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(item, '=');
        uint32_t seats;
        long seat;
        if (eq != NULL)
            *eq = '\0';
        if (strcmp(item, "all") == 0) {
            seats = TG_MAX_PLAYERS >= 32 ? 0xFFFFFFFFu : (1u << TG_MAX_PLAYERS) - 1u;
            spec->all = 1;
        } else if (cli_parse_int(item, 0, TG_MAX_PLAYERS - 1, &seat) == 0) {
            seats = 1u << seat;
            if (seat > spec->max_seat)
                spec->max_seat = (int)seat;
        } else {
            return spec_fail("no such seat", item);
        }
        if ((spec->seats & seats) != 0)
            return spec_fail("seat named twice:", item);
        spec->seats |= seats;
        pending |= seats;
        if (eq != NULL) {
            tg_bot_level level;
            if (play_parse_level(eq + 1, &level) != 0)
                return spec_fail("unknown level (random|easy|medium|hard)", eq + 1);
            spec_close_group(spec, pending, level);
            pending = 0;
        }
    }
    spec_close_group(spec, pending, TG_BOT_MEDIUM);
    return 0;
}

int play_bots_spec_check(const play_bots_spec *spec, int players)
{
    if (!spec->all && spec->max_seat >= players) {
        fprintf(stderr, "tablegames play: --bots: no seat %d in a %d-player game\n",
                spec->max_seat, players);
        return -1;
    }
    return 0;
}

int play_bots_spec_lone_human(const play_bots_spec *spec, int players)
{
    int human = -1;
    for (int p = 0; p < players; p++) {
        if ((spec->seats >> p) & 1u)
            continue;
        if (human >= 0)
            return -1;
        human = p;
    }
    return human;
}

tg_status play_bots_make_spec(play_bots *pb, tg_game *game, const play_bots_spec *spec,
                              uint64_t seed)
{
    int players = tg_game_players(game);
    memset(pb, 0, sizeof *pb);
    for (int p = 0; p < players && p < TG_MAX_PLAYERS; p++) {
        tg_bot_params params = TG_BOT_PARAMS_INIT;
        tg_status s;
        if (((spec->seats >> p) & 1u) == 0)
            continue;
        params.level = spec->level[p];
        /* Each seat its own stream, so the bots do not mirror each other. */
        params.seed = seed + 0x9E3779B97F4A7C15u * (uint64_t)(p + 1);
        s = tg_bot_new(game, p, &params, &pb->bots[p]);
        if (s != TG_OK) {
            play_bots_free(pb);
            return s;
        }
    }
    return TG_OK;
}
