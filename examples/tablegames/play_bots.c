/* Computer opponents for "tablegames play --computer LEVEL". */
#include "play.h"

#include <string.h>

int play_parse_level(const char *text, tg_bot_level *out)
{
    static const struct {
        const char *name;
        tg_bot_level level;
    } levels[] = {
        { "random", TG_BOT_RANDOM },
        { "easy", TG_BOT_EASY },
        { "medium", TG_BOT_MEDIUM },
        { "hard", TG_BOT_HARD },
    };
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        if (strcmp(text, levels[i].name) == 0) {
            *out = levels[i].level;
            return 0;
        }
    }
    return -1;
}

tg_status play_bots_make(play_bots *pb, tg_game *game, tg_bot_level level, int human,
                         uint64_t seed)
{
    tg_bot_params params = TG_BOT_PARAMS_INIT;
    int players = tg_game_players(game);

    memset(pb, 0, sizeof *pb);
    params.level = level;
    for (int p = 0; p < players && p < TG_MAX_PLAYERS; p++) {
        tg_status s;
        if (p == human)
            continue;
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

void play_bots_free(play_bots *pb)
{
    for (int p = 0; p < TG_MAX_PLAYERS; p++) {
        tg_bot_free(pb->bots[p]);
        pb->bots[p] = NULL;
    }
}
