#include "words.h"

#include <stdio.h>
#include <string.h>

static const char *const number_words[] = {"zero", "one", "two",   "three", "four",
                                           "five", "six", "seven", "eight", "nine",
                                           "ten",  "eleven", "twelve", NULL};

/* Words that say nothing about which outcome it was. */
static const char *const fillers[] = {"a",     "an",    "the",  "and",   "i",    "we",
                                      "you",   "she",   "he",   "it",    "is",   "was",
                                      "are",   "it's",  "has",  "have",  "got",  "get",
                                      "rolled", "rolls", "threw", "throws", "shows",
                                      "showed", "came",  "comes", "up",    "out",  "of",
                                      "with",  "please", NULL};

static int separator(unsigned char c)
{
    return c <= ' ' || strchr(",:-+/&.!?;\"()", c) != NULL;
}

static int in_list(const char *word, const char *const *list)
{
    for (size_t i = 0; list && list[i]; i++)
        if (strcmp(word, list[i]) == 0)
            return (int)i;
    return -1;
}

int tgW_split(const char *text, tg_words *out)
{
    out->n = 0;
    const unsigned char *p = (const unsigned char *)text;
    for (;;) {
        while (*p && separator(*p))
            p++;
        if (!*p)
            return 1;
        char word[TG_WORD_LEN];
        size_t len = 0;
        while (*p && !separator(*p)) {
            if (len + 1 >= sizeof word)
                return 0;
            unsigned char c = *p++;
            word[len++] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        }
        word[len] = '\0';
        if (in_list(word, fillers) >= 0)
            continue;
        if (out->n == TG_WORDS_MAX)
            return 0;
        int number = in_list(word, number_words);
        if (number >= 0)
            snprintf(out->w[out->n], TG_WORD_LEN, "%d", number);
        else
            memcpy(out->w[out->n], word, len + 1);
        out->n++;
    }
}

void tgW_drop(tg_words *w, const char *const *extra)
{
    size_t kept = 0;
    for (size_t i = 0; i < w->n; i++) {
        if (in_list(w->w[i], extra) >= 0)
            continue;
        if (kept != i)
            memcpy(w->w[kept], w->w[i], TG_WORD_LEN);
        kept++;
    }
    w->n = kept;
}

int tgW_is(const tg_words *w, size_t i, const char *word)
{
    return i < w->n && strcmp(w->w[i], word) == 0;
}

int tgW_which(const tg_words *w, size_t i, const char *const *words)
{
    return i < w->n ? in_list(w->w[i], words) : -1;
}

int tgW_number(const tg_words *w, size_t i)
{
    if (i >= w->n)
        return -1;
    const char *s = w->w[i];
    size_t len = strlen(s);
    if (len == 0 || len > 3 || strspn(s, "0123456789") != len)
        return -1;
    int v = 0;
    for (size_t k = 0; k < len; k++)
        v = v * 10 + (s[k] - '0');
    return v;
}

int tgW_is_noun(const tg_words *w, size_t i, const char *word)
{
    if (i >= w->n)
        return 0;
    size_t len = strlen(w->w[i]), want = strlen(word);
    if (len == want)
        return strcmp(w->w[i], word) == 0;
    return len == want + 1 && w->w[i][want] == 's' && strncmp(w->w[i], word, want) == 0;
}

tg_status tgW_die(tg_words *w, int faces, tg_move first, tg_move *out, tg_msg *msg)
{
    static const char *const die_words[] = {"roll", "die", "dice", "number", NULL};
    tgW_drop(w, die_words);
    int v = w->n == 1 ? tgW_number(w, 0) : -1;
    if (v < 0)
        return TG_E_PARSE;
    if (v < 1 || v > faces) {
        tgM_set(msg, "the die shows 1 to %d, not %d", faces, v);
        return TG_E_ILLEGAL_MOVE;
    }
    *out = first + (tg_move)(v - 1);
    return TG_OK;
}
