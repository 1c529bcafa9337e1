/* Bewitched: carrying out a move along its route (snakes, bumps, deaths),
 * what the space a frog stops on does, and the flow of a turn. */
#include "bewitched.h"

void bw_give_book(bw_block *b, int book, int frog, int player)
{
    b->book_where[book] = BW_BOOK_FROG;
    b->book_at[book] = (uint8_t)frog;
    b->seen[player] = (uint8_t)(b->seen[player] | (1u << book));
}

static int bw_forward(const bw_config *cfg, int prev, int cur)
{
    for (int k = 0; k < cfg->nnbr[cur]; k++)
        if (cfg->nbr[cur][k] == prev)
            return cfg->fwd[cur][k];
    return BW_NONE;
}

/* Where a piece that cannot stay on its landing space ends: the next free
 * space forward, else the nearest free space back along its own route,
 * else where it started. The slide forward stops at a space in wall (the
 * cats, for a frog). */
static int bw_bump(const bw_config *cfg, uint64_t busy, uint64_t wall, int start,
                   const bw_route *r, int *went_forward)
{
    int landing = r->step[r->len - 1];
    int prev = r->len >= 2 ? r->step[r->len - 2] : start;
    int cur = landing;
    *went_forward = 0;
    for (int i = 0; i < BW_SPACES; i++) {
        int n = bw_forward(cfg, prev, cur);
        if (n == BW_NONE || n == landing || ((wall >> n) & 1u))
            break;
        if (!((busy >> n) & 1u)) {
            *went_forward = 1;
            return n;
        }
        prev = cur;
        cur = n;
    }
    for (int i = r->len - 2; i >= 0; i--)
        if (!((busy >> r->step[i]) & 1u))
            return r->step[i];
    return start;
}

/* A snake touched by frog f; returns 1 when the frog dies. */
static int bw_touch(bw_block *b, int f, int s, int space)
{
    int p = f / BW_FROGS_PER_PLAYER;
    int magnetic = b->plain[p] != f % BW_FROGS_PER_PLAYER;
    if (!(bw_bit(b->deadly, s) && magnetic)) {
        bw_set_bit(b->touched[s], f, 1);
        bw_event(b, BW_EV_TOUCH, s, f, 0, 0);
        return 0;
    }
    bw_set_bit(b->gone, s, 1);
    bw_set_bit(b->magnetic_known, f, 1);
    if (b->antidote[p]) {
        b->antidote[p] = 0;
        bw_event(b, BW_EV_BITE, s, f, 1, 0);
        return 0;
    }
    bw_event(b, BW_EV_BITE, s, f, 0, 0);
    int book = bw_frog_book(b, f);
    if (book != BW_NONE) {
        b->book_where[book] = BW_BOOK_GROUND;
        b->book_at[book] = (uint8_t)space;
        bw_event(b, BW_EV_DROP, f, space, book, 0);
    }
    b->frog_at[f] = BW_NONE;
    b->frog_flags[f] = 0;
    return 1;
}

static int bw_frog_on(const bw_block *b, int node)
{
    for (int g = 0; g < BW_FROGS; g++)
        if (b->frog_at[g] == node)
            return g;
    return BW_NONE;
}

/* Adds to passed the frogs that f passes on its way (not at the end);
 * returns 1 when a snake on the way killed f. */
static int bw_travel(const bw_config *cfg, bw_block *b, int f, const bw_route *r,
                     unsigned *passed, uint64_t frogs)
{
    for (int i = 0; i < r->len; i++) {
        int n = r->step[i];
        if (n >= BW_SPACES)
            break;
        int s = cfg->snake_at[n];
        if (s != BW_NONE && !bw_bit(b->gone, s) && bw_touch(b, f, s, n))
            return 1;
        if (i < r->len - 1 && ((frogs >> n) & 1u))
            *passed |= 1u << bw_frog_on(b, n);
    }
    return 0;
}

/* The frogs passed that f may steal from, or trade with. */
static unsigned bw_steal_options(const bw_block *b, int f, unsigned passed)
{
    int p = f / BW_FROGS_PER_PLAYER;
    if (!passed)
        return 0; /* most moves pass no frog */
    int fb = bw_frog_book(b, f);
    unsigned options = 0;
    for (int g = 0; g < BW_FROGS; g++) {
        if (!((passed >> g) & 1u))
            continue;
        int gb = bw_frog_book(b, g);
        int own = g / BW_FROGS_PER_PLAYER == p;
        if (gb != BW_NONE || (own && fb != BW_NONE))
            options |= 1u << g;
    }
    return options;
}

void bw_move_frog(const bw_config *cfg, bw_block *b, int f, const bw_route *r)
{
    int start = b->frog_at[f];
    unsigned passed = 0;
    bw_event(b, BW_EV_MOVE, 0, f, start, r->step[r->len - 1]);
    b->frog_at[f] = BW_NONE; /* off the board while it travels */
    b->frog_flags[f] = (uint8_t)((b->frog_flags[f] & ~BW_FF_MUST) | BW_FF_MOVED);
    /* The other frogs stay where they are on the way: one mask serves the
     * travel and the landing. */
    uint64_t frogs = bw_space_mask(cfg, b->frog_at, BW_FROGS);
    if (bw_travel(cfg, b, f, r, &passed, frogs)) {
        if (b->stage != BW_ST_OVER)
            bw_continue_turn(cfg, b);
        return;
    }
    int landing = r->step[r->len - 1];
    int rest = landing;
    /* after the travel: a bite saved by an antidote took a snake away */
    uint64_t busy = frogs | bw_snake_mask(cfg, b);
    if (landing < BW_SPACES && ((busy >> landing) & 1u)) {
        int fwd;
        uint64_t cats = bw_space_mask(cfg, b->cat_at, BW_CATS);
        rest = bw_bump(cfg, busy | cats, cats, start, r, &fwd);
        if (fwd && ((frogs >> landing) & 1u))
            passed |= 1u << bw_frog_on(b, landing);
        bw_event(b, BW_EV_BUMP, 0, f, landing, rest);
    }
    b->frog_at[f] = (uint8_t)rest;

    if (!(b->turn & BW_TF_ESCAPE) || cfg->escape_steal) {
        unsigned options = bw_steal_options(b, f, passed);
        if (options) {
            b->stage = BW_ST_STEAL;
            b->actor = (uint8_t)f;
            b->passed[0] = (uint8_t)(options & 0xFF);
            b->passed[1] = (uint8_t)(options >> 8);
            return;
        }
    }
    bw_land(cfg, b, f);
}

void bw_move_cat(const bw_config *cfg, bw_block *b, int c, const bw_route *r)
{
    int start = b->cat_at[c];
    int landing = r->step[r->len - 1];
    int rest = landing;
    bw_event(b, BW_EV_MOVE, 1, c, start, landing);
    b->cat_at[c] = BW_NONE;
    bw_masks m;
    bw_make_masks(cfg, b, &m);
    uint64_t busy = m.frog | m.cat | m.snake | m.book;
    if ((busy >> landing) & 1u) {
        int fwd;
        rest = bw_bump(cfg, busy, 0, start, r, &fwd);
        bw_event(b, BW_EV_BUMP, 1, c, landing, rest);
    }
    b->cat_at[c] = (uint8_t)rest;
    b->turn |= BW_TF_CAT;
    bw_continue_turn(cfg, b);
}

void bw_land(const bw_config *cfg, bw_block *b, int f)
{
    int node = b->frog_at[f];
    int p = f / BW_FROGS_PER_PLAYER;
    int fb = bw_frog_book(b, f);
    if (node >= BW_SPACES) {
        bw_event(b, BW_EV_HOME, f, fb, 0, 0);
        if (fb != BW_NONE && fb == b->prince) {
            b->winner = (uint8_t)p;
            b->stage = BW_ST_OVER;
            /* a win on an escape turn ends it too */
            b->actor = BW_NONE;
            b->escape_frog = BW_NONE;
            b->turn = (uint8_t)(b->turn & ~BW_TF_ESCAPE);
            bw_event(b, BW_EV_WIN, p, f, 0, 0);
            return;
        }
        /* Everyone sees that no win followed: that book is a frog page. */
        if (fb != BW_NONE)
            b->not_prince = (uint8_t)(b->not_prince | (1u << fb));
        bw_continue_turn(cfg, b);
        return;
    }
    if (cfg->flower[node] && !b->antidote[p]) {
        int held = 0;
        for (int q = 0; q < cfg->players; q++)
            held += b->antidote[q];
        if (held < BW_ANTIDOTES) {
            b->antidote[p] = 1;
            bw_event(b, BW_EV_ANTIDOTE, p, 0, 0, 0);
        }
    }
    int h = cfg->hat_of[node];
    /* One lookup, so the compiler sees the book given below is a real one. */
    int hb = h != BW_NONE ? bw_hat_book(b, h) : (int)BW_NONE;
    if (h != BW_NONE && hb == BW_NONE && fb != BW_NONE && cfg->hat_put) {
        b->stage = BW_ST_HAT;
        b->actor = (uint8_t)f;
        return;
    }
    if (hb != BW_NONE) {
        if (fb == BW_NONE) {
            bw_give_book(b, hb, f, p);
            b->frog_flags[f] |= BW_FF_PENDING;
            bw_event(b, BW_EV_TAKE, f, h, hb, 0);
        } else {
            b->stage = BW_ST_HAT;
            b->actor = (uint8_t)f;
            return;
        }
    }
    if (fb == BW_NONE && bw_frog_book(b, f) == BW_NONE && bw_ground_book(b, node) != BW_NONE) {
        b->stage = BW_ST_PICKUP;
        b->actor = (uint8_t)f;
        return;
    }
    bw_continue_turn(cfg, b);
}

int bw_prince_reachable(const bw_config *cfg, const bw_block *b)
{
    if (cfg->hat_put || b->book_where[b->prince] != BW_BOOK_GROUND)
        return 1;
    for (int f = 0; f < cfg->players * BW_FROGS_PER_PLAYER; f++)
        if (b->frog_at[f] != BW_NONE && bw_frog_book(b, f) == BW_NONE)
            return 1;
    return 0;
}

static void bw_end_turn(const bw_config *cfg, bw_block *b)
{
    int p = b->player;
    for (int k = 0; k < BW_FROGS_PER_PLAYER; k++) {
        uint8_t *fl = &b->frog_flags[p * BW_FROGS_PER_PLAYER + k];
        *fl = (uint8_t)(*fl & BW_FF_PENDING);
    }
    if (b->escape_frog != BW_NONE && b->frog_at[b->escape_frog] != BW_NONE) {
        b->stage = BW_ST_ESC_ROLL;
        return;
    }
    b->escape_frog = BW_NONE;
    if (!bw_prince_reachable(cfg, b)) {
        b->stage = BW_ST_OVER;
        b->winner = BW_NONE;
        bw_event(b, BW_EV_END, 0, 0, 0, 0);
        return;
    }
    if (b->dice[0] == b->dice[1] && !(b->turn & BW_TF_STOLE) && bw_frogs_alive(cfg, b, p)) {
        bw_event(b, BW_EV_EXTRA, p, 0, 0, 0);
        b->stage = BW_ST_ROLL;
        return;
    }
    for (int i = 1; i <= cfg->players; i++) {
        int q = (p + i) % cfg->players;
        if (bw_frogs_alive(cfg, b, q)) {
            b->player = (uint8_t)q;
            b->stage = BW_ST_ROLL;
            return;
        }
    }
    b->stage = BW_ST_OVER;
    b->winner = BW_NONE;
    bw_event(b, BW_EV_END, 0, 0, 0, 0);
}

void bw_continue_turn(const bw_config *cfg, bw_block *b)
{
    if (b->stage == BW_ST_OVER)
        return;
    if (b->turn & BW_TF_ESCAPE) {
        b->turn = (uint8_t)(b->turn & ~BW_TF_ESCAPE);
        b->actor = BW_NONE;
        bw_end_turn(cfg, b);
        return;
    }
    b->stage = BW_ST_ACTION;
    if (bw_frogs_alive(cfg, b, b->player) && bw_any_action(cfg, b))
        return;
    bw_end_turn(cfg, b);
}
