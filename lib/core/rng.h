/* xoshiro256** with splitmix64 seeding: small, fast and bit-identical on
 * every platform, which is what makes a seed replay the same game. */
#ifndef TG_CORE_RNG_H
#define TG_CORE_RNG_H

#include <stdint.h>

typedef struct tg_rng {
    uint64_t s[4];
} tg_rng;

void tgR_seed(tg_rng *rng, uint64_t seed);
uint64_t tgR_below64(tg_rng *rng, uint64_t bound);

/* The next two are inline: every die of a playout draws with them, and the
 * call around them cost a sixth of the draw. */

static inline uint64_t tgR_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t tgR_next(tg_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = tgR_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = tgR_rotl(s[3], 45);
    return result;
}

/* tgR_below() past its first draw m, when m's low half is below bound (and
 * so may be one of the few values that would bias it). */
uint32_t tgR_below_near(tg_rng *rng, uint32_t bound, uint64_t m);

/* tgR_below() in its two steps, for a caller that keeps the rare second
 * one out of line: the first draw m, which settles the number (m >> 32)
 * unless its low half is below bound; then tgR_below_near() finds it. */
static inline uint64_t tgR_below_draw(tg_rng *rng, uint32_t bound)
{
    return (tgR_next(rng) >> 32) * (uint64_t)bound;
}

static inline int tgR_below_settled(uint64_t m, uint32_t bound)
{
    return (uint32_t)m >= bound;
}

/* Uniform in [0, bound) without modulo bias; bound must be > 0. */
static inline uint32_t tgR_below(tg_rng *rng, uint32_t bound)
{
    /* Lemire's multiply-and-shift: the high half of a 32x32-bit product is
     * uniform once the few low values that would bias it are rejected; the
     * near-miss that has to look (rarely) is out of line. */
    uint64_t m = tgR_below_draw(rng, bound);
    return tgR_below_settled(m, bound) ? (uint32_t)(m >> 32) : tgR_below_near(rng, bound, m);
}

/* The number every weighted draw of a chance point takes: uniform below
 * the sum of its weights (total > 0), in 32 bits while the total fits. */
static inline uint64_t tgR_below_total(tg_rng *rng, uint64_t total)
{
    return total <= UINT32_MAX ? tgR_below(rng, (uint32_t)total) : tgR_below64(rng, total);
}

#endif
