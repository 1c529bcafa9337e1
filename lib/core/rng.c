#include "rng.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void tgR_seed(tg_rng *rng, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&x);
}

uint32_t tgR_below_near(tg_rng *rng, uint32_t bound, uint64_t m)
{
    /* The division that finds the biased values is only needed here. */
    uint32_t threshold = (0u - bound) % bound;
    while ((uint32_t)m < threshold)
        m = (tgR_next(rng) >> 32) * (uint64_t)bound;
    return (uint32_t)(m >> 32);
}

uint64_t tgR_below64(tg_rng *rng, uint64_t bound)
{
    /* Rejecting the lowest (2^64 mod bound) values leaves a range that is a
     * whole multiple of bound, so the modulo is exactly uniform. */
    uint64_t threshold = (0 - bound) % bound;
    for (;;) {
        uint64_t r = tgR_next(rng);
        if (r >= threshold)
            return r % bound;
    }
}
