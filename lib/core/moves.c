#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "handles.h"

static size_t legal_of(const tg_state *st, tg_move *out)
{
    if (tgH_current(st) == TG_PLAYER_TERMINAL)
        return 0;
    const tg_game *g = st->game;
    return g->def->legal_moves(tgH_cfg(g), tgH_block(st), out);
}

int tgH_contains(const tg_move *moves, size_t n, tg_move m)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (moves[mid] < m)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && moves[lo] == m;
}

/* For a game without is_legal(): the move is in the list (made in the
 * state's scratch space; out of line, as the rarer path of apply). */
static TG_NOINLINE int in_legal_list(const tg_state *st, tg_move m)
{
    const tg_game *g = st->game;
    tg_move *legal = tgH_scratch_moves(st);
    return tgH_contains(legal, g->def->legal_moves(tgH_cfg(g), tgH_block(st), legal), m);
}

/* Legality in a state whose turn `cur` the caller has already found. */
static int is_legal_at(const tg_state *st, int cur, tg_move m)
{
    const tg_game *g = st->game;
    if (m >= g->limits.move_count || cur == TG_PLAYER_TERMINAL)
        return 0;
    if (g->def->is_legal)
        return g->def->is_legal(tgH_cfg(g), tgH_block(st), m);
    return in_legal_list(st, m);
}

static int is_legal(const tg_state *st, tg_move m)
{
    return is_legal_at(st, tgH_current(st), m);
}

int tgH_is_legal(const tg_state *st, tg_move m)
{
    return is_legal(st, m);
}

tg_status tgH_list_args(const tg_state *st, const void *buf, size_t cap, const size_t *count)
{
    if (!count)
        return tgH_fail(st, TG_E_INVALID_ARGUMENT, "the count pointer is NULL");
    if (!buf && cap)
        return tgH_fail(st, TG_E_INVALID_ARGUMENT, "the buffer is NULL but its size is %zu", cap);
    return TG_OK;
}

/* A buffer that may be too small: the list is made in the state's scratch
 * space first (out of line, so that the common call stays as it was). */
static TG_NOINLINE tg_status legal_copied(const tg_state *state, tg_move *buf, size_t cap,
                                          size_t *count)
{
    tg_move *legal = tgH_scratch_moves(state);
    size_t n = legal_of(state, legal);
    *count = n;
    if (cap < n)
        return tgH_too_small(state, cap, n, "moves");
    if (n)
        memcpy(buf, legal, n * sizeof *buf);
    return TG_OK;
}

tg_status tg_state_legal_moves(const tg_state *state, tg_move *buf, size_t cap, size_t *count)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    /* The checks of tgH_list_args() inline, so the common call keeps no
     * registers for a message it will not write. */
    if (!count || (!buf && cap))
        return tgH_list_args(state, buf, cap, count);
    if (cap < state->game->limits.max_legal_moves)
        return legal_copied(state, buf, cap, count);
    *count = legal_of(state, buf);
    return TG_OK;
}

static tg_status not_legal(const tg_state *st, tg_move m)
{
    int cur = tgH_current(st);
    if (cur == TG_PLAYER_TERMINAL)
        return tgH_fail(st, TG_E_ILLEGAL_MOVE, "the game is over; no move %u", (unsigned)m);
    return tgH_fail(st, TG_E_ILLEGAL_MOVE, "move %u is not legal for %s now", (unsigned)m,
                    cur == TG_PLAYER_CHANCE ? "chance" : "the player to move");
}

tg_status tg_state_is_legal(const tg_state *state, tg_move move)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    return is_legal(state, move) ? TG_OK : not_legal(state, move);
}

/* The outcomes of a chance point with their integer weights and total. */
static size_t chance_of(const tg_state *st, tg_move *moves, uint32_t *weights, uint64_t *total)
{
    const tg_game *g = st->game;
    size_t n = g->def->chance(tgH_cfg(g), tgH_block(st), moves, weights);
    *total = 0;
    for (size_t i = 0; i < n; i++)
        *total += weights[i];
    return n;
}

/* The checks both chance calls share: two buffers and a chance point. */
static tg_status chance_args(const tg_state *st, const void *a, const void *b, size_t cap,
                             const size_t *count)
{
    tg_status s = tgH_list_args(st, a && b ? a : NULL, cap, count);
    int cur = tgH_current(st);
    if (s == TG_OK && cur != TG_PLAYER_CHANCE) {
        if (cur == TG_PLAYER_TERMINAL)
            return tgH_fail(st, TG_E_WRONG_PHASE, "not a chance point: the game is over");
        return tgH_fail(st, TG_E_WRONG_PHASE, "not a chance point: player %d is to move", cur);
    }
    return s;
}

tg_status tg_state_chance_outcomes(const tg_state *state, tg_move *moves, double *probs,
                                   size_t cap, size_t *count)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    tg_status s = chance_args(state, moves, probs, cap, count);
    if (s != TG_OK)
        return s;
    tg_move *m = tgH_scratch_moves(state);
    uint32_t *w = tgH_scratch_weights(state);
    uint64_t total;
    size_t n = chance_of(state, m, w, &total);
    *count = n;
    if (cap < n)
        return tgH_too_small(state, cap, n, "outcomes");
    for (size_t i = 0; i < n; i++) {
        moves[i] = m[i];
        probs[i] = (double)w[i] / (double)total;
    }
    return TG_OK;
}

tg_status tg_state_chance_weights(const tg_state *state, tg_move *moves, uint32_t *weights,
                                  size_t cap, size_t *count, uint64_t *total)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    tg_status s = chance_args(state, moves, weights, cap, count);
    if (s != TG_OK)
        return s;
    uint64_t sum;
    if (cap >= state->game->limits.max_chance_outcomes) {
        *count = chance_of(state, moves, weights, &sum);
    } else {
        tg_move *m = tgH_scratch_moves(state);
        uint32_t *w = tgH_scratch_weights(state);
        size_t n = chance_of(state, m, w, &sum);
        *count = n;
        if (cap < n)
            return tgH_too_small(state, cap, n, "outcomes");
        if (n) {
            memcpy(moves, m, n * sizeof *moves);
            memcpy(weights, w, n * sizeof *weights);
        }
    }
    if (total)
        *total = sum;
    return TG_OK;
}

/* Applies a legal move to the position and counts it. Whose turn it is
 * then comes from the game's apply_turn() when it has one (the answer of
 * current_player(), without a second call), as tgH_settle() would set it. */
static inline void apply_settled(tg_state *st, tg_move m)
{
    const tg_game *g = st->game;
    if (g->def->apply_turn) {
        int cur = g->def->apply_turn(tgH_cfg(g), tgH_block(st), m);
        st->move_number++;
        tgH_settle_to(st, cur);
    } else {
        g->def->apply(tgH_cfg(g), tgH_block(st), m);
        st->move_number++;
        tgH_settle(st);
    }
}

void tgH_apply_recorded(tg_state *st, tg_move m)
{
    tgH_record(st, m);
    apply_settled(st, m);
}

/* Room for one more history entry; fails (message set) only when memory
 * runs out, and then changes nothing else. */
static tg_status history_room(tg_state *st)
{
    if (st->hist_len == st->hist_cap && tgH_reserve_history(st, st->hist_len + 1) != TG_OK)
        return tgH_fail(st, TG_E_NO_MEMORY, "out of memory for the history");
    return TG_OK;
}

/* Applies a move already known to be legal. */
static tg_status apply_known_legal(tg_state *st, tg_move m)
{
    if (history_room(st) != TG_OK)
        return TG_E_NO_MEMORY;
    st->err[0] = '\0';
    tgH_apply_recorded(st, m);
    return TG_OK;
}

/* A move checked and applied by the game's apply_if_legal() in one call,
 * with room in the history and undo not rewinding (so no chance outcome
 * applied here needs a mark): recorded only once the game has taken it
 * (st->cur is still the mover's until tgH_settle_to()). */
static TG_NOINLINE tg_status apply_if_legal(tg_state *st, tg_move m)
{
    const tg_game *g = st->game;
    if (m >= g->limits.move_count || tgH_current(st) == TG_PLAYER_TERMINAL)
        return not_legal(st, m);
    int next = g->def->apply_if_legal(tgH_cfg(g), tgH_block(st), m);
    if (next == TG_PLAYER_INVALID)
        return not_legal(st, m);
    st->err[0] = '\0';
    tgH_record_as(st, m, 0); /* undo that rewinds took the general path */
    st->move_number++;
    tgH_settle_to(st, next);
    return TG_OK;
}

/* The general path: is_legal(), then the move applied. */
static inline tg_status apply_general(tg_state *st, tg_move m)
{
    if (!is_legal_at(st, tgH_current(st), m))
        return not_legal(st, m);
    return apply_known_legal(st, m);
}

/* The same, out of line: tg_state_apply()'s apply_if_legal() path, a
 * tail call, then sets up no frame for it. */
static TG_NOINLINE tg_status apply_general_call(tg_state *st, tg_move m)
{
    return apply_general(st, m);
}

/* Whether apply_if_legal() may take the move. A full history takes the
 * general path, which grows it only for a legal move (a rejected call
 * changes nothing, not even capacity). */
static inline int if_legal_fits(const tg_state *st)
{
    return st->game->def->apply_if_legal && st->hist_len < st->hist_cap && !st->rewind;
}

tg_status tgH_apply_checked(tg_state *st, tg_move m)
{
    return if_legal_fits(st) ? apply_if_legal(st, m) : apply_general(st, m);
}

tg_status tg_state_apply(tg_state *state, tg_move move)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    /* tgH_apply_checked() with its general path out of line. */
    return if_legal_fits(state) ? apply_if_legal(state, move) : apply_general_call(state, move);
}

/* Draws among the outcomes chance() lists with their weights. */
static tg_status sample_listed(tg_state *st, tg_move *m, uint32_t *w, tg_move *out)
{
    uint64_t total;
    size_t n = chance_of(st, m, w, &total);
    if (n == 0 || total == 0)
        return tgH_fail(st, TG_E_WRONG_PHASE, "the chance point has no outcome");
    uint64_t r = tgR_below_total(&st->rng, total);
    /* Dice have equal weights: then the draw divides straight into an index
     * (the same index the scan below would find). A total of n times the
     * first weight alone does not make them equal (2, 1, 3): 1.3 took that
     * for the sign and drew such outcomes one time in n each. */
    size_t same = 1;
    while (same < n && w[same] == w[0])
        same++;
    if (same == n) {
        *out = m[r / w[0]];
        return TG_OK;
    }
    size_t i = 0;
    while (r >= w[i]) {
        r -= w[i];
        i++;
    }
    *out = m[i];
    return TG_OK;
}

/* The lists in the state's scratch space, kept out of tgH_sample() so
 * that a die with equal faces draws without the call. */
static TG_NOINLINE tg_status sample_in_scratch(tg_state *st, tg_move *out)
{
    return sample_listed(st, tgH_scratch_moves(st), tgH_scratch_weights(st), out);
}

/* The game's own weighted draw (chance_total(), chance_pick()): the number
 * the listed path would draw, and the outcome it falls on there; 0 when
 * the game leaves this chance point to the lists. */
static TG_NOINLINE int sample_picked(tg_state *st, tg_move *out)
{
    const tg_game *g = st->game;
    uint64_t total = g->def->chance_total(tgH_cfg(g), tgH_block(st));
    if (total == 0)
        return 0;
    *out = g->def->chance_pick(tgH_cfg(g), tgH_block(st), tgR_below_total(&st->rng, total));
    return 1;
}

/* Equal faces of a die: first + a draw below count, the draw the listed
 * path makes for weights of 1; else the game's own weighted draw; 0 when
 * the game has no shortcut for this chance point. */
static int sample_uniform(tg_state *st, tg_move *out)
{
    const tg_game *g = st->game;
    if (g->def->die_faces) { /* the same die at every chance point: no call */
        *out = g->def->die_first + tgR_below(&st->rng, g->def->die_faces);
        return 1;
    }
    tg_move first;
    uint32_t count = g->def->uniform_chance
                         ? g->def->uniform_chance(tgH_cfg(g), tgH_block(st), &first)
                         : 0;
    if (count) {
        *out = first + tgR_below(&st->rng, count);
        return 1;
    }
    return g->def->chance_total ? sample_picked(st, out) : 0;
}

tg_status tgH_sample(tg_state *st, tg_move *out)
{
    if (tgH_current(st) != TG_PLAYER_CHANCE)
        return tgH_fail(st, TG_E_WRONG_PHASE, "not a chance point");
    return sample_uniform(st, out) ? TG_OK : sample_in_scratch(st, out);
}

tg_status tgH_sample_with(tg_state *st, tg_move *m, uint32_t *w, tg_move *out)
{
    if (tgH_current(st) != TG_PLAYER_CHANCE)
        return tgH_fail(st, TG_E_WRONG_PHASE, "not a chance point");
    return sample_uniform(st, out) ? TG_OK : sample_listed(st, m, w, out);
}

tg_status tg_state_sample_chance(tg_state *state, tg_move *out)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    if (!out)
        return tgH_fail(state, TG_E_INVALID_ARGUMENT, "the output pointer is NULL");
    if (state->rewind && tgH_current(state) == TG_PLAYER_CHANCE)
        tgH_hold_rng(state, 1); /* undo goes back before the first draw here */
    tg_status s = tgH_sample(state, out);
    if (s == TG_OK)
        state->err[0] = '\0';
    return s;
}

/* Records and makes a drawn outcome and reports it; nothing fails from
 * here, so the report goes out first and the caller's frame keeps only the
 * state across the game's call. */
static inline tg_status apply_drawn(tg_state *st, tg_move m, tg_move *applied, int may_mark)
{
    /* an outcome of chance() is legal by definition */
    tgH_record_as(st, m, may_mark); /* before *applied, which might alias it */
    if (applied)
        *applied = m;
    st->err[0] = '\0';
    apply_settled(st, m);
    return TG_OK;
}

/* Every case of tgH_apply_chance(), out of line (see there). */
static TG_NOINLINE tg_status apply_chance_checked(tg_state *st, tg_move *applied)
{
    if (tgH_current(st) != TG_PLAYER_CHANCE)
        return tgH_fail(st, TG_E_WRONG_PHASE, "not a chance point");
    /* Room for the history first: nothing can fail after the draw (a draw
     * from chance()'s lists fails, if at all, before it takes a number), so
     * a rejected call leaves the RNG as it was without saving it. */
    if (history_room(st) != TG_OK)
        return TG_E_NO_MEMORY;
    if (st->rewind)
        tgH_hold_rng(st, 0);
    tg_move m;
    if (!sample_uniform(st, &m)) {
        tg_status s = sample_in_scratch(st, &m);
        if (s != TG_OK)
            return s;
    }
    return apply_drawn(st, m, applied, 1);
}

/* apply_die() when the first number was a near miss (tgR_below_near()):
 * rare, and in a call of its own so that apply_die()'s frame keeps only the
 * state. */
static TG_NOINLINE tg_status apply_die_near(tg_state *st, tg_move *applied, uint64_t m)
{
    const tg_game_def *def = st->game->def;
    return apply_drawn(st, def->die_first + tgR_below_near(&st->rng, def->die_faces, m),
                       applied, 0);
}

/* A game's one die at a chance point with room in the history, undo not
 * rewinding (tgH_apply_chance() sends that case elsewhere): every
 * other decision of a race game's playout, drawn as sample_uniform() draws
 * it (the same numbers in the same order). */
static TG_NOINLINE tg_status apply_die(tg_state *st, tg_move *applied)
{
    const tg_game_def *def = st->game->def;
    uint64_t m = tgR_below_draw(&st->rng, def->die_faces);
    if (!tgR_below_settled(m, def->die_faces))
        return apply_die_near(st, applied, m);
    return apply_drawn(st, def->die_first + (tg_move)(m >> 32), applied, 0);
}

/* A chance point with room in the history that uniform_chance() does not
 * claim: the game's own weighted draw, or chance()'s lists. */
static TG_NOINLINE tg_status apply_weighted(tg_state *st, tg_move *applied)
{
    tg_move m;
    if (!(st->game->def->chance_total && sample_picked(st, &m))) {
        tg_status s = sample_in_scratch(st, &m);
        if (s != TG_OK)
            return s;
    }
    return apply_drawn(st, m, applied, 0);
}

/* A chance point with room in the history in a game with several kinds of
 * them (a die, a spinner, weighted draws), drawn as sample_uniform() would:
 * the equal weights here, the rest in apply_weighted(). */
static TG_NOINLINE tg_status apply_uniform(tg_state *st, tg_move *applied)
{
    const tg_game *g = st->game;
    tg_move first;
    uint32_t count = g->def->uniform_chance(tgH_cfg(g), tgH_block(st), &first);
    if (count == 0)
        return apply_weighted(st, applied);
    return apply_drawn(st, first + tgR_below(&st->rng, count), applied, 0);
}

int tgH_chance_fused(tg_state *st)
{
    /* The outcome is written straight into the history's free entry
     * (the caller made room), so recording it stores only who made it. */
    const tg_game *g = st->game;
    int next = g->def->apply_chance_turn(tgH_cfg(g), tgH_block(st), &st->rng,
                                         st->hist + st->hist_len);
    if (next == TG_PLAYER_INVALID)
        return 0;
    uint32_t i = st->hist_len; /* read again: fewer registers kept across the call */
    tgH_who(st)[i] = TG_PLAYER_CHANCE; /* st->cur, a chance point until settled */
    st->hist_len = i + 1;
    st->move_number++;
    tgH_settle_to(st, next);
    return 1;
}

/* A chance point with room in the history, undo not rewinding, drawn and
 * applied by the game's apply_chance_turn() in one call. A point without
 * outcomes goes on to the general path, which says so. Two functions, so
 * that a caller that wants no report (a playout loop's) has only the
 * state to keep across the game's call: one register saved, not two. */
static TG_NOINLINE tg_status apply_chance_fused(tg_state *st)
{
    if (!tgH_chance_fused(st))
        return apply_chance_checked(st, NULL);
    st->err[0] = '\0';
    return TG_OK;
}

static TG_NOINLINE tg_status apply_chance_fused_report(tg_state *st, tg_move *applied)
{
    if (!tgH_chance_fused(st))
        return apply_chance_checked(st, applied);
    *applied = st->hist[st->hist_len - 1];
    st->err[0] = '\0';
    return TG_OK;
}

/* Tail calls, so that no case pays here for another's frame: a chance
 * point with room in the history goes straight to its kind of draw. */
tg_status tgH_apply_chance(tg_state *st, tg_move *applied)
{
    const tg_game_def *def = st->game->def;
    /* Undo that rewinds keeps the RNG before each draw: the general path. */
    if (tgH_current(st) != TG_PLAYER_CHANCE || st->hist_len == st->hist_cap || st->rewind)
        return apply_chance_checked(st, applied);
    if (def->die_faces)
        return apply_die(st, applied);
    if (def->apply_chance_turn)
        return applied ? apply_chance_fused_report(st, applied) : apply_chance_fused(st);
    return def->uniform_chance ? apply_uniform(st, applied) : apply_weighted(st, applied);
}

tg_status tg_state_apply_chance(tg_state *state, tg_move *applied)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    return tgH_apply_chance(state, applied);
}

/* Renders a move known to be legal; returns its length. */
static size_t render(const tg_state *st, tg_move m, char *buf, size_t cap)
{
    const tg_game *g = st->game;
    return g->def->move_text(tgH_cfg(g), tgH_block(st), m, buf, cap);
}

tg_status tgH_text_fits(const tg_state *st, tg_move move, size_t n, size_t cap, size_t *len)
{
    if (len)
        *len = n;
    if (cap < n + 1)
        return tgH_fail(st, TG_E_BUFFER_TOO_SMALL,
                        "the text of move %u needs %zu bytes; the buffer holds %zu",
                        (unsigned)move, n + 1, cap);
    return TG_OK;
}

tg_status tg_state_move_text(const tg_state *state, tg_move move, char *buf, size_t cap,
                             size_t *len)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    if (!buf && cap)
        return tgH_fail(state, TG_E_INVALID_ARGUMENT, "the buffer is NULL but its size is %zu",
                        cap);
    if (!is_legal(state, move))
        return not_legal(state, move);
    char text[TG_CORE_MOVE_TEXT];
    size_t n = render(state, move, text, sizeof text);
    tg_status s = tgH_text_fits(state, move, n, cap, len);
    if (s != TG_OK)
        return s;
    if (n < sizeof text)
        memcpy(buf, text, n + 1);
    else /* longer than the core's own buffer: render it whole where it goes */
        render(state, move, buf, cap);
    return TG_OK;
}

/* "#17" names move 17; anything else is matched against the notation. */
static int parse_id(const char *t, size_t n, tg_move *out)
{
    if (n < 2 || t[0] != '#' || n > 11)
        return 0;
    unsigned long long v = 0;
    for (size_t i = 1; i < n; i++) {
        if (!tgT_is_digit((unsigned char)t[i]))
            return 0;
        v = v * 10 + (unsigned)(t[i] - '0');
    }
    if (v > UINT32_MAX)
        return 0;
    *out = (tg_move)v;
    return 1;
}

/* The notation first, then the game's words for the same moves. On
 * failure the state's message names the text, with the game's reason when
 * its words name something that cannot happen now. Case and white space
 * are ASCII's (ascii.h): a move typed under any locale is the same move. */
static tg_status parse(const tg_state *st, const char *text, tg_move *out)
{
    while (tgT_is_space((unsigned char)*text))
        text++;
    size_t n = strlen(text);
    while (n > 0 && tgT_is_space((unsigned char)text[n - 1]))
        n--;
    if (n == 0)
        return tgH_fail(st, TG_E_PARSE, "an empty text is not a move");
    if (n >= TG_CORE_MOVE_TEXT)
        return tgH_fail(st, TG_E_PARSE,
                        "'%.40s...' is %zu bytes; texts are matched up to %d bytes (name the move "
                        "by '#id')",
                        text, n, TG_CORE_MOVE_TEXT - 1);
    tg_move id;
    if (parse_id(text, n, &id)) {
        if (!is_legal(st, id))
            return not_legal(st, id);
        *out = id;
        return TG_OK;
    }
    tg_move *legal = tgH_scratch_moves(st);
    size_t count = legal_of(st, legal);
    for (size_t i = 0; i < count; i++) {
        char t[TG_CORE_MOVE_TEXT];
        size_t len = render(st, legal[i], t, sizeof t);
        if (len == n && tgT_same_n(t, text, n)) {
            *out = legal[i];
            return TG_OK;
        }
    }
    tg_status s = TG_E_PARSE;
    tg_msg msg = {""};
    const tg_game *g = st->game;
    if (g->def->parse_words && count > 0) {
        char words[TG_CORE_MOVE_TEXT];
        memcpy(words, text, n);
        words[n] = '\0';
        tg_move m;
        s = g->def->parse_words(tgH_cfg(g), tgH_block(st), words, &m, &msg);
        if (s == TG_OK && !tgH_contains(legal, count, m))
            s = TG_E_PARSE; /* a game's words never make an illegal move legal */
        if (s == TG_OK) {
            *out = m;
            return TG_OK;
        }
    }
    int shown = (int)(n < 60 ? n : 60);
    if (msg.text[0])
        return tgH_fail(st, s, "'%.*s': %s", shown, text, msg.text);
    return tgH_fail(st, s, "'%.*s' is not a legal move here", shown, text);
}

tg_status tg_state_parse_move(const tg_state *state, const char *text, tg_move *out)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    if (!text || !out)
        return tgH_fail(state, TG_E_INVALID_ARGUMENT, "the %s is NULL",
                        !text ? "text" : "output pointer");
    return parse(state, text, out);
}

tg_status tg_state_apply_text(tg_state *state, const char *text)
{
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    if (!text)
        return tgH_fail(state, TG_E_INVALID_ARGUMENT, "the text is NULL");
    tg_move m;
    tg_status s = parse(state, text, &m);
    if (s != TG_OK)
        return s;
    return tgH_apply_checked(state, m);
}

void tgH_apply_unrecorded(tg_state *st, tg_move move)
{
    apply_settled(st, move);
}
