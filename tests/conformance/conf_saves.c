/* Checks that both save forms round-trip exactly: the loaded state equals
 * the original, saves again to the same bytes, carries the RNG and the
 * history, and can still undo. */
#include "conf.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "save_edit.h"

/* Undo on the loaded copy must land on the state one decision earlier. */
static void conf_check_undo_after_load(conf_ctx *c, tg_state *loaded, const tg_state *previous,
                                       const char *form)
{
    if (!previous)
        return;
    tg_status s = tg_state_undo(loaded);
    if (s != TG_OK)
        conf_fail(c, "undo after loading the %s save gave %s: %s", form, tg_status_name(s),
                  tg_state_last_error(loaded));
    if (!tg_state_equal(loaded, previous))
        conf_fail(c, "undo after loading the %s save did not restore the previous state", form);
}

static void conf_check_binary(conf_ctx *c, const tg_state *st, const tg_state *previous,
                              const unsigned char *save, size_t len)
{
    tg_state *loaded = NULL;
    char err[256] = "";
    tg_status s = tg_state_load(save, len, NULL, &loaded, err, sizeof err);
    if (s != TG_OK)
        conf_fail(c, "binary save of %zu bytes does not load: %s: %s", len, tg_status_name(s),
                  err);
    if (!tg_state_equal(st, loaded))
        conf_fail(c, "binary save loads to a different position");
    const char *got = tg_game_options(tg_state_game(loaded));
    if (!got || strcmp(got, tg_game_options(c->game)) != 0)
        conf_fail(c, "loaded game has options '%s', want '%s'",
                  got ? got : "(null)", tg_game_options(c->game));
    tgt_assert_save_is(loaded, save, len, "binary save after a binary round trip");
    conf_check_undo_after_load(c, loaded, previous, "binary");
    tg_state_free(loaded);
}

static void conf_check_json(conf_ctx *c, const tg_state *st, const tg_state *previous,
                            const unsigned char *save, size_t len)
{
    char *json = NULL;
    size_t jlen = 0;
    tg_status s = tg_state_to_json(st, &json, &jlen);
    if (s != TG_OK || !json || jlen != strlen(json))
        conf_fail(c, "to_json gave %s", tg_status_name(s));
    tg_state *loaded = NULL;
    char err[256] = "";
    s = tg_state_from_json(json, jlen, NULL, &loaded, err, sizeof err);
    if (s != TG_OK) {
        char msg[600];
        snprintf(msg, sizeof msg, "JSON save does not load: %s: %s\n  %.300s", tg_status_name(s),
                 err, json);
        tg_free(json);
        conf_fail(c, "%s", msg);
    }
    if (!tg_state_equal(st, loaded))
        conf_fail(c, "JSON save loads to a different position");
    char *again = NULL;
    size_t alen = 0;
    s = tg_state_to_json(loaded, &again, &alen);
    int same = s == TG_OK && alen == jlen && memcmp(again, json, jlen) == 0;
    tg_free(again);
    tg_free(json);
    if (!same)
        conf_fail(c, "JSON save of a JSON-loaded state differs from the original JSON");
    /* The JSON form carries everything the binary one does, RNG included. */
    tgt_assert_save_is(loaded, save, len, "binary save after a JSON round trip");
    conf_check_undo_after_load(c, loaded, previous, "JSON");
    tg_state_free(loaded);
}

void conf_check_saves(conf_ctx *c, const tg_state *st, const tg_state *previous)
{
    size_t len = 0;
    unsigned char *save = tgt_save(st, &len);
    conf_check_binary(c, st, previous, save, len);
    conf_check_json(c, st, previous, save, len);
    tg_free(save);
}

void conf_check_valid(conf_ctx *c, const tg_state *st)
{
    size_t len = 0;
    unsigned char *save = tgt_position_save(st, &len);
    assert_non_null(save);
    tg_state *alone = NULL;
    char err[256] = "";
    tg_status s = tg_state_load(save, len, NULL, &alone, err, sizeof err);
    free(save);
    if (s != TG_OK)
        conf_fail(c, "the position on its own is refused: %s: %s", tg_status_name(s), err);
    if (!tg_state_equal(alone, st) ||
        tg_state_current_player(alone) != tg_state_current_player(st))
        conf_fail(c, "the position on its own loads as another position");
    tg_state_free(alone);
}
