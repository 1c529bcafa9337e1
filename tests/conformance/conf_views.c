/* Checks of what viewers see: every view is well-formed for every viewer,
 * bad viewers are refused, and resampling for a player changes nothing that
 * player can see (which is also the no-leak check: the resampled state
 * differs from the original only in what the player cannot know: the
 * events' texts and the board drawing included). */
#include "conf.h"

#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

typedef tg_status (*conf_view_fn)(const tg_state *, int, char **, size_t *);

/* Returns the view's text (caller tg_frees) after checking len and, for the
 * JSON views, that it parses to the expected kind of value. */
static char *conf_view(conf_ctx *c, conf_view_fn fn, const tg_state *st, int viewer,
                       const char *what, int json_type)
{
    char *out = NULL;
    size_t len = (size_t)-1;
    tg_status s = fn(st, viewer, &out, &len);
    if (s != TG_OK || !out)
        conf_fail(c, "%s for viewer %d gave %s", what, viewer, tg_status_name(s));
    if (len != strlen(out) || len == 0)
        conf_fail(c, "%s for viewer %d: len %zu, strlen %zu", what, viewer, len, strlen(out));
    if (json_type >= 0) {
        json_error_t e;
        json_t *j = json_loads(out, 0, &e);
        int ok = j && (int)json_typeof(j) == json_type;
        json_decref(j);
        if (!ok)
            conf_fail(c, "%s for viewer %d is not a JSON %s: %s", what, viewer,
                      json_type == JSON_OBJECT ? "object" : "array", j ? "wrong type" : e.text);
    }
    return out;
}

static void conf_refuse_viewer(conf_ctx *c, conf_view_fn fn, const tg_state *st, int viewer,
                               const char *what)
{
    char *out = NULL;
    size_t len = 0;
    tg_status s = fn(st, viewer, &out, &len);
    if (s != TG_E_INVALID_ARGUMENT || out != NULL) {
        tg_free(out);
        conf_fail(c, "%s for invalid viewer %d gave %s", what, viewer, tg_status_name(s));
    }
}

/* Every event tells what happened in words: a non-empty one-line "text". */
static void conf_check_event_texts(conf_ctx *c, const char *events, int viewer)
{
    json_t *arr = json_loads(events, 0, NULL);
    size_t i;
    json_t *ev;
    json_array_foreach(arr, i, ev) {
        const char *text = json_string_value(json_object_get(ev, "text"));
        if (text == NULL || text[0] == '\0' || strchr(text, '\n') != NULL) {
            char type[64];
            const char *t = json_string_value(json_object_get(ev, "type"));
            snprintf(type, sizeof type, "%s", t ? t : "?");
            json_decref(arr); /* conf_fail does not return: copy the name first */
            conf_fail(c, "event %zu (%s) for viewer %d has no one-line \"text\"", i, type,
                      viewer);
        }
    }
    json_decref(arr);
}

/* TG_VIEW_REFEREE (1.3) is the referee's view under a name no player
 * sentinel has: the same text as TG_VIEW_OMNISCIENT from every view. */
static void conf_check_referee(conf_ctx *c, const tg_state *st)
{
    const conf_view_fn fns[] = {tg_state_observation_json, tg_state_events_json,
                                tg_state_to_text};
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
        char *all = conf_view(c, fns[i], st, TG_VIEW_OMNISCIENT, "referee", -1);
        char *ref = conf_view(c, fns[i], st, TG_VIEW_REFEREE, "referee", -1);
        int same = strcmp(all, ref) == 0;
        tg_free(all);
        tg_free(ref);
        if (!same)
            conf_fail(c, "view %zu of TG_VIEW_REFEREE differs from TG_VIEW_OMNISCIENT's", i);
    }
}

void conf_check_views(conf_ctx *c, tg_state *st)
{
    for (int v = TG_VIEW_PUBLIC; v < c->players; v++) {
        tg_free(conf_view(c, tg_state_observation_json, st, v, "observation", JSON_OBJECT));
        char *events = conf_view(c, tg_state_events_json, st, v, "events", JSON_ARRAY);
        conf_check_event_texts(c, events, v);
        tg_free(events);
        tg_free(conf_view(c, tg_state_to_text, st, v, "to_text", -1));
    }
    conf_check_referee(c, st);
    const int bad[] = {c->players, c->players + 1, TG_MAX_PLAYERS, -3, -5, INT_MIN, INT_MAX};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        conf_refuse_viewer(c, tg_state_observation_json, st, bad[i], "observation");
        conf_refuse_viewer(c, tg_state_events_json, st, bad[i], "events");
        conf_refuse_viewer(c, tg_state_to_text, st, bad[i], "to_text");
    }
}

static void conf_expect_same(conf_ctx *c, conf_view_fn fn, const tg_state *orig,
                             const tg_state *redrawn, int p, const char *what)
{
    char *want = conf_view(c, fn, orig, p, what, -1);
    char *got = conf_view(c, fn, redrawn, p, what, -1);
    if (strcmp(want, got) != 0) {
        char msg[800];
        snprintf(msg, sizeof msg,
                 "resampling for player %d changed (or leaked through) its %s:\n"
                 "  before %.300s\n  after  %.300s",
                 p, what, want, got);
        tg_free(want);
        tg_free(got);
        conf_fail(c, "%s", msg);
    }
    tg_free(want);
    tg_free(got);
}

void conf_check_no_leak(conf_ctx *c, tg_state *st)
{
    for (int p = 0; p < c->players; p++) {
        tg_state *r = NULL;
        assert_int_equal(tg_state_clone(st, &r), TG_OK);
        tg_status s = tg_state_resample(r, p);
        if (s != TG_OK)
            conf_fail(c, "resample for player %d gave %s: %s", p, tg_status_name(s),
                      tg_state_last_error(r));
        conf_expect_same(c, tg_state_observation_json, st, r, p, "observation");
        conf_expect_same(c, tg_state_events_json, st, r, p, "events");
        conf_expect_same(c, tg_state_to_text, st, r, p, "board drawing");
        /* The public view leaks nothing any one player alone knows: it is
         * the same after a redraw for any player. */
        conf_expect_same(c, tg_state_observation_json, st, r, TG_VIEW_PUBLIC,
                         "public observation");
        conf_expect_same(c, tg_state_events_json, st, r, TG_VIEW_PUBLIC, "public events");
        conf_expect_same(c, tg_state_to_text, st, r, TG_VIEW_PUBLIC, "public drawing");
        conf_check_resampled(c, st, r, p);
        if (tg_state_history_length(r) != 0)
            conf_fail(c, "resampled state keeps %u history entries",
                      (unsigned)tg_state_history_length(r));
        if (tg_state_current_player(r) != tg_state_current_player(st))
            conf_fail(c, "resampling for player %d changed whose turn it is (%d to %d)", p,
                      tg_state_current_player(st), tg_state_current_player(r));
        /* A redrawn position must be one the loader accepts as legal. */
        size_t len = 0;
        unsigned char *save = tgt_save(r, &len);
        tg_state *back = NULL;
        char err[256] = "";
        s = tg_state_load(save, len, NULL, &back, err, sizeof err);
        tg_free(save);
        if (s != TG_OK)
            conf_fail(c, "resampled state (player %d) does not load back: %s: %s", p,
                      tg_status_name(s), err);
        tg_state_free(back);
        tg_state_free(r);
    }
    size_t len = 0;
    unsigned char *save = tgt_save(st, &len);
    const int bad[] = {c->players, TG_MAX_PLAYERS, -2, INT_MIN};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tg_status s = tg_state_resample(st, bad[i]);
        if (s != TG_E_INVALID_ARGUMENT)
            conf_fail(c, "resample for invalid player %d gave %s", bad[i], tg_status_name(s));
    }
    tgt_assert_save_is(st, save, len, "state after resampling was refused");
    tg_free(save);
}
