/* Bewitched: accepts exactly the blocks every other function handles
 * safely and that keep the invariants of play. A block that passes holds:
 *
 *  - every index in range: stage, player, dice 0..6, frogs on a space, on
 *    their own colour's pad or out of the game (only after a bite), cats on
 *    spaces, books under a hat, carried by a live frog or on a space where a
 *    snake bit, event fields of the kinds their type names, unused event
 *    slots blank; the pending frog (actor) and the escaping frog are live
 *    frogs of the player to move;
 *  - counts that add up: one piece per space and none on a snake still in
 *    play, each book in one place and each hat with at most one book, seven
 *    deadly snakes once set up (during setup no more than the draws so far
 *    allow), at most four antidotes, snakes that left the game deadly;
 *  - hidden facts that agree with what the table saw: the prince not among
 *    the books shown not to be it, the plain frog never one known to be
 *    magnetic, nothing of play during setup (no frog known magnetic, no
 *    snake gone, no book read or shown not to be the prince), no harmless
 *    touch of a deadly snake by a magnetic frog;
 *  - a turn that fits its stage: a pending frog in exactly the steal, hat
 *    and pickup decisions and the escape move, escape or not (an escaping
 *    frog with no actor is refused); the escape flag only on the escape move
 *    and its decisions; frogs to steal from that really offer a steal;
 *    both dice rolled in every stage from a roll to the end of the turn (a
 *    decision goes on with the other die) and at least one unused die in
 *    the action stage; a winner only when the game is over;
 *  - knowledge that fits the books (perfect recall): a book a frog carries
 *    has been read by that frog's player, since it reached the frog only
 *    through bw_give_book, so resampling for that player keeps its page;
 *  - a decision to make: not over means a legal move or a chance point with
 *    outcomes (tgV_check_decision), so no loaded game can stall. */
#include "bewitched.h"
#include "core/play_check.h"

extern const tg_game_def tgG_bewitched; /* bewitched.c */

#define BW_FAIL(...)                                                                           \
    do {                                                                                       \
        tgM_set(msg, __VA_ARGS__);                                                             \
        return TG_E_CORRUPT;                                                                   \
    } while (0)

static int bw_popcount(const uint8_t *mask, int bits)
{
    int n = 0;
    for (int i = 0; i < bits; i++)
        n += bw_bit(mask, i);
    return n;
}

static int bw_high_bits(const uint8_t *mask, int bits)
{
    return (mask[1] >> (bits - 8)) != 0;
}

static tg_status bw_check_hidden(const bw_config *cfg, const bw_block *b, tg_msg *msg)
{
    int steps = BW_SETUP_STEPS(cfg->players);
    if (b->setup_step > steps || (b->stage == BW_ST_SETUP) != (b->setup_step < steps))
        BW_FAIL("setup_step %d does not fit stage %d", b->setup_step, b->stage);
    if (b->prince >= BW_BOOKS || (b->not_prince & ~0xFu) || (b->not_prince >> b->prince) & 1u)
        BW_FAIL("prince book %d or not_prince mask 0x%x impossible", b->prince, b->not_prince);
    if (bw_high_bits(b->deadly, BW_SNAKES) || bw_high_bits(b->gone, BW_SNAKES) ||
        bw_high_bits(b->magnetic_known, BW_FROGS))
        BW_FAIL("snake or frog mask names a snake or frog that does not exist");
    /* Nothing of play has happened during setup: no bite showed a frog
     * magnetic or took a snake away, no book was read or shown not to be
     * the prince. Resampling the setup redraws the prince, the plain frogs
     * and the snakes drawn so far without looking at any of that. */
    int seen_any = 0;
    for (int p = 0; p < BW_MAX_PLAYERS; p++)
        seen_any |= b->seen[p];
    if (b->stage == BW_ST_SETUP && (b->magnetic_known[0] | b->magnetic_known[1] | b->gone[0] |
                                    b->gone[1] | b->not_prince | seen_any))
        BW_FAIL("setup step %d knows of play: a magnetic frog, a snake gone, a book read or "
                "shown not to be the prince",
                b->setup_step);
    for (int p = 0; p < BW_MAX_PLAYERS; p++) {
        int in = p < cfg->players;
        if (b->plain[p] >= (in ? 3 : 1) || b->antidote[p] > (in ? 1 : 0) ||
            (b->seen[p] & (in ? ~0xFu : 0xFFu)))
            BW_FAIL("player %d: plain frog, antidote or seen books out of range", p);
    }
    int drawn = b->setup_step - 1 - cfg->players;
    if (drawn < 0)
        drawn = 0;
    int deadly = bw_popcount(b->deadly, BW_SNAKES);
    if (b->stage == BW_ST_SETUP) {
        for (int s = drawn; s < BW_SNAKES; s++)
            if (bw_bit(b->deadly, s))
                BW_FAIL("snake %d is deadly before it was set up", s);
        if (deadly > BW_DEADLY || BW_DEADLY - deadly > BW_SNAKES - drawn)
            BW_FAIL("%d deadly snakes among the first %d cannot make %d", deadly, drawn,
                    BW_DEADLY);
    } else if (deadly != BW_DEADLY) {
        BW_FAIL("%d deadly snakes, want %d", deadly, BW_DEADLY);
    }
    for (int s = 0; s < BW_SNAKES; s++) {
        if (bw_bit(b->gone, s) && !bw_bit(b->deadly, s))
            BW_FAIL("snake %d left the game but is not deadly", s);
        if (bw_high_bits(b->touched[s], BW_FROGS))
            BW_FAIL("snake %d touched by a frog that does not exist", s);
        for (int f = 0; f < BW_FROGS; f++) {
            if (!bw_bit(b->touched[s], f))
                continue;
            int p = f / BW_FROGS_PER_PLAYER;
            if (p >= cfg->players || b->stage == BW_ST_SETUP)
                BW_FAIL("snake %d touched by frog %d that is not in play", s, f);
            if (bw_bit(b->deadly, s) && b->plain[p] != f % BW_FROGS_PER_PLAYER)
                BW_FAIL("snake %d is deadly and frog %d magnetic, yet it touched without a bite",
                        s, f);
        }
    }
    int held = 0;
    for (int p = 0; p < cfg->players; p++)
        held += b->antidote[p];
    if (held > BW_ANTIDOTES)
        BW_FAIL("%d antidotes held, only %d exist", held, BW_ANTIDOTES);
    return TG_OK;
}

static tg_status bw_check_pieces(const bw_config *cfg, const bw_block *b, tg_msg *msg)
{
    uint8_t occ[BW_NODES] = {0};
    for (int f = 0; f < BW_FROGS; f++) {
        int p = f / BW_FROGS_PER_PLAYER, at = b->frog_at[f];
        if (p >= cfg->players) {
            if (at != BW_NONE || b->frog_flags[f])
                BW_FAIL("frog %d belongs to no player but is in play", f);
            continue;
        }
        if (b->frog_flags[f] & ~7u)
            BW_FAIL("frog %d has unknown flags 0x%x", f, b->frog_flags[f]);
        if (at == BW_NONE) {
            if (b->frog_flags[f] || !bw_bit(b->magnetic_known, f) ||
                b->plain[p] == f % BW_FROGS_PER_PLAYER)
                BW_FAIL("frog %d is out of the game without a bite", f);
            continue;
        }
        if (at >= BW_SPACES && at != BW_PAD(cfg->colour_of[p]))
            BW_FAIL("frog %d sits on a pad that is not its own", f);
        if (at >= BW_SPACES)
            continue;
        if (occ[at])
            BW_FAIL("two frogs on space %d", at + 1);
        occ[at] = 1;
        int s = cfg->snake_at[at];
        if (s != BW_NONE && !bw_bit(b->gone, s))
            BW_FAIL("frog %d shares space %d with a snake", f, at + 1);
    }
    for (int f = 0; f < BW_FROGS; f++)
        if (bw_bit(b->magnetic_known, f) &&
            (f / BW_FROGS_PER_PLAYER >= cfg->players ||
             b->plain[f / BW_FROGS_PER_PLAYER] == f % BW_FROGS_PER_PLAYER))
            BW_FAIL("frog %d is known magnetic but is the plain frog", f);
    for (int c = 0; c < BW_CATS; c++) {
        int at = b->cat_at[c];
        if (at >= BW_SPACES)
            BW_FAIL("cat %d is not on a space", c);
        if (occ[at])
            BW_FAIL("cat %d shares space %d with a frog or a cat", c, at + 1);
        occ[at] = 1;
        int s = cfg->snake_at[at];
        if (s != BW_NONE && !bw_bit(b->gone, s))
            BW_FAIL("cat %d shares space %d with a snake", c, at + 1);
        if (bw_ground_book(b, at) != BW_NONE)
            BW_FAIL("cat %d sits on a book", c);
    }
    for (int k = 0; k < BW_BOOKS; k++) {
        int at = b->book_at[k];
        switch (b->book_where[k]) {
        case BW_BOOK_HAT:
            if (at >= BW_HATS || bw_hat_book(b, at) != k)
                BW_FAIL("book %d: hat %d missing or holding two books", k, at);
            break;
        case BW_BOOK_FROG:
            if (at >= cfg->players * BW_FROGS_PER_PLAYER || b->frog_at[at] == BW_NONE ||
                bw_frog_book(b, at) != k)
                BW_FAIL("book %d: frog %d absent or carrying two books", k, at);
            break;
        case BW_BOOK_GROUND:
            if (at >= BW_SPACES || cfg->snake_at[at] == BW_NONE ||
                !bw_bit(b->gone, cfg->snake_at[at]) || bw_ground_book(b, at) != k)
                BW_FAIL("book %d lies on space %d where no snake bit, or on another book", k,
                        at + 1);
            break;
        default:
            BW_FAIL("book %d has an unknown place %d", k, b->book_where[k]);
        }
    }
    return TG_OK;
}

static int bw_own_live_frog(const bw_config *cfg, const bw_block *b, int f)
{
    return f < cfg->players * BW_FROGS_PER_PLAYER && f / BW_FROGS_PER_PLAYER == b->player &&
           b->frog_at[f] != BW_NONE;
}

/* Whether frog g, passed by the actor f, is a frog f may steal from or
 * trade with (as bw_steal_options decides when the move is made). */
static int bw_may_steal_from(const bw_block *b, int f, int g)
{
    return bw_frog_book(b, g) != BW_NONE ||
           (g / BW_FROGS_PER_PLAYER == f / BW_FROGS_PER_PLAYER && bw_frog_book(b, f) != BW_NONE);
}

static tg_status bw_check_turn(const bw_config *cfg, const bw_block *b, tg_msg *msg)
{
    int st = b->stage;
    if (st >= BW_ST_COUNT)
        BW_FAIL("stage %d unknown", st);
    if (b->player >= cfg->players)
        BW_FAIL("player %d not in the game", b->player);
    if (b->used > 3 || (b->turn & ~7u) || b->dice[0] > 6 || b->dice[1] > 6)
        BW_FAIL("dice %d %d or turn flags out of range", b->dice[0], b->dice[1]);
    int playing = st != BW_ST_SETUP && st != BW_ST_OVER;
    if (playing && !bw_frogs_alive(cfg, b, b->player))
        BW_FAIL("player %d has no frogs but is to play", b->player);
    /* Every stage between a roll and the end of the turn has both dice
     * rolled: a steal, a hat or a pickup goes on with the other die
     * (bw_continue_turn), and an escape's own roll only replaces the first. */
    if (st != BW_ST_SETUP && st != BW_ST_ROLL && st != BW_ST_OVER &&
        (!b->dice[0] || !b->dice[1]))
        BW_FAIL("stage %d needs rolled dice, has %d %d", st, b->dice[0], b->dice[1]);
    if (st == BW_ST_ACTION && b->used == 3)
        BW_FAIL("both dice are used, yet the action stage waits for a move");
    if ((b->winner != BW_NONE && st != BW_ST_OVER) ||
        (b->winner != BW_NONE && b->winner >= cfg->players))
        BW_FAIL("winner %d does not fit stage %d", b->winner, st);
    int decision = st == BW_ST_STEAL || st == BW_ST_HAT || st == BW_ST_PICKUP;
    int escaping = (b->turn & BW_TF_ESCAPE) != 0;
    /* The frog a decision is about, or the escaping frog while it moves:
     * there in exactly those stages, escape or not. */
    if ((decision || st == BW_ST_ESC_MOVE) != (b->actor != BW_NONE))
        BW_FAIL("pending frog %d does not fit stage %d", b->actor, st);
    /* An escape is one move and the decisions it leads to. */
    if ((st == BW_ST_ESC_MOVE && !escaping) || (escaping && !decision && st != BW_ST_ESC_MOVE))
        BW_FAIL("escape flag does not fit stage %d", st);
    if (st == BW_ST_STEAL && escaping && !cfg->escape_steal)
        BW_FAIL("an escaping frog may not steal under these options");
    if (b->actor != BW_NONE && !bw_own_live_frog(cfg, b, b->actor))
        BW_FAIL("pending frog %d is not a live frog of player %d", b->actor, b->player);
    if (b->escape_frog != BW_NONE && !bw_own_live_frog(cfg, b, b->escape_frog))
        BW_FAIL("escaping frog %d is not a live frog of player %d", b->escape_frog, b->player);
    if (st == BW_ST_ESC_ROLL && b->escape_frog == BW_NONE)
        BW_FAIL("escape roll with no escaping frog");
    int passed = b->passed[0] | (b->passed[1] << 8);
    if ((st == BW_ST_STEAL) != (passed != 0))
        BW_FAIL("steal choices do not fit stage %d", st);
    for (int g = 0; g < BW_FROGS; g++)
        if (((passed >> g) & 1) &&
            (g >= cfg->players * BW_FROGS_PER_PLAYER || b->frog_at[g] == BW_NONE ||
             g == b->actor || !bw_may_steal_from(b, b->actor, g)))
            BW_FAIL("frog %d cannot be stolen from", g);
    if (st == BW_ST_HAT) {
        int at = b->frog_at[b->actor];
        if (at >= BW_SPACES || cfg->hat_of[at] == BW_NONE ||
            (bw_hat_book(b, cfg->hat_of[at]) == BW_NONE && !cfg->hat_put) ||
            bw_frog_book(b, b->actor) == BW_NONE)
            BW_FAIL("frog %d has no book to swap at a hat", b->actor);
    }
    if (st == BW_ST_PICKUP) {
        int at = b->frog_at[b->actor];
        if (at >= BW_SPACES || bw_ground_book(b, at) == BW_NONE ||
            bw_frog_book(b, b->actor) != BW_NONE)
            BW_FAIL("frog %d has no book to pick up", b->actor);
    }
    return TG_OK;
}

/* Field kinds per event type, so rendering never reads out of range:
 * n node or none, b book, o book or none, f frog, p player, s snake, h hat,
 * x any byte. */
static const char *const bw_event_kinds[BW_EV_TYPE_END] = {
    [BW_EV_SETUP] = "xxxx",    [BW_EV_ROLL] = "xxpx",     [BW_EV_ESC_ROLL] = "xfxx",
    [BW_EV_MOVE] = "xxnn",     [BW_EV_TOUCH] = "sfxx",    [BW_EV_BITE] = "sfxx",
    [BW_EV_DROP] = "fnbx",     [BW_EV_BUMP] = "xxnn",     [BW_EV_ANTIDOTE] = "pxxx",
    [BW_EV_TAKE] = "fhbx",     [BW_EV_HAT_SWAP] = "fhbb", [BW_EV_KEEP] = "fhxx",
    [BW_EV_STEAL] = "ffoo",    [BW_EV_NOSTEAL] = "fxxx",  [BW_EV_PICKUP] = "fnbx",
    [BW_EV_LEAVE] = "fnxx",    [BW_EV_HOME] = "foxx",     [BW_EV_WIN] = "pxxx",
    [BW_EV_SKIP] = "pxxx",     [BW_EV_EXTRA] = "pxxx",
    [BW_EV_END] = "xxxx",      [BW_EV_PUT] = "fhbx",
};

static tg_status bw_check_events(const bw_block *b, tg_msg *msg)
{
    if (b->ev_count > BW_MAX_EVENTS)
        BW_FAIL("%d events, at most %d", b->ev_count, BW_MAX_EVENTS);
    for (int i = 0; i < b->ev_count; i++) {
        const uint8_t *e = b->ev[i];
        if (e[0] == 0 || e[0] >= BW_EV_TYPE_END)
            BW_FAIL("event %d has unknown type %d", i, e[0]);
        const char *kinds = bw_event_kinds[e[0]];
        for (int k = 0; k < 4; k++) {
            int v = e[k + 1], ok = 1;
            switch (kinds[k]) {
            case 'n': ok = v < BW_NODES || v == BW_NONE; break;
            case 'b': ok = v < BW_BOOKS; break;
            case 'o': ok = v < BW_BOOKS || v == BW_NONE; break;
            case 'f': ok = v < BW_FROGS; break;
            case 'p': ok = v < BW_MAX_PLAYERS; break;
            case 's': ok = v < BW_SNAKES; break;
            case 'h': ok = v < BW_HATS; break;
            default: break;
            }
            if (!ok)
                BW_FAIL("event %d (type %d): field %d is %d, out of range", i, e[0], k + 1, v);
        }
    }
    for (int i = b->ev_count; i < BW_MAX_EVENTS; i++)
        for (int k = 0; k < BW_EVENT_FIELDS; k++)
            if (b->ev[i][k])
                BW_FAIL("unused event slot %d is not blank", i);
    return TG_OK;
}

/* Runs after bw_check_pieces, so a carrying frog is a live frog of the game. */
static tg_status bw_check_knowledge(const bw_block *b, tg_msg *msg)
{
    for (int k = 0; k < BW_BOOKS; k++) {
        if (b->book_where[k] != BW_BOOK_FROG)
            continue;
        int p = b->book_at[k] / BW_FROGS_PER_PLAYER;
        if (!((b->seen[p] >> k) & 1u))
            BW_FAIL("book %d is carried by a frog of player %d, who has not read it", k, p);
    }
    return TG_OK;
}

tg_status bw_validate(const void *vcfg, const void *st, tg_msg *msg)
{
    const bw_config *cfg = vcfg;
    const bw_block *b = st;
    tg_status s = bw_check_hidden(cfg, b, msg);
    if (s == TG_OK)
        s = bw_check_pieces(cfg, b, msg);
    if (s == TG_OK)
        s = bw_check_turn(cfg, b, msg);
    if (s == TG_OK)
        s = bw_check_events(b, msg);
    if (s == TG_OK)
        s = bw_check_knowledge(b, msg);
    if (s == TG_OK)
        s = tgV_check_decision(&tgG_bewitched, cfg, b, msg);
    return s;
}
