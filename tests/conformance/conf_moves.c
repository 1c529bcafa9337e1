/* Checks of one state's decisions: the legal-move list and its buffer
 * contract, move notation both ways, and whose turn it is. */
#include "conf.h"

#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#define CONF_TEXT_MAX 256
#define CONF_CANARY 0xA5A5A5A5u

/* A buffer one entry too small must be refused whole: the count reported,
 * not one entry written. */
static void conf_check_small_buffer(conf_ctx *c, const tg_state *st, size_t n)
{
    if (n == 0)
        return;
    for (size_t i = 0; i < n; i++)
        c->other[i] = CONF_CANARY;
    size_t count = 0;
    tg_status s = tg_state_legal_moves(st, c->other, n - 1, &count);
    if (s != TG_E_BUFFER_TOO_SMALL || count != n)
        conf_fail(c, "legal_moves with cap %zu of %zu gave %s, count %zu", n - 1, n,
                  tg_status_name(s), count);
    for (size_t i = 0; i < n; i++)
        if (c->other[i] != CONF_CANARY)
            conf_fail(c, "legal_moves wrote entry %zu into a buffer it called too small", i);
    count = 0;
    s = tg_state_legal_moves(st, NULL, 0, &count);
    if (s != TG_E_BUFFER_TOO_SMALL || count != n)
        conf_fail(c, "legal_moves(NULL, 0) gave %s, count %zu, want %zu", tg_status_name(s),
                  count, n);
}

static void conf_expect_parse(conf_ctx *c, const tg_state *st, const char *text, tg_move want)
{
    tg_move got = (tg_move)-1;
    tg_status s = tg_state_parse_move(st, text, &got);
    if (s != TG_OK || got != want)
        conf_fail(c, "'%s' parsed to %u (%s), want %u", text, (unsigned)got, tg_status_name(s),
                  (unsigned)want);
}

/* Every legal move has a non-empty text, unique in this state, that parses
 * back to it also when padded and upper-cased, and "#id" names it too;
 * unless all, only the text of move (at_move + seed) % n is parsed back. */
static void conf_check_texts(conf_ctx *c, const tg_state *st, size_t n, int all)
{
    char(*texts)[CONF_TEXT_MAX] = calloc(n ? n : 1, sizeof *texts);
    assert_non_null(texts);
    for (size_t i = 0; i < n; i++) {
        size_t len = (size_t)-1;
        tg_status s = tg_state_move_text(st, c->moves[i], texts[i], CONF_TEXT_MAX, &len);
        if (s != TG_OK || len == 0 || len != strlen(texts[i]))
            conf_fail(c, "move_text(%u) gave %s, len %zu, text '%s'", (unsigned)c->moves[i],
                      tg_status_name(s), len, texts[i]);
        for (size_t j = 0; j < i; j++)
            if (strcmp(texts[j], texts[i]) == 0)
                conf_fail(c, "moves %u and %u share the text '%s'", (unsigned)c->moves[j],
                          (unsigned)c->moves[i], texts[i]);
        if (!all && i != (c->at_move + c->seed) % n)
            continue;
        conf_expect_parse(c, st, texts[i], c->moves[i]);
        char padded[CONF_TEXT_MAX + 8];
        snprintf(padded, sizeof padded, "  %s ", texts[i]);
        for (char *p = padded; *p; p++)
            *p = (char)toupper((unsigned char)*p);
        conf_expect_parse(c, st, padded, c->moves[i]);
        snprintf(padded, sizeof padded, "#%u", (unsigned)c->moves[i]);
        conf_expect_parse(c, st, padded, c->moves[i]);
    }
    free(texts);
}

void conf_check_moves(conf_ctx *c, tg_state *st)
{
    int cp = tg_state_current_player(st);
    int terminal = tg_state_is_terminal(st) != 0;
    if (cp != TG_PLAYER_CHANCE && cp != TG_PLAYER_TERMINAL && (cp < 0 || cp >= c->players))
        conf_fail(c, "current player %d is out of range", cp);
    if (terminal != (cp == TG_PLAYER_TERMINAL))
        conf_fail(c, "is_terminal %d but current player %d", terminal, cp);
    size_t n = conf_legal(c, st);
    if (terminal && n != 0)
        conf_fail(c, "terminal state with %zu legal moves", n);
    if (!terminal && n == 0)
        conf_fail(c, "no legal moves but the game is not over (player %d)", cp);
    conf_check_small_buffer(c, st, n);
    for (size_t i = 0; i < n; i++)
        if (tg_state_is_legal(st, c->moves[i]) != TG_OK)
            conf_fail(c, "is_legal rejects listed move %u", (unsigned)c->moves[i]);
    /* A parse renders the legal moves' texts until one matches, so
     * parsing every text back costs n * n renders a state: most of a quick
     * run's time in games with many moves a state (Bewitched: a third
     * natively, more under valgrind). Quick runs (stride 16 or more:
     * sanitizers and valgrind) still render every text and check that it
     * is unique at every state, but parse them all back only at every
     * fourth state (shifted by the seed), at the start and the end; at the
     * others one text, a different one each state. */
    int all = c->stride < 16 || (c->at_move + c->seed) % 4 == 0 || c->at_move == 0 || terminal;
    conf_check_texts(c, st, n, all);
    tg_move m;
    tg_status s = tg_state_parse_move(st, "no such move ~~", &m);
    if (s != TG_E_PARSE)
        conf_fail(c, "nonsense move text gave %s, want TG_E_PARSE", tg_status_name(s));
}

static int conf_is_listed(const tg_move *list, size_t n, tg_move m)
{
    for (size_t i = 0; i < n; i++)
        if (list[i] == m)
            return 1;
    return 0;
}

/* Fails unless st still matches snapshot in everything cheap to compare;
 * the caller compares the whole bytes once after all its attempts. */
static void conf_unchanged(conf_ctx *c, const tg_state *st, const tg_state *snapshot,
                           const char *what, tg_move m)
{
    if (!tg_state_equal(st, snapshot) ||
        tg_state_history_length(st) != tg_state_history_length(snapshot) ||
        tg_state_move_number(st) != tg_state_move_number(snapshot))
        conf_fail(c, "%s %u changed the state", what, (unsigned)m);
}

/* One rejected move: the right status, a message, and nothing changed. */
static void conf_reject(conf_ctx *c, tg_state *st, tg_move m, const tg_state *snapshot)
{
    int terminal = tg_state_is_terminal(st) != 0;
    if (tg_state_is_legal(st, m) != TG_E_ILLEGAL_MOVE)
        conf_fail(c, "is_legal(%u) does not say TG_E_ILLEGAL_MOVE", (unsigned)m);
    tg_status s = tg_state_apply(st, m);
    /* At the end of the game either answer is honest: the move is illegal
     * and the call does not fit the phase. */
    if (s != TG_E_ILLEGAL_MOVE && !(terminal && s == TG_E_WRONG_PHASE))
        conf_fail(c, "applying non-legal move %u gave %s", (unsigned)m, tg_status_name(s));
    if (tg_state_last_error(st)[0] == '\0')
        conf_fail(c, "rejected move %u left no message", (unsigned)m);
    conf_unchanged(c, st, snapshot, "rejected move", m);
    if (m >= c->move_count) {
        char text[CONF_TEXT_MAX];
        if (tg_state_move_text(st, m, text, sizeof text, NULL) == TG_OK)
            conf_fail(c, "move_text accepted id %u outside the move space", (unsigned)m);
    }
    char text[32];
    snprintf(text, sizeof text, "#%u", (unsigned)m);
    s = tg_state_apply_text(st, text);
    if (s == TG_OK)
        conf_fail(c, "apply_text('%s') accepted a move that is not legal", text);
    conf_unchanged(c, st, snapshot, "rejected move text for", m);
}

void conf_check_illegal(conf_ctx *c, tg_state *st)
{
    size_t n = conf_legal(c, st);
    size_t len = 0;
    unsigned char *save = tgt_save(st, &len);
    tg_state *snapshot = NULL;
    assert_int_equal(tg_state_clone(st, &snapshot), TG_OK);

    const tg_move outside[] = {c->move_count, c->move_count + 1, 0x80000000u, UINT32_MAX};
    for (size_t i = 0; i < sizeof outside / sizeof outside[0]; i++)
        if (outside[i] >= c->move_count)
            conf_reject(c, st, outside[i], snapshot);
    /* Inside the move space: the lowest and highest ids not listed, and a
     * few spread between them. */
    int tried = 0;
    for (tg_move m = 0; m < c->move_count && tried < 1; m++)
        if (!conf_is_listed(c->moves, n, m)) {
            conf_reject(c, st, m, snapshot);
            tried++;
        }
    for (tg_move k = 0; k < 4 && c->move_count > 0; k++) {
        tg_move m = (tg_move)((c->move_count - 1) - (uint64_t)k * c->move_count / 4);
        if (!conf_is_listed(c->moves, n, m))
            conf_reject(c, st, m, snapshot);
    }
    conf_check_step_refusals(c, st, c->move_count);
    /* Byte for byte, RNG and history included, after all the attempts. */
    tgt_assert_save_is(st, save, len, "state after rejected moves");
    tg_state_free(snapshot);
    tg_free(save);
}

static void conf_check_chance_point(conf_ctx *c, tg_state *st, size_t n)
{
    size_t count = 0;
    tg_status s = tg_state_chance_outcomes(st, c->other, c->probs, c->buf_cap, &count);
    if (s != TG_OK)
        conf_fail(c, "chance_outcomes gave %s", tg_status_name(s));
    if (count > c->max_chance)
        conf_fail(c, "%zu chance outcomes, more than max_chance_outcomes %u", count,
                  (unsigned)c->max_chance);
    if (count != n || memcmp(c->other, c->moves, n * sizeof *c->moves) != 0)
        conf_fail(c, "chance outcomes (%zu) differ from the legal moves (%zu)", count, n);
    double sum = 0;
    for (size_t i = 0; i < count; i++) {
        if (!(c->probs[i] > 0.0 && c->probs[i] <= 1.0))
            conf_fail(c, "outcome %u has probability %.17g", (unsigned)c->other[i], c->probs[i]);
        sum += c->probs[i];
    }
    if (sum < 1.0 - 1e-9 || sum > 1.0 + 1e-9)
        conf_fail(c, "chance probabilities sum to %.17g", sum);
    /* Sampling moves only the RNG; done on a clone so the playout's own
     * random sequence stays the one the determinism check replays. */
    tg_state *probe = NULL;
    assert_int_equal(tg_state_clone(st, &probe), TG_OK);
    for (int k = 0; k < 3; k++) {
        tg_move m = (tg_move)-1;
        s = tg_state_sample_chance(probe, &m);
        if (s != TG_OK || !conf_is_listed(c->moves, n, m))
            conf_fail(c, "sample_chance gave %s, outcome %u", tg_status_name(s), (unsigned)m);
    }
    if (!tg_state_equal(probe, st))
        conf_fail(c, "sample_chance changed the position");
    tg_state_free(probe);
}

/* Chance calls where there is no chance point: refused, nothing changed
 * (the RNG included, which the binary save carries). */
static void conf_check_not_chance(conf_ctx *c, tg_state *st)
{
    size_t len = 0;
    unsigned char *save = tgt_save(st, &len);
    size_t count = 0;
    tg_move m = 0;
    tg_status s = tg_state_chance_outcomes(st, c->other, c->probs, c->buf_cap, &count);
    if (s != TG_E_WRONG_PHASE)
        conf_fail(c, "chance_outcomes off a chance point gave %s", tg_status_name(s));
    s = tg_state_sample_chance(st, &m);
    if (s != TG_E_WRONG_PHASE)
        conf_fail(c, "sample_chance off a chance point gave %s", tg_status_name(s));
    s = tg_state_apply_chance(st, &m);
    if (s != TG_E_WRONG_PHASE)
        conf_fail(c, "apply_chance off a chance point gave %s", tg_status_name(s));
    tgt_assert_save_is(st, save, len, "state after chance calls off a chance point");
    tg_free(save);
}

void conf_check_chance(conf_ctx *c, tg_state *st)
{
    size_t n = conf_legal(c, st);
    if (tg_state_current_player(st) == TG_PLAYER_CHANCE)
        conf_check_chance_point(c, st, n);
    else
        conf_check_not_chance(c, st);
}

/* Winners and returns agree with each other and with the phase. */
void conf_check_outcome(conf_ctx *c, const tg_state *st)
{
    uint32_t mask = 0xFFFFFFFFu;
    double ret[TG_MAX_PLAYERS];
    tg_status s = tg_state_winners(st, &mask);
    if (s != TG_OK)
        conf_fail(c, "winners gave %s", tg_status_name(s));
    s = tg_state_returns(st, ret, TG_MAX_PLAYERS);
    if (s != TG_OK)
        conf_fail(c, "returns gave %s", tg_status_name(s));
    int terminal = tg_state_is_terminal(st) != 0;
    if (!terminal && mask != 0)
        conf_fail(c, "winners 0x%x before the end", (unsigned)mask);
    if (mask >> c->players)
        conf_fail(c, "winner mask 0x%x names a player beyond %d", (unsigned)mask, c->players);
    int k = 0;
    for (int p = 0; p < c->players; p++)
        k += (int)((mask >> p) & 1u);
    for (int p = 0; p < c->players; p++) {
        double want = ((mask >> p) & 1u) ? 1.0 / k : 0.0;
        if (ret[p] < want - 1e-12 || ret[p] > want + 1e-12)
            conf_fail(c, "player %d returns %g, want %g (winners 0x%x)", p, ret[p], want,
                      (unsigned)mask);
    }
}
