/* The research calls of 1.3 on a game: how the move space splits between
 * players and chance, the length bound, the range of the returns, whether
 * anything is hidden, the format numbers, the tensor's shape. The figures
 * that cost a walk over the move space are worked out once, when the game
 * is made (tgH_research_setup). */
#include <string.h>
#include <xxhash.h>

#include "handles.h"

tg_status tgH_research_setup(tg_game *g)
{
    const tg_game_def *def = g->def;
    uint32_t n = g->limits.move_count, chance = 0;
    for (tg_move m = 0; def->move_is_chance && m < n; m++)
        chance += def->move_is_chance(tgH_cfg(g), m) != 0;
    g->chance_ids = chance;
    /* Keys of different games or options never meet: the id and the
     * canonical options seed the hash (NUL between them, so no two pairs
     * give one text). */
    uint64_t seed = XXH3_64bits(def->info.id, strlen(def->info.id) + 1);
    g->key_seed = XXH3_64bits_withSeed(g->options, strlen(g->options), seed);
    return n ? tgH_action_tables(g) : TG_OK;
}

void tgH_research_release(tg_game *g)
{
    if (g->action_index)
        tgA_release(&g->alloc, g->action_index, tgH_action_bytes(g));
    g->action_index = NULL;
    g->action_moves = NULL;
}

uint32_t tg_game_player_move_count(const tg_game *game)
{
    return game ? game->limits.move_count - game->chance_ids : 0;
}

uint32_t tg_game_chance_outcome_count(const tg_game *game)
{
    return game ? game->chance_ids : 0;
}

int tg_game_move_is_chance(const tg_game *game, tg_move move)
{
    if (!game || move >= game->limits.move_count)
        return TG_E_INVALID_ARGUMENT;
    const tg_game_def *def = game->def;
    return def->move_is_chance && def->move_is_chance(tgH_cfg(game), move) != 0;
}

uint32_t tg_game_length_bound(const tg_game *game)
{
    if (!game)
        return 0;
    const tg_limits *l = &game->limits;
    return l->length_bound && l->length_bound < l->max_length ? l->length_bound : l->max_length;
}

tg_status tg_game_utility_range(const tg_game *game, double *min, double *max)
{
    if (!game || !min || !max)
        return TG_E_INVALID_ARGUMENT;
    /* tg_state_returns(): 1 shared among the winners, 0 for the others. */
    *min = 0.0;
    *max = 1.0;
    return TG_OK;
}

int tg_game_has_hidden_information(const tg_game *game)
{
    return game ? game->def->hidden_information != 0 : TG_E_INVALID_ARGUMENT;
}

int tg_game_utility_sum(const tg_game *game, int draw, double *sum)
{
    if (!game || !sum || (draw != TG_DRAW_ZERO && draw != TG_DRAW_SHARED))
        return TG_E_INVALID_ARGUMENT;
    /* Every game can be stopped by the cap with no winner, and a won game
     * gives 1 among its winners: only shared draws keep the sum. */
    if (draw == TG_DRAW_ZERO)
        return 0;
    *sum = 1.0;
    return 1;
}

int tg_game_format_version(const tg_game *game, int format)
{
    if (!game || format < 0 || format >= TG_CORE_FORMATS)
        return TG_E_INVALID_ARGUMENT;
    int v = game->def->formats[format];
    return v > 0 ? v : 1;
}

tg_status tg_game_observation_tensor_shape(const tg_game *game, size_t *shape, size_t cap,
                                           size_t *rank)
{
    if (!game || !rank || (!shape && cap))
        return TG_E_INVALID_ARGUMENT;
    /* Every 1.3 tensor is the flat slot table of its rule page. */
    *rank = 1;
    if (cap < 1)
        return TG_E_BUFFER_TOO_SMALL;
    shape[0] = tgH_tensor_size(game);
    return TG_OK;
}
