/* Checks of perfect recall and of the 1.2 views: a resample keeps what the
 * player knows, tensors and the public view; the tensor holds exactly what
 * the observation holds; information keys are equal exactly when the
 * canonical information JSON is. The pairwise checks gather samples over a
 * game (states and their resamples) and compare them once it ends. */
#include "conf.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

/* Most samples kept per game: the check sorts them, so more cost little
 * time but memory (a Bewitched tensor is about 8 KB). */
#define CONF_MAX_SAMPLES 1200
/* Every how many checked states the views are sampled. */
#define CONF_SAMPLE_EVERY 6

typedef struct conf_sample {
    int who;        /* viewer, or player for an information state */
    char *text;     /* observation without the fields the tensor omits / info JSON */
    float *tensor;  /* the observation tensor, or the information-state tensor (1.4) */
    uint64_t key[2];
} conf_sample;

struct conf_samples {
    conf_sample views[CONF_MAX_SAMPLES];
    size_t n_views;
    conf_sample infos[CONF_MAX_SAMPLES];
    size_t n_infos;
    size_t floats;
    size_t info_floats;
    unsigned calls;
};

static struct conf_samples *conf_samples_of(conf_ctx *c)
{
    if (!c->samples) {
        c->samples = calloc(1, sizeof *c->samples);
        assert_non_null(c->samples);
        c->samples->floats = tg_game_observation_tensor_size(c->game);
        c->samples->info_floats = tg_game_information_tensor_size(c->game);
    }
    return c->samples;
}

static float *conf_tensor(conf_ctx *c, const tg_state *st, int viewer)
{
    size_t n = tg_game_observation_tensor_size(c->game);
    float *t = calloc(n + 1, sizeof *t);
    assert_non_null(t);
    tg_status s = tg_state_observation_tensor(st, viewer, t, n - 1);
    if (s != TG_E_BUFFER_TOO_SMALL)
        conf_fail(c, "a tensor buffer one float short gave %s", tg_status_name(s));
    t[n] = 12345.0f;
    s = tg_state_observation_tensor(st, viewer, t, n + 1);
    if (s != TG_OK || t[n] != 12345.0f)
        conf_fail(c, "tensor for viewer %d gave %s (or wrote past its size)", viewer,
                  tg_status_name(s));
    return t;
}

/* The observation without "game", "viewer", "players" and "move_number",
 * the core fields the tensor documents it leaves out. */
static char *conf_tensor_observation(conf_ctx *c, const tg_state *st, int viewer)
{
    char *text = NULL;
    if (tg_state_observation_json(st, viewer, &text, NULL) != TG_OK)
        conf_fail(c, "observation for viewer %d failed", viewer);
    json_t *j = json_loads(text, 0, NULL);
    tg_free(text);
    assert_non_null(j);
    json_object_del(j, "game");
    json_object_del(j, "viewer");
    json_object_del(j, "players");
    json_object_del(j, "move_number");
    char *out = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(j);
    assert_non_null(out);
    return out;
}

static void conf_add_view(conf_ctx *c, const tg_state *st, int viewer)
{
    struct conf_samples *s = conf_samples_of(c);
    if (s->n_views == CONF_MAX_SAMPLES)
        return;
    conf_sample *e = &s->views[s->n_views++];
    e->who = viewer;
    e->text = conf_tensor_observation(c, st, viewer);
    e->tensor = conf_tensor(c, st, viewer);
}

static void conf_add_info(conf_ctx *c, const tg_state *st, int p)
{
    struct conf_samples *s = conf_samples_of(c);
    if (s->n_infos == CONF_MAX_SAMPLES)
        return;
    conf_sample *e = &s->infos[s->n_infos];
    char *text = NULL;
    size_t len = 0;
    if (tg_state_information_json(st, p, &text, &len) != TG_OK ||
        tg_state_information_key(st, p, e->key) != TG_OK || len != strlen(text))
        conf_fail(c, "information state of player %d: %s", p, tg_state_last_error(st));
    json_t *j = json_loads(text, 0, NULL);
    if (!json_is_object(j) || !json_is_object(json_object_get(j, "observation")) ||
        !json_is_array(json_object_get(j, "own_decisions")) ||
        !json_is_object(json_object_get(j, "own_digest")) || json_object_size(j) != 3)
        conf_fail(c, "information JSON of player %d is not {observation, own_decisions, "
                     "own_digest}", p);
    /* The information is the observation and the digest of every own
     * decision; the list since the root is for people (a resample starts
     * it again but keeps the digest, and the key). */
    json_object_del(j, "own_decisions");
    e->tensor = calloc(s->info_floats, sizeof *e->tensor);
    assert_non_null(e->tensor);
    if (tg_state_information_tensor(st, p, e->tensor, s->info_floats - 1) !=
            TG_E_BUFFER_TOO_SMALL ||
        tg_state_information_tensor(st, p, e->tensor, s->info_floats) != TG_OK)
        conf_fail(c, "information tensor of player %d: %s", p, tg_state_last_error(st));
    e->who = p;
    e->text = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
    assert_non_null(e->text);
    json_decref(j);
    tg_free(text);
    s->n_infos++;
}

void conf_sample_views(conf_ctx *c, const tg_state *st)
{
    struct conf_samples *s = conf_samples_of(c);
    if (s->calls++ % CONF_SAMPLE_EVERY != 0)
        return;
    for (int v = TG_VIEW_PUBLIC; v < c->players; v++)
        conf_add_view(c, st, v);
    for (int p = 0; p < c->players; p++)
        conf_add_info(c, st, p);
}

static void conf_same_tensor(conf_ctx *c, const tg_state *st, const tg_state *r, int viewer,
                             int p)
{
    float *a = conf_tensor(c, st, viewer), *b = conf_tensor(c, r, viewer);
    size_t n = tg_game_observation_tensor_size(c->game);
    if (memcmp(a, b, n * sizeof *a) != 0)
        conf_fail(c, "resampling for player %d changed the tensor of viewer %d", p, viewer);
    free(a);
    free(b);
}

void conf_check_resampled(conf_ctx *c, const tg_state *st, const tg_state *r, int p)
{
    conf_same_tensor(c, st, r, p, p);
    conf_same_tensor(c, st, r, TG_VIEW_PUBLIC, p);
    /* The resample is in p's information set: p's key is unchanged. */
    uint64_t a[2], b[2];
    if (tg_state_information_key(st, p, a) != TG_OK || tg_state_information_key(r, p, b) != TG_OK)
        conf_fail(c, "information key of player %d failed", p);
    if (a[0] != b[0] || a[1] != b[1])
        conf_fail(c, "resampling for player %d changed the player's information key", p);
    /* The resample joins the samples at the same time as its original, so
     * the pairs that must agree (p's view of both) are both there. */
    struct conf_samples *s = conf_samples_of(c);
    if ((s->calls - 1) % CONF_SAMPLE_EVERY == 0) {
        for (int v = TG_VIEW_PUBLIC; v < c->players; v++)
            conf_add_view(c, r, v);
        conf_add_info(c, r, p);
    }
}

static size_t conf_floats;

static int conf_by_text(const void *x, const void *y)
{
    const conf_sample *a = x, *b = y;
    if (a->who != b->who)
        return a->who < b->who ? -1 : 1;
    return strcmp(a->text, b->text);
}

static int conf_by_tensor(const void *x, const void *y)
{
    const conf_sample *a = x, *b = y;
    if (a->who != b->who)
        return a->who < b->who ? -1 : 1;
    return memcmp(a->tensor, b->tensor, conf_floats * sizeof(float));
}

static int conf_by_key(const void *x, const void *y)
{
    const conf_sample *a = x, *b = y;
    if (a->who != b->who)
        return a->who < b->who ? -1 : 1;
    return memcmp(a->key, b->key, sizeof a->key);
}

/* Sorted by one side, neighbours equal on it must be equal on the other. */
static void conf_pairs_agree(conf_ctx *c, conf_sample *v, size_t n,
                             int (*by)(const void *, const void *),
                             int (*other)(const void *, const void *), const char *what)
{
    qsort(v, n, sizeof *v, by);
    for (size_t i = 1; i < n; i++)
        if (by(&v[i - 1], &v[i]) == 0 && other(&v[i - 1], &v[i]) != 0)
            conf_fail(c, "%s (viewer %d):\n  %.400s\n  %.400s", what, v[i].who, v[i - 1].text,
                      v[i].text);
}

void conf_check_samples(conf_ctx *c)
{
    struct conf_samples *s = c->samples;
    if (!s)
        return;
    /* qsort has no context argument: the comparison reads the length here,
     * set just before each sort and used by nothing else. */
    conf_floats = s->floats;
    conf_pairs_agree(c, s->views, s->n_views, conf_by_text, conf_by_tensor,
                     "equal observations, different tensors");
    conf_pairs_agree(c, s->views, s->n_views, conf_by_tensor, conf_by_text,
                     "equal tensors, different observations");
    conf_pairs_agree(c, s->infos, s->n_infos, conf_by_text, conf_by_key,
                     "equal information JSON, different keys");
    conf_pairs_agree(c, s->infos, s->n_infos, conf_by_key, conf_by_text,
                     "equal information keys, different JSON");
    conf_floats = s->info_floats;
    conf_pairs_agree(c, s->infos, s->n_infos, conf_by_key, conf_by_tensor,
                     "equal information keys, different information tensors");
    conf_pairs_agree(c, s->infos, s->n_infos, conf_by_tensor, conf_by_key,
                     "equal information tensors, different information keys");
    for (size_t i = 0; i < s->n_views; i++) {
        free(s->views[i].text);
        free(s->views[i].tensor);
    }
    for (size_t i = 0; i < s->n_infos; i++) {
        free(s->infos[i].text);
        free(s->infos[i].tensor);
    }
    free(s);
    c->samples = NULL;
}

/* The state as a position with an unknown past: its JSON save without the
 * root, the history and the knowledge ("known", the name every game with
 * knowledge marks gives them), loaded back. It knows only what its own
 * events imply, so resampling has something to redraw even in games where
 * perfect recall from the start leaves nothing hidden. */
tg_state *conf_forgetful(conf_ctx *c, const tg_state *st)
{
    char *text = NULL;
    if (tg_state_to_json(st, &text, NULL) != TG_OK)
        conf_fail(c, "to_json failed");
    json_t *j = json_loads(text, 0, NULL);
    tg_free(text);
    assert_non_null(j);
    json_object_del(json_object_get(j, "position"), "known");
    json_object_del(j, "root");
    json_object_del(j, "root_move_number");
    json_object_del(j, "history");
    char *again = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    tg_state *out = NULL;
    char err[256] = "";
    tg_status s = tg_state_from_json(again, strlen(again), NULL, &out, err, sizeof err);
    free(again);
    if (s != TG_OK)
        conf_fail(c, "a position without knowledge does not load: %s", err);
    return out;
}
