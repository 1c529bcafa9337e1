/* Witches' Dance: the board's geometry and its JSON description.
 *
 * Layout: the 36 circle spaces run clockwise round the border of a 10 x 10
 * grid (space 0 one cell right of the top-left corner, so no entry or exit
 * sits on a corner). Start areas lie one cell inside their entry space,
 * take-off strips run four cells outwards from their exit space. */
#include "witches_dance.h"

const char *const wd_colour_names[WD_COLOURS + 1] = {
    "yellow", "pink", "red", "green", "lightblue", "darkblue", NULL};
const char wd_colour_letters[WD_COLOURS] = {'Y', 'P', 'R', 'G', 'L', 'D'};
/* For sentences and drawings ("light blue"; JSON says "lightblue"). */
const char *const wd_colour_words[WD_COLOURS] = {"yellow", "pink",       "red",
                                                 "green",  "light blue", "dark blue"};

int wd_entry_space(int colour)
{
    return 6 * colour;
}

int wd_exit_space(int colour)
{
    return (6 * colour + 27) % WD_SPACES;
}

int wd_exit_colour_at(int space)
{
    if (space % 6 != 3)
        return -1;
    return ((space - 27 + WD_SPACES) % WD_SPACES) / 6;
}

void wd_ring_cell(int space, int *x, int *y, int *out_dx, int *out_dy)
{
    int r = (space + 1) % WD_SPACES;
    if (r < 10) {
        *x = r, *y = 0, *out_dx = 0, *out_dy = -1;
    } else if (r < 19) {
        *x = WD_GRID - 1, *y = r - 9, *out_dx = 1, *out_dy = 0;
    } else if (r < 28) {
        *x = 27 - r, *y = WD_GRID - 1, *out_dx = 0, *out_dy = 1;
    } else {
        *x = 0, *y = 36 - r, *out_dx = -1, *out_dy = 0;
    }
}

void wd_start_cell(int colour, int *x, int *y)
{
    int dx, dy;
    wd_ring_cell(wd_entry_space(colour), x, y, &dx, &dy);
    *x -= dx;
    *y -= dy;
}

void wd_strip_cell(int colour, int slot, int *x, int *y)
{
    int dx, dy;
    wd_ring_cell(wd_exit_space(colour), x, y, &dx, &dy);
    *x += dx * (slot + 1);
    *y += dy * (slot + 1);
}

static json_t *wd_space_json(int id, const char *kind, int x, int y, json_t *neighbours)
{
    json_t *o = json_object();
    json_object_set_new(o, "id", json_integer(id));
    json_object_set_new(o, "kind", json_string(kind));
    json_object_set_new(o, "x", json_integer(x));
    json_object_set_new(o, "y", json_integer(y));
    json_object_set_new(o, "neighbours", neighbours);
    return o;
}

json_t *wd_board_json(const void *cfg)
{
    (void)cfg;
    json_t *spaces = json_array();
    int x, y, dx, dy;
    for (int s = 0; s < WD_SPACES; s++) {
        wd_ring_cell(s, &x, &y, &dx, &dy);
        json_t *nb = json_pack("[ii]", (s + WD_SPACES - 1) % WD_SPACES, (s + 1) % WD_SPACES);
        int exit_colour = wd_exit_colour_at(s);
        if (exit_colour >= 0)
            json_array_append_new(nb, json_integer(WD_BOARD_STRIP_ID(exit_colour, 0)));
        json_t *o = wd_space_json(s, "circle", x, y, nb);
        if (s % 6 == 0)
            json_object_set_new(o, "entry", json_string(wd_colour_names[s / 6]));
        if (exit_colour >= 0)
            json_object_set_new(o, "exit", json_string(wd_colour_names[exit_colour]));
        json_array_append_new(spaces, o);
    }
    for (int c = 0; c < WD_COLOURS; c++) {
        wd_start_cell(c, &x, &y);
        json_t *o = wd_space_json(WD_BOARD_START_ID(c), "start", x, y,
                                  json_pack("[i]", wd_entry_space(c)));
        json_object_set_new(o, "color", json_string(wd_colour_names[c]));
        json_array_append_new(spaces, o);
    }
    for (int c = 0; c < WD_COLOURS; c++) {
        for (int k = 0; k < WD_STRIP_SPACES; k++) {
            wd_strip_cell(c, k, &x, &y);
            json_t *nb = json_array();
            json_array_append_new(nb, json_integer(k == 0 ? wd_exit_space(c)
                                                          : WD_BOARD_STRIP_ID(c, k - 1)));
            if (k + 1 < WD_STRIP_SPACES)
                json_array_append_new(nb, json_integer(WD_BOARD_STRIP_ID(c, k + 1)));
            json_t *o = wd_space_json(WD_BOARD_STRIP_ID(c, k), "strip", x, y, nb);
            json_object_set_new(o, "color", json_string(wd_colour_names[c]));
            json_array_append_new(spaces, o);
        }
    }
    json_t *colours = json_array();
    for (int c = 0; c < WD_COLOURS; c++)
        json_array_append_new(colours, json_string(wd_colour_names[c]));
    return json_pack("{s:s, s:o, s:o, s:i, s:i}", "shape", "circle", "spaces", spaces,
                     "colors", colours, "width", WD_GRID, "height", WD_GRID);
}

const char *const wd_phase_names[WD_PHASE_COUNT + 1] = {"setup", "roll",     "choose",
                                                        "takeoff", "over", NULL};
