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

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t tgR_next(tg_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t tgR_below(tg_rng *rng, uint32_t bound)
{
    /* Lemire's multiply-and-shift: the high half of a 32x32-bit product is
     * uniform once the few low values that would bias it are rejected, and
     * the division that finds them is only needed in the rare near-miss. */
    uint64_t m = (tgR_next(rng) >> 32) * (uint64_t)bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (0u - bound) % bound;
        while (low < threshold) {
            m = (tgR_next(rng) >> 32) * (uint64_t)bound;
            low = (uint32_t)m;
        }
    }
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
