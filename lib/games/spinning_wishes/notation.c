/* Move notation: short lowercase words, unique among the moves of a state.
 *   12, c3                  move to outer space 12 / castle space 3
 *   roll:4                  the die shows 4 (start rolls too)
 *   ray:snow3,belle4        the spin leaves these holders in the ray (spin=ray)
 *   ray:none                ... and this none
 *   spin:17                 the wheel stops at rotation 17 (spin=rotation)
 *   pick:belle              choose a princess
 *   deal:5                  presents dealt in order 5 of the 24
 *   place:7, take:7         put a holder on / take it from slot 7
 *   swap:snow:7             give a Snow White wish for the holder on slot 7
 *   trade:snow:belle:cinder give a Snow White wish to Cinderella for a Belle wish
 *   pass                    take or trade nothing
 * sw_parse_words() takes the words of a person at the table for the
 * chance outcomes as well. */
#include <stdio.h>
#include <string.h>

#include "core/words.h"
#include "spinning_wishes.h"

size_t sw_move_text(const void *cfg, const void *st, tg_move m, char *buf, size_t cap)
{
    (void)cfg;
    const char *const *pn = sw_princess_names;
    char name[8];
    int n;
    if (m < SW_M_ROLL) {
        sw_space_name((int)m, name, sizeof name);
        n = snprintf(buf, cap, "%s", name);
    } else if (m < SW_M_SPIN) {
        n = snprintf(buf, cap, "roll:%u", m - SW_M_ROLL + 1);
    } else if (m < SW_M_PLACE) {
        n = snprintf(buf, cap, "spin:%u", m - SW_M_SPIN);
    } else if (m < SW_M_TAKE) {
        n = snprintf(buf, cap, "place:%u", m - SW_M_PLACE);
    } else if (m < SW_M_SWAP) {
        n = snprintf(buf, cap, "take:%u", m - SW_M_TAKE);
    } else if (m < SW_M_TRADE) {
        unsigned k = m - SW_M_SWAP;
        n = snprintf(buf, cap, "swap:%s:%u", pn[k / SW_SLOTS], k % SW_SLOTS);
    } else if (m < SW_M_PASS) {
        unsigned k = m - SW_M_TRADE;
        n = snprintf(buf, cap, "trade:%s:%s:%s", pn[k / 16], pn[k % 4], pn[k / 4 % 4]);
    } else if (m == SW_M_PASS) {
        n = snprintf(buf, cap, "pass");
    } else if (m < SW_M_PICK) {
        n = snprintf(buf, cap, "deal:%u", m - SW_M_DEAL);
    } else if (m < SW_M_RAY) {
        n = snprintf(buf, cap, "pick:%s", pn[(m - SW_M_PICK) % SW_PRINCESSES]);
    } else {
        return sw_ray_text(st, (m - SW_M_RAY) % SW_RAY_CODES, buf, cap);
    }
    return n < 0 ? 0 : (size_t)n;
}

size_t sw_any_move_text(const void *cfg, tg_move m, char *buf, size_t cap)
{
    if (m < SW_M_RAY)
        return sw_move_text(cfg, NULL, m, buf, cap); /* needs no position */
    /* A ray's text names the princesses on the slots, which only a
     * position gives: without one, the slots (docs/rules/spinning_wishes.md). */
    unsigned code = (m - SW_M_RAY) % SW_RAY_CODES;
    if (code == 0)
        return (size_t)snprintf(buf, cap, "ray:none");
    unsigned f = (code - 1) / 4, k = (code - 1) % 4;
    char text[48];
    int n = snprintf(text, sizeof text, "ray:slot%u", f);
    for (unsigned i = 1; i <= 2; i++)
        if (k & (1u << (i - 1)))
            n += snprintf(text + n, sizeof text - (size_t)n, ",slot%u", (f + i) % SW_SLOTS);
    return (size_t)snprintf(buf, cap, "%s", text);
}

/* ---- words at the table ----------------------------------------------------- */

/* A princess by her name, her picture or her holders' colour (assembly 5). */
static const char *const sw_princess_aliases[SW_PRINCESSES][6] = {
    {"snow", "snowwhite", "apple", "purple", NULL},
    {"cinder", "cinderella", "slipper", "blue", NULL},
    {"belle", "rose", "yellow", NULL},
    {"beauty", "aurora", "crown", "pink", NULL},
};

/* The princess a word names ("roses", "snow3" too); *slot gets digits
 * that follow the name, or -1, and *plural whether it was a plural.
 * Returns -1 for no princess. */
static int sw_princess_of_word(const char *word, int *slot, int *plural)
{
    char name[TG_WORD_LEN];
    size_t len = strcspn(word, "0123456789");
    memcpy(name, word, len);
    name[len] = '\0';
    *slot = -1;
    *plural = 0;
    if (word[len]) {
        const char *d = word + len;
        if (strspn(d, "0123456789") != strlen(d) || strlen(d) > 2)
            return -1;
        *slot = (d[0] - '0') * (d[1] ? 10 : 1) + (d[1] ? d[1] - '0' : 0);
    }
    for (int g = 0; g < SW_PRINCESSES; g++)
        for (int i = 0; sw_princess_aliases[g][i]; i++) {
            const char *w = sw_princess_aliases[g][i];
            size_t wl = strlen(w);
            *plural = len == wl + 1 && name[wl] == 's' && !strncmp(name, w, wl);
            if (*plural || strcmp(name, w) == 0)
                return g;
        }
    return -1;
}

static const char *const sw_ray_fillers[] = {
    "ray",  "my",     "her",   "in",     "light", "lie",    "lies",  "lying", "holder",
    "holders", "wish", "wishes", "there", "spin", "stopped", "wheel", "white", "glass",
    "sleeping", "enchanted", "at", "on", "inside", "partly", "are", "both", "only",
    "just", NULL};
static const char *const sw_none_words[] = {"nothing", "none", "empty", "no", "nobody", NULL};

/* "apple and rose", "two roses", "snow 3, belle 4", "ray:snow3,belle4",
 * "slot 3 and slot 4", "nothing"; and "spin:17", the stop of the wheel,
 * for the holders it leaves in the ray. */
static tg_status sw_parse_ray(const sw_config *c, const sw_block *b, tg_words *w, tg_move *out,
                              tg_msg *msg)
{
    int rot = w->n == 2 && tgW_is(w, 0, "spin") ? tgW_number(w, 1) : -1;
    if (rot >= 0 && rot < SW_ROTATIONS) { /* the stop itself: "spin:17" with spin=ray */
        *out = SW_M_RAY + sw_ray_code(sw_ray_holders(c, b, rot));
        return TG_OK;
    }
    tgW_drop(w, sw_ray_fillers);
    sw_ray_item items[TG_WORDS_MAX];
    size_t n = 0;
    if (w->n == 1 && tgW_which(w, 0, sw_none_words) >= 0)
        return sw_ray_find(c, b, items, 0, out, msg);
    int slot_next = 0, last_named = 0; /* the last word was a princess without a slot */
    for (size_t i = 0; i < w->n; i++) {
        int slot, plural, g = sw_princess_of_word(w->w[i], &slot, &plural), v = tgW_number(w, i);
        if (g >= 0 && !slot_next) {
            items[n++] = (sw_ray_item){g, slot};
            last_named = slot < 0;
            continue;
        }
        if (tgW_is(w, i, "slot")) {
            slot_next = 1;
            continue;
        }
        if (v < 0)
            return TG_E_PARSE;
        if (v >= SW_SLOTS) {
            tgM_set(msg, "the wheel's slots are 0 to %d, not %d", SW_SLOTS - 1, v);
            return TG_E_ILLEGAL_MOVE;
        }
        int count_of = !slot_next && i + 1 < w->n
                           ? sw_princess_of_word(w->w[i + 1], &slot, &plural)
                           : -1;
        /* A count before a plural ("two roses", or "one rose" with no name
         * before it); after a name, a slot ("rose 3"). */
        if (count_of >= 0 && slot < 0 && (plural || (v == 1 && !last_named))) {
            if (v == 0 || n + (size_t)v > TG_WORDS_MAX)
                return TG_E_PARSE;
            for (int k = 0; k < v; k++)
                items[n++] = (sw_ray_item){count_of, -1};
            i++;
            last_named = 0;
        } else if (last_named) { /* "snow 3", "snow on slot 3" */
            items[n - 1].slot = v;
            last_named = 0;
        } else {
            items[n++] = (sw_ray_item){-1, v};
            last_named = 0;
        }
        slot_next = 0;
    }
    if (n == 0 || slot_next)
        return TG_E_PARSE;
    return sw_ray_find(c, b, items, n, out, msg);
}

static const char *const sw_deal_fillers[] = {"deal", "dealt", "presents", "present", "tower",
                                              "towers", "on", "then", "white", "glass",
                                              "sleeping", NULL};

/* The presents on towers 0..3 in order ("belle snow beauty cinder"); the
 * last may be left out. */
static tg_status sw_parse_deal(tg_words *w, tg_move *out)
{
    tgW_drop(w, sw_deal_fillers);
    if (w->n < SW_PRINCESSES - 1 || w->n > SW_PRINCESSES)
        return TG_E_PARSE;
    uint8_t order[SW_PRINCESSES];
    int seen = 0;
    for (size_t t = 0; t < w->n; t++) {
        int slot, plural, g = sw_princess_of_word(w->w[t], &slot, &plural);
        if (g < 0 || slot >= 0 || plural || (seen & (1 << g)))
            return TG_E_PARSE;
        order[t] = (uint8_t)g;
        seen |= 1 << g;
    }
    if (w->n == SW_PRINCESSES - 1)
        order[SW_PRINCESSES - 1] = (uint8_t)sw_lowest((unsigned)~seen & 0xFu);
    for (int k = 0; k < SW_DEALS; k++)
        if (memcmp(sw_deals[k], order, SW_PRINCESSES) == 0) {
            *out = SW_M_DEAL + (tg_move)k;
            return TG_OK;
        }
    return TG_E_PARSE;
}

static const char *const sw_place_fillers[] = {"slot", "place", "placed", "holder", "on", NULL};

static tg_status sw_parse_place(const sw_block *b, tg_words *w, tg_move *out, tg_msg *msg)
{
    tgW_drop(w, sw_place_fillers);
    int v = w->n == 1 ? tgW_number(w, 0) : -1;
    if (v < 0)
        return TG_E_PARSE;
    if (v >= SW_SLOTS) {
        tgM_set(msg, "the wheel's slots are 0 to %d, not %d", SW_SLOTS - 1, v);
        return TG_E_ILLEGAL_MOVE;
    }
    if (b->wheel[v]) {
        tgM_set(msg, "slot %d already holds a holder", v);
        return TG_E_ILLEGAL_MOVE;
    }
    *out = SW_M_PLACE + (tg_move)v;
    return TG_OK;
}

tg_status sw_parse_words(const void *cfg, const void *st, const char *text, tg_move *out,
                         tg_msg *msg)
{
    const sw_config *c = cfg;
    const sw_block *b = st;
    tg_words w;
    if (sw_current_player(cfg, st) != TG_PLAYER_CHANCE || !tgW_split(text, &w))
        return TG_E_PARSE;
    switch (b->phase) {
    case SW_PH_ROLL:
    case SW_PH_START:
        return tgW_die(&w, SW_DIE, SW_M_ROLL, out, msg);
    case SW_PH_SPIN:
        return sw_parse_ray(c, b, &w, out, msg);
    case SW_PH_DEAL:
        return sw_parse_deal(&w, out);
    case SW_PH_PLACE:
        return sw_parse_place(b, &w, out, msg);
    default:
        return TG_E_PARSE;
    }
}
