/* Words a person at the table types for a chance outcome ("double 3",
 * "a spider", "frog 2 is plain"): the text cut into lower-case words, with
 * number words turned into digits, so each game's parse_words() compares
 * short tokens instead of parsing text. */
#ifndef TG_CORE_WORDS_H
#define TG_CORE_WORDS_H

#include <stddef.h>

#include "boardgames/common.h"
#include "msg.h"

#define TG_WORDS_MAX 12
#define TG_WORD_LEN 16

typedef struct tg_words {
    size_t n;
    char w[TG_WORDS_MAX][TG_WORD_LEN];
} tg_words;

/* Splits text at white space and punctuation (, : - + / & . ! ? ; and
 * quotes), lower-cases it, turns "one".."twelve" into "1".."12" and drops
 * words that carry no meaning in an outcome ("a", "the", "rolled", "i",
 * ...). Returns 0 when the text has more or longer words than fit. */
int tgW_split(const char *text, tg_words *out);
/* Removes every word of the NULL-terminated list extra (a game's own fillers). */
void tgW_drop(tg_words *w, const char *const *extra);
/* Word i is `word`. */
int tgW_is(const tg_words *w, size_t i, const char *word);
/* Word i is one of the NULL-terminated list; its index, or -1. */
int tgW_which(const tg_words *w, size_t i, const char *const *words);
/* Word i as a whole number 0..999, or -1. */
int tgW_number(const tg_words *w, size_t i);
/* Word i without a plural "s" ("spiders" -> "spider") equals `word`. */
int tgW_is_noun(const tg_words *w, size_t i, const char *word);

/* An ordinary die of `faces` faces named by one number ("a four", "roll
 * 4", "I rolled 4"): TG_OK with *out = first + value - 1, TG_E_ILLEGAL_MOVE
 * for a number the die does not have, TG_E_PARSE for anything else. */
tg_status tgW_die(tg_words *w, int faces, tg_move first, tg_move *out, tg_msg *msg);

#endif
