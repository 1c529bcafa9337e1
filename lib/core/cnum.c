#include "cnum.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* glibc hands out its static C locale for this request without allocating,
 * so asking each time costs nothing and needs no global. */
static locale_t c_locale(void)
{
    return newlocale(LC_ALL_MASK, "C", (locale_t)0);
}

void tgN_c_locale_enter(tgN_locale_scope *scope)
{
    locale_t c = c_locale();
    scope->active = c != (locale_t)0;
    scope->previous = scope->active ? uselocale(c) : (locale_t)0;
}

void tgN_c_locale_leave(tgN_locale_scope *scope)
{
    if (!scope->active)
        return;
    locale_t c = uselocale(scope->previous);
    freelocale(c);
    scope->active = 0;
}

static const char *digits(const char *p, int *count)
{
    *count = 0;
    while (*p >= '0' && *p <= '9') {
        p++;
        ++*count;
    }
    return p;
}

/* The grammar is checked by hand first, so strtod() sees only plain
 * decimal numbers and its locale-dependent extras never come into play. */
int tgN_parse_decimal(const char *text, double *out)
{
    const char *p = text;
    int whole, frac = 0, exp = 1;
    if (*p == '+' || *p == '-')
        p++;
    p = digits(p, &whole);
    if (*p == '.')
        p = digits(p + 1, &frac);
    if (whole + frac == 0)
        return -1;
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        p = digits(p, &exp);
    }
    if (*p != '\0' || exp == 0)
        return -1;
    tgN_locale_scope scope;
    tgN_c_locale_enter(&scope);
    if (!scope.active)
        return -1;
    char *end = NULL;
    double v = strtod(text, &end);
    tgN_c_locale_leave(&scope);
    if (*end != '\0')
        return -1;
    *out = v;
    return 0;
}

void tgN_format_double(double d, char *buf, size_t cap)
{
    if (!buf || cap == 0)
        return;
    tgN_locale_scope scope;
    tgN_c_locale_enter(&scope);
    int in_c = scope.active;
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, cap, "%.*g", prec, d);
        if (strtod(buf, NULL) == d)
            break;
    }
    tgN_c_locale_leave(&scope);
    if (!in_c) {
        /* No C locale to be had: put the point back where the host's went. */
        const char *point = localeconv()->decimal_point;
        char *at = point && *point ? strstr(buf, point) : NULL;
        if (at && strcmp(point, ".") != 0) {
            size_t n = strlen(point);
            *at = '.';
            memmove(at + 1, at + n, strlen(at + n) + 1);
        }
    }
}
