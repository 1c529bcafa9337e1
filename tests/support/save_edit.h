/* Editing binary saves by hand (format: docs/save-format.md), for tests
 * and fuzzers that build hostile saves. No cmocka here, so the fuzz
 * harnesses can use it too. */
#ifndef TG_TEST_SAVE_EDIT_H
#define TG_TEST_SAVE_EDIT_H

#include <stddef.h>

#include <boardgames/tablegames.h>

/* Where a binary save holds its position block and how long a block is;
 * the root block follows the position, the history the root. */
void tgt_save_layout(const unsigned char *save, size_t *block, size_t *size);
/* Sets the checksum of a binary save of len bytes after an edit. */
void tgt_save_seal(unsigned char *save, size_t len);
/* A copy of a binary save with another options string (and the checksum
 * made right); malloc()ed, NULL if out of memory. */
unsigned char *tgt_save_with_options(const unsigned char *save, size_t len,
                                     const char *options, size_t *out_len);
/* Sets the version number of the library that wrote a save (then seal). */
void tgt_save_set_writer(unsigned char *save, unsigned version);
/* The binary save of st's position alone: no history, the position its own
 * root. Returns malloc()ed bytes (NULL if out of memory). */
unsigned char *tgt_position_save(const tg_state *st, size_t *len);

#endif
