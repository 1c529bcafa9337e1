#include "play_check.h"

#include "handles.h"

tg_status tgV_check_decision(const tg_game_def *def, const void *cfg, const void *st,
                             tg_msg *msg)
{
    int cp = def->current_player(cfg, st);
    if (cp == TG_PLAYER_TERMINAL)
        return TG_OK;
    tg_limits lim;
    def->limits(cfg, &lim);
    /* Sized by the game's own limits, not the core's bound, so a call that
     * loads a save stays within a small stack (docs/guide.md). The
     * validator has checked the position's structure first, so the
     * game's lists cannot pass its limits; the checks below are the
     * last word on that. */
    tg_move moves[lim.max_legal_moves ? lim.max_legal_moves : 1];
    uint32_t weights[lim.max_chance_outcomes ? lim.max_chance_outcomes : 1];
    size_t n = def->legal_moves(cfg, st, moves);
    if (n == 0) {
        tgM_set(msg, "the game is not over, yet %s", cp == TG_PLAYER_CHANCE
                                                      ? "the chance point has no outcome"
                                                      : "the player to move has no legal move");
        return TG_E_CORRUPT;
    }
    if (n > lim.max_legal_moves) {
        tgM_set(msg, "%zu legal moves, more than the game's limit of %u", n,
                (unsigned)lim.max_legal_moves);
        return TG_E_CORRUPT;
    }
    if (cp != TG_PLAYER_CHANCE)
        return TG_OK;
    size_t k = def->chance(cfg, st, moves, weights);
    if (k == 0 || k > lim.max_chance_outcomes) {
        tgM_set(msg, "a chance point with %zu outcomes (the game allows 1 to %u)", k,
                (unsigned)lim.max_chance_outcomes);
        return TG_E_CORRUPT;
    }
    for (size_t i = 0; i < k; i++)
        if (weights[i] == 0) {
            tgM_set(msg, "chance outcome %u has no weight", (unsigned)moves[i]);
            return TG_E_CORRUPT;
        }
    return TG_OK;
}
