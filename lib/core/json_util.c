#include "json_util.h"

#include <string.h>

static tg_status bad(tg_msg *msg, const char *key, const char *what)
{
    tgM_set(msg, "field \"%s\" %s", key, what);
    return TG_E_CORRUPT;
}

tg_status tgJ_int(const json_t *obj, const char *key, long lo, long hi, long *out, tg_msg *msg)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return bad(msg, key, "is missing");
    if (!json_is_integer(v))
        return bad(msg, key, "must be an integer");
    json_int_t x = json_integer_value(v);
    if (x < lo || x > hi) {
        tgM_set(msg, "field \"%s\" is %lld, allowed %ld..%ld", key, (long long)x, lo, hi);
        return TG_E_CORRUPT;
    }
    *out = (long)x;
    return TG_OK;
}

tg_status tgJ_int_opt(const json_t *obj, const char *key, long lo, long hi, long fallback,
                      long *out, tg_msg *msg)
{
    if (!json_object_get(obj, key)) {
        *out = fallback;
        return TG_OK;
    }
    return tgJ_int(obj, key, lo, hi, out, msg);
}

tg_status tgJ_bool(const json_t *obj, const char *key, int *out, tg_msg *msg)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return bad(msg, key, "is missing");
    if (!json_is_boolean(v))
        return bad(msg, key, "must be true or false");
    *out = json_is_true(v);
    return TG_OK;
}

tg_status tgJ_bool_opt(const json_t *obj, const char *key, int fallback, int *out, tg_msg *msg)
{
    if (!json_object_get(obj, key)) {
        *out = fallback;
        return TG_OK;
    }
    return tgJ_bool(obj, key, out, msg);
}

tg_status tgJ_array(const json_t *obj, const char *key, size_t min_len, size_t max_len,
                    const json_t **out, tg_msg *msg)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return bad(msg, key, "is missing");
    if (!json_is_array(v))
        return bad(msg, key, "must be an array");
    size_t n = json_array_size(v);
    if (n < min_len || n > max_len) {
        tgM_set(msg, "field \"%s\" has %zu entries, allowed %zu..%zu", key, n, min_len, max_len);
        return TG_E_CORRUPT;
    }
    *out = v;
    return TG_OK;
}

int tgJ_find_word(const char *const *words, const char *word)
{
    for (int i = 0; words[i]; i++)
        if (strcmp(words[i], word) == 0)
            return i;
    return -1;
}

tg_status tgJ_word(const json_t *obj, const char *key, const char *const *words, int *out,
                   tg_msg *msg)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return bad(msg, key, "is missing");
    if (!json_is_string(v))
        return bad(msg, key, "must be a string");
    int i = tgJ_find_word(words, json_string_value(v));
    if (i < 0) {
        tgM_set(msg, "field \"%s\" has unknown value \"%.40s\"", key, json_string_value(v));
        return TG_E_CORRUPT;
    }
    *out = i;
    return TG_OK;
}

tg_status tgJ_elem_int(const json_t *arr, size_t idx, const char *what, long lo, long hi,
                       long *out, tg_msg *msg)
{
    const json_t *v = json_array_get(arr, idx);
    if (!v || !json_is_integer(v)) {
        tgM_set(msg, "%s[%zu] must be an integer", what, idx);
        return TG_E_CORRUPT;
    }
    json_int_t x = json_integer_value(v);
    if (x < lo || x > hi) {
        tgM_set(msg, "%s[%zu] is %lld, allowed %ld..%ld", what, idx, (long long)x, lo, hi);
        return TG_E_CORRUPT;
    }
    *out = (long)x;
    return TG_OK;
}
