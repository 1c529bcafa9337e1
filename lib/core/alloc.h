/* Every allocation of handles and returned buffers goes through the game's
 * memory hook, in either public form (tg_allocator or tg_sized_allocator),
 * and every release names the block's size. Buffers handed to callers
 * carry a small header naming their hook and size, so tg_free() can
 * release them without a game handle. */
#ifndef TG_CORE_ALLOC_H
#define TG_CORE_ALLOC_H

#include <stddef.h>

#include "boardgames/common.h"

/* One of the two public forms: resize set (tg_sized_allocator), or alloc
 * and release set (tg_allocator). */
typedef struct tg_mem {
    tg_resize_fn resize;
    void *(*alloc)(size_t size, void *user_data);
    void (*release)(void *ptr, void *user_data);
    void *user_data;
} tg_mem;

/* malloc and free. */
void tgA_default(tg_mem *m);
void tgA_from_allocator(tg_mem *m, const tg_allocator *a);
void tgA_from_sized(tg_mem *m, const tg_sized_allocator *a);
void *tgA_alloc(const tg_mem *m, size_t size);
/* ptr may be NULL; size is what it was allocated with. */
void tgA_release(const tg_mem *m, void *ptr, size_t size);
/* A caller-owned buffer of size bytes, released by tg_free(). */
void *tgA_buffer(const tg_mem *m, size_t size);
/* Copies text into a caller-owned buffer; NULL when allocation fails. */
char *tgA_strdup_out(const tg_mem *m, const char *text, size_t len);

#endif
