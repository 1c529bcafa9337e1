/* xoshiro256** with splitmix64 seeding: small, fast and bit-identical on
 * every platform, which is what makes a seed replay the same game. */
#ifndef TG_CORE_RNG_H
#define TG_CORE_RNG_H

#include <stdint.h>

typedef struct tg_rng {
    uint64_t s[4];
} tg_rng;

void tgR_seed(tg_rng *rng, uint64_t seed);
uint64_t tgR_next(tg_rng *rng);
/* Uniform in [0, bound) without modulo bias; bound must be > 0. */
uint32_t tgR_below(tg_rng *rng, uint32_t bound);
uint64_t tgR_below64(tg_rng *rng, uint64_t bound);

#endif
