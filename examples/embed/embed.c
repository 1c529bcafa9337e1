/* The smallest complete host: one random game of Witches' Dance. */
#include <boardgames/tablegames.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                           \
    do {                                                                      \
        tg_status s_ = (call);                                                \
        if (s_ != TG_OK) {                                                    \
            fprintf(stderr, "%s: %s\n", #call, tg_status_text(s_));           \
            goto done;                                                        \
        }                                                                     \
    } while (0)

int main(void)
{
    char err[256] = "", text[64];
    tg_game *game = NULL;
    tg_state *st = NULL;
    tg_move *moves = NULL;
    uint32_t winners = 0;
    int rc = 1;

    if (tg_game_new("witches_dance", "players=3", NULL, &game, err, sizeof err) != TG_OK) {
        fprintf(stderr, "cannot make the game: %s\n", err);
        return 1;
    }
    moves = malloc(tg_game_max_legal_moves(game) * sizeof *moves);
    if (moves == NULL)
        goto done;
    CHECK(tg_state_new(game, 42, &st));
    srand(42);
    while (!tg_state_is_terminal(st)) {
        tg_move move;
        size_t count = 0;
        if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
            CHECK(tg_state_sample_chance(st, &move)); /* a die, by the library's RNG */
        } else {
            CHECK(tg_state_legal_moves(st, moves, tg_game_max_legal_moves(game), &count));
            move = moves[(size_t)rand() % count];
        }
        CHECK(tg_state_move_text(st, move, text, sizeof text, NULL));
        printf("%d: %s\n", tg_state_current_player(st), text);
        CHECK(tg_state_apply(st, move));
    }
    CHECK(tg_state_winners(st, &winners));
    for (int p = 0; p < tg_game_players(game); p++)
        if (winners & (1u << p))
            printf("player %d wins\n", p);
    rc = 0;
done:
    tg_state_free(st);
    tg_game_free(game);
    free(moves);
    return rc;
}
