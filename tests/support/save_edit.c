#include "save_edit.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static uint32_t get32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* Magic, version, flags, library version (12 bytes); id length and id;
 * options length and options; block size, move number, root move number;
 * 32 bytes of RNG; then the blocks. */
void tgt_save_layout(const unsigned char *save, size_t *block, size_t *size)
{
    size_t id_len = save[12];
    size_t opt_len = save[13 + id_len] | (size_t)save[14 + id_len] << 8;
    size_t numbers = 15 + id_len + opt_len;
    *size = get32(save + numbers);
    *block = numbers + 12 + 32;
}

void tgt_save_seal(unsigned char *save, size_t len)
{
    put32(save + len - 4, (uint32_t)crc32(0L, save, (uInt)(len - 4)));
}

unsigned char *tgt_save_with_options(const unsigned char *save, size_t len,
                                     const char *options, size_t *out_len)
{
    size_t id_len = save[12];
    size_t at = 13 + id_len, old = save[at] | (size_t)save[at + 1] << 8;
    size_t now = strlen(options), total = len - old + now;
    unsigned char *out = malloc(total);
    if (!out)
        return NULL;
    memcpy(out, save, at);
    out[at] = (unsigned char)now;
    out[at + 1] = (unsigned char)(now >> 8);
    memcpy(out + at + 2, options, now);
    memcpy(out + at + 2 + now, save + at + 2 + old, len - at - 2 - old);
    tgt_save_seal(out, total);
    *out_len = total;
    return out;
}

void tgt_save_set_writer(unsigned char *save, unsigned version)
{
    put32(save + 8, version);
}

unsigned char *tgt_position_save(const tg_state *st, size_t *len)
{
    unsigned char *save = NULL;
    size_t n = 0, at = 0, size = 0;
    if (tg_state_save(st, &save, &n) != TG_OK)
        return NULL;
    tgt_save_layout(save, &at, &size);
    size_t numbers = at - 44, total = at + 2 * size + 4 + 4;
    unsigned char *out = total <= n ? malloc(total) : NULL;
    if (out) {
        memcpy(out, save, at + size);
        memcpy(out + at + size, out + at, size);
        memcpy(out + numbers + 8, out + numbers + 4, 4); /* root move number = move number */
        put32(out + at + 2 * size, 0);
        tgt_save_seal(out, total);
        *len = total;
    }
    tg_free(save);
    return out;
}
