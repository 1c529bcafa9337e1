/* What each viewer sees: the observation, the events of the last decision
 * and a text drawing. The presents are the only secret: a viewer sees the
 * presents she has looked under, and the winner's present once it is found. */
#include <stdio.h>

#include "spinning_wishes.h"

static int sw_may_see(const sw_block *b, int viewer, int tower)
{
    if (b->present[tower] >= SW_PRINCESSES)
        return 0;
    if (viewer == TG_VIEW_OMNISCIENT)
        return 1;
    if (b->seen[viewer] & (1u << tower))
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
    json_object_set_new(o, "players", players);
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

static json_t *sw_event_json(const sw_block *b, const sw_event *e, int viewer)
{
    static const char *const names[SW_E_COUNT] = {
        "none", "pick", "deal", "place", "start_roll", "first", "tie", "roll", "move",
        "miss_turn", "roll_again", "spin", "take", "swap", "trade", "look", "win", "lost_turn"
    };
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string(names[e->type]));
    if (e->type == SW_E_DEAL) {
        if (viewer == TG_VIEW_OMNISCIENT) {
            json_t *pr = json_array();
            for (int t = 0; t < SW_PRINCESSES; t++)
                json_array_append_new(pr, sw_json_princess(sw_deals[e->a][t]));
            json_object_set_new(o, "presents", pr);
        }
        return o;
    }
    if (e->type == SW_E_TIE) {
        json_object_set_new(o, "players", sw_json_bits(e->a, SW_PRINCESSES));
        json_object_set_new(o, "value", json_integer(e->b));
        return o;
    }
    json_object_set_new(o, "player", json_integer(e->a));
    switch (e->type) {
    case SW_E_PICK:
        json_object_set_new(o, "princess", sw_json_princess(e->b));
        break;
    case SW_E_PLACE:
    case SW_E_TAKE:
        json_object_set_new(o, "slot", json_integer(e->b));
        json_object_set_new(o, "wish", sw_json_princess(e->c));
        break;
    case SW_E_START_ROLL:
    case SW_E_FIRST:
    case SW_E_ROLL:
        json_object_set_new(o, "value", json_integer(e->b));
        break;
    case SW_E_MOVE:
        json_object_set_new(o, "from", sw_json_space(e->b));
        json_object_set_new(o, "to", sw_json_space(e->c));
        break;
    case SW_E_SPIN:
        json_object_set_new(o, "rotation", json_integer(e->b));
        break;
    case SW_E_SWAP:
        json_object_set_new(o, "slot", json_integer(e->b));
        json_object_set_new(o, "gave", sw_json_princess(e->c / 4));
        json_object_set_new(o, "took", sw_json_princess(e->c % 4));
        break;
    case SW_E_TRADE:
        json_object_set_new(o, "with", json_integer(e->b));
        json_object_set_new(o, "gave", sw_json_princess(e->c / 4));
        json_object_set_new(o, "took", sw_json_princess(e->c % 4));
        break;
    case SW_E_LOOK:
    case SW_E_WIN:
        json_object_set_new(o, "tower", json_integer(e->b));
        json_object_set_new(o, "found", json_boolean(e->c == b->princess[e->a]));
        if (e->type == SW_E_WIN || viewer == TG_VIEW_OMNISCIENT || viewer == e->a)
            json_object_set_new(o, "present", sw_json_princess(e->c));
        break;
    default:
        break;
    }
    return o;
}

json_t *sw_events(const void *cfg, const void *st, int viewer)
{
    (void)cfg;
    const sw_block *b = st;
    json_t *a = json_array();
    for (int i = 0; i < b->nevents && i < SW_EVENTS_MAX; i++)
        json_array_append_new(a, sw_event_json(b, &b->events[i], viewer));
    return a;
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
