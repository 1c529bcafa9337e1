/* Information states against what a player can really tell apart. Two
 * histories from the same state part at one decision (two different chance
 * outcomes, or two moves of one player) and go on with the same decisions
 * while both allow them. For each player:
 *
 *  - while the player's observation and events have been equal at every
 *    step and the parting decision was not the player's own, the player
 *    cannot tell the two histories apart: the information keys and JSON
 *    must be equal (a key that took in a hidden deal or another player's
 *    secret choice fails here);
 *  - while the observations differ, or when the parting decision was the
 *    player's own (her own decisions differ), she can: the keys and JSON
 *    must differ.
 *
 * Both histories start from the same state, so they share the root their
 * own decisions are counted from. The second kind of pair is a position of
 * unknown past (conf_forgetful) and its redraw for one player, each then
 * given the same decisions: no history before them, so again the same
 * root; the player cannot tell them apart until she sees a difference. */
#include "conf.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

/* Decisions followed after the parting one; half as many in quick runs
 * (a stride of 16 or more: sanitizers and valgrind). */
#define CONF_PAIR_STEPS 12
#define CONF_PAIR_STEPS_QUICK 6

typedef struct conf_info {
    char *obs;
    char *events;
    char *json;
    uint64_t key[2];
    float *tensor; /* the information-state tensor (1.4) */
} conf_info;

static char *conf_info_text(conf_ctx *c, tg_status (*fn)(const tg_state *, int, char **, size_t *),
                            const tg_state *st, int p, const char *what)
{
    char *out = NULL;
    if (fn(st, p, &out, NULL) != TG_OK || !out)
        conf_fail(c, "%s of player %d failed: %s", what, p, tg_state_last_error(st));
    return out;
}

static void conf_info_read(conf_ctx *c, const tg_state *st, int p, conf_info *out)
{
    out->obs = conf_info_text(c, tg_state_observation_json, st, p, "observation");
    out->events = conf_info_text(c, tg_state_events_json, st, p, "events");
    out->json = conf_info_text(c, tg_state_information_json, st, p, "information JSON");
    if (tg_state_information_key(st, p, out->key) != TG_OK)
        conf_fail(c, "information key of player %d failed: %s", p, tg_state_last_error(st));
    size_t n = tg_game_information_tensor_size(c->game);
    out->tensor = calloc(n, sizeof *out->tensor);
    assert_non_null(out->tensor);
    if (tg_state_information_tensor(st, p, out->tensor, n) != TG_OK)
        conf_fail(c, "information tensor of player %d failed: %s", p, tg_state_last_error(st));
}

static void conf_info_free(conf_info *x)
{
    tg_free(x->obs);
    tg_free(x->events);
    tg_free(x->json);
    free(x->tensor);
}

/* One player's view of the pair after `step` common decisions; *apart
 * says whether the player has been able to tell them apart so far. */
static void conf_info_compare(conf_ctx *c, const tg_state *a, const tg_state *b, int p,
                              int own_parting, int *apart, unsigned step)
{
    conf_info x, y;
    conf_info_read(c, a, p, &x);
    conf_info_read(c, b, p, &y);
    int same_obs = strcmp(x.obs, y.obs) == 0;
    int same_key = memcmp(x.key, y.key, sizeof x.key) == 0;
    int same_json = strcmp(x.json, y.json) == 0;
    int same_tensor = memcmp(x.tensor, y.tensor,
                             tg_game_information_tensor_size(c->game) * sizeof *x.tensor) == 0;
    if (!same_obs || strcmp(x.events, y.events) != 0)
        *apart = 1;
    char msg[1200] = ""; /* room for both texts: -Wformat-truncation at -O2 */
    if (!*apart)
        c->hidden_pairs++;
    if (same_tensor != same_key)
        snprintf(msg, sizeof msg,
                 "player %d: the information keys are %s but the information tensors %s "
                 "(step %u):\n  %.350s\n  %.350s",
                 p, same_key ? "equal" : "different", same_tensor ? "equal" : "differ", step,
                 x.json, y.json);
    else if (!*apart && (!same_key || !same_json))
        snprintf(msg, sizeof msg,
                 "player %d cannot tell two histories apart (parted %u decisions ago at a "
                 "decision not hers or by a redraw for her; the same observations and events "
                 "since), yet the "
                 "information %s differ:\n  %.350s\n  %.350s",
                 p, step, same_key ? "JSON" : "keys", x.json, y.json);
    else if ((!same_obs || own_parting) && (same_key || same_json))
        snprintf(msg, sizeof msg,
                 "player %d can tell two histories apart (%s), yet the information %s are "
                 "equal:\n  %.350s",
                 p, own_parting ? "her own decisions differ" : "her observations differ",
                 same_key ? "keys" : "JSON", x.json);
    conf_info_free(&x);
    conf_info_free(&y);
    if (msg[0])
        conf_fail(c, "%s", msg);
}

/* Compares the players in watch (all when -1) after every common decision
 * of a and b, for up to CONF_PAIR_STEPS decisions while both allow them.
 * decider: the player whose own decision parted them, or -1. */
static void conf_walk_pair(conf_ctx *c, tg_state *a, tg_state *b, int watch, int decider,
                           conf_rng *rng)
{
    int apart[TG_MAX_PLAYERS];
    for (int p = 0; p < c->players; p++)
        apart[p] = p == decider;
    unsigned steps = c->stride >= 16 ? CONF_PAIR_STEPS_QUICK : CONF_PAIR_STEPS;
    for (unsigned step = 0;; step++) {
        for (int p = 0; p < c->players; p++)
            if (watch < 0 || p == watch)
                conf_info_compare(c, a, b, p, p == decider, &apart[p], step);
        int cp = tg_state_current_player(a);
        if (step == steps || cp == TG_PLAYER_TERMINAL ||
            cp != tg_state_current_player(b))
            return;
        tg_move m = 0;
        if (cp == TG_PLAYER_CHANCE) {
            assert_int_equal(tg_state_sample_chance(a, &m), TG_OK);
        } else {
            size_t k = conf_legal(c, a);
            m = c->moves[conf_rng_next(rng) % k];
        }
        /* The same decision on both, while the other history allows it. */
        if (tg_state_is_legal(b, m) != TG_OK)
            return;
        if (tg_state_apply(a, m) != TG_OK || tg_state_apply(b, m) != TG_OK)
            conf_fail(c, "decision %u refused on a parted history", (unsigned)m);
    }
}

void conf_check_information_pairs(conf_ctx *c, const tg_state *st, uint64_t salt)
{
    size_t n = conf_legal(c, st);
    if (n < 2)
        return;
    conf_rng rng = {c->seed * 0x9E37ull + salt};
    size_t i = (size_t)(conf_rng_next(&rng) % n);
    size_t j = (i + 1 + (size_t)(conf_rng_next(&rng) % (n - 1))) % n;
    tg_state *a = NULL, *b = NULL;
    assert_int_equal(tg_state_clone(st, &a), TG_OK);
    assert_int_equal(tg_state_clone(st, &b), TG_OK);
    if (tg_state_apply(a, c->moves[i]) != TG_OK || tg_state_apply(b, c->moves[j]) != TG_OK)
        conf_fail(c, "a legal move was refused: %s", tg_state_last_error(a));
    int cp = tg_state_current_player(st);
    conf_walk_pair(c, a, b, -1, cp >= 0 ? cp : -1, &rng);
    tg_state_free(a);
    tg_state_free(b);
}

/* st and the same position of unknown past: the same observation where
 * nothing is hidden, but not the same own decisions; whatever the game,
 * the keys are equal exactly when the information JSON is (a key that
 * leaves out the player's own decisions fails here). */
static void conf_check_key_follows_json(conf_ctx *c, const tg_state *st, const tg_state *f)
{
    for (int p = 0; p < c->players; p++) {
        conf_info x, y;
        conf_info_read(c, st, p, &x);
        conf_info_read(c, f, p, &y);
        int same_json = strcmp(x.json, y.json) == 0;
        int same_tensor = memcmp(x.tensor, y.tensor, tg_game_information_tensor_size(c->game) *
                                                         sizeof *x.tensor) == 0;
        int same_key = memcmp(x.key, y.key, sizeof x.key) == 0;
        conf_info_free(&x);
        conf_info_free(&y);
        if (same_json != same_key || same_tensor != same_key)
            conf_fail(c, "player %d: a position and the same position of unknown past have %s "
                         "information JSON, %s keys and %s information tensors",
                      p, same_json ? "equal" : "different", same_key ? "equal" : "different",
                      same_tensor ? "equal" : "different");
    }
}

void conf_check_information_resampled(conf_ctx *c, const tg_state *st, uint64_t salt)
{
    tg_state *f = conf_forgetful(c, st);
    conf_check_key_follows_json(c, st, f);
    conf_rng rng = {c->seed * 0x51EDull + salt};
    for (int p = 0; p < c->players; p++) {
        tg_state *a = NULL, *b = NULL;
        assert_int_equal(tg_state_clone(f, &a), TG_OK);
        assert_int_equal(tg_state_clone(f, &b), TG_OK);
        assert_int_equal(tg_state_seed(b, conf_rng_next(&rng)), TG_OK);
        if (tg_state_resample(b, p) != TG_OK)
            conf_fail(c, "resample for player %d: %s", p, tg_state_last_error(b));
        conf_walk_pair(c, a, b, p, -1, &rng);
        tg_state_free(a);
        tg_state_free(b);
    }
    tg_state_free(f);
}
