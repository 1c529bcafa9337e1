/* Witches' Dance: what each viewer sees, as the observation and a text
 * drawing. In the circle every witch is an anonymous black hat; colours show
 * in start areas, on strips and in the events that reveal them (events.c). */
#include "witches_dance.h"

#include <stdio.h>
#include <string.h>

#include "core/canvas.h"

static uint8_t wd_colours_in_play(const wd_config *cfg, const wd_block *b)
{
    return (uint8_t)(cfg->player_colours | b->neutral);
}

static int wd_player_score(const wd_config *cfg, const wd_block *b, int p)
{
    int c = cfg->colour_of[p], n = 0;
    for (int w = 0; w < WD_COLOURS; w++)
        if (cfg->two_player || w == c)
            n += b->strip[c][w];
    return n;
}

/* A strip's witches as a list of colour names, by colour. */
json_t *wd_colour_list(const uint8_t *counts)
{
    json_t *list = json_array();
    for (int w = 0; w < WD_COLOURS; w++)
        for (int k = 0; k < counts[w]; k++)
            json_array_append_new(list, json_string(wd_colour_names[w]));
    return list;
}

/* Knowledge, as marks beside the circle the table shows: the colours the
 * viewer knows, and who knows each hat (public: the table saw every look). */
static void wd_observe_knowledge(const wd_config *cfg, const wd_block *b, int viewer,
                                 json_t *o)
{
    json_t *colours = json_array(), *who = json_array();
    for (int s = 0; s < WD_SPACES; s++) {
        if (wd_knows(b, viewer, s))
            json_array_append_new(colours, json_string(wd_colour_names[b->circle[s] - 1]));
        else
            json_array_append_new(colours, json_null());
        if (!b->circle[s]) {
            json_array_append_new(who, json_null());
            continue;
        }
        json_t *list = json_array();
        for (int p = 0; p < cfg->players; p++)
            if ((b->known[s] >> p) & 1u)
                json_array_append_new(list, json_integer(p));
        json_array_append_new(who, list);
    }
    json_object_set_new(o, "known_color", colours);
    json_object_set_new(o, "known_by", who);
}

json_t *wd_observe(const void *vcfg, const void *st, int viewer)
{
    const wd_config *cfg = vcfg;
    const wd_block *b = st;
    uint8_t in_play = wd_colours_in_play(cfg, b);
    json_t *circle = json_array();
    for (int s = 0; s < WD_SPACES; s++) {
        if (!b->circle[s])
            json_array_append_new(circle, json_null());
        else if (viewer == TG_VIEW_OMNISCIENT)
            json_array_append_new(circle, json_string(wd_colour_names[b->circle[s] - 1]));
        else
            json_array_append_new(circle, json_string("hat"));
    }
    json_t *start = json_object(), *strips = json_object(), *neutrals = json_array();
    for (int c = 0; c < WD_COLOURS; c++) {
        if ((in_play >> c) & 1u)
            json_object_set_new(start, wd_colour_names[c], json_integer(b->start[c]));
        json_object_set_new(strips, wd_colour_names[c], wd_colour_list(b->strip[c]));
        if ((b->neutral >> c) & 1u)
            json_array_append_new(neutrals, json_string(wd_colour_names[c]));
    }
    json_t *colours = json_array(), *scores = json_array();
    for (int p = 0; p < cfg->players; p++) {
        json_array_append_new(colours, json_string(wd_colour_names[cfg->colour_of[p]]));
        json_array_append_new(scores, json_integer(wd_player_score(cfg, b, p)));
    }
    json_t *o = json_object();
    json_object_set_new(o, "phase", json_string(wd_phase_names[b->phase]));
    json_object_set_new(o, "player",
                        b->phase == WD_PHASE_OVER ? json_null() : json_integer(b->player));
    json_object_set_new(o, "die", json_integer(b->die));
    json_object_set_new(o, "selected", b->phase == WD_PHASE_TAKEOFF
                                           ? json_integer(b->selected)
                                           : json_null());
    json_object_set_new(o, "circle", circle);
    json_object_set_new(o, "start", start);
    json_object_set_new(o, "strips", strips);
    json_object_set_new(o, "neutrals", neutrals);
    json_object_set_new(o, "colors", colours);
    json_object_set_new(o, "scores", scores);
    json_object_set_new(o, "target", json_integer(cfg->target));
    wd_observe_knowledge(cfg, b, viewer, o);
    return o;
}

/* ---- text drawing -------------------------------------------------------- */

/* Columns of the drawing: the circle's ten columns are five characters wide
 * ("14*@ "), the strips' four columns on either side two. */
#define WD_STRIP_COLS (WD_STRIP_SPACES * 2)
#define WD_TEXT_ROWS (WD_GRID + 2 * WD_STRIP_SPACES)
#define WD_TEXT_COLS (2 * WD_STRIP_COLS + WD_GRID * 5)

static int wd_text_col(int x)
{
    if (x < 0)
        return (x + WD_STRIP_SPACES) * 2;
    if (x < WD_GRID)
        return WD_STRIP_COLS + x * 5;
    return WD_STRIP_COLS + WD_GRID * 5 + (x - WD_GRID) * 2;
}

static void wd_text_put(tg_canvas *cv, int x, int y, const char *text)
{
    tgC_put(cv, y + WD_STRIP_SPACES, wd_text_col(x), text);
}

/* The marks a drawing used, so that its legend names only those. */
typedef struct wd_marks {
    int hat, coloured, strip_empty, strip_witch;
    char known; /* the first remembered hat's colour letter, 0 for none */
} wd_marks;

static void wd_draw_circle(const wd_block *b, uint8_t in_play, int viewer, tg_canvas *cv,
                           wd_marks *used)
{
    for (int s = 0; s < WD_SPACES; s++) {
        int x, y, dx, dy, exit = wd_exit_colour_at(s);
        char cell[5] = {(char)('0' + s / 10), (char)('0' + s % 10), ' ', ' ', '\0'};
        if (s % 6 == 0 && ((in_play >> (s / 6)) & 1u))
            cell[2] = '+';
        else if (exit >= 0 && ((in_play >> exit) & 1u))
            cell[2] = '*';
        /* A hat the viewer remembers shows its colour letter as the
         * referee's does: every hat on the table is black, so a colour in
         * a seat's circle is memory (lowercase is taken by empty strips). */
        if (b->circle[s] && viewer == TG_VIEW_OMNISCIENT) {
            cell[3] = wd_colour_letters[b->circle[s] - 1];
            used->coloured = 1;
        } else if (b->circle[s] && wd_knows(b, viewer, s)) {
            cell[3] = wd_colour_letters[b->circle[s] - 1];
            if (!used->known)
                used->known = cell[3];
        } else if (b->circle[s]) {
            cell[3] = '@';
            used->hat = 1;
        }
        wd_ring_cell(s, &x, &y, &dx, &dy);
        wd_text_put(cv, x, y, cell);
    }
}

/* Start areas of the colours in play; strips of the players' colours (the
 * only ones that can hold a witch). */
static void wd_draw_areas(const wd_config *cfg, const wd_block *b, uint8_t in_play, tg_canvas *cv,
                          wd_marks *used)
{
    for (int c = 0; c < WD_COLOURS; c++) {
        int x, y, slot = 0;
        if ((in_play >> c) & 1u) {
            char cell[3] = {wd_colour_letters[c], (char)('0' + b->start[c] % 10), '\0'};
            wd_start_cell(c, &x, &y);
            wd_text_put(cv, x, y, cell);
        }
        if (!((cfg->player_colours >> c) & 1u))
            continue;
        for (int w = 0; w < WD_COLOURS; w++)
            for (int k = 0; k < b->strip[c][w] && slot < WD_STRIP_SPACES; k++) {
                char witch[2] = {wd_colour_letters[w], 0};
                wd_strip_cell(c, slot++, &x, &y);
                wd_text_put(cv, x, y, witch);
                used->strip_witch = 1;
            }
        for (; slot < WD_STRIP_SPACES; slot++) {
            char empty[2] = {(char)(wd_colour_letters[c] - 'A' + 'a'), 0};
            wd_strip_cell(c, slot, &x, &y);
            wd_text_put(cv, x, y, empty);
            used->strip_empty = 1;
        }
    }
}

static void wd_legend(const wd_config *cfg, const wd_block *b, uint8_t in_play, int viewer,
                      const wd_marks *used, tg_strbuf *out)
{
    char colours[160] = "", area[4], area_text[80], strip[2], strip_text[80], known[2];
    size_t len = 0;
    int first = cfg->colour_of[0];
    for (int c = 0; c < WD_COLOURS; c++)
        if ((in_play >> c) & 1u)
            len += (size_t)snprintf(colours + len, sizeof colours - len, "%s%c %s",
                                    len ? ", " : "colours: ", wd_colour_letters[c],
                                    wd_colour_words[c]);
    /* The marks are shown as they stand for player 0's colour. */
    snprintf(area, sizeof area, "%c%d", wd_colour_letters[first], b->start[first] % 10);
    snprintf(area_text, sizeof area_text,
             "%s's start area, %d witches waiting (each colour has one)",
             wd_colour_words[first], b->start[first]);
    snprintf(strip, sizeof strip, "%c", wd_colour_letters[first] - 'A' + 'a');
    snprintf(strip_text, sizeof strip_text,
             "an empty space of %s's strip (each player's colour has one)",
             wd_colour_words[first]);
    tgS_append(out, "Legend:\n");
    tgC_legend(out, "14", "a space of the circle, numbered 00..35 clockwise (a move names it)");
    tgC_legend(out, "+", "an entry: witches come in there from the start area beside it");
    tgC_legend(out, "*", "an exit: its colour's strip runs outwards from it");
    if (used->hat)
        tgC_legend(out, "@", "a witch in the circle: a black hat, whose colour nobody shows");
    if (used->coloured)
        tgC_legend(out, "Y", "(referee's view) a witch in the circle, by its colour letter");
    if (used->known) {
        known[0] = used->known;
        known[1] = '\0';
        tgC_legend(out, known, viewer == TG_VIEW_PUBLIC
                                   ? "a black hat in the circle whose colour the whole table "
                                     "saw, by its colour letter (memory, not on the board)"
                                   : "a black hat in the circle whose colour you know (you saw "
                                     "it, or the whole table did), by its colour letter "
                                     "(memory, not on the board)");
    }
    tgC_legend(out, area, area_text);
    if (used->strip_empty)
        tgC_legend(out, strip, strip_text);
    if (used->strip_witch)
        tgC_legend(out, "Y", "a witch home on a strip, by its own colour letter");
    tgC_legend(out, "", colours);
}

static void wd_status(const wd_config *cfg, const wd_block *b, tg_strbuf *out)
{
    uint32_t won = wd_winners(cfg, b);
    for (int p = 0; p < cfg->players; p++)
        tgS_printf(out, "Player %d plays %s: %d of %d witches home.%s\n", p,
                   wd_colour_words[cfg->colour_of[p]], wd_player_score(cfg, b, p), cfg->target,
                   (won >> p) & 1u ? " Winner." : "");
    if (b->neutral) {
        tgS_append(out, "Neutral colours:");
        for (int c = 0, n = 0; c < WD_COLOURS; c++)
            if ((b->neutral >> c) & 1u)
                tgS_printf(out, "%s %s", n++ ? " and" : "", wd_colour_words[c]);
        tgS_append(out, ".\n");
    }
    switch (b->phase) {
    case WD_PHASE_SETUP:
        tgS_printf(out, "Player %d chooses a neutral colour.\n", b->player);
        break;
    case WD_PHASE_ROLL:
        tgS_printf(out, "Player %d rolls the die next.\n", b->player);
        break;
    case WD_PHASE_CHOOSE:
        tgS_printf(out, "Player %d rolled a %d and decides.\n", b->player, b->die);
        break;
    case WD_PHASE_TAKEOFF: {
        int exit = cfg->passes[b->selected % WD_SPACES][b->die % 7];
        tgS_printf(out, "Player %d rolled a %d: the hat on %d passes the %s exit (takeoff or "
                        "dance).\n", b->player, b->die, b->selected,
                   exit < WD_COLOURS ? wd_colour_words[exit] : "?");
        break;
    }
    default:
        tgS_append(out, "Game over.\n");
        break;
    }
}

void wd_render_text(const void *vcfg, const void *st, int viewer, tg_strbuf *out)
{
    const wd_config *cfg = vcfg;
    const wd_block *b = st;
    uint8_t in_play = wd_colours_in_play(cfg, b);
    wd_marks used = {0, 0, 0, 0, 0};
    tg_canvas cv;
    tgC_init(&cv, WD_TEXT_ROWS, WD_TEXT_COLS);
    wd_draw_circle(b, in_play, viewer, &cv, &used);
    wd_draw_areas(cfg, b, in_play, &cv, &used);
    tgC_write(&cv, out);
    wd_legend(cfg, b, in_play, viewer, &used, out);
    tg_strbuf prose;
    tgS_init(&prose);
    wd_status(cfg, b, &prose);
    tgC_wrap_buffer(out, &prose, 4);
}
