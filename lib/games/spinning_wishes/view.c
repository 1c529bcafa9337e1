/* What each viewer sees: the observation and a text drawing (the events of
 * the last decision are in events.c). The presents are the only secret: a
 * viewer sees the presents she has looked under, and the winner's present
 * once it is found. */
#include <stdio.h>

#include "spinning_wishes.h"

int sw_may_see(const sw_block *b, int viewer, int tower)
{
    if (b->present[tower] >= SW_PRINCESSES)
        return 0;
    if (viewer == TG_VIEW_OMNISCIENT)
        return 1;
    if (viewer >= 0 && viewer < SW_PRINCESSES && (b->seen[viewer] & (1u << tower)))
        return 1;
    return b->winner && b->present[tower] == b->princess[b->winner - 1];
}

static unsigned sw_wheel_mask(const sw_block *b)
{
    unsigned m = 0;
    for (int s = 0; s < SW_SLOTS; s++)
        if (b->wheel[s])
            m |= 1u << s;
    return m;
}

static json_t *sw_observe_player(const sw_block *b, int p)
{
    json_t *o = json_object();
    json_object_set_new(o, "princess", sw_json_princess(b->princess[p]));
    json_object_set_new(o, "space", sw_json_space(b->pos[p]));
    json_object_set_new(o, "wishes", sw_json_hand(b, p));
    json_object_set_new(o, "own_three", json_boolean(sw_own_three(b, p)));
    json_object_set_new(o, "looked", sw_json_bits(b->seen[p], SW_PRINCESSES));
    json_object_set_new(o, "miss_turn", json_boolean(b->skip & (1u << p)));
    json_object_set_new(o, "start_roll", json_integer(b->start_roll[p]));
    return o;
}

json_t *sw_observe(const void *cfg, const void *st, int viewer)
{
    const sw_config *c = cfg;
    const sw_block *b = st;
    json_t *o = json_object();
    sw_json_turn_fields(o, b);
    json_object_set_new(o, "start_pending", sw_json_bits(b->start_pending, SW_PRINCESSES));
    json_t *players = json_array();
    for (int p = 0; p < c->players; p++)
        json_array_append_new(players, sw_observe_player(b, p));
    /* "princesses", not "players": the core's own "players" (the count)
     * would overwrite it. */
    json_object_set_new(o, "princesses", players);
    json_t *wheel = json_object(), *slots = json_array(), *rays = json_object();
    for (int s = 0; s < SW_SLOTS; s++)
        json_array_append_new(slots, sw_json_princess(b->wheel[s] - 1));
    for (int g = 0; g < SW_PRINCESSES; g++)
        if (b->player_of[g] != SW_NOWHERE)
            json_object_set_new(rays, sw_princess_names[g],
                                sw_json_bits(c->ray[g][b->rot] & sw_wheel_mask(b), SW_SLOTS));
    json_object_set_new(wheel, "rotation", json_integer(b->rot));
    json_object_set_new(wheel, "slots", slots);
    json_object_set_new(wheel, "in_ray", rays);
    json_object_set_new(o, "wheel", wheel);
    json_t *towers = json_array();
    for (int t = 0; t < SW_PRINCESSES; t++) {
        json_t *to = json_object(), *not_for = json_array();
        json_object_set_new(to, "present",
                            sw_may_see(b, viewer, t) ? sw_json_princess(b->present[t]) : json_null());
        for (int p = 0; p < c->players; p++)
            if ((b->seen[p] & (1u << t)) && b->winner != p + 1)
                json_array_append_new(not_for, json_string(sw_princess_names[b->princess[p]]));
        json_object_set_new(to, "not_for", not_for);
        json_array_append_new(towers, to);
    }
    json_object_set_new(o, "towers", towers);
    json_object_set_new(o, "presents_dealt", json_boolean(b->present[0] < SW_PRINCESSES));
    return o;
}

static char sw_kind_char(int kind)
{
    static const char chars[SW_K_COUNT] = {'G', '.', 'W', 'T', 'R', 'M', 'h', 'p', 't'};
    return kind < SW_K_COUNT ? chars[kind] : '?';
}

void sw_render_text(const void *cfg, const void *st, int viewer, tg_strbuf *out)
{
    const sw_config *c = cfg;
    const sw_block *b = st;
    char grid[11][11];
    for (int y = 0; y < 11; y++)
        for (int x = 0; x < 11; x++)
            grid[y][x] = ' ';
    grid[5][5] = '*';
    for (int t = 0; t < SW_PRINCESSES; t++)
        grid[(int)sw_courtyard_xy[t][1]][(int)sw_courtyard_xy[t][0]] = 'o';
    for (int sp = 0; sp < SW_SPACES; sp++) {
        double x, y;
        sw_space_xy(sp, &x, &y);
        grid[(int)y][(int)x] = sw_kind_char(c->kind[sp]);
    }
    for (int p = 0; p < c->players; p++)
        if (b->pos[p] < SW_SPACES) {
            double x, y;
            sw_space_xy(b->pos[p], &x, &y);
            grid[(int)y][(int)x] = (char)('0' + p);
        }
    for (int y = 0; y < 11; y++) {
        for (int x = 0; x < 11; x++)
            tgS_printf(out, " %c", grid[y][x]);
        tgS_append(out, "\n");
    }
    tgS_printf(out, "phase %s, turn of player %d", sw_phase_names[b->phase], b->cur);
    if (b->roll)
        tgS_printf(out, ", rolled %d", b->roll);
    tgS_append(out, "\n");
    for (int p = 0; p < c->players; p++) {
        const char *name = b->princess[p] < SW_PRINCESSES ? sw_princess_names[b->princess[p]] : "-";
        tgS_printf(out, "%d %-6s wishes:", p, name);
        for (int g = 0; g < SW_PRINCESSES; g++)
            for (int k = 0; k < b->hand[p][g]; k++)
                tgS_printf(out, " %s", sw_princess_names[g]);
        if (b->skip & (1u << p))
            tgS_append(out, " (misses a turn)");
        tgS_append(out, "\n");
    }
    tgS_printf(out, "wheel (rotation %d):", b->rot);
    for (int s = 0; s < SW_SLOTS; s++)
        tgS_printf(out, " %d=%s", s, b->wheel[s] ? sw_princess_names[b->wheel[s] - 1] : "-");
    tgS_append(out, "\npresents:");
    for (int t = 0; t < SW_PRINCESSES; t++)
        tgS_printf(out, " tower%d=%s", t,
                   sw_may_see(b, viewer, t) ? sw_princess_names[b->present[t]] : "?");
    tgS_append(out, "\n");
}
