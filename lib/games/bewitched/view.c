/* Bewitched: what a viewer sees — the observation object and a text
 * drawing. Hidden facts (deadly snakes, plain frogs, unseen pages) appear
 * only for the omniscient viewer or once the table has seen them. */
#include "bewitched.h"

#include <stdio.h>
#include <string.h>

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

/* One cell of the drawing: three characters. */
static void bw_cell(const bw_config *cfg, const bw_block *b, int node, char *out)
{
    for (int f = 0; f < BW_FROGS; f++)
        if (b->frog_at[f] == node && node < BW_SPACES) {
            int p = f / BW_FROGS_PER_PLAYER;
            snprintf(out, 12, "%c%d%c", bw_colour_letters[cfg->colour_of[p]] - 32,
                     f % BW_FROGS_PER_PLAYER + 1, bw_frog_book(b, f) != BW_NONE ? '+' : ' ');
            return;
        }
    for (int c = 0; c < BW_CATS; c++)
        if (b->cat_at[c] == node) {
            snprintf(out, 12, "C%d ", c + 1);
            return;
        }
    int s = cfg->snake_at[node];
    if (s != BW_NONE && !bw_bit(b->gone, s)) {
        snprintf(out, 12, "S%-2d", s + 1);
        return;
    }
    if (bw_ground_book(b, node) != BW_NONE) {
        snprintf(out, 12, "B%-2d", bw_ground_book(b, node));
        return;
    }
    snprintf(out, 12, "%-3d", node + 1);
}

void bw_render_text(const void *vcfg, const void *st, int viewer, tg_strbuf *out)
{
    const bw_config *cfg = vcfg;
    const bw_block *b = st;
    char grid[BW_GRID][BW_GRID][12];
    memset(grid, 0, sizeof grid);
    for (int n = 0; n < BW_NODES; n++) {
        int x, y;
        bw_node_xy(n, &x, &y);
        if (n < BW_SPACES) {
            bw_cell(cfg, b, n, grid[y / 2][x / 2]);
        } else {
            int c = n - BW_SPACES, home = 0;
            for (int f = 0; f < BW_FROGS; f++)
                home += b->frog_at[f] == n;
            snprintf(grid[y / 2][x / 2], 12, "%c%u]", bw_colour_letters[c], (unsigned)(home & 7));
        }
    }
    static const int hat_cells[BW_HATS][2] = {{6, 7}, {6, 6}, {7, 6}, {7, 7}};
    for (int h = 0; h < BW_HATS; h++)
        snprintf(grid[hat_cells[h][1]][hat_cells[h][0]], 12, "H%d%c", h,
                 bw_hat_book(b, h) != BW_NONE ? '*' : ' ');
    for (int y = 0; y < BW_GRID; y++) {
        for (int x = 0; x < BW_GRID; x++)
            tgS_printf(out, "%-4s", grid[y][x][0] ? grid[y][x] : ".");
        tgS_append(out, "\n");
    }
    tgS_printf(out, "stage %s, player %d, dice %d %d\n", bw_stage_names[b->stage], b->player,
               b->dice[0], b->dice[1]);
    for (int f = 0; f < cfg->players * BW_FROGS_PER_PLAYER; f++) {
        int bk = bw_frog_book(b, f);
        if (bk == BW_NONE)
            continue;
        json_t *page = bw_page_json(b, bk, viewer);
        tgS_printf(out, "frog %d carries book %d (%s)\n", f, bk,
                   json_is_string(page) ? json_string_value(page) : "unknown page");
        json_decref(page);
    }
    for (int p = 0; p < cfg->players; p++)
        tgS_printf(out, "player %d (%s): %d antidote\n", p, bw_colour_names[cfg->colour_of[p]],
                   b->antidote[p]);
}
