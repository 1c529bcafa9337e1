/* Shared pieces of the conformance suite: failure messages, the players'
 * random choices, the legal-move list and the all-viewers comparison. */
#include "conf.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

void conf_fail(const conf_ctx *c, const char *fmt, ...)
{
    char what[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    fail_msg("%s, seed %llu, move %u: %s", c->label, (unsigned long long)c->seed,
             (unsigned)c->at_move, what);
}

uint64_t conf_rng_next(conf_rng *r)
{
    /* splitmix64: good enough for choosing moves, and one line to reproduce. */
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

size_t conf_legal(conf_ctx *c, const tg_state *st)
{
    size_t n = (size_t)-1;
    tg_status s = tg_state_legal_moves(st, c->moves, c->max_legal, &n);
    if (s != TG_OK)
        conf_fail(c, "legal_moves with cap max_legal_moves=%u gave %s (count %zu)",
                  (unsigned)c->max_legal, tg_status_name(s), n);
    if (n > c->max_legal)
        conf_fail(c, "%zu legal moves, more than max_legal_moves %u", n, (unsigned)c->max_legal);
    for (size_t i = 0; i < n; i++) {
        if (c->moves[i] >= c->move_count)
            conf_fail(c, "legal move %u is not below move_count %u", (unsigned)c->moves[i],
                      (unsigned)c->move_count);
        if (i > 0 && c->moves[i] <= c->moves[i - 1])
            conf_fail(c, "legal moves not sorted and unique: %u after %u",
                      (unsigned)c->moves[i], (unsigned)c->moves[i - 1]);
    }
    return n;
}

static char *conf_text_of(conf_ctx *c, tg_status (*fn)(const tg_state *, int, char **, size_t *),
                          const tg_state *st, int viewer, const char *what)
{
    char *out = NULL;
    size_t len = 0;
    tg_status s = fn(st, viewer, &out, &len);
    if (s != TG_OK || !out)
        conf_fail(c, "%s for viewer %d failed: %s", what, viewer, tg_status_name(s));
    return out;
}

static void conf_same_text(conf_ctx *c, tg_status (*fn)(const tg_state *, int, char **, size_t *),
                           const tg_state *a, const tg_state *b, int viewer, const char *label,
                           const char *what)
{
    char *ta = conf_text_of(c, fn, a, viewer, label);
    char *tb = conf_text_of(c, fn, b, viewer, label);
    int same = strcmp(ta, tb) == 0;
    if (!same) {
        char msg[900];
        snprintf(msg, sizeof msg, "%s: %s for viewer %d differs:\n  want %.300s\n  got  %.300s",
                 what, label, viewer, ta, tb);
        tg_free(ta);
        tg_free(tb);
        conf_fail(c, "%s", msg);
    }
    tg_free(ta);
    tg_free(tb);
}

static void conf_assert_same_texts(conf_ctx *c, const tg_state *a, const tg_state *b,
                                   const char *what);

void conf_assert_same_everywhere(conf_ctx *c, const tg_state *a, const tg_state *b,
                                 const char *what)
{
    conf_assert_same_state(c, a, b, what);
    conf_assert_same_texts(c, a, b, what);
}

void conf_assert_same_state(conf_ctx *c, const tg_state *a, const tg_state *b, const char *what)
{
    if (!tg_state_equal(a, b))
        conf_fail(c, "%s: tg_state_equal says the positions differ", what);
    if (tg_state_current_player(a) != tg_state_current_player(b))
        conf_fail(c, "%s: current player %d vs %d", what, tg_state_current_player(a),
                  tg_state_current_player(b));
    if (tg_state_move_number(a) != tg_state_move_number(b))
        conf_fail(c, "%s: move number %u vs %u", what, (unsigned)tg_state_move_number(a),
                  (unsigned)tg_state_move_number(b));
    uint32_t ha = tg_state_history_length(a), hb = tg_state_history_length(b);
    if (ha != hb)
        conf_fail(c, "%s: history length %u vs %u", what, (unsigned)ha, (unsigned)hb);
    if (ha > 0) {
        tg_move *x = calloc(ha, sizeof *x), *y = calloc(ha, sizeof *y);
        size_t nx = 0, ny = 0;
        assert_non_null(x);
        assert_non_null(y);
        tg_status sx = tg_state_history(a, x, ha, &nx), sy = tg_state_history(b, y, ha, &ny);
        int same = sx == TG_OK && sy == TG_OK && nx == ha && ny == ha &&
                   memcmp(x, y, ha * sizeof *x) == 0;
        free(x);
        free(y);
        if (!same)
            conf_fail(c, "%s: histories differ", what);
    }
    /* The running digests behind the keys, and who made each decision. */
    for (int p = 0; p < c->players; p++) {
        uint64_t ka[2] = {0, 0}, kb[2] = {1, 1};
        tg_state_information_key(a, p, ka);
        tg_state_information_key(b, p, kb);
        if (ka[0] != kb[0] || ka[1] != kb[1])
            conf_fail(c, "%s: player %d's information key differs", what, p);
    }
    for (uint32_t i = 0; i < ha; i++) {
        int wa = 99, wb = 98;
        tg_state_history_player(a, i, &wa);
        tg_state_history_player(b, i, &wb);
        if (wa != wb)
            conf_fail(c, "%s: decision %u made by %d vs %d", what, (unsigned)i, wa, wb);
    }
}

void conf_render_texts(conf_ctx *c, const tg_state *st, int all)
{
    for (int v = TG_VIEW_OMNISCIENT; v < c->players; v++) {
        if (all)
            tg_free(conf_text_of(c, tg_state_observation_json, st, v, "observation"));
        tg_free(conf_text_of(c, tg_state_events_json, st, v, "events"));
    }
    for (int p = 0; all && p < c->players; p++)
        tg_free(conf_text_of(c, tg_state_information_json, st, p, "information state"));
}

/* Every view's observation and events, and every player's information
 * state, as text: the costliest comparison, since the texts grow with the
 * history. */
static void conf_assert_same_texts(conf_ctx *c, const tg_state *a, const tg_state *b,
                                   const char *what)
{
    for (int v = TG_VIEW_OMNISCIENT; v < c->players; v++) {
        conf_same_text(c, tg_state_observation_json, a, b, v, "observation", what);
        conf_same_text(c, tg_state_events_json, a, b, v, "events", what);
    }
    for (int p = 0; p < c->players; p++)
        conf_same_text(c, tg_state_information_json, a, b, p, "information state", what);
}
