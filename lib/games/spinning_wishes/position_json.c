/* The "position" object of the JSON save form. Fields other than "phase"
 * and "players" may be left out of a hand-written position; validate()
 * then checks that what was given makes sense. See the rule document. */
#include "core/json_util.h"
#include "spinning_wishes.h"

static json_t *sw_player_json(const sw_block *b, int p)
{
    json_t *o = json_object();
    json_object_set_new(o, "princess", sw_json_princess(b->princess[p]));
    json_object_set_new(o, "space", sw_json_space(b->pos[p]));
    json_object_set_new(o, "wishes", sw_json_hand(b, p));
    json_object_set_new(o, "seen", sw_json_bits(b->seen[p], SW_PRINCESSES));
    json_object_set_new(o, "miss_turn", json_boolean(b->skip & (1u << p)));
    json_object_set_new(o, "start_roll", json_integer(b->start_roll[p]));
    return o;
}

json_t *sw_position_to_json(const void *cfg, const void *st)
{
    const sw_config *c = cfg;
    const sw_block *b = st;
    json_t *o = json_object();
    sw_json_turn_fields(o, b);
    json_object_set_new(o, "rotation", json_integer(b->rot));
    json_object_set_new(o, "start_round", sw_json_bits(b->start_round, SW_PRINCESSES));
    json_object_set_new(o, "start_pending", sw_json_bits(b->start_pending, SW_PRINCESSES));
    json_t *players = json_array();
    for (int p = 0; p < c->players; p++)
        json_array_append_new(players, sw_player_json(b, p));
    json_object_set_new(o, "players", players);
    json_t *wheel = json_array();
    for (int s = 0; s < SW_SLOTS; s++)
        json_array_append_new(wheel, sw_json_princess(b->wheel[s] - 1));
    json_object_set_new(o, "wheel", wheel);
    if (b->present[0] < SW_PRINCESSES) {
        json_t *pr = json_array();
        for (int t = 0; t < SW_PRINCESSES; t++)
            json_array_append_new(pr, sw_json_princess(b->present[t]));
        json_object_set_new(o, "presents", pr);
    } else {
        json_object_set_new(o, "presents", json_null());
    }
    json_t *ev = json_array();
    for (int i = 0; i < b->nevents; i++) {
        const sw_event *e = &b->events[i];
        json_array_append_new(ev, json_pack("[iiii]", e->type, e->a, e->b, e->c));
    }
    json_object_set_new(o, "events", ev);
    return o;
}

/* A princess name, or null (given as SW_NOWHERE) when allow_null. */
static tg_status sw_read_princess(const json_t *v, const char *what, int allow_null,
                                  uint8_t *out, tg_msg *msg)
{
    if (allow_null && (!v || json_is_null(v))) {
        *out = SW_NOWHERE;
        return TG_OK;
    }
    int g = json_is_string(v) ? tgJ_find_word(sw_princess_names, json_string_value(v)) : -1;
    if (g < 0) {
        tgM_set(msg, "%s must be one of snow, cinder, belle, beauty", what);
        return TG_E_CORRUPT;
    }
    *out = (uint8_t)g;
    return TG_OK;
}

static tg_status sw_read_mask(const json_t *obj, const char *key, uint8_t *out, tg_msg *msg)
{
    *out = 0;
    if (!json_object_get(obj, key))
        return TG_OK;
    const json_t *a;
    tg_status s = tgJ_array(obj, key, 0, SW_PRINCESSES, &a, msg);
    for (size_t i = 0; s == TG_OK && i < json_array_size(a); i++) {
        long v;
        s = tgJ_elem_int(a, i, key, 0, SW_PRINCESSES - 1, &v, msg);
        if (s == TG_OK)
            *out |= (uint8_t)(1u << v);
    }
    return s;
}

static tg_status sw_read_player(const json_t *o, int p, sw_block *b, tg_msg *msg)
{
    if (!json_is_object(o)) {
        tgM_set(msg, "players[%d] must be an object", p);
        return TG_E_CORRUPT;
    }
    const json_t *pv = json_object_get(o, "princess");
    tg_status s;
    if (pv)
        s = sw_read_princess(pv, "players[].princess", 1, &b->princess[p], msg);
    else
        b->princess[p] = (uint8_t)p, s = TG_OK;
    if (s != TG_OK)
        return s;
    const json_t *sp = json_object_get(o, "space");
    if (sp && !json_is_null(sp)) {
        int space = json_is_string(sp) ? sw_space_parse(json_string_value(sp)) : -1;
        if (space < 0) {
            tgM_set(msg, "players[%d].space must be \"0\"..\"39\" or \"c0\"..\"c23\"", p);
            return TG_E_CORRUPT;
        }
        b->pos[p] = (uint8_t)space;
    } else {
        b->pos[p] = sp || b->princess[p] >= SW_PRINCESSES ? SW_NOWHERE
                                                         : (uint8_t)sw_gate_of(b->princess[p]);
    }
    if (json_object_get(o, "wishes")) {
        const json_t *w;
        s = tgJ_array(o, "wishes", 0, SW_HAND_MAX, &w, msg);
        for (size_t i = 0; s == TG_OK && i < json_array_size(w); i++) {
            uint8_t g;
            s = sw_read_princess(json_array_get(w, i), "players[].wishes[]", 0, &g, msg);
            if (s == TG_OK)
                b->hand[p][g]++;
        }
        if (s != TG_OK)
            return s;
    }
    if ((s = sw_read_mask(o, "seen", &b->seen[p], msg)) != TG_OK)
        return s;
    int miss;
    long roll;
    if ((s = tgJ_bool_opt(o, "miss_turn", 0, &miss, msg)) != TG_OK)
        return s;
    if (miss)
        b->skip |= (uint8_t)(1u << p);
    if ((s = tgJ_int_opt(o, "start_roll", 0, SW_DIE, 0, &roll, msg)) != TG_OK)
        return s;
    b->start_roll[p] = (uint8_t)roll;
    return TG_OK;
}

static tg_status sw_read_events(const json_t *pos, sw_block *b, tg_msg *msg)
{
    if (!json_object_get(pos, "events"))
        return TG_OK;
    const json_t *ev;
    tg_status s = tgJ_array(pos, "events", 0, SW_EVENTS_MAX, &ev, msg);
    for (size_t i = 0; s == TG_OK && i < json_array_size(ev); i++) {
        const json_t *e = json_array_get(ev, i);
        long f[4];
        if (!json_is_array(e) || json_array_size(e) != 4) {
            tgM_set(msg, "events[%zu] must be an array of four integers", i);
            return TG_E_CORRUPT;
        }
        for (size_t k = 0; s == TG_OK && k < 4; k++)
            s = tgJ_elem_int(e, k, "events[]", 0, 255, &f[k], msg);
        if (s == TG_OK)
            sw_event_add(b, (int)f[0], (int)f[1], (int)f[2], (int)f[3]);
    }
    return s;
}

static tg_status sw_read_wheel_and_presents(const json_t *pos, sw_block *b, tg_msg *msg)
{
    tg_status s = TG_OK;
    if (json_object_get(pos, "wheel")) {
        const json_t *w;
        s = tgJ_array(pos, "wheel", SW_SLOTS, SW_SLOTS, &w, msg);
        for (size_t i = 0; s == TG_OK && i < SW_SLOTS; i++) {
            uint8_t g = 0;
            s = sw_read_princess(json_array_get(w, i), "wheel[]", 1, &g, msg);
            b->wheel[i] = g < SW_PRINCESSES ? (uint8_t)(g + 1) : 0;
        }
    }
    const json_t *pr = json_object_get(pos, "presents");
    if (s == TG_OK && pr && !json_is_null(pr)) {
        const json_t *a;
        s = tgJ_array(pos, "presents", SW_PRINCESSES, SW_PRINCESSES, &a, msg);
        for (size_t t = 0; s == TG_OK && t < SW_PRINCESSES; t++)
            s = sw_read_princess(json_array_get(a, t), "presents[]", 0, &b->present[t], msg);
    }
    return s;
}

tg_status sw_position_from_json(const void *cfg, const json_t *pos, void *st, tg_msg *msg)
{
    const sw_config *c = cfg;
    sw_block *b = st;
    sw_clear(b);
    int phase;
    long v;
    tg_status s = tgJ_word(pos, "phase", sw_phase_names, &phase, msg);
    if (s != TG_OK)
        return s;
    b->phase = (uint8_t)phase;
    const json_t *players;
    if ((s = tgJ_array(pos, "players", (size_t)c->players, (size_t)c->players, &players, msg)))
        return s;
    for (int p = 0; p < c->players; p++) {
        if ((s = sw_read_player(json_array_get(players, (size_t)p), p, b, msg)) != TG_OK)
            return s;
        if (b->princess[p] < SW_PRINCESSES) {
            if (b->player_of[b->princess[p]] != SW_NOWHERE) {
                tgM_set(msg, "two players are %s", sw_princess_names[b->princess[p]]);
                return TG_E_CORRUPT;
            }
            b->player_of[b->princess[p]] = (uint8_t)p;
        }
    }
    if ((s = tgJ_int_opt(pos, "turn", 0, c->players - 1, 0, &v, msg)) != TG_OK)
        return s;
    b->cur = (uint8_t)v;
    if ((s = tgJ_int_opt(pos, "roll", 0, SW_DIE, 0, &v, msg)) != TG_OK)
        return s;
    b->roll = (uint8_t)v;
    if ((s = tgJ_int_opt(pos, "rotation", 0, SW_ROTATIONS - 1, 0, &v, msg)) != TG_OK)
        return s;
    b->rot = (uint8_t)v;
    const json_t *w = json_object_get(pos, "winner");
    if (w && !json_is_null(w)) {
        if ((s = tgJ_int(pos, "winner", 0, c->players - 1, &v, msg)) != TG_OK)
            return s;
        b->winner = (uint8_t)(v + 1);
    }
    if ((s = sw_read_mask(pos, "start_round", &b->start_round, msg)) != TG_OK ||
        (s = sw_read_mask(pos, "start_pending", &b->start_pending, msg)) != TG_OK ||
        (s = sw_read_wheel_and_presents(pos, b, msg)) != TG_OK)
        return s;
    int on_wheel = 0;
    for (int i = 0; i < SW_SLOTS; i++)
        on_wheel += b->wheel[i] != 0;
    b->placed = (uint8_t)(phase <= SW_PH_PLACE ? on_wheel : SW_WISHES_EACH * c->players);
    return sw_read_events(pos, b, msg);
}
