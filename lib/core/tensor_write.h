/* Helpers for the games' tensor writers (tensor.c in each game folder). */
#ifndef TG_CORE_TENSOR_WRITE_H
#define TG_CORE_TENSOR_WRITE_H

/* Sets flag i of the n flags at t (none when i is out of range, as "no
 * one" and "nowhere" are) and returns the slot after them. */
static inline float *tgT_one_hot(float *t, long i, long n)
{
    if (i >= 0 && i < n)
        t[i] = 1.0f;
    return t + n;
}

#endif
