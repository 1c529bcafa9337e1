#include "event_text.h"

#include <stdarg.h>
#include <stdio.h>

void tgE_text(json_t *event, const char *fmt, ...)
{
    char text[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    json_object_set_new(event, "text", json_string(text));
}
