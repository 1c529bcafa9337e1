/* Strict readers for hand-written JSON positions: each names the field and
 * the allowed range in its message, so a bad save explains itself. A
 * reader that fails writes nothing to *out: read it only after TG_OK
 * (issue 33: a reader shifted by a number it had never read). */
#ifndef TG_CORE_JSON_UTIL_H
#define TG_CORE_JSON_UTIL_H

#include <jansson.h>

#include "boardgames/common.h"
#include "msg.h"

/* Reads obj[key] as an integer in [lo, hi]. */
tg_status tgJ_int(const json_t *obj, const char *key, long lo, long hi, long *out, tg_msg *msg);
/* Like tgJ_int, but an absent key gives fallback. */
tg_status tgJ_int_opt(const json_t *obj, const char *key, long lo, long hi, long fallback,
                      long *out, tg_msg *msg);
tg_status tgJ_bool(const json_t *obj, const char *key, int *out, tg_msg *msg);
tg_status tgJ_bool_opt(const json_t *obj, const char *key, int fallback, int *out, tg_msg *msg);
/* obj[key] must be an array of length in [min_len, max_len]. */
tg_status tgJ_array(const json_t *obj, const char *key, size_t min_len, size_t max_len,
                    const json_t **out, tg_msg *msg);
/* obj[key] must be a string equal to one of words (NULL-terminated); gives its index. */
tg_status tgJ_word(const json_t *obj, const char *key, const char *const *words, int *out,
                   tg_msg *msg);
/* Element idx of an array as an integer in [lo, hi]; what names the array in messages. */
tg_status tgJ_elem_int(const json_t *arr, size_t idx, const char *what, long lo, long hi,
                       long *out, tg_msg *msg);
/* Looks up a word in a NULL-terminated list; -1 when absent. */
int tgJ_find_word(const char *const *words, const char *word);

#endif
