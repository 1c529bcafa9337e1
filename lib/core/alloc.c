#include "alloc.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

static void *malloc_hook(size_t size, void *ud)
{
    (void)ud;
    return malloc(size);
}

static void free_hook(void *ptr, void *ud)
{
    (void)ud;
    free(ptr);
}

void tgA_default(tg_mem *m)
{
    m->resize = NULL;
    m->alloc = malloc_hook;
    m->release = free_hook;
    m->user_data = NULL;
}

void tgA_from_allocator(tg_mem *m, const tg_allocator *a)
{
    m->resize = NULL;
    m->alloc = a->alloc;
    m->release = a->release;
    m->user_data = a->user_data;
}

void tgA_from_sized(tg_mem *m, const tg_sized_allocator *a)
{
    m->resize = a->resize;
    m->alloc = NULL;
    m->release = NULL;
    m->user_data = a->user_data;
}

/* A block is never empty, so the sized form's "new size 0 means free"
 * cannot be mistaken for an allocation. */
static size_t block_size(size_t size)
{
    return size ? size : 1;
}

void *tgA_alloc(const tg_mem *m, size_t size)
{
    size = block_size(size);
    return m->resize ? m->resize(m->user_data, NULL, 0, size) : m->alloc(size, m->user_data);
}

void tgA_release(const tg_mem *m, void *ptr, size_t size)
{
    if (!ptr)
        return;
    if (m->resize)
        m->resize(m->user_data, ptr, block_size(size), 0);
    else
        m->release(ptr, m->user_data);
}

/* The header is padded to max_align_t so the caller's part stays aligned. */
typedef union buffer_header {
    struct {
        tg_mem mem;
        size_t total; /* bytes allocated, header included */
    } h;
    max_align_t align;
} buffer_header;

void *tgA_buffer(const tg_mem *m, size_t size)
{
    if (size > (size_t)-1 - sizeof(buffer_header))
        return NULL;
    size_t total = sizeof(buffer_header) + size;
    buffer_header *h = tgA_alloc(m, total);
    if (!h)
        return NULL;
    h->h.mem = *m;
    h->h.total = total;
    return h + 1;
}

char *tgA_strdup_out(const tg_mem *m, const char *text, size_t len)
{
    char *p = tgA_buffer(m, len + 1);
    if (!p)
        return NULL;
    memcpy(p, text, len);
    p[len] = '\0';
    return p;
}

void tg_free(void *buffer)
{
    if (!buffer)
        return;
    buffer_header *h = (buffer_header *)buffer - 1;
    tg_mem m = h->h.mem;
    tgA_release(&m, h, h->h.total);
}
