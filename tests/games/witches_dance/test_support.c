#include "test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *wd_dump(json_t *holder, json_t *value, char *out, size_t cap)
{
    char *text = value ? json_dumps(value, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY)
                       : NULL;
    snprintf(out, cap, "%s", text ? text : "(absent)");
    free(text);
    json_decref(holder);
    return out;
}

const char *wd_field(const tg_state *st, const char *key)
{
    static char out[4096];
    json_t *pos = tgt_position(st);
    return wd_dump(pos, json_object_get(pos, key), out, sizeof out);
}

const char *wd_seen(const tg_state *st, int viewer, const char *key)
{
    static char out[4096];
    json_t *obs = tgt_observation(st, viewer);
    return wd_dump(obs, json_object_get(obs, key), out, sizeof out);
}

const char *wd_events_text(const tg_state *st, int viewer)
{
    static char out[4096];
    json_t *ev = tgt_events(st, viewer);
    return wd_dump(ev, ev, out, sizeof out);
}

tg_state *wd_resampled(const tg_state *st, int seat, uint64_t seed)
{
    tg_state *c = NULL;
    assert_int_equal(tg_state_clone(st, &c), TG_OK);
    assert_int_equal(tg_state_seed(c, seed), TG_OK);
    assert_int_equal(tg_state_resample(c, seat), TG_OK);
    return c;
}

tg_state *wd_forgetful(const tg_state *st)
{
    json_t *pos = tgt_position(st);
    json_object_del(pos, "known");
    json_t *save = json_pack("{s:s,s:s,s:i,s:o}", "game", "witches_dance", "options",
                             tg_game_options(tg_state_game(st)), "move_number",
                             (int)tg_state_move_number(st), "position", pos);
    char *text = json_dumps(save, JSON_COMPACT);
    json_decref(save);
    tg_state *out = tgt_from_json(text);
    free(text);
    return out;
}

void wd_expect_after(const char *json, const char *moves, const char *key, const char *want)
{
    tg_state *st = tgt_from_json(json);
    tgt_apply_all(st, moves);
    const char *got = wd_field(st, key);
    if (strcmp(got, want) != 0)
        fail_msg("after %s, %s is %s, expected %s", moves, key, got, want);
    tg_state_free(st);
}
