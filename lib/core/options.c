/* Options strings are read the same way whatever locale the host set:
 * numbers in the C locale (cnum.c), and names, words and white space as
 * ASCII, so that no locale's case rules or spaces change their meaning. */
#include "options.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "cnum.h"

static const char *const bool_true[] = {"yes", "true", "on", "1", NULL};
static const char *const bool_false[] = {"no", "false", "off", "0", NULL};

static int same_word(const char *a, const char *b)
{
    for (; *a && tgT_lower((unsigned char)*a) == tgT_lower((unsigned char)*b); a++, b++) {
    }
    return tgT_lower((unsigned char)*a) == tgT_lower((unsigned char)*b);
}

static int word_index(const char *const *words, const char *w)
{
    for (int i = 0; words && words[i]; i++)
        if (same_word(words[i], w))
            return i;
    return -1;
}

/* An option's number range for a message, in C-locale notation. */
static void range_text(const tg_option_info *opt, char *lo, char *hi, size_t cap)
{
    tgN_format_double(opt->min, lo, cap);
    tgN_format_double(opt->max, hi, cap);
}

static tg_status parse_value(const tg_option_info *opt, const char *v, tg_optval *out, tg_msg *msg)
{
    char *end = NULL, lo[40], hi[40];
    switch (opt->type) {
    case TG_OPTION_INT: {
        errno = 0;
        long long x = strtoll(v, &end, 10);
        if (*v == '\0' || tgT_is_space((unsigned char)*v) || *end != '\0' || errno ||
            (double)x < opt->min || (double)x > opt->max) {
            range_text(opt, lo, hi, sizeof lo);
            tgM_set(msg, "option '%s' must be a whole number from %s to %s, got '%s'",
                    opt->name, lo, hi, v);
            return TG_E_BAD_OPTION;
        }
        out->i = x;
        return TG_OK;
    }
    case TG_OPTION_NUMBER: {
        double x = 0;
        if (tgN_parse_decimal(v, &x) != 0 || !isfinite(x) || x < opt->min || x > opt->max) {
            range_text(opt, lo, hi, sizeof lo);
            tgM_set(msg, "option '%s' must be a decimal number from %s to %s, got '%s'",
                    opt->name, lo, hi, v);
            return TG_E_BAD_OPTION;
        }
        out->d = x;
        return TG_OK;
    }
    case TG_OPTION_BOOL:
        if (word_index(bool_true, v) >= 0)
            out->i = 1;
        else if (word_index(bool_false, v) >= 0)
            out->i = 0;
        else {
            tgM_set(msg, "option '%s' must be yes or no, got '%s'", opt->name, v);
            return TG_E_BAD_OPTION;
        }
        return TG_OK;
    case TG_OPTION_CHOICE: {
        int i = word_index(opt->choices, v);
        if (i < 0) {
            tgM_set(msg, "option '%s' must be one of %s, got '%s'", opt->name, opt->allowed, v);
            return TG_E_BAD_OPTION;
        }
        out->i = i;
        return TG_OK;
    }
    }
    tgM_set(msg, "option '%s' has an unknown type", opt->name);
    return TG_E_BAD_OPTION;
}

/* Cuts leading and trailing white space in place. */
static char *trim(char *s)
{
    while (tgT_is_space((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && tgT_is_space((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

static void known_names(const tg_game_def *def, char *buf, size_t cap)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < def->info.option_count && used < cap; i++)
        used += (size_t)snprintf(buf + used, cap - used, "%s%s", i ? ", " : "",
                                 def->options[i].name);
}

tg_status tgO_parse(const tg_game_def *def, const char *text, tg_optval *values, tg_msg *msg)
{
    size_t n = def->info.option_count;
    unsigned char seen[64] = {0};
    for (size_t i = 0; i < n; i++) {
        tg_status s = parse_value(&def->options[i], def->options[i].default_value, &values[i], msg);
        if (s != TG_OK)
            return s;
    }
    if (!text)
        return TG_OK;
    size_t len = strlen(text);
    if (len > TG_OPTIONS_MAX) {
        tgM_set(msg, "options string is longer than %d bytes", TG_OPTIONS_MAX);
        return TG_E_BAD_OPTION;
    }
    char buf[TG_OPTIONS_MAX + 1];
    memcpy(buf, text, len + 1);
    if (trim(buf)[0] == '\0')
        return TG_OK;
    char *rest = buf;
    while (rest) {
        char *item = rest;
        char *comma = strchr(item, ',');
        rest = comma ? comma + 1 : NULL;
        if (comma)
            *comma = '\0';
        char *eq = strchr(item, '=');
        if (!eq) {
            tgM_set(msg, "option '%.60s' has no '=value'", trim(item));
            return TG_E_BAD_OPTION;
        }
        *eq = '\0';
        char *key = trim(item), *val = trim(eq + 1);
        size_t k = 0;
        while (k < n && !same_word(def->options[k].name, key))
            k++;
        if (k == n) {
            char names[512];
            known_names(def, names, sizeof names);
            tgM_set(msg, "unknown option '%.60s' for %s (known: %s)", key, def->info.id, names);
            return TG_E_BAD_OPTION;
        }
        if (seen[k]) {
            tgM_set(msg, "option '%s' is given twice", def->options[k].name);
            return TG_E_BAD_OPTION;
        }
        seen[k] = 1;
        tg_status s = parse_value(&def->options[k], val, &values[k], msg);
        if (s != TG_OK)
            return s;
    }
    return TG_OK;
}

void tgO_format(const tg_game_def *def, const tg_optval *values, tg_strbuf *out)
{
    for (size_t i = 0; i < def->info.option_count; i++) {
        const tg_option_info *o = &def->options[i];
        char num[40];
        const char *v = num;
        switch (o->type) {
        case TG_OPTION_INT:
            snprintf(num, sizeof num, "%lld", (long long)values[i].i);
            break;
        case TG_OPTION_BOOL:
            v = values[i].i ? "yes" : "no";
            break;
        case TG_OPTION_CHOICE:
            v = o->choices[values[i].i];
            break;
        case TG_OPTION_NUMBER:
            tgN_format_double(values[i].d, num, sizeof num);
            break;
        }
        tgS_printf(out, "%s%s=%s", i ? "," : "", o->name, v);
    }
}

/* Whether the options string text (already accepted by tgO_parse) names
 * option name. */
static int names_option(const char *text, const char *name)
{
    size_t want = strlen(name);
    while (text && *text) {
        while (tgT_is_space((unsigned char)*text))
            text++;
        size_t key = strcspn(text, "=,");
        size_t len = key;
        while (len > 0 && tgT_is_space((unsigned char)text[len - 1]))
            len--;
        if (len == want && tgT_same_n(text, name, want))
            return 1;
        text = strchr(text, ',');
        text = text ? text + 1 : NULL;
    }
    return 0;
}

tg_status tgO_parse_saved(const tg_game_def *def, unsigned format, const char *text,
                          tg_optval *values, tg_msg *msg)
{
    tg_status s = tgO_parse(def, text, values, msg);
    if (s != TG_OK || format >= 2 || !def->legacy_values)
        return s;
    for (size_t i = 0; i < def->info.option_count; i++) {
        const char *legacy = def->legacy_values[i];
        if (legacy && !names_option(text, def->options[i].name)) {
            s = parse_value(&def->options[i], legacy, &values[i], msg);
            if (s != TG_OK)
                return s;
        }
    }
    return TG_OK;
}
