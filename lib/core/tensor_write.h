/* Helpers for the games' tensor writers (tensor.c in each game folder).
 *
 * A game's tensor.c is compiled twice: as itself, writing floats
 * (tg_state_observation_tensor()), and from the game's tensor_bytes.c with
 * TG_TENSOR_BYTES defined, writing the same values as bytes (the batch's
 * tg_batch_buffers::observation_u8). Every value of every game's tensor is
 * a whole number from 0 to 255 (tests/batch checks it on random games), so
 * the bytes are exact, and a batch writes a quarter of the memory: at
 * 1,024 slots that memory, not the rules, is most of a step. The writer
 * uses tgT_value for its element type and TGT_WRITER() for its name. */
#ifndef TG_CORE_TENSOR_WRITE_H
#define TG_CORE_TENSOR_WRITE_H

#include <stdint.h>

#ifdef TG_TENSOR_BYTES
typedef uint8_t tgT_value;
#define TGT_WRITER(name) name##_bytes
#else
typedef float tgT_value;
#define TGT_WRITER(name) name
#endif

/* Sets flag i of the n flags at t (none when i is out of range, as "no
 * one" and "nowhere" are) and returns the slot after them. */
static inline tgT_value *tgT_one_hot(tgT_value *t, long i, long n)
{
    if (i >= 0 && i < n)
        t[i] = 1;
    return t + n;
}

#endif
