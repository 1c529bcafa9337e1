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

void tgA_default(tg_allocator *a)
{
    a->alloc = malloc_hook;
    a->release = free_hook;
    a->user_data = NULL;
}

void *tgA_alloc(const tg_allocator *a, size_t size)
{
    return a->alloc(size ? size : 1, a->user_data);
}

void tgA_release(const tg_allocator *a, void *ptr)
{
    if (ptr)
        a->release(ptr, a->user_data);
}

/* The header is padded to max_align_t so the caller's part stays aligned. */
typedef union buffer_header {
    tg_allocator alloc;
    max_align_t align;
} buffer_header;

void *tgA_buffer(const tg_allocator *a, size_t size)
{
    if (size > (size_t)-1 - sizeof(buffer_header))
        return NULL;
    buffer_header *h = tgA_alloc(a, sizeof *h + size);
    if (!h)
        return NULL;
    h->alloc = *a;
    return h + 1;
}

char *tgA_strdup_out(const tg_allocator *a, const char *text, size_t len)
{
    char *p = tgA_buffer(a, len + 1);
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
    tg_allocator a = h->alloc;
    a.release(h, a.user_data);
}
