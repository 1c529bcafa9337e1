#include "position_doc.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

char *tgt_position_doc(const char *game, const char *options, const char *position)
{
    size_t n = strlen(game) + strlen(options) + strlen(position) + 64;
    char *doc = malloc(n);
    assert_non_null(doc);
    int head = snprintf(doc, n, "{\"game\":\"%s\",\"options\":\"%s\",\"position\":", game, options);
    snprintf(doc + head, n - (size_t)head, "%s}", position);
    for (char *c = doc + head; *c; c++)
        if (*c == '\'')
            *c = '"';
    return doc;
}

tg_state *tgt_load_position(const char *game, const char *options, const char *position)
{
    char *doc = tgt_position_doc(game, options, position);
    tg_state *st = tgt_from_json(doc);
    free(doc);
    return st;
}

const char *tgt_load_position_fails(const char *game, const char *options,
                                    const char *position, tg_status want)
{
    char *doc = tgt_position_doc(game, options, position);
    const char *msg = tgt_from_json_fails(doc, want);
    free(doc);
    return msg;
}
