/* JSON saves written by other programs or by hand. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tg_state *st = NULL;
    char err[256];
    tg_status s = tg_state_from_json((const char *)data, size, NULL, &st, err, sizeof err);
    fz_require((s == TG_OK) == (st != NULL), "a state exactly when loading succeeds");
    if (st) {
        fz_check_state(st);
        tg_state_free(st);
    }
    return 0;
}
