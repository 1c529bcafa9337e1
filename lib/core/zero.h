/* Zeroing a tensor with plain vector stores, before the game's writer
 * stores its ones into the same lines. glibc's memset takes its "rep
 * stosb" path from 2 KiB on (Bewitched's tensor is 8 KiB), and a loop of
 * zero stores the compiler turns back into that memset; the may_alias
 * vector type keeps it a loop. Measured in a batched learning loop
 * (issue 34): no worse on Witches' Dance, a little better on Bewitched,
 * within the noise of a shared machine. */
#ifndef TG_CORE_ZERO_H
#define TG_CORE_ZERO_H

#include <stddef.h>
#include <string.h>

static inline void tgZ_bytes(void *p, size_t n)
{
#if defined(__GNUC__)
    typedef unsigned char tg_v32 __attribute__((vector_size(32), aligned(1), may_alias));
    unsigned char *b = p;
    size_t i = 0;
    for (; i + 32 <= n; i += 32)
        *(tg_v32 *)(void *)(b + i) = (tg_v32){0};
    if (i < n)
        memset(b + i, 0, n - i);
#else
    memset(p, 0, n);
#endif
}

#endif
