/* The playout hook: tg_state_playout()'s loop compiled inside a game, so
 * that the game's legal_moves(), apply_turn() and chance draw are direct
 * calls (inlined where they live in the same file) instead of calls
 * through the table of hooks. Natively an indirect call costs little; in
 * WebAssembly each is a call_indirect (the table's bounds and the
 * signature checked) that V8 never inlines. A game sets the hook with one
 * line in its rules.c:
 *
 *     TG_PLAYOUT_HOOK(xx_playout, xx_legal_moves, xx_apply_turn, CHANCE_TURN, FACES, FIRST)
 *
 * CHANCE_TURN is the game's apply_chance_turn() or NULL; FACES and FIRST
 * its die_faces and die_first (0, 0 without a die), the same values as in
 * its table. The loop makes the very decisions of lib/core/playout.c's
 * general loop (the same draws from the same RNG, the same history
 * entries); tests/hooks plays both and compares. */
#ifndef TG_PLAYOUT_LOOP_H
#define TG_PLAYOUT_LOOP_H

#include "game_def.h"
#include "rng.h"

/* What the core hands the hook, and what it hands back. */
struct tg_playout_run {
    tg_rng *rng;      /* the state's RNG */
    tg_move *scratch; /* room for max_legal_moves ids */
    tg_move *hist;    /* the history's next free entries */
    int8_t *who;      /* who made each of them (TG_PLAYER_CHANCE for chance) */
    uint32_t room;    /* decisions at most: free history entries, within the
                       * caller's limit and the game's length cap */
    int cur;          /* in: who decides now (a seat or TG_PLAYER_CHANCE);
                       * out: who decides after the decisions made */
};

/* Makes decisions while there is room and nobody has won; returns how many
 * were made. It stops early, before deciding, where the general loop has
 * more to do: a chance point neither CHANCE_TURN nor the die draws, or a
 * seat without a legal move; the core goes on from there. */
static inline uint32_t tgP_playout_loop(
    const void *cfg, void *st, struct tg_playout_run *run,
    size_t (*legal_moves)(const void *, const void *, tg_move *),
    int (*apply_turn)(const void *, void *, tg_move),
    int (*apply_chance_turn)(const void *, void *, tg_rng *, tg_move *), uint32_t die_faces,
    tg_move die_first)
{
    tg_move *hist = run->hist;
    int8_t *who = run->who;
    tg_move *scratch = run->scratch;
    tg_rng *rng = run->rng;
    uint32_t room = run->room, n = 0;
    int cur = run->cur;
    for (; n < room && cur != TG_PLAYER_TERMINAL; n++) {
        if (cur == TG_PLAYER_CHANCE) {
            /* as playout.c: the game's fused draw first, else the die */
            if (apply_chance_turn) {
                int next = apply_chance_turn(cfg, st, rng, hist + n);
                if (next == TG_PLAYER_INVALID)
                    break;
                who[n] = TG_PLAYER_CHANCE;
                cur = next;
                continue;
            }
            if (!die_faces)
                break;
            tg_move m = die_first + tgR_below(rng, die_faces);
            hist[n] = m;
            who[n] = TG_PLAYER_CHANCE;
            cur = apply_turn(cfg, st, m);
            continue;
        }
        size_t k = legal_moves(cfg, st, scratch);
        if (k == 0)
            break;
        tg_move m = scratch[tgR_below(rng, (uint32_t)k)];
        hist[n] = m;
        who[n] = (int8_t)cur;
        cur = apply_turn(cfg, st, m);
    }
    run->cur = cur;
    return n;
}

#define TG_PLAYOUT_HOOK(name, legal_moves, apply_turn, apply_chance_turn, die_faces, die_first) \
    uint32_t name(const void *cfg, void *st, struct tg_playout_run *run)                        \
    {                                                                                           \
        return tgP_playout_loop(cfg, st, run, legal_moves, apply_turn, apply_chance_turn,        \
                                die_faces, die_first);                                          \
    }

#endif
