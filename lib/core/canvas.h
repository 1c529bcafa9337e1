/* A page of characters that a board drawing is composed on, cell by cell,
 * then written out line by line with trailing blanks cut. */
#ifndef TG_CORE_CANVAS_H
#define TG_CORE_CANVAS_H

#include "msg.h"
#include "strbuf.h"

#define TGC_ROWS 48
#define TGC_COLS 100

typedef struct tg_canvas {
    int rows, cols;
    char line[TGC_ROWS][TGC_COLS + 1];
} tg_canvas;

/* A blank page of rows x cols (at most TGC_ROWS x TGC_COLS). */
void tgC_init(tg_canvas *c, int rows, int cols);
/* Writes text from (row, col) rightwards; what falls off the page is cut. */
void tgC_put(tg_canvas *c, int row, int col, const char *text);
void tgC_printf(tg_canvas *c, int row, int col, const char *fmt, ...) TG_PRINTF(4, 5);
/* Appends every line, trailing blanks cut; blank lines at the top and the
 * bottom are left out. */
void tgC_write(const tg_canvas *c, tg_strbuf *out);

/* The width the prose under a drawing is wrapped to, so that a drawing
 * reads in an 80-column terminal. */
#define TGC_TEXT_WIDTH 78

/* One line of a drawing's legend: "  MARK   meaning", the meaning wrapped. */
void tgC_legend(tg_strbuf *out, const char *mark, const char *meaning);
/* Appends text (lines ending in '\n'), each line wrapped at spaces to
 * TGC_TEXT_WIDTH, its continuation lines indented by hang spaces. */
void tgC_wrap(tg_strbuf *out, const char *text, int hang);
/* tgC_wrap of what was written to *lines (then freed), for prose composed
 * with tgS_printf. */
void tgC_wrap_buffer(tg_strbuf *out, tg_strbuf *lines, int hang);

#endif
