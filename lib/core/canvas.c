#include "canvas.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void tgC_init(tg_canvas *c, int rows, int cols)
{
    c->rows = rows < TGC_ROWS ? rows : TGC_ROWS;
    c->cols = cols < TGC_COLS ? cols : TGC_COLS;
    for (int r = 0; r < c->rows; r++) {
        memset(c->line[r], ' ', (size_t)c->cols);
        c->line[r][c->cols] = '\0';
    }
}

void tgC_put(tg_canvas *c, int row, int col, const char *text)
{
    if (row < 0 || row >= c->rows)
        return;
    for (int i = 0; text[i] != '\0'; i++)
        if (col + i >= 0 && col + i < c->cols)
            c->line[row][col + i] = text[i];
}

void tgC_printf(tg_canvas *c, int row, int col, const char *fmt, ...)
{
    char text[TGC_COLS + 1];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    tgC_put(c, row, col, text);
}

static int tgC_length(const tg_canvas *c, int row)
{
    int n = c->cols;
    while (n > 0 && c->line[row][n - 1] == ' ')
        n--;
    return n;
}

void tgC_write(const tg_canvas *c, tg_strbuf *out)
{
    int first = 0, last = c->rows - 1;
    while (first <= last && tgC_length(c, first) == 0)
        first++;
    while (last >= first && tgC_length(c, last) == 0)
        last--;
    for (int r = first; r <= last; r++)
        tgS_printf(out, "%.*s\n", tgC_length(c, r), c->line[r]);
}

/* One line (len characters, no newline) cut at spaces into pieces of at
 * most TGC_TEXT_WIDTH columns; the first piece is written as it stands,
 * the next ones after hang spaces. */
static void tgC_wrap_line(tg_strbuf *out, const char *line, size_t len, int hang)
{
    size_t width = TGC_TEXT_WIDTH;
    while (len > width) {
        size_t cut = width;
        while (cut > 0 && line[cut] != ' ')
            cut--;
        if (cut == 0) /* one long word: cut it where it is */
            cut = width;
        tgS_printf(out, "%.*s\n%*s", (int)cut, line, hang, "");
        while (cut < len && line[cut] == ' ')
            cut++;
        line += cut;
        len -= cut;
        width = TGC_TEXT_WIDTH - (size_t)hang;
    }
    tgS_printf(out, "%.*s\n", (int)len, line);
}

void tgC_wrap(tg_strbuf *out, const char *text, int hang)
{
    while (text != NULL && *text != '\0') {
        const char *end = strchr(text, '\n');
        size_t len = end != NULL ? (size_t)(end - text) : strlen(text);
        tgC_wrap_line(out, text, len, hang);
        text += len + (end != NULL);
    }
}

void tgC_wrap_buffer(tg_strbuf *out, tg_strbuf *lines, int hang)
{
    if (lines->failed)
        out->failed = 1;
    else
        tgC_wrap(out, lines->data, hang);
    tgS_free(lines);
}

void tgC_legend(tg_strbuf *out, const char *mark, const char *meaning)
{
    char line[256];
    snprintf(line, sizeof line, "  %-6s %s", mark, meaning);
    tgC_wrap_line(out, line, strlen(line), 9);
}
