#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bot_internal.h"
#include "core/alloc.h"
#include "core/params.h"

/* Default budgets: medium answers within a blink on a phone, hard is worth
 * waiting a moment for. */
enum { MEDIUM_SIMULATIONS = 400, HARD_SIMULATIONS = 3000, MAX_SIMULATIONS = 10000000 };

/* The size of each layout of tg_bot_params: version 1 ends where the
 * fields version 2 appended begin. */
static const size_t param_sizes[] = {offsetof(tg_bot_params, memory), sizeof(tg_bot_params)};
_Static_assert(sizeof param_sizes / sizeof param_sizes[0] == TG_BOT_PARAMS_VERSION,
               "one size per tg_bot_params version");

tg_status tg_bot_params_init_v2(tg_bot_params *params, unsigned version, char *errbuf,
                                size_t errbuf_size)
{
    tg_status s = tgP_init(params, param_sizes, TG_BOT_PARAMS_VERSION, version, "tg_bot_params",
                           errbuf, errbuf_size);
    if (s == TG_OK)
        params->level = TG_BOT_MEDIUM;
    return s;
}

tg_status tg_bot_params_init(tg_bot_params *params, unsigned version)
{
    return tg_bot_params_init_v2(params, version, NULL, 0);
}

/* The caller's settings over the defaults, checked, with the level's
 * budget and memory filled in. */
static tg_status resolve(const tg_bot_params *params, tg_bot_params *p, tg_msg *msg)
{
    tg_bot_params_init(p, TG_BOT_PARAMS_VERSION);
    if (params) {
        tg_status s = tgP_copy(p, params, param_sizes, TG_BOT_PARAMS_VERSION, "tg_bot_params",
                               msg);
        if (s != TG_OK)
            return s;
    }
    /* Read through unsigned so a negative value cannot slip under a bound. */
    unsigned level = (unsigned)p->level, memory = (unsigned)p->memory;
    if (level > TG_BOT_HARD)
        return tgM_set(msg, "bot level %d is not one of 0 (random) to 3 (hard)", (int)level),
               TG_E_INVALID_ARGUMENT;
    if (p->simulations > MAX_SIMULATIONS)
        return tgM_set(msg, "%u simulations is more than the limit of %u",
                       (unsigned)p->simulations, (unsigned)MAX_SIMULATIONS),
               TG_E_INVALID_ARGUMENT;
    if (!(p->seconds >= 0))
        return tgM_set(msg, "seconds must be a number, 0 or more"), TG_E_INVALID_ARGUMENT;
    if (memory > TG_BOT_MEMORY_LAST)
        return tgM_set(msg, "bot memory %d is not one of 0 (default) to 2 (last)", (int)memory),
               TG_E_INVALID_ARGUMENT;
    if (p->reserved != 0)
        return tgM_set(msg, "tg_bot_params.reserved is %u; it must be 0", (unsigned)p->reserved),
               TG_E_INVALID_ARGUMENT;
    /* A layout without the memory field is a program built against 1.0 or
     * 1.1: it keeps the memory those releases had (abi/README.md: a new
     * field's default keeps the old behaviour). */
    if (p->version < 2)
        p->memory = TG_BOT_MEMORY_LAST;
    p->version = TG_BOT_PARAMS_VERSION;
    if (p->simulations == 0)
        p->simulations = p->level == TG_BOT_HARD ? HARD_SIMULATIONS : MEDIUM_SIMULATIONS;
    if (p->memory == TG_BOT_MEMORY_DEFAULT)
        p->memory = p->level >= TG_BOT_MEDIUM ? TG_BOT_MEMORY_FULL : TG_BOT_MEMORY_LAST;
    return TG_OK;
}

/* Bytes of scratch space for lists of cap moves: doubles first, so every
 * list stays aligned in one block. */
static size_t scratch_bytes(size_t cap)
{
    return cap * (3 * sizeof(double) + 3 * sizeof(tg_move) + sizeof(uint32_t) + 2 * sizeof(int));
}

static void carve_scratch(tg_bot *bot, size_t cap)
{
    unsigned char *p = bot->scratch_block;
    tgB_scratch *s = &bot->s;
    s->rank = (void *)p, p += cap * sizeof(double);
    s->shown = (void *)p, p += cap * sizeof(double);
    s->key = (void *)p, p += cap * sizeof(double);
    s->legal = (void *)p, p += cap * sizeof(tg_move);
    s->moves = (void *)p, p += cap * sizeof(tg_move);
    s->untried = (void *)p, p += cap * sizeof(tg_move);
    s->weights = (void *)p, p += cap * sizeof(uint32_t);
    s->scores = (void *)p, p += cap * sizeof(int);
    s->step_scores = (void *)p;
}

static tg_status make(tg_game *game, int seat, const tg_bot_params *params, tg_bot **out,
                      tg_msg *msg)
{
    if (out)
        *out = NULL;
    if (!game || !out) {
        tgM_set(msg, "the %s is NULL", !game ? "game" : "output pointer");
        return TG_E_INVALID_ARGUMENT;
    }
    if (seat < 0 || seat >= game->players) {
        tgM_set(msg, "seat %d is not in this %d-player game", seat, game->players);
        return TG_E_INVALID_ARGUMENT;
    }
    tg_bot_params p;
    tg_status s = resolve(params, &p, msg);
    if (s != TG_OK)
        return s;
    tg_bot *bot = tgA_alloc(&game->alloc, sizeof *bot);
    if (!bot) {
        tgM_set(msg, "out of memory for the bot");
        return TG_E_NO_MEMORY;
    }
    memset(bot, 0, sizeof *bot);
    bot->game = tg_game_ref(game);
    bot->seat = seat;
    bot->params = p;
    tgR_seed(&bot->rng, p.seed);
    atomic_init(&bot->stop, 0);
    int search = p.level >= TG_BOT_MEDIUM;
    bot->node_cap = search ? p.simulations + 1 : 0;
    size_t cap = game->limits.max_legal_moves ? game->limits.max_legal_moves : 1;
    bot->scratch_size = scratch_bytes(cap);
    int ok = tg_state_new(game, 0, &bot->root) == TG_OK &&
             tg_state_new(game, 0, &bot->work) == TG_OK &&
             (bot->scratch_block = tgA_alloc(&game->alloc, bot->scratch_size)) != NULL;
    if (ok)
        carve_scratch(bot, cap);
    if (ok && search) {
        bot->nodes = tgA_alloc(&game->alloc, (size_t)bot->node_cap * sizeof *bot->nodes);
        ok = bot->nodes != NULL;
    }
    if (!ok) {
        tg_bot_free(bot);
        tgM_set(msg, "out of memory for the bot's search");
        return TG_E_NO_MEMORY;
    }
    *out = bot;
    return TG_OK;
}

tg_status tg_bot_new_v2(tg_game *game, int seat, const tg_bot_params *params, tg_bot **out,
                        char *errbuf, size_t errbuf_size)
{
    tg_msg msg = {""};
    tg_status s = make(game, seat, params, out, &msg);
    if (s != TG_OK)
        tgM_copy_out(msg.text, errbuf, errbuf_size);
    return s;
}

tg_status tg_bot_new(tg_game *game, int seat, const tg_bot_params *params, tg_bot **out)
{
    return tg_bot_new_v2(game, seat, params, out, NULL, 0);
}

void tg_bot_free(tg_bot *bot)
{
    if (!bot)
        return;
    tg_game *g = bot->game;
    tg_state_free(bot->root);
    tg_state_free(bot->work);
    tgA_release(&g->alloc, bot->nodes, (size_t)bot->node_cap * sizeof *bot->nodes);
    tgA_release(&g->alloc, bot->scratch_block, bot->scratch_size);
    tgA_release(&g->alloc, bot, sizeof *bot);
    tg_game_free(g);
}

void tg_bot_stop(tg_bot *bot)
{
    if (bot)
        atomic_store_explicit(&bot->stop, 1, memory_order_relaxed);
}

uint32_t tg_bot_last_simulations(const tg_bot *bot)
{
    return bot ? bot->last_simulations : 0;
}

/* Records a failure message on the bot and returns status; like a state's,
 * the message buffer is the one field a const call may write. */
static tg_status TG_PRINTF(3, 4) bot_fail(const tg_bot *bot, tg_status status, const char *fmt,
                                          ...)
{
    char *err = ((tg_bot *)bot)->err;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, sizeof bot->err, fmt, ap);
    va_end(ap);
    return status;
}

const char *tg_bot_last_error(const tg_bot *bot)
{
    return bot ? bot->err : "the bot handle is NULL";
}

tg_status tg_bot_get_params(const tg_bot *bot, tg_bot_params *out)
{
    if (!bot)
        return TG_E_INVALID_ARGUMENT;
    if (!out)
        return bot_fail(bot, TG_E_INVALID_ARGUMENT, "the output pointer is NULL");
    unsigned version = out->version;
    size_t size = tgP_size(param_sizes, TG_BOT_PARAMS_VERSION, version);
    if (!size)
        return bot_fail(bot, TG_E_INVALID_ARGUMENT,
                        "tg_bot_params version %u is unknown; this library writes versions 1 "
                        "to %d",
                        version, TG_BOT_PARAMS_VERSION);
    memcpy(out, &bot->params, size);
    out->version = version;
    return TG_OK;
}

void tgB_determinise(tg_bot *bot, tg_state *dst, const tg_state *src)
{
    tgH_copy_position(dst, src);
    tgR_seed(&dst->rng, tgR_next(&bot->rng));
    tgH_redraw(bot->game, tgH_block(dst), bot->seat, &dst->rng, bot->params.memory);
    tgH_settle(dst);
}

static tg_status check_turn(tg_bot *bot, const tg_state *state)
{
    if (!bot)
        return TG_E_INVALID_ARGUMENT;
    if (!state)
        return bot_fail(bot, TG_E_INVALID_ARGUMENT, "the state is NULL");
    if (!tgH_same_game(bot->game, state->game))
        return bot_fail(bot, TG_E_MISMATCH, "the state is of %s with %s; the bot plays %s with %s",
                        state->game->def->info.id, state->game->options,
                        bot->game->def->info.id, bot->game->options);
    int cur = tgH_current(state);
    if (cur == bot->seat)
        return TG_OK;
    if (cur == TG_PLAYER_TERMINAL)
        return bot_fail(bot, TG_E_WRONG_PHASE, "the game is over");
    if (cur == TG_PLAYER_CHANCE)
        return bot_fail(bot, TG_E_WRONG_PHASE, "a chance event is next, not seat %d's turn",
                        bot->seat);
    return bot_fail(bot, TG_E_WRONG_PHASE, "it is player %d's turn, not seat %d's", cur,
                    bot->seat);
}

/* The caller's legal moves, into the scratch list; 0 at a dead end, which
 * is refused before anything is decided. */
static size_t legal_of(tg_bot *bot, const tg_state *state, tg_status *s)
{
    const tg_game *g = bot->game;
    size_t n = g->def->legal_moves(tgH_cfg(g), tgH_block(state), bot->s.legal);
    *s = n ? TG_OK
           : bot_fail(bot, TG_E_WRONG_PHASE, "player %d has no legal move in this position",
                      bot->seat);
    return n;
}

/* Thinks about the n legal moves in s.legal: for each a rank (higher is
 * better) and the score a hint shows (a win chance for search, the rule of
 * thumb's value for the easy bot). */
static void decide(tg_bot *bot, const tg_state *state, size_t n)
{
    tgB_scratch *sc = &bot->s;
    /* Every decision starts from the seed, so the same position (as the
     * seat knows it) always gets the same answer. */
    tgR_seed(&bot->rng, bot->params.seed ^ (0x9e3779b97f4a7c15ULL * state->move_number));
    bot->last_simulations = 0;
    for (size_t i = 0; i < n; i++)
        sc->rank[i] = sc->shown[i] = 0;
    if (bot->params.level == TG_BOT_RANDOM) {
        sc->rank[tgR_below(&bot->rng, (uint32_t)n)] = 1;
    } else if (bot->params.level == TG_BOT_EASY) {
        tgB_determinise(bot, bot->root, state);
        tg_move pick = tgB_easy(bot, sc->legal, n, sc->scores);
        for (size_t i = 0; i < n; i++) {
            sc->shown[i] = sc->scores[i];
            sc->rank[i] = sc->scores[i] + (sc->legal[i] == pick ? 1e9 : 0.0);
        }
    } else {
        tgH_copy_position(bot->root, state);
        tgB_search(bot);
        for (int32_t c = bot->nodes[0].first_child; c >= 0; c = bot->nodes[c].next_sibling) {
            const tgB_node *nd = &bot->nodes[c];
            for (size_t i = 0; i < n; i++)
                if (sc->legal[i] == nd->move && nd->visits) {
                    /* The most visited move is the most trusted; the mean breaks ties. */
                    sc->shown[i] = nd->reward / nd->visits;
                    sc->rank[i] = nd->visits + sc->shown[i] * 0.5;
                }
        }
    }
    /* The decision is over: a stop asked of it, or of it before it began, is spent. */
    atomic_store_explicit(&bot->stop, 0, memory_order_relaxed);
    bot->err[0] = '\0';
}

tg_status tg_bot_choose(tg_bot *bot, const tg_state *state, tg_move *out)
{
    tg_status s = check_turn(bot, state);
    if (s != TG_OK)
        return s;
    if (!out)
        return bot_fail(bot, TG_E_INVALID_ARGUMENT, "the output pointer is NULL");
    size_t n = legal_of(bot, state, &s);
    if (s != TG_OK)
        return s;
    decide(bot, state, n);
    const double *rank = bot->s.rank;
    size_t best = 0;
    for (size_t i = 1; i < n; i++)
        if (rank[i] > rank[best])
            best = i;
    *out = bot->s.legal[best];
    return TG_OK;
}

tg_status tg_bot_hint(tg_bot *bot, const tg_state *state, tg_move *moves, double *scores,
                      size_t cap, size_t *count)
{
    tg_status s = check_turn(bot, state);
    if (s != TG_OK)
        return s;
    if (!count || ((!moves || !scores) && cap))
        return bot_fail(bot, TG_E_INVALID_ARGUMENT, "%s is NULL",
                        !count ? "the count pointer" : "a buffer");
    size_t n = legal_of(bot, state, &s);
    if (s != TG_OK)
        return s;
    *count = n;
    if (cap < n)
        return bot_fail(bot, TG_E_BUFFER_TOO_SMALL, "the buffers hold %zu moves; %zu are legal",
                        cap, n);
    decide(bot, state, n);
    const tgB_scratch *sc = &bot->s;
    /* Insertion sort by rank, best first; equal ranks keep move order. */
    for (size_t i = 0; i < n; i++) {
        size_t j = i;
        while (j > 0 && sc->rank[i] > sc->key[j - 1]) {
            moves[j] = moves[j - 1];
            scores[j] = scores[j - 1];
            sc->key[j] = sc->key[j - 1];
            j--;
        }
        moves[j] = sc->legal[i];
        scores[j] = sc->shown[i];
        sc->key[j] = sc->rank[i];
    }
    return TG_OK;
}
