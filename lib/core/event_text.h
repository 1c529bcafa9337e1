/* The "text" of an event: one English sentence telling a person what
 * happened, as the viewer of the event list may know it. Games write it
 * from the same fields they put in the event object for that viewer, so
 * the sentence never says more than the fields do. Seats are named
 * "player N" with the numbers of the "player" fields (from 0), as the
 * tablegames command numbers them. */
#ifndef TG_CORE_EVENT_TEXT_H
#define TG_CORE_EVENT_TEXT_H

#include <jansson.h>

#include "msg.h"

/* Sets event["text"] to the formatted sentence (cut at 255 bytes). */
void tgE_text(json_t *event, const char *fmt, ...) TG_PRINTF(2, 3);

#endif
