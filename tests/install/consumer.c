/* A program built against an installed libtablegames: checks that headers
 * and library agree and plays one random game of the first catalogue entry. */
#include <boardgames/tablegames.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    const tg_game_info *info = tg_catalogue_get(0);
    tg_game *game = NULL;
    tg_state *st = NULL;
    tg_move *moves = NULL;
    uint32_t winners = 0, pick = 12345;
    char err[256] = "";
    tg_status s;

    if (tg_version_number() != TG_VERSION_NUMBER || info == NULL) {
        fprintf(stderr, "headers %s, library %s, %zu games\n", TG_VERSION_STRING,
                tg_version_string(), tg_catalogue_count());
        return 1;
    }
    s = tg_game_new(info->id, NULL, NULL, &game, err, sizeof err);
    if (s == TG_OK)
        moves = malloc(tg_game_max_legal_moves(game) * sizeof *moves);
    if (s == TG_OK)
        s = moves != NULL ? tg_state_new(game, 1, &st) : TG_E_NO_MEMORY;
    while (s == TG_OK && !tg_state_is_terminal(st)) {
        size_t count = 0;
        if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
            s = tg_state_apply_chance(st, NULL);
            continue;
        }
        s = tg_state_legal_moves(st, moves, tg_game_max_legal_moves(game), &count);
        pick = pick * 1103515245u + 12345u;
        if (s == TG_OK)
            s = count > 0 ? tg_state_apply(st, moves[(pick >> 16) % count]) : TG_E_WRONG_PHASE;
    }
    if (s == TG_OK)
        s = tg_state_winners(st, &winners);
    printf("%s with libtablegames %s: %s after %u decisions, winners 0x%x %s\n", info->id,
           tg_version_string(), tg_status_name(s), (unsigned)tg_state_move_number(st),
           (unsigned)winners, err);
    tg_state_free(st);
    tg_game_free(game);
    free(moves);
    return s == TG_OK && winners != 0 ? 0 : 1;
}
