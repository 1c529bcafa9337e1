/* Letters, digits and white space as ASCII, whatever locale the host set:
 * <ctype.h> and strcasecmp() follow the host's locale (under Turkish rules
 * 'I' is not the capital of 'i'; a single-byte locale has letters above
 * 127), and the library reads and writes its texts the same way under
 * every locale. */
#ifndef TG_CORE_ASCII_H
#define TG_CORE_ASCII_H

#include <stddef.h>

static inline int tgT_lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static inline int tgT_upper(int c)
{
    return c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c;
}

static inline int tgT_is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static inline int tgT_is_digit(int c)
{
    return c >= '0' && c <= '9';
}

/* Are the first n bytes of a and b the same, ASCII letters in any case? */
static inline int tgT_same_n(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (tgT_lower((unsigned char)a[i]) != tgT_lower((unsigned char)b[i]))
            return 0;
    return 1;
}

#endif
