/* The legal moves of one decision as the terminal lists them, and what a
 * typed line picks from them.
 *
 * Each move is listed with a letter label (a, b, ..., z, aa, ab, ...). A
 * label is never the start of any listed move's notation (labels that
 * would be are skipped), so a typed text is a whole notation, a label or
 * the start of moves, and never two of these: a number is always the move
 * written as that number, "s" is never both a label and the start of
 * "skip". */
#include "play.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int play_menu_init(play_menu *m, size_t cap)
{
    memset(m, 0, sizeof *m);
    m->cap = cap > 0 ? cap : 1;
    m->text = calloc(m->cap, sizeof *m->text);
    m->label = calloc(m->cap, sizeof *m->label);
    return m->text != NULL && m->label != NULL ? 0 : -1;
}

void play_menu_free(play_menu *m)
{
    free(m->text);
    free(m->label);
    memset(m, 0, sizeof *m);
}

/* Case-insensitive: does text start with prefix? */
static int play_starts_with(const char *text, const char *prefix)
{
    for (; *prefix != '\0'; text++, prefix++)
        if (tolower((unsigned char)*text) != tolower((unsigned char)*prefix))
            return 0;
    return 1;
}

static int play_contains(const char *text, const char *part)
{
    for (; *text != '\0'; text++)
        if (play_starts_with(text, part))
            return 1;
    return 0;
}

/* The k-th label in the order a, ..., z, aa, ab, ..., zz, aaa, ... */
static void play_nth_label(size_t k, char *out, size_t cap)
{
    char rev[PLAY_LABEL_MAX];
    size_t n = 0;
    k++;
    while (k > 0 && n + 1 < sizeof rev) {
        k--;
        rev[n++] = (char)('a' + k % 26);
        k /= 26;
    }
    for (size_t i = 0; i < n && i + 1 < cap; i++)
        out[i] = rev[n - 1 - i];
    out[n < cap ? n : cap - 1] = '\0';
}

static int play_label_starts_a_move(const play_menu *m, const char *label)
{
    for (size_t i = 0; i < m->count; i++)
        if (play_starts_with(m->text[i], label))
            return 1;
    return 0;
}

void play_menu_build(play_menu *m, const tg_state *st, const tg_move *moves, size_t count)
{
    m->count = count < m->cap ? count : m->cap;
    for (size_t i = 0; i < m->count; i++)
        play_move_text(st, moves[i], m->text[i], sizeof m->text[i]);
    play_menu_label_all(m);
}

void play_menu_label_all(play_menu *m)
{
    size_t next = 0;
    for (size_t i = 0; i < m->count; i++) {
        do
            play_nth_label(next++, m->label[i], sizeof m->label[i]);
        while (play_label_starts_a_move(m, m->label[i]));
    }
}

void play_menu_show(const play_menu *m, const size_t *pick, size_t n)
{
    enum { LINE = 78 };
    char item[PLAY_TEXT_MAX + PLAY_LABEL_MAX + 8];
    int width = 0, per_line, column = 0;
    size_t shown = pick != NULL ? n : m->count;

    /* Columns as wide as the longest entry, as many as fit a line. */
    for (size_t j = 0; j < shown; j++) {
        size_t i = pick != NULL ? pick[j] : j;
        int w = snprintf(item, sizeof item, "%3s) %s", m->label[i], m->text[i]) + 2;
        if (w > width)
            width = w;
    }
    per_line = width > 0 && width < LINE ? LINE / width : 1;
    for (size_t j = 0; j < shown; j++) {
        size_t i = pick != NULL ? pick[j] : j;
        snprintf(item, sizeof item, "%3s) %s", m->label[i], m->text[i]);
        if (++column == per_line || j + 1 == shown) {
            printf("%s\n", item);
            column = 0;
        } else {
            printf("%-*s", width, item);
        }
    }
}

long play_menu_label(const play_menu *m, const char *input)
{
    for (size_t i = 0; i < m->count; i++) {
        const char *a = m->label[i], *b = input;
        while (*a != '\0' && tolower((unsigned char)*b) == *a)
            a++, b++;
        if (*a == '\0' && *b == '\0')
            return (long)i;
    }
    return -1;
}

size_t play_menu_match(const play_menu *m, const char *input, int contains, size_t *out)
{
    size_t n = 0;
    if (input[0] == '\0')
        return 0;
    for (size_t i = 0; i < m->count; i++)
        if (contains ? play_contains(m->text[i], input) : play_starts_with(m->text[i], input))
            out[n++] = i;
    return n;
}
