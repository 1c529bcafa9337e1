/* Zeroing a tensor before the game's writer stores its ones into it, with
 * plain vector stores as wide as the machine has (zero.c). */
#ifndef TG_CORE_ZERO_H
#define TG_CORE_ZERO_H

#include <stddef.h>

void tgZ_bytes(void *p, size_t n);

#endif
