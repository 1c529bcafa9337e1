/* Witches' Dance: what each viewer sees, as the observation and a text
 * drawing. In the circle every witch is an anonymous black hat; colours show
 * in start areas, on strips and in the events that reveal them (events.c). */
#include "witches_dance.h"

#include <string.h>

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

#define WD_MARGIN WD_STRIP_SPACES
#define WD_CELLS (WD_GRID + 2 * WD_MARGIN)
#define WD_CELL_WIDTH 4

typedef char wd_canvas[WD_CELLS][WD_CELLS][WD_CELL_WIDTH + 1];

static void wd_put(wd_canvas cv, int x, int y, const char *text)
{
    char *cell = cv[y + WD_MARGIN][x + WD_MARGIN];
    size_t n = strlen(text);
    memset(cell, ' ', WD_CELL_WIDTH);
    memcpy(cell, text, n < WD_CELL_WIDTH ? n : WD_CELL_WIDTH);
    cell[WD_CELL_WIDTH] = '\0';
}

static void wd_draw_circle(const wd_block *b, int viewer, wd_canvas cv)
{
    for (int s = 0; s < WD_SPACES; s++) {
        int x, y, dx, dy;
        char cell[WD_CELL_WIDTH + 1];
        char mark = '.';
        if (s % 6 == 0)
            mark = '+';
        else if (wd_exit_colour_at(s) >= 0)
            mark = '*';
        /* A hat the viewer remembers shows its colour in lowercase, a mark
         * of memory beside the referee's capitals. */
        if (b->circle[s] && viewer == TG_VIEW_OMNISCIENT)
            mark = wd_colour_letters[b->circle[s] - 1];
        else if (b->circle[s] && wd_knows(b, viewer, s))
            mark = (char)(wd_colour_letters[b->circle[s] - 1] - 'A' + 'a');
        else if (b->circle[s])
            mark = '@';
        cell[0] = (char)('0' + s / 10);
        cell[1] = (char)('0' + s % 10);
        cell[2] = mark;
        cell[3] = '\0';
        wd_ring_cell(s, &x, &y, &dx, &dy);
        wd_put(cv, x, y, cell);
    }
}

static void wd_draw_areas(const wd_config *cfg, const wd_block *b, wd_canvas cv)
{
    uint8_t in_play = wd_colours_in_play(cfg, b);
    for (int c = 0; c < WD_COLOURS; c++) {
        int x, y;
        char cell[WD_CELL_WIDTH + 1] = {wd_colour_letters[c], (char)('0' + b->start[c] % 10), 0};
        if ((in_play >> c) & 1u) {
            wd_start_cell(c, &x, &y);
            wd_put(cv, x, y, cell);
        }
        int slot = 0;
        for (int w = 0; w < WD_COLOURS; w++)
            for (int k = 0; k < b->strip[c][w] && slot < WD_STRIP_SPACES; k++) {
                char witch[2] = {wd_colour_letters[w], 0};
                wd_strip_cell(c, slot++, &x, &y);
                wd_put(cv, x, y, witch);
            }
        for (; slot < WD_STRIP_SPACES; slot++) {
            char empty[2] = {(char)(wd_colour_letters[c] - 'A' + 'a'), 0};
            wd_strip_cell(c, slot, &x, &y);
            wd_put(cv, x, y, empty);
        }
    }
}

void wd_render_text(const void *vcfg, const void *st, int viewer, tg_strbuf *out)
{
    const wd_config *cfg = vcfg;
    const wd_block *b = st;
    wd_canvas cv;
    for (int y = 0; y < WD_CELLS; y++)
        for (int x = 0; x < WD_CELLS; x++)
            wd_put(cv, x - WD_MARGIN, y - WD_MARGIN, "");
    wd_draw_circle(b, viewer, cv);
    wd_draw_areas(cfg, b, cv);
    for (int y = 0; y < WD_CELLS; y++) {
        char line[WD_CELLS * WD_CELL_WIDTH + 2];
        size_t len = 0;
        for (int x = 0; x < WD_CELLS; x++) {
            memcpy(line + len, cv[y][x], WD_CELL_WIDTH);
            len += WD_CELL_WIDTH;
        }
        while (len > 0 && line[len - 1] == ' ')
            len--;
        line[len] = '\0';
        if (len > 0)
            tgS_printf(out, "%s\n", line);
    }
    tgS_append(out, "Marks: NN+ entry, NN* exit, @ a hat, y p r g l d a hat whose colour "
                    "you know, Y2 a start area holding 2; strips run outwards from the exits, "
                    "lowercase = empty.\n");
    tgS_append(out, "Players:");
    for (int p = 0; p < cfg->players; p++)
        tgS_printf(out, " %d=%s(%d/%d)", p, wd_colour_names[cfg->colour_of[p]],
                   wd_player_score(cfg, b, p), cfg->target);
    tgS_append(out, "\n");
    if (b->phase == WD_PHASE_OVER)
        tgS_printf(out, "Game over.\n");
    else
        tgS_printf(out, "Phase %s, player %d, die %d\n", wd_phase_names[b->phase], b->player,
                   b->die);
}
