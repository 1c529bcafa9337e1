/* Witches' Dance: the "position" object of the JSON save form.
 *
 * Written by hand it can be as short as {"circle": {"red": [14]}}: "start"
 * defaults to the witches found nowhere else, "phase" to "roll", "player" to
 * the first player. validate() then checks the whole position. */
#include "witches_dance.h"

#include <string.h>

#include "core/json_util.h"

static const char *const wd_position_keys[] = {"phase",  "player", "die",    "selected",
                                                "actor",  "neutrals", "circle", "start",
                                                "strips", "events",   "known", NULL};

static json_t *wd_circle_json(const wd_block *b)
{
    json_t *o = json_object();
    for (int c = 0; c < WD_COLOURS; c++) {
        json_t *spaces = json_array();
        for (int s = 0; s < WD_SPACES; s++)
            if (b->circle[s] == c + 1)
                json_array_append_new(spaces, json_integer(s));
        if (json_array_size(spaces))
            json_object_set_new(o, wd_colour_names[c], spaces);
        else
            json_decref(spaces);
    }
    return o;
}

json_t *wd_position_to_json(const void *vcfg, const void *st)
{
    const wd_config *cfg = vcfg;
    const wd_block *b = st;
    json_t *o = json_object();
    json_t *start = json_object(), *strips = json_object(), *neutrals = json_array();
    for (int c = 0; c < WD_COLOURS; c++) {
        if (b->start[c])
            json_object_set_new(start, wd_colour_names[c], json_integer(b->start[c]));
        json_t *strip = wd_colour_list(b->strip[c]);
        if (json_array_size(strip))
            json_object_set_new(strips, wd_colour_names[c], strip);
        else
            json_decref(strip);
        if ((b->neutral >> c) & 1u)
            json_array_append_new(neutrals, json_string(wd_colour_names[c]));
    }
    json_object_set_new(o, "phase", json_string(wd_phase_names[b->phase % WD_PHASE_COUNT]));
    json_object_set_new(o, "player", json_integer(b->player));
    json_object_set_new(o, "die", json_integer(b->die));
    json_object_set_new(o, "selected", json_integer(b->selected));
    json_object_set_new(o, "actor", json_integer(b->actor));
    json_object_set_new(o, "neutrals", neutrals);
    json_object_set_new(o, "circle", wd_circle_json(b));
    json_object_set_new(o, "start", start);
    json_object_set_new(o, "strips", strips);
    json_object_set_new(o, "events", wd_event_records_to_json(b));
    json_object_set_new(o, "known", wd_known_to_json(cfg, b));
    return o;
}

/* A "colour": [...] member of an object such as "circle" or "strips". */
static tg_status wd_colour_list_member(const char *field, const char *key, const json_t *value,
                                       size_t max_len, int *colour, tg_msg *msg)
{
    *colour = tgJ_find_word(wd_colour_names, key);
    if (*colour < 0) {
        tgM_set(msg, "%s: unknown colour \"%s\"", field, key);
        return TG_E_CORRUPT;
    }
    if (!json_is_array(value) || json_array_size(value) > max_len) {
        tgM_set(msg, "%s.%s must be a list of at most %zu entries", field, key, max_len);
        return TG_E_CORRUPT;
    }
    return TG_OK;
}

static tg_status wd_need_object(const json_t *v, const char *field, tg_msg *msg)
{
    if (json_is_object(v))
        return TG_OK;
    tgM_set(msg, "field \"%s\" must be an object keyed by colour", field);
    return TG_E_CORRUPT;
}

static tg_status wd_read_circle(const json_t *circle, wd_block *b, tg_msg *msg)
{
    const char *key;
    const json_t *spaces;
    if (!circle)
        return TG_OK;
    if (wd_need_object(circle, "circle", msg) != TG_OK)
        return TG_E_CORRUPT;
    json_object_foreach((json_t *)circle, key, spaces) {
        int c;
        if (wd_colour_list_member("circle", key, spaces, WD_SPACES, &c, msg) != TG_OK)
            return TG_E_CORRUPT;
        for (size_t i = 0; i < json_array_size(spaces); i++) {
            long s;
            tg_status st = tgJ_elem_int(spaces, i, key, 0, WD_SPACES - 1, &s, msg);
            if (st != TG_OK)
                return st;
            if (b->circle[s]) {
                tgM_set(msg, "circle: two witches on space %ld (%s and %s)", s,
                        wd_colour_names[b->circle[s] - 1], key);
                return TG_E_CORRUPT;
            }
            wd_set_space(b, (int)s, (uint8_t)(c + 1), 0);
        }
    }
    return TG_OK;
}

static tg_status wd_read_strips(const json_t *strips, wd_block *b, tg_msg *msg)
{
    const char *key;
    const json_t *list;
    if (!strips)
        return TG_OK;
    if (wd_need_object(strips, "strips", msg) != TG_OK)
        return TG_E_CORRUPT;
    json_object_foreach((json_t *)strips, key, list) {
        int c;
        if (wd_colour_list_member("strips", key, list, WD_STRIP_SPACES, &c, msg) != TG_OK)
            return TG_E_CORRUPT;
        for (size_t i = 0; i < json_array_size(list); i++) {
            const char *w = json_string_value(json_array_get(list, i));
            int wc = w ? tgJ_find_word(wd_colour_names, w) : -1;
            if (wc < 0) {
                tgM_set(msg, "strips.%s[%zu] is not a colour", key, i);
                return TG_E_CORRUPT;
            }
            b->strip[c][wc]++;
        }
    }
    return TG_OK;
}

static tg_status wd_read_neutrals(const json_t *list, wd_block *b, tg_msg *msg)
{
    if (!list)
        return TG_OK;
    if (!json_is_array(list) || json_array_size(list) > WD_NEUTRAL_COLOURS) {
        tgM_set(msg, "field \"neutrals\" must be a list of at most %d colours",
                WD_NEUTRAL_COLOURS);
        return TG_E_CORRUPT;
    }
    for (size_t i = 0; i < json_array_size(list); i++) {
        const char *w = json_string_value(json_array_get(list, i));
        int c = w ? tgJ_find_word(wd_colour_names, w) : -1;
        if (c < 0 || ((b->neutral >> c) & 1u)) {
            tgM_set(msg, "neutrals[%zu] is not a colour or repeats one", i);
            return TG_E_CORRUPT;
        }
        b->neutral |= (uint8_t)(1u << c);
    }
    return TG_OK;
}

/* Missing start counts are whatever is in neither the circle nor a strip. */
static tg_status wd_read_start(const wd_config *cfg, const json_t *start, wd_block *b,
                               tg_msg *msg)
{
    if (start) {
        const char *key;
        const json_t *v;
        if (wd_need_object(start, "start", msg) != TG_OK)
            return TG_E_CORRUPT;
        json_object_foreach((json_t *)start, key, v) {
            int c = tgJ_find_word(wd_colour_names, key);
            if (c < 0) {
                tgM_set(msg, "start: unknown colour \"%s\"", key);
                return TG_E_CORRUPT;
            }
            long n;
            tg_status s = tgJ_int(start, key, 0, WD_STRIP_SPACES, &n, msg);
            if (s != TG_OK)
                return s;
            b->start[c] = (uint8_t)n;
        }
        return TG_OK;
    }
    for (int c = 0; c < WD_COLOURS; c++) {
        int left = wd_witches_of(cfg, c, b->neutral);
        for (int s = 0; s < WD_SPACES; s++)
            left -= b->circle[s] == c + 1;
        for (int k = 0; k < WD_COLOURS; k++)
            left -= b->strip[k][c];
        b->start[c] = (uint8_t)(left > 0 ? left : 0);
    }
    return TG_OK;
}

static tg_status wd_read_header(const wd_config *cfg, const json_t *pos, wd_block *b,
                                tg_msg *msg)
{
    int phase = WD_PHASE_ROLL;
    long player, die, selected, actor;
    tg_status s = TG_OK;
    if (json_object_get(pos, "phase"))
        s = tgJ_word(pos, "phase", wd_phase_names, &phase, msg);
    if (s == TG_OK)
        s = tgJ_int_opt(pos, "player", 0, cfg->players - 1, cfg->first, &player, msg);
    if (s == TG_OK)
        s = tgJ_int_opt(pos, "die", 0, 6, 0, &die, msg);
    if (s == TG_OK)
        s = tgJ_int_opt(pos, "selected", 0, WD_SPACES - 1, 0, &selected, msg);
    if (s == TG_OK)
        s = tgJ_int_opt(pos, "actor", 0, cfg->players - 1, player, &actor, msg);
    if (s != TG_OK)
        return s;
    b->phase = (uint8_t)phase;
    b->player = (uint8_t)player;
    b->die = (uint8_t)die;
    b->selected = (uint8_t)selected;
    b->actor = (uint8_t)actor;
    return TG_OK;
}

tg_status wd_position_from_json(const void *vcfg, const json_t *pos, void *st, tg_msg *msg)
{
    const wd_config *cfg = vcfg;
    wd_block *b = st;
    memset(b, 0, sizeof *b);
    if (!json_is_object(pos)) {
        tgM_set(msg, "position must be an object");
        return TG_E_CORRUPT;
    }
    const char *key;
    const json_t *v;
    json_object_foreach((json_t *)pos, key, v) {
        if (tgJ_find_word(wd_position_keys, key) < 0) {
            tgM_set(msg, "position: unknown field \"%s\"", key);
            return TG_E_CORRUPT;
        }
    }
    tg_status s = wd_read_header(cfg, pos, b, msg);
    if (s == TG_OK)
        s = wd_read_neutrals(json_object_get(pos, "neutrals"), b, msg);
    if (s == TG_OK)
        s = wd_read_circle(json_object_get(pos, "circle"), b, msg);
    if (s == TG_OK)
        s = wd_read_strips(json_object_get(pos, "strips"), b, msg);
    if (s == TG_OK)
        s = wd_read_start(cfg, json_object_get(pos, "start"), b, msg);
    if (s == TG_OK)
        s = wd_event_records_from_json(json_object_get(pos, "events"), b, msg);
    /* A position without "known" (format 1, or written by hand) has an
     * unknown past: it gets what its own events showed. */
    const json_t *known = json_object_get(pos, "known");
    if (s == TG_OK && known)
        s = wd_known_from_json(cfg, known, b, msg);
    else if (s == TG_OK)
        wd_recall_root(cfg, b);
    return s;
}
