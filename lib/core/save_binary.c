/* Binary save layout (all integers little-endian), documented in
 * docs/save-format.md:
 *   "TGSV"  u16 format version  u16 flags (0)  u32 library version
 *   u8 id length, id   u16 options length, options
 *   u32 block size  u32 move number  u32 root move number
 *   4 x u64 RNG state   block: position   block: root
 *   u32 history length, u32 per decision
 *   u32 CRC-32 (zlib) of every byte before it */
#include <string.h>
#include <zlib.h>

#include "alloc.h"
#include "load.h"
#include "options.h"
#include "params.h"
#include "registry.h"

static const unsigned char magic[4] = {'T', 'G', 'S', 'V'};

typedef struct writer {
    unsigned char *p;
} writer;

static void put(writer *w, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        *w->p++ = (unsigned char)(v >> (8 * i));
}

static void put_bytes(writer *w, const void *src, size_t n)
{
    memcpy(w->p, src, n);
    w->p += n;
}

tg_status tg_state_save(const tg_state *state, unsigned char **out, size_t *len)
{
    if (out)
        *out = NULL;
    if (!state)
        return TG_E_INVALID_ARGUMENT;
    if (!out || !len)
        return tgH_fail(state, TG_E_INVALID_ARGUMENT, "the %s pointer is NULL",
                        !out ? "output" : "length");
    const tg_game *g = state->game;
    size_t id_len = strlen(g->def->info.id), opt_len = strlen(g->options);
    size_t size = g->def->state_size;
    size_t total = 4 + 2 + 2 + 4 + 1 + id_len + 2 + opt_len + 4 + 4 + 4 + 32 + 2 * size + 4 +
                   (size_t)state->hist_len * 4 + 4;
    unsigned char *buf = tgA_buffer(&g->alloc, total);
    if (!buf)
        return tgH_fail(state, TG_E_NO_MEMORY, "out of memory for the save");
    writer w = {buf};
    put_bytes(&w, magic, 4);
    put(&w, TG_SAVE_FORMAT_VERSION, 2);
    put(&w, 0, 2);
    put(&w, tg_version_number(), 4);
    put(&w, id_len, 1);
    put_bytes(&w, g->def->info.id, id_len);
    put(&w, opt_len, 2);
    put_bytes(&w, g->options, opt_len);
    put(&w, size, 4);
    put(&w, state->move_number, 4);
    put(&w, state->root_move_number, 4);
    for (int i = 0; i < 4; i++)
        put(&w, state->rng.s[i], 8);
    put_bytes(&w, tgH_block(state), size);
    put_bytes(&w, tgH_root(state), size);
    put(&w, state->hist_len, 4);
    for (uint32_t i = 0; i < state->hist_len; i++)
        put(&w, state->hist[i], 4);
    put(&w, crc32(0L, buf, (uInt)(w.p - buf)), 4);
    *out = buf;
    *len = total;
    return TG_OK;
}

typedef struct reader {
    const unsigned char *p, *end;
    int short_read;
} reader;

static uint64_t get(reader *r, int bytes)
{
    if (r->end - r->p < bytes) {
        r->short_read = 1;
        r->p = r->end;
        return 0;
    }
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++)
        v |= (uint64_t)r->p[i] << (8 * i);
    r->p += bytes;
    return v;
}

static const unsigned char *get_bytes(reader *r, size_t n)
{
    if ((size_t)(r->end - r->p) < n) {
        r->short_read = 1;
        r->p = r->end;
        return NULL;
    }
    const unsigned char *at = r->p;
    r->p += n;
    return at;
}

/* Whether text, the options string of a save written by library version
 * written_by, is the one this library writes (tg_game_options()), so that
 * loading and saving again gives the same bytes. A save from an earlier
 * version may leave out options added since; what it does name must still
 * be written the canonical way, in the canonical order. */
static int canonical_options(const char *text, const char *canon, unsigned format,
                             uint32_t written_by)
{
    if (strcmp(text, canon) == 0)
        return 1;
    /* An older writer (an older format, or an older library) did not know the
     * options added since: they may be missing, the rest must be in order. */
    int older = format < TG_SAVE_FORMAT_VERSION || written_by < tg_version_number();
    if (!older || text[0] == '\0')
        return 0;
    const char *t = text, *c = canon;
    while (*t) {
        size_t item = strcspn(t, ",");
        for (;;) {
            if (*c == '\0')
                return 0;
            size_t have = strcspn(c, ",");
            int same = have == item && memcmp(t, c, item) == 0;
            c += have + (c[have] == ',');
            if (same)
                break;
        }
        t += item;
        if (*t == ',' && *++t == '\0')
            return 0;
    }
    return 1;
}

static tg_status corrupt(tg_msg *msg, const char *what)
{
    tgM_set(msg, "%s", what);
    return TG_E_CORRUPT;
}

static tg_status decode(const unsigned char *data, size_t len, const tg_mem *alloc,
                        tg_state **out, tg_msg *msg)
{
    if (len > TG_SAVE_MAX_BYTES) {
        tgM_set(msg, "save is %zu bytes, more than the limit of %u", len, TG_SAVE_MAX_BYTES);
        return TG_E_TOO_LARGE;
    }
    if (len < 12 || memcmp(data, magic, 4) != 0)
        return corrupt(msg, "not a libtablegames save (bad magic number)");
    reader r = {data + 4, data + len, 0};
    unsigned version = (unsigned)get(&r, 2);
    if (version == 0 || version > TG_SAVE_FORMAT_VERSION) {
        tgM_set(msg, "save format version %u; this library reads 1..%d", version,
                TG_SAVE_FORMAT_VERSION);
        return TG_E_VERSION;
    }
    if (len < 16)
        return corrupt(msg, "save is truncated");
    uint32_t stored = (uint32_t)data[len - 4] | (uint32_t)data[len - 3] << 8 |
                      (uint32_t)data[len - 2] << 16 | (uint32_t)data[len - 1] << 24;
#ifndef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
    /* Fuzzing builds skip the checksum so mutated inputs reach the checks
     * behind it, which must hold on their own. */
    if (crc32(0L, data, (uInt)(len - 4)) != stored)
        return corrupt(msg, "save is damaged or truncated (checksum mismatch)");
#else
    (void)stored;
#endif
    r.end = data + len - 4;
    if (get(&r, 2) != 0)
        return corrupt(msg, "save has unknown flags");
    uint32_t written_by = (uint32_t)get(&r, 4); /* the writing library's version */
    size_t id_len = (size_t)get(&r, 1);
    const unsigned char *id = get_bytes(&r, id_len);
    size_t opt_len = (size_t)get(&r, 2);
    const unsigned char *opts = get_bytes(&r, opt_len);
    if (r.short_read)
        return corrupt(msg, "save is truncated in its header");
    if (opt_len > TG_OPTIONS_MAX)
        return corrupt(msg, "save header has an options string longer than any game accepts");
    char id_s[256], opt_s[TG_OPTIONS_MAX + 1];
    memcpy(id_s, id, id_len);
    id_s[id_len] = '\0';
    memcpy(opt_s, opts, opt_len);
    opt_s[opt_len] = '\0';
    if (strlen(id_s) != id_len || strlen(opt_s) != opt_len)
        return corrupt(msg, "save header holds a NUL byte");
    const tg_game_def *def = tgG_find(id_s);
    if (!def) {
        tgM_set(msg, "save is for an unknown game '%.60s'", id_s);
        return TG_E_UNKNOWN_GAME;
    }
    tg_game *g = NULL;
    tg_msg inner = {""};
    tg_status s = tgH_game_make_saved(def, opt_s, version, alloc, &g, &inner);
    if (s != TG_OK) {
        tgM_set(msg, "save has bad options: %s", inner.text);
        return s == TG_E_NO_MEMORY ? s : TG_E_CORRUPT;
    }
    if (!canonical_options(opt_s, g->options, version, written_by)) {
        tgM_set(msg, "save has options '%.80s', not written as this library writes them "
                     "('%.80s')", opt_s, g->options);
        tg_game_free(g);
        return TG_E_CORRUPT;
    }
    tg_decoded d;
    size_t size = (size_t)get(&r, 4), want = tgL_block_size(def, version);
    d.move_number = (uint32_t)get(&r, 4);
    d.root_move_number = (uint32_t)get(&r, 4);
    uint64_t any = 0;
    for (int i = 0; i < 4; i++)
        any |= d.rng.s[i] = get(&r, 8);
    if (!r.short_read && any == 0) {
        tg_game_free(g);
        return corrupt(msg, "save has an all-zero RNG state, which xoshiro cannot leave");
    }
    if (!r.short_read && size != want) {
        tg_game_free(g);
        tgM_set(msg, "save holds %zu-byte positions; %s uses %zu in format %u", size,
                def->info.id, want, version);
        return TG_E_CORRUPT;
    }
    const unsigned char *position = get_bytes(&r, size), *root = get_bytes(&r, size);
    d.history_len = (uint32_t)get(&r, 4);
    if (r.short_read || (size_t)(r.end - r.p) != (size_t)d.history_len * 4) {
        tg_game_free(g);
        return corrupt(msg, "save is truncated or has trailing bytes");
    }
    /* The raw bytes may be unaligned, so copy the decisions out; the blocks
     * go into zeroed blocks of the current size (a format-1 block is the
     * prefix of its current form). */
    size_t full = def->state_size;
    unsigned char *blocks = tgA_alloc(alloc, 2 * full);
    tg_move *hist = NULL;
    if (blocks && d.history_len)
        hist = tgA_alloc(alloc, (size_t)d.history_len * sizeof *hist);
    if (!blocks || (d.history_len && !hist)) {
        tgA_release(alloc, blocks, 2 * full);
        tg_game_free(g);
        tgM_set(msg, "out of memory");
        return TG_E_NO_MEMORY;
    }
    memset(blocks, 0, 2 * full);
    memcpy(blocks, position, size);
    memcpy(blocks + full, root, size);
    d.position = blocks;
    d.root = blocks + full;
    d.position_knows = d.root_knows = size == full;
    for (uint32_t i = 0; i < d.history_len; i++)
        hist[i] = (tg_move)get(&r, 4);
    d.history = hist;
    s = tgL_assemble(g, &d, out, msg);
    tgA_release(alloc, hist, (size_t)d.history_len * sizeof *hist);
    tgA_release(alloc, blocks, 2 * full);
    return s;
}

tg_status tg_state_load(const unsigned char *data, size_t len, const tg_game_params *params,
                        tg_state **out, char *errbuf, size_t errbuf_size)
{
    tg_msg msg = {""};
    tg_mem alloc;
    tg_status s;
    if (out)
        *out = NULL;
    if (!out || (!data && len)) {
        tgM_set(&msg, "%s is NULL", !out ? "the output pointer" : "the data");
        s = TG_E_INVALID_ARGUMENT;
    } else {
        s = tgP_game_memory(params, &alloc, &msg);
        if (s == TG_OK)
            s = decode(data ? data : (const unsigned char *)"", len, &alloc, out, &msg);
    }
    if (s != TG_OK)
        tgM_copy_out(msg.text, errbuf, errbuf_size);
    return s;
}
