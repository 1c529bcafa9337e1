/* Bewitched: what a viewer sees — the observation object and a text
 * drawing. Hidden facts (deadly snakes, plain frogs, unseen pages) appear
 * only for the omniscient viewer or once the table has seen them. */
#include "bewitched.h"

#include <stdio.h>
#include <string.h>

#include "core/canvas.h"

static const char *const bw_stage_names[BW_ST_COUNT] = {
    "setup", "roll", "action", "steal", "hat", "pickup", "escape_roll", "escape_move", "over"};

json_t *bw_node_json(int node)
{
    if (node == BW_NONE)
        return json_null();
    if (node >= BW_SPACES)
        return json_string(bw_colour_names[node - BW_SPACES]);
    return json_integer(node + 1);
}

static json_t *bw_opt_int(int v)
{
    return v == BW_NONE ? json_null() : json_integer(v);
}

int bw_page_seen(const bw_block *b, int book, int viewer)
{
    if (book == BW_NONE || b->stage == BW_ST_SETUP)
        return 0;
    return viewer == TG_VIEW_OMNISCIENT ||
           (viewer >= 0 && viewer < BW_MAX_PLAYERS && ((b->seen[viewer] >> book) & 1u)) ||
           ((b->not_prince >> book) & 1u);
}

json_t *bw_page_json(const bw_block *b, int book, int viewer)
{
    if (!bw_page_seen(b, book, viewer))
        return json_null();
    return json_string(book == b->prince ? "prince" : "frog");
}

static json_t *bw_frogs_json(const bw_config *cfg, const bw_block *b, int viewer)
{
    json_t *frogs = json_array();
    for (int f = 0; f < cfg->players * BW_FROGS_PER_PLAYER; f++) {
        int p = f / BW_FROGS_PER_PLAYER;
        json_t *magnetic = json_null();
        if (bw_bit(b->magnetic_known, f))
            magnetic = json_true();
        else if (viewer == TG_VIEW_OMNISCIENT && b->setup_step > p + 1)
            magnetic = json_boolean(b->plain[p] != f % BW_FROGS_PER_PLAYER);
        json_array_append_new(
            frogs, json_pack("{s:i,s:i,s:s,s:o,s:o,s:o,s:b,s:b,s:b}", "player", p, "frog",
                             f % BW_FROGS_PER_PLAYER + 1, "colour",
                             bw_colour_names[cfg->colour_of[p]], "at", bw_node_json(b->frog_at[f]),
                             "book", bw_opt_int(bw_frog_book(b, f)), "magnetic", magnetic,
                             "moved", (b->frog_flags[f] & BW_FF_MOVED) != 0, "must_move",
                             (b->frog_flags[f] & BW_FF_MUST) != 0, "must_move_next",
                             (b->frog_flags[f] & BW_FF_PENDING) != 0));
    }
    return frogs;
}

static json_t *bw_snakes_json(const bw_config *cfg, const bw_block *b, int viewer)
{
    json_t *snakes = json_array();
    int drawn = b->setup_step - 1 - cfg->players; /* snakes set up so far */
    if (b->stage != BW_ST_SETUP)
        drawn = BW_SNAKES;
    for (int s = 0; s < BW_SNAKES; s++) {
        json_t *deadly = json_null();
        if (bw_bit(b->gone, s))
            deadly = json_true();
        else if (viewer == TG_VIEW_OMNISCIENT && s < drawn)
            deadly = json_boolean(bw_bit(b->deadly, s));
        json_t *touched = json_array();
        for (int f = 0; f < BW_FROGS; f++)
            if (bw_bit(b->touched[s], f))
                json_array_append_new(touched, json_integer(f));
        json_array_append_new(snakes, json_pack("{s:i,s:i,s:b,s:o,s:o}", "snake", s, "space",
                                                bw_snake_space(s) + 1, "in_play",
                                                !bw_bit(b->gone, s), "deadly", deadly,
                                                "touched_by", touched));
    }
    return snakes;
}

/* Who has looked at each book is public (a frog takes a book in view of
 * the table); what the page says stays with those who looked. */
static json_t *bw_books_json(const bw_config *cfg, const bw_block *b, int viewer)
{
    static const char *const where[] = {"hat", "frog", "ground"};
    json_t *books = json_array();
    for (int k = 0; k < BW_BOOKS; k++) {
        json_t *at = b->book_where[k] == BW_BOOK_GROUND ? bw_node_json(b->book_at[k])
                                                        : json_integer(b->book_at[k]);
        json_t *seen_by = json_array();
        for (int p = 0; p < cfg->players; p++)
            if ((b->seen[p] >> k) & 1u)
                json_array_append_new(seen_by, json_integer(p));
        json_array_append_new(books, json_pack("{s:i,s:s,s:o,s:o,s:o}", "book", k, "where",
                                               where[b->book_where[k]], "at", at, "page",
                                               bw_page_json(b, k, viewer), "seen_by",
                                               seen_by));
    }
    return books;
}

static json_t *bw_decision_json(const bw_block *b)
{
    if (b->actor == BW_NONE)
        return json_null();
    json_t *d = json_pack("{s:i}", "frog", b->actor);
    if (b->stage == BW_ST_STEAL) {
        json_t *from = json_array();
        for (int g = 0; g < BW_FROGS; g++)
            if (bw_bit(b->passed, g))
                json_array_append_new(from, json_integer(g));
        json_object_set_new(d, "steal_from", from);
    }
    return d;
}

json_t *bw_observe(const void *vcfg, const void *st, int viewer)
{
    const bw_config *cfg = vcfg;
    const bw_block *b = st;
    json_t *cats = json_array();
    for (int c = 0; c < BW_CATS; c++)
        json_array_append_new(cats, bw_node_json(b->cat_at[c]));
    json_t *hats = json_array();
    for (int h = 0; h < BW_HATS; h++)
        json_array_append_new(hats, bw_opt_int(bw_hat_book(b, h)));
    json_t *antidotes = json_array();
    int held = 0;
    for (int p = 0; p < cfg->players; p++) {
        json_array_append_new(antidotes, json_integer(b->antidote[p]));
        held += b->antidote[p];
    }
    json_t *o = json_pack(
        "{s:s,s:i,s:i,s:[i,i],s:[b,b],s:o,s:o,s:o,s:o,s:o,s:o,s:i,s:o,s:o,s:o}", "stage",
        bw_stage_names[b->stage], "player", b->player, "setup_step", b->setup_step, "dice",
        b->dice[0], b->dice[1], "dice_used", (b->used & 1) != 0, (b->used & 2) != 0, "frogs",
        bw_frogs_json(cfg, b, viewer), "cats", cats, "snakes", bw_snakes_json(cfg, b, viewer),
        "hats", hats, "books", bw_books_json(cfg, b, viewer), "antidotes", antidotes,
        "antidote_pile", BW_ANTIDOTES - held, "escape_frog", bw_opt_int(b->escape_frog),
        "decision", bw_decision_json(b), "winner", bw_opt_int(b->winner));
    json_object_set_new(o, "cat_moved", json_boolean(b->turn & BW_TF_CAT));
    json_object_set_new(o, "no_extra_turn", json_boolean(b->turn & BW_TF_STOLE));
    return o;
}

/* ---- text drawing --------------------------------------------------------
 * Grid columns 2..11 hold the spaces, seven characters each: the space's
 * number, its mark (f flower, h beside a hat) and what stands on it; the
 * blue and yellow pads sit in the narrow columns 1 and 12, the red and
 * green pads below and above the board, the hats in the middle. */

#define BW_TEXT_COLS 80
#define BW_CELL 7

static int bw_text_col(int x)
{
    if (x <= 1)
        return 0;
    if (x >= 12)
        return 5 + 10 * BW_CELL;
    return 5 + (x - 2) * BW_CELL;
}

/* The marks a drawing used, so that its legend names only those. */
typedef struct bw_marks {
    int frog, carry, cat, snake, deadly, harmless, book, hat_book, hat_empty;
} bw_marks;

/* "R2" (red frog 2), "R2+" when it carries a book. */
static void bw_frog_mark(const bw_config *cfg, const bw_block *b, int f, char *out, size_t cap)
{
    int p = f / BW_FROGS_PER_PLAYER;
    snprintf(out, cap, "%c%d%s", bw_colour_letters[cfg->colour_of[p]] - 'a' + 'A',
             f % BW_FROGS_PER_PLAYER + 1, bw_frog_book(b, f) != BW_NONE ? "+" : "");
}

/* What stands on a space: a frog, a cat, a snake or a dropped book. */
static void bw_occupant(const bw_config *cfg, const bw_block *b, int node, int viewer,
                        char *out, size_t cap, bw_marks *used)
{
    out[0] = '\0';
    for (int f = 0; f < cfg->players * BW_FROGS_PER_PLAYER; f++)
        if (b->frog_at[f] == node) {
            bw_frog_mark(cfg, b, f, out, cap);
            used->frog = 1;
            used->carry |= bw_frog_book(b, f) != BW_NONE;
            return;
        }
    for (int c = 0; c < BW_CATS; c++)
        if (b->cat_at[c] == node) {
            snprintf(out, cap, "c%d", c + 1);
            used->cat = 1;
            return;
        }
    int s = cfg->snake_at[node];
    if (s != BW_NONE && !bw_bit(b->gone, s)) {
        int known = viewer == TG_VIEW_OMNISCIENT && b->stage != BW_ST_SETUP;
        int deadly = known && bw_bit(b->deadly, s);
        snprintf(out, cap, "%s", deadly ? "S!" : "S");
        used->snake |= !known;
        used->deadly |= deadly;
        used->harmless |= known && !deadly;
        return;
    }
    if (bw_ground_book(b, node) != BW_NONE) {
        snprintf(out, cap, "#%d", bw_ground_book(b, node));
        used->book = 1;
    }
}

static void bw_draw_spaces(const bw_config *cfg, const bw_block *b, int viewer, tg_canvas *cv,
                           bw_marks *used)
{
    for (int n = 0; n < BW_SPACES; n++) {
        int x2, y2;
        char occ[8];
        bw_node_xy(n, &x2, &y2);
        bw_occupant(cfg, b, n, viewer, occ, sizeof occ, used);
        tgC_printf(cv, y2 / 2, bw_text_col(x2 / 2), "%2d%c%s", n + 1,
                   cfg->flower[n] ? 'f' : cfg->hat_of[n] != BW_NONE ? 'h' : ' ', occ);
    }
    static const int hat_cells[BW_HATS][2] = {{6, 7}, {6, 6}, {7, 6}, {7, 7}};
    for (int h = 0; h < BW_HATS; h++) {
        int book = bw_hat_book(b, h);
        if (book != BW_NONE)
            tgC_printf(cv, hat_cells[h][1], bw_text_col(hat_cells[h][0]), "H%d #%d", h, book);
        else
            tgC_printf(cv, hat_cells[h][1], bw_text_col(hat_cells[h][0]), "H%d -", h);
        used->hat_book |= book != BW_NONE;
        used->hat_empty |= book == BW_NONE;
    }
}

/* Only the pads of colours in play, each with the numbers of its frogs at
 * home: beside the board for blue and yellow, below and above it for red
 * and green. */
static void bw_draw_pads(const bw_config *cfg, const bw_block *b, tg_canvas *cv)
{
    for (int p = 0; p < cfg->players; p++) {
        int c = cfg->colour_of[p], x2, y2;
        char home[4] = "", label[4];
        size_t n = 0;
        for (int k = 0; k < BW_FROGS_PER_PLAYER; k++)
            if (b->frog_at[p * BW_FROGS_PER_PLAYER + k] == BW_PAD(c))
                home[n++] = (char)('1' + k);
        home[n] = '\0';
        snprintf(label, sizeof label, "[%c]", bw_colour_letters[c] - 'a' + 'A');
        bw_node_xy(BW_PAD(c), &x2, &y2);
        if (x2 & 1) { /* red and green: between two columns, below or above */
            int col = bw_text_col(x2 / 2) + BW_CELL / 2 + 1;
            tgC_printf(cv, y2 / 2, col, "%s %s", label, home);
        } else {
            tgC_put(cv, y2 / 2, bw_text_col(x2 / 2), label);
            tgC_put(cv, y2 / 2 + 1, bw_text_col(x2 / 2), home);
        }
    }
}

static void bw_legend(const bw_config *cfg, const bw_marks *used, tg_strbuf *out)
{
    char line[160];
    size_t len = 0;
    tgS_append(out, "Legend:\n");
    tgC_legend(out, "23", "a space, by its number (moves name the spaces stepped on)");
    tgC_legend(out, "f", "after the number: a flower (an antidote for a frog that stops)");
    tgC_legend(out, "h", "after the number: a space beside a hat");
    tgC_legend(out, "[R] 12", "a lily pad, and the numbers of its frogs at home on it");
    for (int p = 0; p < cfg->players; p++)
        len += (size_t)snprintf(line + len, sizeof line - len, "%s%c %s", p ? ", " : "colours: ",
                                bw_colour_letters[cfg->colour_of[p]] - 'a' + 'A',
                                bw_colour_names[cfg->colour_of[p]]);
    tgC_legend(out, "", line);
    if (used->frog)
        tgC_legend(out, "R2", "red frog 2 (f2 in red's moves, steal:r2 to rob it)");
    if (used->carry)
        tgC_legend(out, "R2+", "a frog carrying a book (which one: see Books)");
    if (used->cat)
        tgC_legend(out, "c4", "cat 4 (3c4:... moves it)");
    if (used->snake)
        tgC_legend(out, "S", "a snake: deadly or harmless, nobody knows until it bites");
    if (used->deadly)
        tgC_legend(out, "S!", "(referee's view) a deadly snake");
    if (used->harmless)
        tgC_legend(out, "S", "(referee's view) a harmless snake");
    if (used->book)
        tgC_legend(out, "#2", "book 2, dropped on that space");
    if (used->hat_book)
        tgC_legend(out, "H1 #1", "hat 1 with book 1 under it");
    if (used->hat_empty)
        tgC_legend(out, "H1 -", "hat 1 with no book under it");
}

/* "the prince's page", "a frog page" or "page unknown", as viewer knows it. */
static const char *bw_page_words(const bw_block *b, int book, int viewer)
{
    json_t *page = bw_page_json(b, book, viewer);
    const char *p = json_string_value(page);
    const char *words = p == NULL       ? "page unknown"
                        : p[0] == 'p' ? "the prince's page"
                                      : "a frog page";
    json_decref(page);
    return words;
}

static void bw_books_text(const bw_config *cfg, const bw_block *b, int viewer, tg_strbuf *out)
{
    for (int k = 0; k < BW_BOOKS; k++) {
        int at = b->book_at[k];
        tgS_printf(out, "Book %d: ", k);
        if (b->book_where[k] == BW_BOOK_HAT) {
            tgS_printf(out, "under hat %d", at);
        } else if (b->book_where[k] == BW_BOOK_GROUND) {
            tgS_printf(out, "dropped on %d", at + 1);
        } else {
            char mark[8];
            bw_frog_mark(cfg, b, at % BW_FROGS, mark, sizeof mark);
            tgS_printf(out, "carried by %.2s", mark);
        }
        tgS_printf(out, ", %s.\n", b->stage == BW_ST_SETUP ? "page unknown"
                                                            : bw_page_words(b, k, viewer));
    }
}

static void bw_frogs_text(const bw_config *cfg, const bw_block *b, int viewer, int p,
                          tg_strbuf *out)
{
    for (int k = 0; k < BW_FROGS_PER_PLAYER; k++) {
        int f = p * BW_FROGS_PER_PLAYER + k, at = b->frog_at[f];
        char mark[8];
        bw_frog_mark(cfg, b, f, mark, sizeof mark);
        tgS_printf(out, "%s %.2s ", k ? "," : "", mark);
        if (at == BW_NONE)
            tgS_append(out, "out of the game");
        else if (at >= BW_SPACES)
            tgS_append(out, "at home");
        else
            tgS_printf(out, "on %d", at + 1);
        if (bw_bit(b->magnetic_known, f))
            tgS_append(out, " (magnetic: bitten)");
        else if (viewer == TG_VIEW_OMNISCIENT && b->setup_step > p + 1)
            tgS_append(out, b->plain[p] == k ? " (plain)" : " (magnetic)");
        if (b->frog_flags[f] & BW_FF_MUST)
            tgS_append(out, " (must move first)");
    }
}

static void bw_players_text(const bw_config *cfg, const bw_block *b, int viewer, tg_strbuf *out)
{
    int held = 0;
    for (int p = 0; p < cfg->players; p++) {
        tgS_printf(out, "Player %d plays %s:", p, bw_colour_names[cfg->colour_of[p]]);
        bw_frogs_text(cfg, b, viewer, p, out);
        tgS_printf(out, "; %s antidote.\n", b->antidote[p] ? "1" : "no");
        held += b->antidote[p];
    }
    tgS_printf(out, "Antidotes left in the pile: %d.\n", BW_ANTIDOTES - held);
}

static void bw_turn_text(const bw_config *cfg, const bw_block *b, tg_strbuf *out)
{
    char frog[8] = "";
    int p = b->player < cfg->players ? b->player : 0;
    const char *colour = bw_colour_names[cfg->colour_of[p]];
    int actor = b->actor != BW_NONE ? b->actor : b->escape_frog;
    if (actor != BW_NONE)
        bw_frog_mark(cfg, b, actor % BW_FROGS, frog, sizeof frog);
    frog[2] = '\0';
    switch (b->stage) {
    case BW_ST_SETUP:
        tgS_append(out, "Setting up: the prince's book, the plain frogs and the deadly snakes "
                        "are drawn in secret.\n");
        return;
    case BW_ST_ROLL:
        tgS_printf(out, "Player %d (%s) rolls the dice next.\n", p, colour);
        return;
    case BW_ST_ACTION:
        tgS_printf(out, "Player %d (%s) moves: dice %d%s and %d%s.\n", p, colour, b->dice[0],
                   (b->used & 1) ? " (used)" : "", b->dice[1], (b->used & 2) ? " (used)" : "");
        return;
    case BW_ST_STEAL:
        tgS_printf(out, "Player %d (%s): %s passed other frogs and may steal a book.\n", p,
                   colour, frog);
        return;
    case BW_ST_HAT:
        tgS_printf(out, "Player %d (%s): %s stands beside a hat with a book: swap or keep.\n", p,
                   colour, frog);
        return;
    case BW_ST_PICKUP:
        tgS_printf(out, "Player %d (%s): %s stopped on a dropped book: pick it up or leave it.\n",
                   p, colour, frog);
        return;
    case BW_ST_ESC_ROLL:
        tgS_printf(out, "Player %d (%s) rolls the escape die for %s.\n", p, colour, frog);
        return;
    case BW_ST_ESC_MOVE:
        tgS_printf(out, "Player %d (%s): %s escapes with a %d.\n", p, colour, frog, b->dice[0]);
        return;
    default:
        if (b->winner != BW_NONE)
            tgS_printf(out, "Game over: player %d (%s) wins.\n", b->winner,
                       bw_colour_names[cfg->colour_of[b->winner % BW_MAX_PLAYERS]]);
        else
            tgS_append(out, "Game over: nobody can win any more.\n");
        return;
    }
}

void bw_render_text(const void *vcfg, const void *st, int viewer, tg_strbuf *out)
{
    const bw_config *cfg = vcfg;
    const bw_block *b = st;
    bw_marks used;
    tg_canvas cv;
    memset(&used, 0, sizeof used);
    tgC_init(&cv, BW_GRID, BW_TEXT_COLS);
    bw_draw_spaces(cfg, b, viewer, &cv, &used);
    bw_draw_pads(cfg, b, &cv);
    tgC_write(&cv, out);
    bw_legend(cfg, &used, out);
    tg_strbuf prose;
    tgS_init(&prose);
    bw_books_text(cfg, b, viewer, &prose);
    bw_players_text(cfg, b, viewer, &prose);
    bw_turn_text(cfg, b, &prose);
    tgC_wrap_buffer(out, &prose, 4);
}
