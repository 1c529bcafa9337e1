/* Zeroing the tensors a batch writes on every decision (issue 34). Not
 * memset: glibc takes its "rep stosb" path from 2 KiB on (Bewitched's
 * tensor is 8 KiB), and a loop of zero stores the compiler turns back into
 * that memset; the may_alias vector type keeps it a loop. The build targets
 * plain x86-64 (16-byte stores), so on x86-64 ELF systems the loop is also
 * compiled for AVX2 and AVX-512 and the loader picks the widest the CPU
 * has: a Bewitched tensor is 126 stores instead of 504. */
#include "zero.h"

#include <string.h>

#if defined(__GNUC__) && defined(__x86_64__) && defined(__ELF__) &&                               \
    !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define TG_ZERO_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define TG_ZERO_CLONES
#endif

TG_ZERO_CLONES void tgZ_bytes(void *p, size_t n)
{
#if defined(__GNUC__)
    typedef unsigned char tg_v64 __attribute__((vector_size(64), aligned(1), may_alias));
    unsigned char *b = p;
    size_t i = 0;
    for (; i + 64 <= n; i += 64)
        *(tg_v64 *)(void *)(b + i) = (tg_v64){0};
    if (i < n)
        memset(b + i, 0, n - i);
#else
    memset(p, 0, n);
#endif
}
