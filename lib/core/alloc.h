/* Every allocation of handles and returned buffers goes through the game's
 * allocator hook. Buffers handed to callers carry a small header naming
 * their allocator, so tg_free() can release them without a game handle. */
#ifndef TG_CORE_ALLOC_H
#define TG_CORE_ALLOC_H

#include <stddef.h>

#include "boardgames/common.h"

void tgA_default(tg_allocator *a);
void *tgA_alloc(const tg_allocator *a, size_t size);
void tgA_release(const tg_allocator *a, void *ptr);
/* A caller-owned buffer of size bytes, released by tg_free(). */
void *tgA_buffer(const tg_allocator *a, size_t size);
/* Copies text into a caller-owned buffer; NULL when allocation fails. */
char *tgA_strdup_out(const tg_allocator *a, const char *text, size_t len);

#endif
