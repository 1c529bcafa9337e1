/* The structure-aware mutator of JSON saves (save_mutator.h). Like
 * libprotobuf-mutator for protocol buffers, it works on the parsed tree
 * and writes the result back, so an edit is always a well-formed save
 * that differs from a real one in the places a check must look at. */
#include "save_mutator.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "fuzz_common.h"

uint64_t sm_next(sm_rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

uint32_t sm_below(sm_rng *r, uint32_t n)
{
    return (uint32_t)((sm_next(r) >> 32) * n >> 32);
}

/* ---- the tree as a list of places ------------------------------------------- */

/* One value of the edited tree and where it sits. */
typedef struct sm_node {
    json_t *parent;   /* NULL for the tree itself */
    const char *key;  /* member name in an object parent, else NULL */
    size_t index;     /* element of an array parent */
    json_t *value;
    int up;           /* the parent's node, -1 for the tree itself */
    int field;        /* the top-level member this value belongs to, -1 for the tree */
    char name[48];    /* the member name, with "[]" per array level below it */
} sm_node;

enum { SM_MAX_NODES = 4096, SM_MAX_EDITS = 6 };

typedef struct sm_tree {
    sm_node *at;
    int n;
    int fields; /* top-level members */
} sm_tree;

static void sm_add(sm_tree *t, json_t *parent, const char *key, size_t index, json_t *value,
                   int up, int field, const char *name)
{
    if (t->n >= SM_MAX_NODES)
        return;
    int me = t->n++;
    sm_node *nd = &t->at[me];
    *nd = (sm_node){parent, key, index, value, up, field, ""};
    snprintf(nd->name, sizeof nd->name, "%s", name);
    const char *k;
    json_t *child;
    size_t i;
    if (json_is_object(value)) {
        json_object_foreach(value, k, child) {
            int f = field;
            if (up < 0 && parent == NULL)
                f = t->fields++;
            sm_add(t, value, k, 0, child, me, f, k);
        }
    } else if (json_is_array(value)) {
        char inner[sizeof nd->name];
        snprintf(inner, sizeof inner, "%.45s[]", nd->name);
        json_array_foreach(value, i, child)
            sm_add(t, value, NULL, i, child, me, field, inner);
    }
}

static void sm_collect(sm_tree *t, json_t *root)
{
    t->n = 0;
    t->fields = 0;
    sm_add(t, NULL, NULL, 0, root, -1, -1, "");
}

/* A place of the tree: one time in four any value, else a value of a
 * top-level member chosen first, so the few small members (a stage, the
 * dice, a turn) are not drowned by the long lists. Never the tree itself
 * unless it is all there is. */
static int sm_pick(const sm_tree *t, sm_rng *r)
{
    if (t->n <= 1)
        return 0;
    if (t->fields == 0 || sm_below(r, 4) == 0)
        return 1 + (int)sm_below(r, (uint32_t)t->n - 1);
    int field = (int)sm_below(r, (uint32_t)t->fields), count = 0;
    for (int i = 1; i < t->n; i++)
        count += t->at[i].field == field;
    int k = (int)sm_below(r, (uint32_t)count);
    for (int i = 1; i < t->n; i++)
        if (t->at[i].field == field && k-- == 0)
            return i;
    return 1;
}

static int sm_is_ancestor(const sm_tree *t, int a, int b)
{
    for (int i = b; i >= 0; i = t->at[i].up)
        if (i == a)
            return 1;
    return 0;
}

/* Puts value (a new reference) where node i is. */
static void sm_replace(const sm_node *nd, json_t *value)
{
    if (!value)
        return;
    if (!nd->parent)
        json_decref(value); /* the tree itself stays */
    else if (nd->key)
        json_object_set_new(nd->parent, nd->key, value);
    else
        json_array_set_new(nd->parent, nd->index, value);
}

static void sm_remove(const sm_node *nd)
{
    if (!nd->parent)
        return;
    if (nd->key)
        json_object_del(nd->parent, nd->key);
    else
        json_array_remove(nd->parent, nd->index);
}

/* ---- new values ------------------------------------------------------------------ */

/* A number a check is likely to compare against: next to the old one, 0,
 * -1, small, or an edge of a type or of a board. */
static json_t *sm_number(const json_t *old, sm_rng *r)
{
    static const json_int_t edges[] = {
        2,  3,  4,  5,  6,  7,  8,   9,   10,  11,  12,    13,    15,        16,
        17, 20, 23, 24, 25, 31, 32,  35,  36,  39,  40,    47,    48,        59,
        60, 61, 63, 64, 99, 100, 127, 128, 254, 255, 256, 65535, 65536, 2147483647,
        2147483648LL, -2147483647LL - 1, LLONG_MAX, LLONG_MIN};
    switch (sm_below(r, 7)) {
    case 0:
    case 1:
        if (json_is_integer(old)) {
            json_int_t v = json_integer_value(old);
            if (v > LLONG_MIN && v < LLONG_MAX)
                return json_integer(sm_below(r, 2) ? v + 1 : v - 1);
        }
        return json_integer(0);
    case 2:
    case 3:
        return json_integer(0);
    case 4:
        return json_integer(sm_below(r, 4) ? (json_int_t)sm_below(r, 64) : -1);
    default:
        return json_integer(edges[sm_below(r, sizeof edges / sizeof edges[0])]);
    }
}

/* A value a real position held under the same name, or NULL. */
static json_t *sm_same_name(const json_t *values, const char *name, sm_rng *r)
{
    const json_t *seen = values ? json_object_get(values, name) : NULL;
    size_t n = json_array_size(seen);
    return n ? json_deep_copy(json_array_get(seen, sm_below(r, (uint32_t)n))) : NULL;
}

static json_t *sm_other_type(sm_rng *r)
{
    switch (sm_below(r, 9)) {
    case 0: return json_null();
    case 1: return json_true();
    case 2: return json_false();
    case 3: return json_string("");
    case 4: return json_array();
    case 5: return json_object();
    case 6: return json_real(1.5);
    case 7: return json_string("3");
    default: return json_string("\xc3\xa9t\xc3\xa9");
    }
}

/* An element for an array: a copy of one of its own, a number, or a value
 * seen under its name. */
static json_t *sm_element(const sm_node *nd, const json_t *values, sm_rng *r)
{
    size_t n = json_array_size(nd->value);
    char name[64];
    snprintf(name, sizeof name, "%s[]", nd->name);
    json_t *v = NULL;
    switch (sm_below(r, 3)) {
    case 0:
        v = n ? json_deep_copy(json_array_get(nd->value, sm_below(r, (uint32_t)n))) : NULL;
        break;
    case 1:
        v = sm_same_name(values, name, r);
        break;
    default:
        break;
    }
    return v ? v : sm_number(n ? json_array_get(nd->value, 0) : NULL, r);
}

/* ---- the edits ---------------------------------------------------------------------- */

enum sm_edit {
    SM_NUMBER,    /* a number at an edge */
    SM_SAME_NAME, /* a value another position had under this name (a stage for a stage) */
    SM_COPY,      /* the value of another field of this save or of the donor */
    SM_SWAP,      /* two values trade places (a sibling, most often) */
    SM_DROP,      /* a member or an element gone */
    SM_GROW,      /* an element added to an array, a member to an object, a copy beside */
    SM_SHRINK,    /* an array cut short */
    SM_TYPE,      /* a value of another type */
    SM_DONOR,     /* a top-level field of the donor */
    SM_EDITS
};

static const uint8_t sm_weights[SM_EDITS] = {30, 20, 10, 8, 7, 9, 5, 5, 6};

static enum sm_edit sm_choose(sm_rng *r)
{
    unsigned total = 0;
    for (int e = 0; e < SM_EDITS; e++)
        total += sm_weights[e];
    unsigned k = sm_below(r, total);
    for (int e = 0; e < SM_EDITS; e++) {
        if (k < sm_weights[e])
            return (enum sm_edit)e;
        k -= sm_weights[e];
    }
    return SM_NUMBER;
}

static void sm_swap(sm_tree *t, int a, sm_rng *r)
{
    const sm_node *na = &t->at[a];
    int b = -1;
    size_t siblings = json_is_array(na->parent) ? json_array_size(na->parent) : 0;
    if (siblings >= 2 && sm_below(r, 2)) {
        size_t j = sm_below(r, (uint32_t)siblings);
        for (int i = 1; i < t->n; i++)
            if (t->at[i].parent == na->parent && t->at[i].index == j && !t->at[i].key)
                b = i;
    } else {
        b = sm_pick(t, r);
    }
    if (b < 0 || b == a || sm_is_ancestor(t, a, b) || sm_is_ancestor(t, b, a))
        return;
    json_t *va = json_deep_copy(na->value), *vb = json_deep_copy(t->at[b].value);
    sm_replace(&t->at[b], va);
    sm_replace(na, vb);
}

static void sm_grow(sm_tree *t, int i, const json_t *values, sm_rng *r)
{
    const sm_node *nd = &t->at[i];
    if (json_is_array(nd->value)) {
        json_array_append_new(nd->value, sm_element(nd, values, r));
    } else if (json_is_object(nd->value)) {
        /* a member some position has, or one none has */
        const char *key = "extra";
        size_t names = values ? json_object_size(values) : 0, k = names ? sm_below(r, (uint32_t)names) : 0;
        const char *name;
        json_t *v;
        if (values)
            json_object_foreach((json_t *)values, name, v) {
                if (k-- == 0 && !strchr(name, '[')) {
                    key = name;
                    break;
                }
            }
        json_t *value = sm_same_name(values, key, r);
        json_object_set_new(nd->value, key, value ? value : sm_number(NULL, r));
    } else if (json_is_array(nd->parent)) {
        json_array_insert_new(nd->parent, nd->index, json_deep_copy(nd->value));
    }
}

static void sm_shrink(const sm_node *nd, sm_rng *r)
{
    size_t n = json_array_size(nd->value);
    if (json_is_array(nd->value) && n > 0) {
        size_t keep = sm_below(r, (uint32_t)n);
        while (json_array_size(nd->value) > keep)
            json_array_remove(nd->value, json_array_size(nd->value) - 1);
    } else if (json_is_array(nd->parent)) {
        sm_remove(nd);
    }
}

/* The donor's value of a top-level member, or of one the node is under. */
static void sm_from_donor(sm_tree *t, int i, const json_t *donor, sm_rng *r)
{
    while (i > 0 && t->at[i].up > 0)
        i = t->at[i].up;
    const sm_node *nd = &t->at[i];
    const json_t *theirs = nd->key && donor ? json_object_get(donor, nd->key) : NULL;
    if (theirs)
        sm_replace(nd, json_deep_copy(theirs));
    else
        sm_replace(nd, sm_number(nd->value, r));
}

static void sm_copy(sm_tree *t, int i, const json_t *donor, sm_rng *r)
{
    if (donor && sm_below(r, 3) == 0) {
        static sm_node theirs[SM_MAX_NODES]; /* a fuzzer is one thread */
        sm_tree d = {theirs, 0, 0};
        sm_collect(&d, (json_t *)donor);
        sm_replace(&t->at[i], json_deep_copy(d.at[sm_pick(&d, r)].value));
        return;
    }
    int j = sm_pick(t, r);
    if (j != i)
        sm_replace(&t->at[i], json_deep_copy(t->at[j].value));
}

static void sm_edit_once(sm_tree *t, json_t *tree, const json_t *values, const json_t *donor,
                         sm_rng *r)
{
    sm_collect(t, tree);
    int i = sm_pick(t, r);
    const sm_node *nd = &t->at[i];
    json_t *v;
    switch (sm_choose(r)) {
    case SM_NUMBER:
        /* in a list or an object, most often one of its numbers */
        while (i + 1 < t->n && t->at[i + 1].up == i && sm_below(r, 4)) {
            int kids = 0;
            for (int k = i + 1; k < t->n; k++)
                kids += t->at[k].up == i;
            int pick = (int)sm_below(r, (uint32_t)kids);
            for (int k = i + 1; k < t->n; k++)
                if (t->at[k].up == i && pick-- == 0) {
                    i = k;
                    break;
                }
        }
        nd = &t->at[i];
        sm_replace(nd, sm_number(nd->value, r));
        break;
    case SM_SAME_NAME:
        v = sm_same_name(values, nd->name, r);
        sm_replace(nd, v ? v : sm_number(nd->value, r));
        break;
    case SM_COPY:
        sm_copy(t, i, donor, r);
        break;
    case SM_SWAP:
        sm_swap(t, i, r);
        break;
    case SM_DROP:
        sm_remove(nd);
        break;
    case SM_GROW:
        sm_grow(t, i, values, r);
        break;
    case SM_SHRINK:
        sm_shrink(nd, r);
        break;
    case SM_TYPE:
        sm_replace(nd, sm_other_type(r));
        break;
    default:
        sm_from_donor(t, i, donor, r);
        break;
    }
}

void sm_mutate(json_t *save, const json_t *values, const json_t *donor, sm_rng *r)
{
    json_t *tree = json_object_get(save, "position");
    const json_t *donor_tree = donor ? json_object_get(donor, "position") : NULL;
    unsigned where = sm_below(r, 20);
    if (where < 5 && json_is_object(json_object_get(save, "root"))) {
        tree = json_object_get(save, "root");
        donor_tree = donor ? json_object_get(donor, "root") : NULL;
    }
    if (!json_is_object(tree) || where == 19) {
        tree = save;
        donor_tree = donor;
    }
    static sm_node ours[SM_MAX_NODES]; /* a fuzzer is one thread */
    sm_tree t = {ours, 0, 0};
    int edits = 1;
    while (edits < SM_MAX_EDITS && sm_below(r, 2))
        edits++;
    for (int k = 0; k < edits; k++)
        sm_edit_once(&t, tree, values, donor_tree, r);
}

/* ---- one edit away ------------------------------------------------------------------ */

typedef struct sm_near {
    const json_t *save, *values;
    sm_visit visit;
    void *ctx;
} sm_near;

/* The save with position[key] (index < 0) or position[key][index] set to
 * value (a new reference); index == size appends, value NULL removes. */
static void sm_near_one(const sm_near *n, const char *key, long index, json_t *value)
{
    json_t *save = json_deep_copy(n->save);
    json_t *pos = json_object_get(save, "position");
    json_t *list = json_object_get(pos, key);
    if (index < 0)
        json_object_set_new(pos, key, value);
    else if (!value)
        json_array_remove(list, (size_t)index);
    else if ((size_t)index == json_array_size(list))
        json_array_append_new(list, value);
    else
        json_array_set_new(list, (size_t)index, value);
    n->visit(save, n->ctx);
}

/* Each boundary or seen value for the state variable v filed under name. */
static void sm_near_values(const sm_near *n, const char *key, long index, const json_t *v,
                           const char *name)
{
    if (json_is_integer(v)) {
        json_int_t x = json_integer_value(v);
        json_int_t cand[3] = {0, x > LLONG_MIN ? x - 1 : x, x < LLONG_MAX ? x + 1 : x};
        for (int k = 0; k < 3; k++)
            if (cand[k] != x && (k == 0 || cand[k] != 0))
                sm_near_one(n, key, index, json_integer(cand[k]));
    } else if (json_is_boolean(v)) {
        sm_near_one(n, key, index, json_boolean(!json_is_true(v)));
    }
    if (json_is_null(v) || json_is_string(v)) {
        if (json_is_null(v))
            sm_near_one(n, key, index, json_integer(0));
        const json_t *seen = n->values ? json_object_get(n->values, name) : NULL;
        int words = 0;
        for (size_t i = 0; i < json_array_size(seen) && words < SM_NEIGHBOUR_WORDS; i++) {
            const json_t *w = json_array_get(seen, i);
            if ((json_is_string(w) || json_is_integer(w)) && !json_equal(w, v)) {
                sm_near_one(n, key, index, json_deep_copy(w));
                words++;
            }
        }
    }
    if (!json_is_null(v))
        sm_near_one(n, key, index, json_null());
}

void sm_neighbours(const json_t *save, const json_t *values, sm_visit visit, void *ctx)
{
    sm_near n = {save, values, visit, ctx};
    const char *key;
    json_t *v;
    json_object_foreach(json_object_get(save, "position"), key, v) {
        if (!json_is_array(v) && !json_is_object(v)) {
            sm_near_values(&n, key, -1, v, key);
        } else if (json_is_array(v) && json_array_size(v) <= 4) {
            char name[64];
            snprintf(name, sizeof name, "%.45s[]", key);
            size_t size = json_array_size(v);
            for (size_t i = 0; i < size; i++)
                if (!json_is_array(json_array_get(v, i)) && !json_is_object(json_array_get(v, i)))
                    sm_near_values(&n, key, (long)i, json_array_get(v, i), name);
            sm_near_one(&n, key, (long)size, json_integer(0));
            sm_near_one(&n, key, (long)size, json_integer(-1));
            if (size)
                sm_near_one(&n, key, (long)size - 1, NULL);
        }
    }
}

/* ---- what real positions hold --------------------------------------------------------- */

static void sm_values_walk(json_t *values, const json_t *v, const char *name)
{
    const char *k;
    json_t *child;
    size_t i;
    if (*name) {
        json_t *seen = json_object_get(values, name);
        if (!seen) {
            seen = json_array();
            json_object_set_new(values, name, seen);
        }
        int known = 0;
        for (i = 0; i < json_array_size(seen) && !known; i++)
            known = json_equal(json_array_get(seen, i), v);
        if (!known && json_array_size(seen) < SM_VALUES_PER_NAME)
            json_array_append_new(seen, json_deep_copy(v));
    }
    if (json_is_object(v)) {
        json_object_foreach((json_t *)v, k, child)
            sm_values_walk(values, child, k);
    } else if (json_is_array(v)) {
        char inner[64];
        snprintf(inner, sizeof inner, "%.45s[]", name);
        json_array_foreach(v, i, child)
            sm_values_walk(values, child, inner);
    }
}

void sm_values_add(json_t *values, const json_t *position)
{
    sm_values_walk(values, position, "");
}
