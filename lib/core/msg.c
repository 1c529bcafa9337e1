#include "msg.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void tgM_set(tg_msg *msg, const char *fmt, ...)
{
    if (!msg)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg->text, sizeof msg->text, fmt, ap);
    va_end(ap);
}

void tgM_copy_out(const char *text, char *buf, size_t size)
{
    if (!buf || size == 0)
        return;
    size_t n = strlen(text);
    if (n >= size)
        n = size - 1;
    memcpy(buf, text, n);
    buf[n] = '\0';
}
