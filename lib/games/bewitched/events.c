/* Bewitched: the events of the last decision as a viewer saw them. Book
 * numbers are public (everyone watches the books move); pages are shown
 * only to those who have looked inside. */
#include "bewitched.h"

#include <stdio.h>

#include "core/ascii.h"
#include "core/event_text.h"

static json_t *bw_opt(int v)
{
    return v == BW_NONE ? json_null() : json_integer(v);
}

static json_t *bw_event_json(const bw_block *b, const uint8_t *e, int viewer)
{
    int a = e[1], c2 = e[2], c3 = e[3], c4 = e[4];
    switch (e[0]) {
    case BW_EV_SETUP: {
        json_t *o = json_pack("{s:s,s:i}", "type", "setup", "step", a);
        if (viewer == TG_VIEW_OMNISCIENT)
            json_object_set_new(o, "outcome", json_integer(c2));
        return o;
    }
    case BW_EV_ROLL:
        return json_pack("{s:s,s:[i,i],s:i}", "type", "roll", "dice", a, c2, "player", c3);
    case BW_EV_ESC_ROLL:
        return json_pack("{s:s,s:i,s:i}", "type", "escape_roll", "die", a, "frog", c2);
    case BW_EV_MOVE:
        return json_pack("{s:s,s:s,s:i,s:o,s:o}", "type", "move", "piece", a ? "cat" : "frog",
                         "id", c2, "from", bw_node_json(c3), "to", bw_node_json(c4));
    case BW_EV_TOUCH:
        return json_pack("{s:s,s:i,s:i}", "type", "touch", "snake", a, "frog", c2);
    case BW_EV_BITE:
        return json_pack("{s:s,s:i,s:i,s:b}", "type", "bite", "snake", a, "frog", c2, "saved",
                         c3);
    case BW_EV_DROP:
        return json_pack("{s:s,s:i,s:o,s:i,s:o}", "type", "drop", "frog", a, "space",
                         bw_node_json(c2), "book", c3, "page", bw_page_json(b, c3, viewer));
    case BW_EV_BUMP:
        return json_pack("{s:s,s:s,s:i,s:o,s:o}", "type", "bump", "piece", a ? "cat" : "frog",
                         "id", c2, "from", bw_node_json(c3), "to", bw_node_json(c4));
    case BW_EV_ANTIDOTE:
        return json_pack("{s:s,s:i}", "type", "antidote", "player", a);
    case BW_EV_TAKE:
        return json_pack("{s:s,s:i,s:i,s:i,s:o}", "type", "take", "frog", a, "hat", c2, "book",
                         c3, "page", bw_page_json(b, c3, viewer));
    case BW_EV_HAT_SWAP:
        return json_pack("{s:s,s:i,s:i,s:i,s:i,s:o}", "type", "hat_swap", "frog", a, "hat", c2,
                         "book", c3, "left", c4, "page", bw_page_json(b, c3, viewer));
    case BW_EV_KEEP:
        return json_pack("{s:s,s:i,s:i}", "type", "keep", "frog", a, "hat", c2);
    case BW_EV_STEAL:
        return json_pack("{s:s,s:i,s:i,s:o,s:o,s:o}", "type", "steal", "frog", a, "from", c2,
                         "book", bw_opt(c3), "given", bw_opt(c4), "page",
                         bw_page_json(b, c3, viewer));
    case BW_EV_NOSTEAL:
        return json_pack("{s:s,s:i}", "type", "nosteal", "frog", a);
    case BW_EV_PICKUP:
        return json_pack("{s:s,s:i,s:o,s:i,s:o}", "type", "pickup", "frog", a, "space",
                         bw_node_json(c2), "book", c3, "page", bw_page_json(b, c3, viewer));
    case BW_EV_LEAVE:
        return json_pack("{s:s,s:i,s:o}", "type", "leave", "frog", a, "space", bw_node_json(c2));
    case BW_EV_HOME:
        return json_pack("{s:s,s:i,s:o,s:o}", "type", "home", "frog", a, "book", bw_opt(c2),
                         "page", bw_page_json(b, c2, viewer));
    case BW_EV_WIN:
        return json_pack("{s:s,s:i,s:o}", "type", "win", "player", a, "frog", bw_opt(c2));
    case BW_EV_SKIP:
        return json_pack("{s:s,s:i,s:i}", "type", "skip", "player", a, "die", c2);
    case BW_EV_EXTRA:
        return json_pack("{s:s,s:i}", "type", "extra_turn", "player", a);
    case BW_EV_PUT:
        return json_pack("{s:s,s:i,s:i,s:i,s:o}", "type", "put", "frog", a, "hat", c2, "book",
                         c3, "page", bw_page_json(b, c3, viewer));
    default:
        return json_pack("{s:s}", "type", "end");
    }
}

/* ---- the sentence of each event ------------------------------------------ */

/* "red frog 2", numbered as in the notation (5f2:..., steal:r2). */
static void bw_frog_words(const bw_config *cfg, int frog, char *out, size_t cap)
{
    int p = frog / BW_FROGS_PER_PLAYER;
    snprintf(out, cap, "%s frog %d", p < cfg->players ? bw_colour_names[cfg->colour_of[p]] : "a",
             frog % BW_FROGS_PER_PLAYER + 1);
}

/* "Player 0 (red)": a seat and the colour it plays, to start a sentence. */
static void bw_seat_words(const bw_config *cfg, int p, char *out, size_t cap)
{
    snprintf(out, cap, "Player %d (%s)", p,
             p < cfg->players ? bw_colour_names[cfg->colour_of[p]] : "?");
}

/* "23" for a space, "the red lily pad" for a pad. */
static void bw_node_words(int node, char *out, size_t cap)
{
    if (node >= BW_SPACES && node < BW_NODES)
        snprintf(out, cap, "the %s lily pad", bw_colour_names[node - BW_SPACES]);
    else
        snprintf(out, cap, "%d", node + 1);
}

/* " (the prince's page)" or " (a frog page)" when the event's page field
 * says so to this viewer, else nothing. */
static const char *bw_page_words(const json_t *page)
{
    const char *p = json_string_value(page);
    if (p == NULL)
        return "";
    return p[0] == 'p' ? " (the prince's page)" : " (a frog page)";
}

static void bw_setup_text(const bw_config *cfg, const uint8_t *e, int viewer, json_t *o)
{
    int step = e[1], outcome = e[2], open = viewer == TG_VIEW_OMNISCIENT;
    if (step == 0 && open)
        tgE_text(o, "Setup: the prince's page is in book %d, under hat %d.", outcome, outcome);
    else if (step == 0)
        tgE_text(o, "Setup: the prince's page is hidden in one of the four books.");
    else if (step <= cfg->players && open)
        tgE_text(o, "Setup: player %d's plain frog is frog %d.", step - 1, outcome + 1);
    else if (step <= cfg->players)
        tgE_text(o, "Setup: player %d's plain frog is chosen in secret.", step - 1);
    else if (open)
        tgE_text(o, "Setup: the snake on %d is %s.",
                 bw_snake_space((step - 1 - cfg->players) % BW_SNAKES) + 1,
                 outcome ? "deadly" : "harmless");
    else
        tgE_text(o, "Setup: the snake on %d is made deadly or harmless in secret.",
                 bw_snake_space((step - 1 - cfg->players) % BW_SNAKES) + 1);
}

/* The piece of a move or bump: "red frog 2" or "cat 3". */
static void bw_piece_words(const bw_config *cfg, const uint8_t *e, char *out, size_t cap)
{
    if (e[1])
        snprintf(out, cap, "cat %d", e[2] + 1);
    else
        bw_frog_words(cfg, e[2], out, cap);
}

static void bw_event_text(const bw_config *cfg, const uint8_t *e, int viewer, json_t *o)
{
    char who[40], other[40], from[40], to[40], seat[40];
    const char *page = bw_page_words(json_object_get(o, "page"));
    int a = e[1], c2 = e[2], c3 = e[3], c4 = e[4];
    bw_frog_words(cfg, a % BW_FROGS, who, sizeof who);
    who[0] = (char)tgT_upper((unsigned char)who[0]); /* it starts the sentences below */
    switch (e[0]) {
    case BW_EV_SETUP:
        bw_setup_text(cfg, e, viewer, o);
        return;
    case BW_EV_ROLL:
        bw_seat_words(cfg, c3 % BW_MAX_PLAYERS, seat, sizeof seat);
        tgE_text(o, "%s rolled %d and %d.", seat, a, c2);
        return;
    case BW_EV_ESC_ROLL:
        bw_frog_words(cfg, c2 % BW_FROGS, other, sizeof other);
        tgE_text(o, "Escape turn: %s moves %d.", other, a);
        return;
    case BW_EV_MOVE:
    case BW_EV_BUMP:
        bw_piece_words(cfg, e, other, sizeof other);
        other[0] = (char)tgT_upper((unsigned char)other[0]);
        bw_node_words(c3, from, sizeof from);
        bw_node_words(c4, to, sizeof to);
        if (e[0] == BW_EV_MOVE)
            tgE_text(o, "%s moved from %s to %s.", other, from, to);
        else
            tgE_text(o, "%s slid on from %s to %s.", other, from, to);
        return;
    case BW_EV_TOUCH:
        bw_frog_words(cfg, c2 % BW_FROGS, other, sizeof other);
        other[0] = (char)tgT_upper((unsigned char)other[0]);
        tgE_text(o, "%s passed the snake on %d and was not bitten.", other,
                 bw_snake_space(a % BW_SNAKES) + 1);
        return;
    case BW_EV_BITE:
        bw_frog_words(cfg, c2 % BW_FROGS, other, sizeof other);
        tgE_text(o, c3 ? "The snake on %d bit %s; an antidote saved it."
                       : "The snake on %d bit %s: the frog is out of the game.",
                 bw_snake_space(a % BW_SNAKES) + 1, other);
        return;
    case BW_EV_DROP:
        bw_node_words(c2, to, sizeof to);
        tgE_text(o, "%s dropped book %d on %s%s.", who, c3, to, page);
        return;
    case BW_EV_ANTIDOTE:
        bw_seat_words(cfg, a % BW_MAX_PLAYERS, seat, sizeof seat);
        tgE_text(o, "%s took an antidote from the pile.", seat);
        return;
    case BW_EV_TAKE:
        tgE_text(o, "%s took book %d from hat %d%s.", who, c3, c2, page);
        return;
    case BW_EV_HAT_SWAP:
        tgE_text(o, "%s left book %d under hat %d and took book %d%s.", who,
                 c4, c2, c3, page);
        return;
    case BW_EV_KEEP:
        tgE_text(o, "%s kept its book at hat %d.", who, c2);
        return;
    case BW_EV_PUT:
        tgE_text(o, "%s left book %d under the empty hat %d%s.", who, c3, c2,
                 page);
        return;
    case BW_EV_STEAL:
        bw_frog_words(cfg, c2 % BW_FROGS, other, sizeof other);
        if (c3 == BW_NONE)
            tgE_text(o, "%s gave book %d to %s.", who, c4, other);
        else if (c4 == BW_NONE)
            tgE_text(o, "%s took book %d from %s%s.", who, c3, other, page);
        else
            tgE_text(o, "%s took book %d from %s%s and gave it book %d.", who, c3, other, page, c4);
        return;
    case BW_EV_NOSTEAL:
        tgE_text(o, "%s took no book from the frogs it passed.", who);
        return;
    case BW_EV_PICKUP:
        bw_node_words(c2, to, sizeof to);
        tgE_text(o, "%s picked up book %d on %s%s.", who, c3, to, page);
        return;
    case BW_EV_LEAVE:
        bw_node_words(c2, to, sizeof to);
        tgE_text(o, "%s left the book on %s lying.", who, to);
        return;
    case BW_EV_HOME:
        if (c2 == BW_NONE)
            tgE_text(o, "%s came home without a book.", who);
        else
            tgE_text(o, "%s came home with book %d%s.", who, c2, page);
        return;
    case BW_EV_WIN:
        bw_frog_words(cfg, c2 % BW_FROGS, other, sizeof other);
        bw_seat_words(cfg, a % BW_MAX_PLAYERS, seat, sizeof seat);
        tgE_text(o, "%s wins: %s brought the prince's page home.", seat, other);
        return;
    case BW_EV_SKIP:
        bw_seat_words(cfg, a % BW_MAX_PLAYERS, seat, sizeof seat);
        tgE_text(o, "%s gave up the die showing %d.", seat, c2);
        return;
    case BW_EV_EXTRA:
        bw_seat_words(cfg, a % BW_MAX_PLAYERS, seat, sizeof seat);
        tgE_text(o, "%s rolled a double and takes another turn.", seat);
        return;
    default:
        tgE_text(o, "Nobody can win any more: the game ends without a winner.");
        return;
    }
}

json_t *bw_events(const void *vcfg, const void *st, int viewer)
{
    const bw_config *cfg = vcfg;
    const bw_block *b = st;
    json_t *arr = json_array();
    for (int i = 0; i < b->ev_count && i < BW_MAX_EVENTS; i++) {
        json_t *o = bw_event_json(b, b->ev[i], viewer);
        bw_event_text(cfg, b->ev[i], viewer, o);
        json_array_append_new(arr, o);
    }
    return arr;
}
