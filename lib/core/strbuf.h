/* A growable text buffer for board drawings; it remembers a failed
 * allocation so callers can build freely and check once at the end. */
#ifndef TG_CORE_STRBUF_H
#define TG_CORE_STRBUF_H

#include <stddef.h>

#include "msg.h"

typedef struct tg_strbuf {
    char *data;
    size_t len;
    size_t cap;
    int failed;
} tg_strbuf;

void tgS_init(tg_strbuf *sb);
void tgS_free(tg_strbuf *sb);
void tgS_append(tg_strbuf *sb, const char *text);
void tgS_printf(tg_strbuf *sb, const char *fmt, ...) TG_PRINTF(2, 3);

#endif
