/* Numbers as text in the C locale, whatever locale the host has set: a
 * host that calls setlocale(LC_ALL, "") under a decimal-comma locale must
 * still read "0.15" and get "0.15" back. Only the calling thread's locale
 * is switched (uselocale), and only for the duration of one call. */
#ifndef TG_CORE_CNUM_H
#define TG_CORE_CNUM_H

#include <locale.h>
#include <stddef.h>

/* Reads a decimal number: an optional sign, digits with an optional
 * decimal point, an optional exponent; nothing else (no spaces, hex
 * floats, inf or nan). Returns 0 and sets *out, or -1. */
int tgN_parse_decimal(const char *text, double *out);
/* The shortest decimal text that reads back as exactly d (d finite). */
void tgN_format_double(double d, char *buf, size_t cap);

/* Holds the C locale for the calling thread between enter and leave, for
 * libraries (jansson) that read and write numbers in the current locale. */
typedef struct tgN_locale_scope {
    locale_t previous;
    int active;
} tgN_locale_scope;
void tgN_c_locale_enter(tgN_locale_scope *scope);
void tgN_c_locale_leave(tgN_locale_scope *scope);

#endif
