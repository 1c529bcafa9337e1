/* Bewitched: the text of a move, e.g. "5f2:23-24-25" (die 5, frog 2, the
 * spaces it steps on), "3c1:..." for a cat, "steal:g2", "roll:3-5";
 * bw_parse_words() also takes the words of a person at the table for the
 * chance outcomes ("double 3", "5 and 2", "hat 2", "frog 3 is plain"). */
#include "bewitched.h"

#include <stdio.h>
#include <string.h>

#include "core/words.h"

int bw_node_name(int node, char *buf, size_t cap)
{
    if (node >= BW_SPACES)
        return snprintf(buf, cap, "home");
    return snprintf(buf, cap, "%d", node + 1);
}

static size_t bw_piece_text(const bw_config *cfg, const bw_block *b, tg_move move, char *buf,
                            size_t cap)
{
    int r = (int)(move % BW_MAX_ROUTES);
    int piece = (int)(move / BW_MAX_ROUTES) % BW_PIECES;
    int slot = (int)(move / (BW_MAX_ROUTES * BW_PIECES));
    int at = piece < BW_FROGS_PER_PLAYER
                 ? b->frog_at[b->player * BW_FROGS_PER_PLAYER + piece]
                 : b->cat_at[piece - BW_FROGS_PER_PLAYER];
    char text[64];
    int len = snprintf(text, sizeof text, "%d%c%d:", b->dice[slot],
                       piece < BW_FROGS_PER_PLAYER ? 'f' : 'c',
                       piece < BW_FROGS_PER_PLAYER ? piece + 1 : piece - BW_FROGS_PER_PLAYER + 1);
    if (at >= BW_NODES || r >= cfg->route_count[at])
        return (size_t)snprintf(buf, cap, "#%u", (unsigned)move);
    const bw_route *rt = &cfg->routes[at][r];
    for (int i = 0; i < rt->len; i++) {
        if (i)
            text[len++] = '-';
        len += bw_node_name(rt->step[i], text + len, sizeof text - (size_t)len);
    }
    return (size_t)snprintf(buf, cap, "%s", text);
}

size_t bw_move_text(const void *vcfg, const void *st, tg_move move, char *buf, size_t cap)
{
    const bw_config *cfg = vcfg;
    const bw_block *b = st;
    if (move < BW_MOVE_SKIP)
        return bw_piece_text(cfg, b, move, buf, cap);
    if (move == BW_MOVE_SKIP)
        return (size_t)snprintf(buf, cap, "skip");
    if (move == BW_MOVE_NOSTEAL)
        return (size_t)snprintf(buf, cap, "nosteal");
    if (move < BW_MOVE_SWAP) {
        int g = (int)(move - BW_MOVE_STEAL);
        int p = g / BW_FROGS_PER_PLAYER;
        int colour = p < cfg->players ? cfg->colour_of[p] : 0;
        return (size_t)snprintf(buf, cap, "steal:%c%d", bw_colour_letters[colour],
                                g % BW_FROGS_PER_PLAYER + 1);
    }
    static const char *const words[] = {"swap", "keep", "pickup", "leave", "put"};
    if (move < BW_CH_PRINCE)
        return (size_t)snprintf(buf, cap, "%s", words[move - BW_MOVE_SWAP]);
    if (move < BW_CH_PLAIN)
        return (size_t)snprintf(buf, cap, "prince:hat%u", (unsigned)(move - BW_CH_PRINCE + 1));
    if (move < BW_CH_HARMLESS)
        return (size_t)snprintf(buf, cap, "plain:f%u", (unsigned)(move - BW_CH_PLAIN + 1));
    if (move == BW_CH_HARMLESS)
        return (size_t)snprintf(buf, cap, "harmless");
    if (move == BW_CH_DEADLY)
        return (size_t)snprintf(buf, cap, "deadly");
    if (move < BW_CH_ESCAPE) {
        unsigned v = (unsigned)(move - BW_CH_DICE);
        return (size_t)snprintf(buf, cap, "roll:%u-%u", v / 6 + 1, v % 6 + 1);
    }
    return (size_t)snprintf(buf, cap, "escape:%u", (unsigned)(move - BW_CH_ESCAPE + 1));
}

size_t bw_any_move_text(const void *vcfg, tg_move move, char *buf, size_t cap)
{
    if (move >= BW_MOVE_SKIP)
        return bw_move_text(vcfg, NULL, move, buf, cap); /* needs no position */
    /* A piece move's text names the die's value and the spaces, which only
     * a position gives: without one, the die's slot, the piece and the
     * route's number in the piece's list (docs/rules/bewitched.md). */
    int r = (int)(move % BW_MAX_ROUTES);
    int piece = (int)(move / BW_MAX_ROUTES) % BW_PIECES;
    int slot = (int)(move / (BW_MAX_ROUTES * BW_PIECES));
    int frog = piece < BW_FROGS_PER_PLAYER;
    int n = snprintf(buf, cap, "die%d:%c%d:route%d", slot + 1, frog ? 'f' : 'c',
                     frog ? piece + 1 : piece - BW_FROGS_PER_PLAYER + 1, r + 1);
    return n < 0 ? 0 : (size_t)n;
}

/* ---- words at the table ----------------------------------------------------- */

#define BW_BAD_WORDS(...) (tgM_set(msg, __VA_ARGS__), TG_E_ILLEGAL_MOVE)

/* One number from lo to hi, also glued to a letter ("h2", "f3"); -1 for
 * none, with *bad set when it is a number out of range. */
static int bw_one_number(const tg_words *w, char letter, int lo, int hi, tg_msg *msg, int *bad)
{
    *bad = 0;
    if (w->n != 1)
        return -1;
    const char *t = w->w[0];
    if (t[0] == letter && t[1] >= '0' && t[1] <= '9')
        t++;
    size_t len = strlen(t);
    if (len == 0 || len > 2 || strspn(t, "0123456789") != len)
        return -1;
    int v = len == 1 ? t[0] - '0' : (t[0] - '0') * 10 + t[1] - '0';
    if (v < lo || v > hi) {
        tgM_set(msg, "that is %d; the numbers here are %d to %d", v, lo, hi);
        *bad = 1;
        return -1;
    }
    return v;
}

static tg_status bw_parse_setup(const bw_config *cfg, const bw_block *b, tg_words *w,
                                tg_move *out, tg_msg *msg)
{
    static const char *const prince_fillers[] = {"prince", "prince's", "book", "spell",
                                                 "under", "hat", "page", "in", NULL};
    static const char *const plain_fillers[] = {"frog", "plain", "non", "not", "magnetic",
                                                NULL};
    static const char *const no_bite[] = {"harmless", "safe", "no", "not", "non", "doesn't",
                                          "won't", "nope", NULL};
    static const char *const bite[] = {"deadly", "bites", "bite", "magnetic", "yes",
                                       "poisonous", NULL};
    static const char *const snake_fillers[] = {"snake", "this", NULL};
    int step = b->setup_step, bad = 0, v;
    if (step == 0) {
        tgW_drop(w, prince_fillers);
        v = bw_one_number(w, 'h', 1, BW_HATS, msg, &bad);
        if (v < 0)
            return bad ? TG_E_ILLEGAL_MOVE : TG_E_PARSE;
        *out = BW_CH_PRINCE + (tg_move)(v - 1);
        return TG_OK;
    }
    if (step <= cfg->players) {
        tgW_drop(w, plain_fillers);
        v = bw_one_number(w, 'f', 1, BW_FROGS_PER_PLAYER, msg, &bad);
        if (v < 0)
            return bad ? TG_E_ILLEGAL_MOVE : TG_E_PARSE;
        *out = BW_CH_PLAIN + (tg_move)(v - 1);
        return TG_OK;
    }
    tgW_drop(w, snake_fillers);
    int harmless = 0, deadly = 0;
    for (size_t i = 0; i < w->n; i++) {
        if (tgW_which(w, i, no_bite) >= 0)
            harmless = 1;
        else if (tgW_which(w, i, bite) >= 0)
            deadly = 1;
        else
            return TG_E_PARSE;
    }
    if (!harmless && !deadly)
        return TG_E_PARSE;
    tg_move m = harmless ? BW_CH_HARMLESS : BW_CH_DEADLY, outcomes[2];
    uint32_t weights[2];
    size_t n = bw_chance(cfg, b, outcomes, weights);
    if (!(n > 0 && outcomes[0] == m) && !(n > 1 && outcomes[1] == m))
        return BW_BAD_WORDS(harmless ? "the snakes left to set up must all be deadly (7 of 12)"
                                     : "the seven deadly snakes are all set up already");
    *out = m;
    return TG_OK;
}

/* "3 5", "5-3", "five and three", "double 4". */
static tg_status bw_parse_dice(tg_words *w, tg_move *out, tg_msg *msg)
{
    static const char *const fillers[] = {"roll", "dice", "die", NULL};
    tgW_drop(w, fillers);
    int d[2], n = 0, twice = 0;
    for (size_t i = 0; i < w->n; i++) {
        int v = tgW_number(w, i);
        if (tgW_is(w, i, "double") || tgW_is(w, i, "doubles") || tgW_is(w, i, "pair"))
            twice = 1;
        else if (v < 0 || n == 2)
            return TG_E_PARSE;
        else
            d[n++] = v;
    }
    if (twice && n == 1)
        d[n++] = d[0];
    if (n == 0 || (twice && d[0] != d[1]))
        return TG_E_PARSE;
    for (int k = 0; k < n; k++)
        if (d[k] < 1 || d[k] > 6)
            return BW_BAD_WORDS("a die shows 1 to 6, not %d", d[k]);
    if (n == 1)
        return BW_BAD_WORDS("Bewitched rolls two dice: say both, e.g. '3 5' or 'double 3'");
    int lo = d[0] < d[1] ? d[0] : d[1], hi = d[0] + d[1] - lo;
    *out = BW_CH_DICE + (tg_move)((lo - 1) * 6 + hi - 1);
    return TG_OK;
}

tg_status bw_parse_words(const void *vcfg, const void *st, const char *text, tg_move *out,
                         tg_msg *msg)
{
    const bw_config *cfg = vcfg;
    const bw_block *b = st;
    static const char *const escape_fillers[] = {"escape", NULL};
    tg_words w;
    if (!tgW_split(text, &w))
        return TG_E_PARSE;
    switch (b->stage) {
    case BW_ST_SETUP:
        return bw_parse_setup(cfg, b, &w, out, msg);
    case BW_ST_ROLL:
        return bw_parse_dice(&w, out, msg);
    case BW_ST_ESC_ROLL:
        tgW_drop(&w, escape_fillers);
        return tgW_die(&w, 6, BW_CH_ESCAPE, out, msg);
    default:
        return TG_E_PARSE;
    }
}
