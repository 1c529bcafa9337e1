/* Options strings from configuration files: "id\0options". */
#include <string.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char buf[2048];
    if (size >= sizeof buf)
        return 0;
    memcpy(buf, data, size);
    buf[size] = '\0';
    const char *id = buf;
    const char *opts = memchr(buf, '\0', size) ? buf + strlen(buf) + 1 : "";
    if (opts > buf + size)
        opts = "";
    tg_game *g = NULL;
    char err[128];
    tg_status s = tg_game_new(id, opts, NULL, &g, err, sizeof err);
    fz_require((s == TG_OK) == (g != NULL), "a game exactly when creation succeeds");
    if (g) {
        /* The canonical form must make the same game again. */
        tg_game *again = NULL;
        fz_require(tg_game_new(id, tg_game_options(g), NULL, &again, NULL, 0) == TG_OK,
                   "canonical options are accepted");
        fz_require(strcmp(tg_game_options(g), tg_game_options(again)) == 0,
                   "canonical options are stable");
        tg_game_free(again);
        tg_game_free(g);
    }
    return 0;
}
