/* The board of Creepy Cauldron (our own design: the rulebook gives no
 * layout): a 32-space ring drawn as the border of a 9x9 grid, with the
 * cauldron in the middle. Every side repeats one pattern, so every colour
 * meets the same spaces in the same order. */
#include <string.h>

#include "creepy_cauldron.h"

/* Spaces after a colour's key space, up to (and including) the next
 * colour's padlock space. */
static const uint8_t cc_side_kind[CC_SIDE] = {
    CC_SP_KEY,      CC_SP_CAULDRON,  CC_SP_PLAIN, CC_SP_CAULDRON,
    CC_SP_FOOTPRINT, CC_SP_CAULDRON, CC_SP_PLAIN, CC_SP_PADLOCK,
};
static const uint8_t cc_side_attempts[CC_SIDE] = {0, 1, 0, 2, 0, 1, 0, 0};

static const char *const cc_kind_names[CC_KINDS] = {"spider", "bat", "rat", "snake"};
static const char *const cc_colour_names[CC_COLOURS] = {"red", "blue", "green", "yellow"};
static const char *const cc_space_kind_names[CC_SP_KIND_COUNT] = {
    "plain", "key", "padlock", "cauldron", "footprint", "witch_start",
};
static const char *const cc_face_names[CC_FACES] = {"1", "2", "3", "4", "frog", "witch"};

/* Each book leaves out a different kind, so three creatures in four are
 * useful to a player and every kind is wanted by three colours. */
static const uint8_t cc_books[CC_COLOURS][CC_BOOK] = {
    {0, 1, 2}, /* red: spider, bat, rat */
    {1, 2, 3}, /* blue: bat, rat, snake */
    {0, 2, 3}, /* green: spider, rat, snake */
    {0, 1, 3}, /* yellow: spider, bat, snake */
};

const char *cc_kind_name(unsigned kind) { return kind < CC_KINDS ? cc_kind_names[kind] : "?"; }

const char *cc_colour_name(unsigned colour)
{
    return colour < CC_COLOURS ? cc_colour_names[colour] : "?";
}

const char *cc_space_kind_name(unsigned kind)
{
    return kind < CC_SP_KIND_COUNT ? cc_space_kind_names[kind] : "?";
}

const char *cc_face_name(unsigned face) { return face < CC_FACES ? cc_face_names[face] : "?"; }

int cc_find_kind(const char *name)
{
    for (int k = 0; k < CC_KINDS; k++)
        if (strcmp(cc_kind_names[k], name) == 0)
            return k;
    return -1;
}

void cc_space_xy(unsigned space, int *x, int *y)
{
    int side = (int)(space / CC_SIDE) % 4, r = (int)(space % CC_SIDE);
    switch (side) {
    case 0: *x = r; *y = 0; break;
    case 1: *x = CC_SIDE; *y = r; break;
    case 2: *x = CC_SIDE - r; *y = CC_SIDE; break;
    default: *x = 0; *y = CC_SIDE - r; break;
    }
}

void cc_board_fill(cc_config *cfg)
{
    for (unsigned s = 0; s < CC_SPACES; s++) {
        unsigned r = s % CC_SIDE, side = s / CC_SIDE;
        cfg->kind[s] = cc_side_kind[r];
        cfg->attempts[s] = cc_side_attempts[r];
        cfg->cell[s] = CC_NONE;
        if (r == 0)
            cfg->cell[s] = (uint8_t)side;
        else if (r == CC_SIDE - 1)
            cfg->cell[s] = (uint8_t)((side + 1) % CC_COLOURS);
    }
    cfg->kind[CC_WITCH_START] = CC_SP_WITCH_START;
    /* The same tables as masks, for the moves' and the flight's bit tests. */
    memset(cfg->cell_mask, 0, sizeof cfg->cell_mask);
    cfg->cauldron_mask = 0;
    for (unsigned s = 0; s < CC_SPACES; s++) {
        if (cfg->cell[s] != CC_NONE)
            cfg->cell_mask[cfg->cell[s]] |= (uint32_t)1 << s;
        if (cfg->kind[s] == CC_SP_CAULDRON)
            cfg->cauldron_mask |= (uint32_t)1 << s;
    }
    for (unsigned set = 0; set < (1u << CC_COLOURS); set++) {
        uint32_t spaces = 0;
        uint8_t owners = 0;
        for (unsigned c = 0; c < CC_COLOURS; c++) {
            if (!(set & (1u << c)))
                continue;
            spaces |= cfg->cell_mask[c];
            if (cfg->owner[c] != CC_NONE)
                owners |= (uint8_t)(1u << cfg->owner[c]);
        }
        cfg->victims[cc_cells_on(spaces)] = owners;
    }
    for (unsigned s = 0; s < 256; s++)
        cfg->space_bit[s] = s < CC_SPACES ? (uint32_t)1 << s : 0;
    for (unsigned p = 0; p < CC_MAX_PLAYERS; p++)
        cfg->next_seat[p] = (uint8_t)(cfg->players ? (p + 1) % cfg->players : 0);
    for (unsigned c = 0; c < CC_COLOURS; c++) {
        cfg->key_space[c] = (uint8_t)(c * CC_SIDE);
        cfg->padlock[c] = (uint8_t)((c * CC_SIDE + CC_SPACES - 1) % CC_SPACES);
        memcpy(cfg->book[c], cc_books[c], CC_BOOK);
        uint8_t need[CC_KINDS] = {0};
        for (unsigned i = 0; i < CC_BOOK; i++)
            need[cc_books[c][i]] = 0x80;
        memcpy(&cfg->book_need[c], need, sizeof cfg->book_need[c]);
    }
}

static json_t *cc_board_spaces(const cc_config *cfg)
{
    json_t *spaces = json_array();
    for (unsigned s = 0; s < CC_SPACES; s++) {
        int x, y;
        cc_space_xy(s, &x, &y);
        json_t *sp = json_pack("{s:i, s:s, s:[i], s:i, s:i}", "id", (int)s, "kind",
                               cc_space_kind_name(cfg->kind[s]), "next",
                               (int)((s + 1) % CC_SPACES), "x", x, "y", y);
        if (cfg->cell[s] != CC_NONE)
            json_object_set_new(sp, "colour", json_string(cc_colour_name(cfg->cell[s])));
        if (cfg->attempts[s])
            json_object_set_new(sp, "attempts", json_integer(cfg->attempts[s]));
        json_array_append_new(spaces, sp);
    }
    return spaces;
}

json_t *cc_board_json(const void *cfgv)
{
    const cc_config *cfg = cfgv;
    json_t *books = json_array(), *kinds = json_array(), *frogs = json_array();
    for (unsigned c = 0; c < CC_COLOURS; c++) {
        json_t *kinds_of = json_array();
        for (unsigned i = 0; i < CC_BOOK; i++)
            json_array_append_new(kinds_of, json_string(cc_kind_name(cfg->book[c][i])));
        json_array_append_new(books, json_pack("{s:s, s:o, s:i, s:i}", "colour",
                                               cc_colour_name(c), "creatures", kinds_of,
                                               "key_space", cfg->key_space[c], "padlock",
                                               cfg->padlock[c]));
    }
    for (unsigned k = 0; k < CC_KINDS; k++)
        json_array_append_new(kinds, json_pack("{s:s, s:i}", "kind", cc_kind_name(k), "count",
                                               CC_PER_KIND));
    /* The frog head rests on one of these four figures when nobody is a frog. */
    static const int frog_xy[4][2] = {{3, 3}, {5, 3}, {5, 5}, {3, 5}};
    for (unsigned i = 0; i < 4; i++)
        json_array_append_new(frogs, json_pack("{s:i, s:i}", "x", frog_xy[i][0], "y",
                                               frog_xy[i][1]));
    return json_pack("{s:o, s:o, s:o, s:{s:i, s:i}, s:o, s:i, s:[s,s,s,s,s,s]}", "spaces",
                     cc_board_spaces(cfg), "books", books, "creatures", kinds, "cauldron", "x",
                     4, "y", 4, "frog_figures", frogs, "witch_start", CC_WITCH_START, "die",
                     "1", "2", "3", "4", "frog", "witch");
}
