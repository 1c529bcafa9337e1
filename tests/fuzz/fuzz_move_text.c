/* Move text typed by people: a seeded random position of a chosen game,
 * then the rest of the input parsed and applied as a move. */
#include <string.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in = {data, size};
    tg_game *g = fz_pick_game(&in);
    if (!g)
        return 0;
    unsigned steps = fz_byte(&in);
    tg_state *st = NULL;
    fz_require(tg_state_new(g, fz_u32(&in), &st) == TG_OK, "state");
    tg_move moves[4096];
    size_t n;
    for (unsigned i = 0; i < steps && !tg_state_is_terminal(st); i++) {
        if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
            fz_require(tg_state_apply_chance(st, NULL) == TG_OK, "chance");
            continue;
        }
        fz_require(tg_state_legal_moves(st, moves, 4096, &n) == TG_OK && n > 0, "moves");
        fz_require(tg_state_apply(st, moves[i % n]) == TG_OK, "legal move applies");
    }
    char text[256];
    size_t len = in.n < sizeof text - 1 ? in.n : sizeof text - 1;
    memcpy(text, in.p, len);
    text[len] = '\0';
    unsigned char *before = NULL, *after = NULL;
    size_t lb, la;
    fz_require(tg_state_save(st, &before, &lb) == TG_OK, "save");
    tg_move m;
    tg_status ps = tg_state_parse_move(st, text, &m);
    tg_status as = tg_state_apply_text(st, text);
    fz_require((ps == TG_OK) == (as == TG_OK), "parse and apply agree");
    if (as != TG_OK) {
        fz_require(tg_state_save(st, &after, &la) == TG_OK, "save");
        fz_require(la == lb && memcmp(before, after, lb) == 0, "rejected text changes nothing");
        tg_free(after);
    }
    tg_free(before);
    fz_check_state(st);
    tg_state_free(st);
    tg_game_free(g);
    return 0;
}
