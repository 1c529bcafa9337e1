/* Checks of the one-call step (tg_state_step, tg_state_step_chance): the
 * playout's clone makes every decision through them, and what they report
 * must be the position reached, exactly as the separate calls describe it;
 * refused steps change nothing and write nothing. */
#include "conf.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#define CONF_STEP_CANARY 0xC0FFEEu

static tg_move *conf_step_list(conf_ctx *c)
{
    for (size_t i = 0; i < c->buf_cap; i++)
        c->stepped[i] = CONF_STEP_CANARY;
    return c->stepped;
}

tg_status conf_step_move(conf_ctx *c, tg_state *twin, tg_move m)
{
    c->stepped_player = TG_PLAYER_CHANCE - 100;
    c->stepped_count = (size_t)-1;
    return tg_state_step(twin, m, &c->stepped_player, conf_step_list(c), c->buf_cap,
                         &c->stepped_count);
}

tg_status conf_step_draw(conf_ctx *c, tg_state *twin, tg_move *drawn)
{
    c->stepped_player = TG_PLAYER_CHANCE - 100;
    c->stepped_count = (size_t)-1;
    return tg_state_step_chance(twin, drawn, &c->stepped_player, conf_step_list(c), c->buf_cap,
                                &c->stepped_count);
}

void conf_check_step_report(conf_ctx *c, const tg_state *after)
{
    int cp = tg_state_current_player(after);
    if (c->stepped_player != cp)
        conf_fail(c, "a step reported player %d to move next, the position says %d",
                  c->stepped_player, cp);
    size_t n = conf_legal(c, after);
    if (c->stepped_count != n ||
        (n && memcmp(c->stepped, c->moves, n * sizeof *c->moves) != 0))
        conf_fail(c, "a step reported %zu next moves (first %u), the position has %zu (first %u)",
                  c->stepped_count, n ? (unsigned)c->stepped[0] : 0u, n,
                  n ? (unsigned)c->moves[0] : 0u);
    if (cp != TG_PLAYER_CHANCE)
        return;
    size_t k = 0;
    if (tg_state_chance_outcomes(after, c->other, c->probs, c->buf_cap, &k) != TG_OK ||
        k != n || memcmp(c->other, c->stepped, n * sizeof *c->other) != 0)
        conf_fail(c, "a step's next list differs from the chance outcomes of the position");
}

/* The step calls' refusals on st: an illegal move, a buffer smaller than
 * the game's longest list, a chance step off a chance point. Each leaves
 * the state as it was (the caller compares the whole bytes afterwards) and
 * writes neither the player nor the list. */
static void conf_step_refused(conf_ctx *c, tg_state *st, tg_status got, tg_status want,
                              const char *what)
{
    if (got != want)
        conf_fail(c, "%s gave %s, want %s", what, tg_status_name(got), tg_status_name(want));
    if (c->stepped_player != TG_PLAYER_CHANCE - 100)
        conf_fail(c, "%s wrote the player", what);
    for (size_t i = 0; i < c->buf_cap; i++)
        if (c->stepped[i] != CONF_STEP_CANARY)
            conf_fail(c, "%s wrote entry %zu of the list", what, i);
    if (tg_state_last_error(st)[0] == '\0')
        conf_fail(c, "%s left no message", what);
}

void conf_check_step_refusals(conf_ctx *c, tg_state *st, tg_move not_legal)
{
    tg_status s = conf_step_move(c, st, not_legal);
    conf_step_refused(c, st, s, TG_E_ILLEGAL_MOVE, "a step with a move that is not legal");
    size_t n = conf_legal(c, st);
    if (n > 0 && c->max_legal > 1) {
        c->stepped_player = TG_PLAYER_CHANCE - 100;
        size_t need = 0;
        s = tg_state_step(st, c->moves[0], &c->stepped_player, conf_step_list(c),
                          c->max_legal - 1, &need);
        conf_step_refused(c, st, s, TG_E_BUFFER_TOO_SMALL,
                          "a step into a buffer one short of max_legal_moves");
        if (need != c->max_legal)
            conf_fail(c, "a step into a small buffer asked for %zu entries, want %u", need,
                      (unsigned)c->max_legal);
    }
    if (tg_state_current_player(st) != TG_PLAYER_CHANCE) {
        tg_move drawn = CONF_STEP_CANARY;
        s = conf_step_draw(c, st, &drawn);
        conf_step_refused(c, st, s, TG_E_WRONG_PHASE, "a chance step off a chance point");
        if (drawn != CONF_STEP_CANARY)
            conf_fail(c, "a refused chance step wrote an outcome");
    }
}
