/* The words of a game's JSON position form, for the position fuzzer's
 * edits: every string and member name its positions use in real games. */
#ifndef TG_FUZZ_POSITION_H
#define TG_FUZZ_POSITION_H

#include <stddef.h>

#include <boardgames/tablegames.h>

typedef struct fz_vocab {
    const char **words;
    size_t n;
} fz_vocab;

/* Built on first use for each game id and kept for the process. */
const fz_vocab *fz_vocab_of(const tg_game *game);

#endif
