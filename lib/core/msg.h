/* Error messages travel inside the library in a fixed buffer so that
 * reporting a failure never needs an allocation that could itself fail. */
#ifndef TG_CORE_MSG_H
#define TG_CORE_MSG_H

#include <stddef.h>

#define TG_MSG_MAX 256

typedef struct tg_msg {
    char text[TG_MSG_MAX];
} tg_msg;

#if defined(__GNUC__)
#define TG_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define TG_PRINTF(a, b)
#endif

void tgM_set(tg_msg *msg, const char *fmt, ...) TG_PRINTF(2, 3);
/* Copies a message to a caller's optional buffer, cutting it to fit. */
void tgM_copy_out(const char *text, char *buf, size_t size);

#endif
