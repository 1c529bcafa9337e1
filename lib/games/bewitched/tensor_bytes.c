/* Bewitched: the observation tensor as bytes, for the batch's
 * tg_batch_buffers::observation_u8. The writer is tensor.c's, compiled
 * again over uint8_t (core/tensor_write.h says why), so the two cannot
 * drift apart. */
#define TG_TENSOR_BYTES
#include "tensor.c"
