#include "support.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

tg_state *tgt_from_json(const char *json_text)
{
    char err[512] = "";
    tg_state *st = NULL;
    tg_status s = tg_state_from_json(json_text, strlen(json_text), NULL, &st, err, sizeof err);
    if (s != TG_OK)
        fail_msg("position did not load (%s): %s", tg_status_name(s), err);
    return st;
}

const char *tgt_from_json_fails(const char *json_text, tg_status want)
{
    static char err[512];
    tg_state *st = NULL;
    err[0] = '\0';
    tg_status s = tg_state_from_json(json_text, strlen(json_text), NULL, &st, err, sizeof err);
    if (s == TG_OK) {
        tg_state_free(st);
        fail_msg("position loaded but should have been rejected with %s", tg_status_name(want));
    }
    if (s != want)
        fail_msg("expected %s, got %s: %s", tg_status_name(want), tg_status_name(s), err);
    assert_null(st);
    return err;
}

void tgt_apply(tg_state *st, const char *move_text)
{
    tg_status s = tg_state_apply_text(st, move_text);
    if (s != TG_OK)
        fail_msg("move '%s' rejected (%s): %s; legal: %s", move_text, tg_status_name(s),
                 tg_state_last_error(st), tgt_legal_texts(st));
}

void tgt_apply_all(tg_state *st, const char *moves)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *save = NULL, *tok = strtok_r(buf, ";", &save); tok; tok = strtok_r(NULL, ";", &save))
        tgt_apply(st, tok);
}

int tgt_is_legal(tg_state *st, const char *move_text)
{
    tg_move m;
    return tg_state_parse_move(st, move_text, &m) == TG_OK;
}

static json_t *parse_owned(char *text, tg_status s, const char *what)
{
    if (s != TG_OK)
        fail_msg("%s failed: %s", what, tg_status_name(s));
    json_error_t e;
    json_t *j = json_loads(text, 0, &e);
    tg_free(text);
    if (!j)
        fail_msg("%s is not JSON: %s", what, e.text);
    return j;
}

json_t *tgt_observation(const tg_state *st, int viewer)
{
    char *text = NULL;
    tg_status s = tg_state_observation_json(st, viewer, &text, NULL);
    return parse_owned(text, s, "observation");
}

json_t *tgt_events(const tg_state *st, int viewer)
{
    char *text = NULL;
    tg_status s = tg_state_events_json(st, viewer, &text, NULL);
    return parse_owned(text, s, "events");
}

json_t *tgt_position(const tg_state *st)
{
    char *text = NULL;
    tg_status s = tg_state_to_json(st, &text, NULL);
    json_t *save = parse_owned(text, s, "save");
    json_t *pos = json_incref(json_object_get(save, "position"));
    json_decref(save);
    if (!pos)
        fail_msg("save has no position");
    return pos;
}

const char *tgt_legal_texts(const tg_state *st)
{
    static char out[8192];
    tg_move moves[4096];
    size_t n = 0, used = 0;
    out[0] = '\0';
    if (tg_state_legal_moves(st, moves, 4096, &n) != TG_OK)
        return "(could not list moves)";
    for (size_t i = 0; i < n && used + 64 < sizeof out; i++) {
        char t[64];
        if (tg_state_move_text(st, moves[i], t, sizeof t, NULL) != TG_OK)
            snprintf(t, sizeof t, "#%u", (unsigned)moves[i]);
        used += (size_t)snprintf(out + used, sizeof out - used, "%s%s", i ? " " : "", t);
    }
    return out;
}

json_t *tgt_find_event(const tg_state *st, int viewer, const char *type, json_t **holder)
{
    json_t *events = tgt_events(st, viewer);
    size_t i;
    json_t *ev;
    json_array_foreach(events, i, ev) {
        const char *t = json_string_value(json_object_get(ev, "type"));
        if (t && strcmp(t, type) == 0) {
            *holder = events;
            return ev;
        }
    }
    char *dump = json_dumps(events, JSON_COMPACT);
    json_decref(events);
    fail_msg("no '%s' event for viewer %d in %s", type, viewer, dump ? dump : "?");
    return NULL;
}
