#include "fuzz_common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fz_require(int cond, const char *what)
{
    if (!cond) {
        fprintf(stderr, "invariant broken: %s\n", what);
        abort();
    }
}

unsigned fz_byte(fz_input *in)
{
    if (in->n == 0)
        return 0;
    in->n--;
    return *in->p++;
}

uint32_t fz_u32(fz_input *in)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v = (v << 8) | fz_byte(in);
    return v;
}

tg_game *fz_pick_game(fz_input *in)
{
    size_t count = tg_catalogue_count();
    if (count == 0)
        return NULL;
    const tg_game_info *info = tg_catalogue_get(fz_byte(in) % count);
    int span = info->max_players - info->min_players + 1;
    char opts[32];
    snprintf(opts, sizeof opts, "players=%d", info->min_players + (int)(fz_byte(in) % (unsigned)span));
    tg_game *g = NULL;
    tg_status s = tg_game_new(info->id, opts, NULL, &g, NULL, 0);
    fz_require(s == TG_OK, "a game with a valid player count must be made");
    return g;
}

static void check_moves(const tg_state *st)
{
    const tg_game *g = tg_state_game(st);
    tg_move moves[4096];
    size_t n = 0;
    fz_require(tg_state_legal_moves(st, moves, 4096, &n) == TG_OK, "legal moves listed");
    fz_require(n <= tg_game_max_legal_moves(g), "legal move count within the game's maximum");
    for (size_t i = 0; i < n; i++) {
        fz_require(moves[i] < tg_game_move_count(g), "move id within the move space");
        fz_require(i == 0 || moves[i - 1] < moves[i], "legal moves sorted and unique");
    }
    fz_require((n == 0) == (tg_state_is_terminal(st) != 0), "no moves exactly at the end");
    if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
        double probs[4096], sum = 0;
        size_t k = 0;
        fz_require(tg_state_chance_outcomes(st, moves, probs, 4096, &k) == TG_OK, "outcomes");
        for (size_t i = 0; i < k; i++) {
            fz_require(probs[i] > 0 && probs[i] <= 1, "probability in (0, 1]");
            sum += probs[i];
        }
        fz_require(fabs(sum - 1) < 1e-9, "probabilities sum to one");
    }
}

static void check_round_trips(const tg_state *st)
{
    unsigned char *bytes = NULL;
    size_t n = 0;
    tg_state *back = NULL;
    fz_require(tg_state_save(st, &bytes, &n) == TG_OK, "binary save");
    fz_require(tg_state_load(bytes, n, NULL, &back, NULL, 0) == TG_OK, "binary load of own save");
    fz_require(tg_state_equal(st, back), "binary round trip equal");
    tg_state_free(back);
    tg_free(bytes);
    char *text = NULL;
    fz_require(tg_state_to_json(st, &text, &n) == TG_OK, "JSON save");
    fz_require(tg_state_from_json(text, n, NULL, &back, NULL, 0) == TG_OK, "JSON load of own save");
    fz_require(tg_state_equal(st, back), "JSON round trip equal");
    tg_state_free(back);
    tg_free(text);
}

void fz_check_state(const tg_state *st)
{
    check_moves(st);
    check_round_trips(st);
    int players = tg_game_players(tg_state_game(st));
    for (int v = -1; v < players; v++) {
        char *text = NULL;
        fz_require(tg_state_observation_json(st, v, &text, NULL) == TG_OK, "observation");
        tg_free(text);
        fz_require(tg_state_events_json(st, v, &text, NULL) == TG_OK, "events");
        tg_free(text);
    }
}
