/* Helpers for the tests of what a person at a real table types for a
 * chance outcome (each game's test_words.c). */
#ifndef TG_TEST_TABLE_WORDS_H
#define TG_TEST_TABLE_WORDS_H

#include <stddef.h>

#include <boardgames/tablegames.h>

/* The words parse, here, to the move whose notation is `notation`. */
void tgt_assert_words(const tg_state *st, const char *words, const char *notation);
/* Words and the notation they must parse to, for TGT_ASSERT_WORDS. */
typedef struct tgt_said {
    const char *words;
    const char *notation;
} tgt_said;
/* tgt_assert_words for each of count pairs, in order. */
void tgt_assert_words_each(const tg_state *st, const tgt_said *said, size_t count);
/* TGT_ASSERT_WORDS(st, {"five-three", "roll:3-5"}, {"double 4", "roll:4-4"}, ...):
 * each of the words parses, here, to its notation. */
#define TGT_ASSERT_WORDS(st, ...)                                                                 \
    tgt_assert_words_each((st), (const tgt_said[]){__VA_ARGS__},                                 \
                          sizeof((const tgt_said[]){__VA_ARGS__}) / sizeof(tgt_said))
/* The words mean nothing here (TG_E_PARSE). */
void tgt_assert_no_words(const tg_state *st, const char *words);
/* The words name an outcome that cannot happen now: parse_move gives
 * TG_E_ILLEGAL_MOVE, apply_text refuses and leaves the state as it was;
 * returns its message (static buffer). */
const char *tgt_words_refused(tg_state *st, const char *words);
/* tgt_words_refused, and its message says why: it contains reason. */
void tgt_assert_refused(tg_state *st, const char *words, const char *reason);

/* The probability of the chance outcome with this text (notation or
 * words) at the chance point st is at; -1 when it is no outcome. */
double tgt_prob(const tg_state *st, const char *text);

#endif
