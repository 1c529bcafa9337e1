/* Computer opponents for "tablegames play --computer LEVEL" (and the level
 * names shared with --bots and tournament). */
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
    play_bots_spec spec;
    memset(&spec, 0, sizeof spec);
    for (int p = 0; p < TG_MAX_PLAYERS; p++) {
        spec.level[p] = level;
        if (p != human)
            spec.seats |= 1u << p;
    }
    return play_bots_make_spec(pb, game, &spec, seed);
}

void play_bots_free(play_bots *pb)
{
    for (int p = 0; p < TG_MAX_PLAYERS; p++) {
        tg_bot_free(pb->bots[p]);
        pb->bots[p] = NULL;
    }
}
