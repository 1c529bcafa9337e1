/* Bewitched: the initial position, whose decision it is, the chance points
 * and the dispatch of a decision to the code that carries it out; and the
 * speed hooks over them (apply_turn(), apply_chance_turn(), the playout
 * loop), here so that the playout loop inlines them. */
#include "bewitched.h"

#include <string.h>

#include "core/playout_loop.h"
#include "core/rng.h"

void bw_init(const void *vcfg, void *st)
{
    const bw_config *cfg = vcfg;
    bw_block *b = st;
    memset(b, 0, sizeof *b);
    b->stage = BW_ST_SETUP;
    b->escape_frog = BW_NONE;
    b->actor = BW_NONE;
    b->winner = BW_NONE;
    for (int f = 0; f < BW_FROGS; f++) {
        int p = f / BW_FROGS_PER_PLAYER;
        b->frog_at[f] = p < cfg->players ? (uint8_t)BW_PAD(cfg->colour_of[p]) : BW_NONE;
    }
    for (int c = 0; c < BW_CATS; c++)
        b->cat_at[c] = (uint8_t)bw_cat_start(c);
    for (int k = 0; k < BW_BOOKS; k++) {
        b->book_where[k] = BW_BOOK_HAT;
        b->book_at[k] = (uint8_t)k;
    }
}

/* Whose decision the stage is; bw_apply_turn() answers it at the end of
 * every decision, so it is inline there. */
static inline int bw_who(const bw_block *b)
{
    switch (b->stage) {
    case BW_ST_SETUP:
    case BW_ST_ROLL:
    case BW_ST_ESC_ROLL:
        return TG_PLAYER_CHANCE;
    case BW_ST_OVER:
        return TG_PLAYER_TERMINAL;
    default:
        return b->player;
    }
}

int bw_current_player(const void *vcfg, const void *st)
{
    (void)vcfg;
    return bw_who(st);
}

static int bw_deadly_count(const bw_block *b, int below)
{
    int n = 0;
    for (int s = 0; s < below; s++)
        n += bw_bit(b->deadly, s);
    return n;
}

uint32_t bw_uniform_chance(const void *vcfg, const void *st, tg_move *first)
{
    const bw_config *cfg = vcfg;
    const bw_block *b = st;
    if (b->stage == BW_ST_ESC_ROLL) {
        *first = BW_CH_ESCAPE;
        return 6;
    }
    if (b->stage == BW_ST_SETUP && b->setup_step == 0) {
        *first = BW_CH_PRINCE;
        return BW_HATS;
    }
    if (b->stage == BW_ST_SETUP && b->setup_step <= cfg->players) {
        *first = BW_CH_PLAIN;
        return BW_FROGS_PER_PLAYER;
    }
    return 0;
}

/* Every roll comes each turn: copied from tables rather than counted out.
 * A roll is its smaller die first; two different dice come up two ways. */
#define BW_ROLLS 21
#define BW_ROLL(d1, d2) (BW_CH_DICE + ((d1) - 1) * 6 + (d2) - 1)
static const tg_move bw_rolls[BW_ROLLS] = {
    BW_ROLL(1, 1), BW_ROLL(1, 2), BW_ROLL(1, 3), BW_ROLL(1, 4), BW_ROLL(1, 5), BW_ROLL(1, 6),
    BW_ROLL(2, 2), BW_ROLL(2, 3), BW_ROLL(2, 4), BW_ROLL(2, 5), BW_ROLL(2, 6), BW_ROLL(3, 3),
    BW_ROLL(3, 4), BW_ROLL(3, 5), BW_ROLL(3, 6), BW_ROLL(4, 4), BW_ROLL(4, 5), BW_ROLL(4, 6),
    BW_ROLL(5, 5), BW_ROLL(5, 6), BW_ROLL(6, 6),
};
static const uint32_t bw_roll_weights[BW_ROLLS] = {1, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2,
                                                   1, 2, 2, 2, 1, 2, 2, 1, 2, 1};

size_t bw_chance(const void *vcfg, const void *st, tg_move *out, uint32_t *weights)
{
    const bw_config *cfg = vcfg;
    const bw_block *b = st;
    size_t n = 0;
    if (b->stage == BW_ST_SETUP) {
        int step = b->setup_step;
        if (step == 0) {
            for (int h = 0; h < BW_HATS; h++) {
                out[n] = BW_CH_PRINCE + (tg_move)h;
                weights[n++] = 1;
            }
        } else if (step <= cfg->players) {
            for (int k = 0; k < BW_FROGS_PER_PLAYER; k++) {
                out[n] = BW_CH_PLAIN + (tg_move)k;
                weights[n++] = 1;
            }
        } else {
            /* Drawing the snakes one by one with these weights makes every
             * set of seven deadly snakes equally likely. */
            int s = step - 1 - cfg->players;
            int d = BW_DEADLY - bw_deadly_count(b, s);
            int h = (BW_SNAKES - s) - d;
            if (h > 0) {
                out[n] = BW_CH_HARMLESS;
                weights[n++] = (uint32_t)h;
            }
            if (d > 0) {
                out[n] = BW_CH_DEADLY;
                weights[n++] = (uint32_t)d;
            }
        }
    } else if (b->stage == BW_ST_ROLL) {
        memcpy(out, bw_rolls, sizeof bw_rolls);
        memcpy(weights, bw_roll_weights, sizeof bw_roll_weights);
        n = BW_ROLLS;
    } else if (b->stage == BW_ST_ESC_ROLL) {
        for (int d = 0; d < 6; d++) {
            out[n] = BW_CH_ESCAPE + (tg_move)d;
            weights[n++] = 1;
        }
    }
    return n;
}

/* The rolls by the number the core draws below 36 for the weights above:
 * each roll as many times as its weight, in the list's order, so that a
 * number picks the outcome the walk over bw_chance()'s list would. */
static const tg_move bw_roll_by_draw[36] = {
    BW_ROLL(1, 1), BW_ROLL(1, 2), BW_ROLL(1, 2), BW_ROLL(1, 3), BW_ROLL(1, 3), BW_ROLL(1, 4),
    BW_ROLL(1, 4), BW_ROLL(1, 5), BW_ROLL(1, 5), BW_ROLL(1, 6), BW_ROLL(1, 6), BW_ROLL(2, 2),
    BW_ROLL(2, 3), BW_ROLL(2, 3), BW_ROLL(2, 4), BW_ROLL(2, 4), BW_ROLL(2, 5), BW_ROLL(2, 5),
    BW_ROLL(2, 6), BW_ROLL(2, 6), BW_ROLL(3, 3), BW_ROLL(3, 4), BW_ROLL(3, 4), BW_ROLL(3, 5),
    BW_ROLL(3, 5), BW_ROLL(3, 6), BW_ROLL(3, 6), BW_ROLL(4, 4), BW_ROLL(4, 5), BW_ROLL(4, 5),
    BW_ROLL(4, 6), BW_ROLL(4, 6), BW_ROLL(5, 5), BW_ROLL(5, 6), BW_ROLL(5, 6), BW_ROLL(6, 6),
};

/* The weighted chance points drawn without the list (game_def.h's
 * chance_total() and chance_pick()): the two dice of every turn, and a
 * snake's deadly or harmless side in the setup. The uniform points are
 * bw_uniform_chance()'s. */
static void bw_snake_weights(const bw_config *cfg, const bw_block *b, int *harmless, int *deadly)
{
    int s = b->setup_step - 1 - cfg->players;
    *deadly = BW_DEADLY - bw_deadly_count(b, s);
    *harmless = (BW_SNAKES - s) - *deadly;
}

uint64_t bw_chance_total(const void *vcfg, const void *st)
{
    const bw_config *cfg = vcfg;
    const bw_block *b = st;
    if (b->stage == BW_ST_ROLL)
        return 36;
    if (b->stage != BW_ST_SETUP || b->setup_step <= cfg->players)
        return 0;
    int h, d;
    bw_snake_weights(cfg, b, &h, &d);
    return (uint64_t)(h > 0 ? h : 0) + (uint64_t)(d > 0 ? d : 0);
}

tg_move bw_chance_pick(const void *vcfg, const void *st, uint64_t r)
{
    const bw_config *cfg = vcfg;
    const bw_block *b = st;
    if (b->stage == BW_ST_ROLL)
        return bw_roll_by_draw[r < 36 ? r : 35];
    int h, d;
    bw_snake_weights(cfg, b, &h, &d);
    return h > 0 && r < (uint64_t)h ? BW_CH_HARMLESS : BW_CH_DEADLY;
}

static void bw_apply_setup(const bw_config *cfg, bw_block *b, tg_move move)
{
    int step = b->setup_step;
    if (step == 0) {
        b->prince = (uint8_t)(move - BW_CH_PRINCE);
        bw_event(b, BW_EV_SETUP, step, b->prince, 0, 0);
    } else if (step <= cfg->players) {
        b->plain[step - 1] = (uint8_t)(move - BW_CH_PLAIN);
        bw_event(b, BW_EV_SETUP, step, b->plain[step - 1], 0, 0);
    } else {
        int s = step - 1 - cfg->players;
        bw_set_bit(b->deadly, s, move == BW_CH_DEADLY);
        bw_event(b, BW_EV_SETUP, step, move == BW_CH_DEADLY, 0, 0);
    }
    if (++b->setup_step == BW_SETUP_STEPS(cfg->players)) {
        b->stage = BW_ST_ROLL;
        b->player = (uint8_t)cfg->first;
    }
}

static void bw_apply_roll(const bw_config *cfg, bw_block *b, tg_move move)
{
    int v = (int)(move - BW_CH_DICE);
    b->dice[0] = (uint8_t)(v / 6 + 1);
    b->dice[1] = (uint8_t)(v % 6 + 1);
    b->used = 0;
    b->turn = 0;
    for (int k = 0; k < BW_FROGS_PER_PLAYER; k++) {
        uint8_t *fl = &b->frog_flags[b->player * BW_FROGS_PER_PLAYER + k];
        *fl = (*fl & BW_FF_PENDING) ? BW_FF_MUST : 0;
    }
    bw_event(b, BW_EV_ROLL, b->dice[0], b->dice[1], b->player, 0);
    bw_continue_turn(cfg, b);
}

static void bw_apply_piece(const bw_config *cfg, bw_block *b, tg_move move)
{
    int r = (int)(move % BW_MAX_ROUTES);
    int piece = (int)(move / BW_MAX_ROUTES) % BW_PIECES;
    int slot = (int)(move / (BW_MAX_ROUTES * BW_PIECES));
    if (b->stage == BW_ST_ACTION)
        b->used = (uint8_t)(b->used | (1u << slot));
    if (piece < BW_FROGS_PER_PLAYER) {
        int f = b->player * BW_FROGS_PER_PLAYER + piece;
        bw_move_frog(cfg, b, f, &cfg->routes[b->frog_at[f]][r]);
    } else {
        int c = piece - BW_FROGS_PER_PLAYER;
        bw_move_cat(cfg, b, c, &cfg->routes[b->cat_at[c]][r]);
    }
}

static void bw_apply_steal(const bw_config *cfg, bw_block *b, tg_move move)
{
    int f = b->actor;
    b->actor = BW_NONE;
    b->passed[0] = b->passed[1] = 0;
    if (move == BW_MOVE_NOSTEAL) {
        bw_event(b, BW_EV_NOSTEAL, f, 0, 0, 0);
    } else {
        int g = (int)(move - BW_MOVE_STEAL);
        int fb = bw_frog_book(b, f), gb = bw_frog_book(b, g);
        if (gb != BW_NONE)
            bw_give_book(b, gb, f, f / BW_FROGS_PER_PLAYER);
        if (fb != BW_NONE)
            bw_give_book(b, fb, g, g / BW_FROGS_PER_PLAYER);
        bw_event(b, BW_EV_STEAL, f, g, gb, fb);
        b->turn |= BW_TF_STOLE;
        if (g / BW_FROGS_PER_PLAYER != f / BW_FROGS_PER_PLAYER)
            b->escape_frog = (uint8_t)f;
    }
    bw_land(cfg, b, f);
}

static void bw_apply_hat(const bw_config *cfg, bw_block *b, tg_move move)
{
    int f = b->actor;
    int h = cfg->hat_of[b->frog_at[f]];
    b->actor = BW_NONE;
    if (move == BW_MOVE_PUT) {
        int fb = bw_frog_book(b, f);
        b->book_where[fb] = BW_BOOK_HAT;
        b->book_at[fb] = (uint8_t)h;
        bw_event(b, BW_EV_PUT, f, h, fb, 0);
    } else if (move == BW_MOVE_SWAP) {
        int fb = bw_frog_book(b, f), hb = bw_hat_book(b, h);
        bw_give_book(b, hb, f, f / BW_FROGS_PER_PLAYER);
        b->book_where[fb] = BW_BOOK_HAT;
        b->book_at[fb] = (uint8_t)h;
        b->frog_flags[f] |= BW_FF_PENDING;
        bw_event(b, BW_EV_HAT_SWAP, f, h, hb, fb);
    } else {
        bw_event(b, BW_EV_KEEP, f, h, 0, 0);
    }
    bw_continue_turn(cfg, b);
}

static void bw_apply_pickup(const bw_config *cfg, bw_block *b, tg_move move)
{
    int f = b->actor;
    int s = b->frog_at[f];
    b->actor = BW_NONE;
    if (move == BW_MOVE_PICKUP) {
        int gb = bw_ground_book(b, s);
        bw_give_book(b, gb, f, f / BW_FROGS_PER_PLAYER);
        bw_event(b, BW_EV_PICKUP, f, s, gb, 0);
    } else {
        bw_event(b, BW_EV_LEAVE, f, s, 0, 0);
    }
    bw_continue_turn(cfg, b);
}

/* Equal positions stay equal byte for byte, so the last decision's events
 * are cleared. Those past ev_count are blank in every block (init leaves
 * them so, this keeps them so, validate() rejects a loaded block where they
 * are not): a decision has a few events, so the first slots are cleared at
 * a fixed size and the others only when they were used. */
static inline void bw_clear_events(bw_block *b)
{
    enum { BW_FEW_EVENTS = 4 };
    int used = b->ev_count;
    b->ev_count = 0;
    memset(b->ev, 0, BW_FEW_EVENTS * sizeof b->ev[0]);
    if (used > BW_FEW_EVENTS)
        memset((uint8_t *)&b->ev + BW_FEW_EVENTS * sizeof b->ev[0], 0,
               (BW_MAX_EVENTS - BW_FEW_EVENTS) * sizeof b->ev[0]);
}

int bw_apply_turn(const void *vcfg, void *st, tg_move move)
{
    const bw_config *cfg = vcfg;
    bw_block *b = st;
    bw_clear_events(b);
    /* The two common stages (a piece move, a roll) by tests before the
     * switch: a jump table's one indirect jump changes target with almost
     * every decision, which a branch predictor keyed on its address gets
     * wrong most of the time. */
    if (b->stage == BW_ST_ACTION && move < BW_MOVE_SKIP) {
        bw_apply_piece(cfg, b, move);
        return bw_who(b);
    }
    if (b->stage == BW_ST_ROLL) {
        bw_apply_roll(cfg, b, move);
        return bw_who(b);
    }
    switch (b->stage) {
    case BW_ST_SETUP:
        bw_apply_setup(cfg, b, move);
        break;
    case BW_ST_ESC_ROLL:
        b->dice[0] = (uint8_t)(move - BW_CH_ESCAPE + 1);
        b->turn |= BW_TF_ESCAPE;
        b->actor = b->escape_frog; /* the escaping frog, while it moves */
        b->escape_frog = BW_NONE;
        bw_event(b, BW_EV_ESC_ROLL, b->dice[0], b->actor, 0, 0);
        b->stage = BW_ST_ESC_MOVE;
        if (!bw_any_action(cfg, b)) {
            bw_event(b, BW_EV_SKIP, b->player, b->dice[0], 0, 0);
            bw_continue_turn(cfg, b);
        }
        break;
    case BW_ST_ACTION:
    case BW_ST_ESC_MOVE:
        if (move == BW_MOVE_SKIP) {
            int slot = (b->used & 1u) ? 1 : 0;
            bw_event(b, BW_EV_SKIP, b->player, b->dice[slot], 0, 0);
            b->used = 3;
            bw_continue_turn(cfg, b);
        } else {
            bw_apply_piece(cfg, b, move);
        }
        break;
    case BW_ST_STEAL:
        bw_apply_steal(cfg, b, move);
        break;
    case BW_ST_HAT:
        bw_apply_hat(cfg, b, move);
        break;
    case BW_ST_PICKUP:
        bw_apply_pickup(cfg, b, move);
        break;
    default:
        break;
    }
    return bw_who(b);
}

void bw_apply(const void *cfg, void *st, tg_move move)
{
    (void)bw_apply_turn(cfg, st, move);
}

/* The chance points other than the dice (the setup's draws, the escape
 * die), drawn as the core's sampler draws them: bw_uniform_chance()'s run
 * with tgR_below(), else the weighted snake with bw_chance_total() and
 * bw_chance_pick(). Out of line: a game has few of them (the setup's 15
 * to 17 draws, an escape's die) against a roll every turn. */
static TG_NOINLINE int bw_draw_other(const bw_config *cfg, bw_block *b, tg_rng *rng,
                                     tg_move *drawn)
{
    tg_move first, m;
    uint32_t count = bw_uniform_chance(cfg, b, &first);
    if (count) {
        m = first + tgR_below(rng, count);
    } else {
        uint64_t total = bw_chance_total(cfg, b);
        if (total == 0)
            return TG_PLAYER_INVALID; /* no outcomes: neither block nor RNG touched */
        m = bw_chance_pick(cfg, b, tgR_below_total(rng, total));
    }
    *drawn = m;
    return bw_apply_turn(cfg, b, m);
}

/* The roll of every turn drawn as the core draws it (uniform_chance()
 * claims no roll, so bw_chance_total()'s 36 and the table chance_pick()
 * reads) and applied without bw_apply_turn()'s tests of the stage. */
int bw_apply_chance_turn(const void *vcfg, void *st, tg_rng *rng, tg_move *drawn)
{
    const bw_config *cfg = vcfg;
    bw_block *b = st;
    if (b->stage != BW_ST_ROLL)
        return bw_draw_other(cfg, b, rng, drawn);
    tg_move m = bw_roll_by_draw[tgR_below(rng, 36)];
    *drawn = m;
    bw_clear_events(b);
    bw_apply_roll(cfg, b, m);
    return bw_who(b);
}

uint32_t bw_winners(const void *vcfg, const void *st)
{
    (void)vcfg;
    const bw_block *b = st;
    if (b->stage != BW_ST_OVER || b->winner == BW_NONE)
        return 0;
    return 1u << b->winner;
}

/* tg_state_playout()'s loop with the calls above direct (every chance
 * point through bw_apply_chance_turn(); the table sets no die). */
TG_PLAYOUT_HOOK(bw_playout, bw_legal_moves, bw_apply_turn, bw_apply_chance_turn, 0, 0)
