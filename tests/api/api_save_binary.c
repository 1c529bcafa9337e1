/* Binary saves under attack: every flipped byte, every truncation, trailing
 * bytes, oversized input, and fields rewritten with a correct checksum (so
 * the loader's own checks, not the CRC, must catch them). Nothing may crash
 * and nothing may half-load; a tampered save that still loads must be a
 * position every call handles. The layout is the one docs/save-format.md
 * describes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <zlib.h>

#include "support.h"

/* Offsets of the fields of one binary save. */
typedef struct layout {
    size_t flags, id_len, id, opt_len, opts, block_size, move_number, root_move_number, rng;
    size_t position, root, hist_len, hist, crc, size;
} layout;

static uint32_t get_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put_u32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static layout read_layout(const unsigned char *d, size_t len)
{
    layout l;
    l.flags = 6;
    l.id_len = 12;
    l.id = 13;
    l.opt_len = l.id + d[l.id_len];
    l.opts = l.opt_len + 2;
    l.block_size = l.opts + ((size_t)d[l.opt_len] | (size_t)d[l.opt_len + 1] << 8);
    l.move_number = l.block_size + 4;
    l.root_move_number = l.move_number + 4;
    l.rng = l.root_move_number + 4;
    l.position = l.rng + 32;
    l.root = l.position + get_u32(d + l.block_size);
    l.hist_len = l.root + get_u32(d + l.block_size);
    l.hist = l.hist_len + 4;
    l.crc = l.hist + 4 * (size_t)get_u32(d + l.hist_len);
    l.size = len;
    assert_int_equal(l.crc + 4, len);
    assert_memory_equal(d, "TGSV", 4);
    return l;
}

static void fix_crc(unsigned char *d, size_t len)
{
    put_u32(d + len - 4, (uint32_t)crc32(0L, d, (uInt)(len - 4)));
}

/* Loads data and returns the status; a message is required on failure. */
static tg_status try_load(const unsigned char *data, size_t len, tg_state **out)
{
    char err[256];
    memset(err, 0, sizeof err);
    *out = (tg_state *)err;
    tg_status s = tg_state_load(data, len, NULL, out, err, sizeof err);
    if (s != TG_OK) {
        assert_null(*out);
        if (err[0] == '\0')
            fail_msg("load failed with %s but gave no message", tg_status_name(s));
    }
    return s;
}

static void expect_rejected(const unsigned char *data, size_t len, const char *what)
{
    tg_state *st = NULL;
    tg_status s = try_load(data, len, &st);
    if (s == TG_OK) {
        tg_state_free(st);
        fail_msg("%s: loaded", what);
    }
    if (s != TG_E_CORRUPT && s != TG_E_VERSION)
        fail_msg("%s: %s, want TG_E_CORRUPT or TG_E_VERSION", what, tg_status_name(s));
}

/* Real saves: mid-game with history, and a resampled one (empty history,
 * root equal to the position). */
static unsigned char *real_save(tg_game *g, int resampled, size_t *len)
{
    tg_state *st = tgt_random_state(g, 17, 40);
    if (resampled)
        assert_int_equal(tg_state_resample(st, 0), TG_OK);
    unsigned char *data = tgt_save(st, len);
    tg_state_free(st);
    return data;
}

static void flips_and_truncations_are_rejected(void **state)
{
    (void)state;
    static const unsigned char masks[] = {0x01, 0x80, 0xFF};
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        char sets[64][TGT_OPTIONS_MAX];
        size_t nsets = tgt_option_sets(info, sets, 64);
        for (size_t k = 0; k < nsets && k < 64; k++) {
            tg_game *g = tgt_game(info->id, sets[k]);
            for (int resampled = 0; resampled < 2; resampled++) {
                size_t len = 0;
                unsigned char *orig = real_save(g, resampled, &len);
                unsigned char *d = malloc(len + 1);
                assert_non_null(d);
                char what[TGT_OPTIONS_MAX + 128];
                for (size_t at = 0; at < len; at++)
                    for (size_t m = 0; m < sizeof masks; m++) {
                        memcpy(d, orig, len);
                        d[at] ^= masks[m];
                        snprintf(what, sizeof what, "%s [%s] byte %zu ^ 0x%02x", info->id,
                                 sets[k], at, masks[m]);
                        expect_rejected(d, len, what);
                    }
                /* Every prefix, in a buffer of exactly that size so an
                 * over-read shows under ASan and valgrind. */
                for (size_t cut = 0; cut < len; cut++) {
                    unsigned char *p = malloc(cut ? cut : 1);
                    assert_non_null(p);
                    memcpy(p, orig, cut);
                    snprintf(what, sizeof what, "%s [%s] cut to %zu bytes", info->id, sets[k],
                             cut);
                    expect_rejected(p, cut, what);
                    free(p);
                }
                memcpy(d, orig, len);
                d[len] = 0;
                expect_rejected(d, len + 1, "save with a trailing byte");
                free(d);
                tg_free(orig);
            }
            tg_game_free(g);
        }
    }
}

static void empty_and_oversized_input(void **state)
{
    (void)state;
    tg_state *st = NULL;
    assert_int_equal(try_load(NULL, 0, &st), TG_E_CORRUPT);
    assert_int_equal(try_load((const unsigned char *)"", 0, &st), TG_E_CORRUPT);
    assert_int_equal(try_load((const unsigned char *)"TGSV", 4, &st), TG_E_CORRUPT);
    assert_int_equal(try_load((const unsigned char *)"{\"game\":1}", 10, &st), TG_E_CORRUPT);
    size_t huge = (size_t)TG_SAVE_MAX_BYTES + 1;
    unsigned char *big = calloc(huge, 1);
    assert_non_null(big);
    memcpy(big, "TGSV\x01", 5);
    assert_int_equal(try_load(big, huge, &st), TG_E_TOO_LARGE);
    free(big);
    /* A future format version is a version error, not corruption. */
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        tg_game *g = tgt_game(tg_catalogue_get(i)->id, NULL);
        size_t len = 0;
        unsigned char *d = real_save(g, 0, &len);
        d[4] = 0x7F;
        fix_crc(d, len);
        assert_int_equal(try_load(d, len, &st), TG_E_VERSION);
        tg_free(d);
        tg_game_free(g);
    }
}

/* Each field rewritten to a lie, with the checksum made to match. */
typedef struct tamper {
    const char *what;
    void (*apply)(unsigned char *d, const layout *l);
} tamper;

static void t_flags(unsigned char *d, const layout *l)
{
    d[l->flags] = 1;
}
static void t_id_len_huge(unsigned char *d, const layout *l)
{
    d[l->id_len] = 0xFF;
}
static void t_id_len_zero(unsigned char *d, const layout *l)
{
    d[l->id_len] = 0;
}
static void t_id_nul(unsigned char *d, const layout *l)
{
    d[l->id + 1] = 0;
}
static void t_id_other(unsigned char *d, const layout *l)
{
    d[l->id] = 'Z';
}
static void t_opt_len_huge(unsigned char *d, const layout *l)
{
    d[l->opt_len] = 0xFF;
    d[l->opt_len + 1] = 0xFF;
}
static void t_opts_bad(unsigned char *d, const layout *l)
{
    /* "players=N" becomes "players=?" or the like: not a number. */
    d[l->opts + 8] = '?';
}
static void t_block_size(unsigned char *d, const layout *l)
{
    put_u32(d + l->block_size, 0xFFFFFFFFu);
}
static void t_block_size_small(unsigned char *d, const layout *l)
{
    put_u32(d + l->block_size, get_u32(d + l->block_size) - 1);
}
static void t_move_number(unsigned char *d, const layout *l)
{
    put_u32(d + l->move_number, 0xFFFFFFFFu);
}
static void t_move_number_plus(unsigned char *d, const layout *l)
{
    put_u32(d + l->move_number, get_u32(d + l->move_number) + 1);
}
static void t_root_move_number(unsigned char *d, const layout *l)
{
    put_u32(d + l->root_move_number, get_u32(d + l->move_number) + 1);
}
static void t_rng_zero(unsigned char *d, const layout *l)
{
    memset(d + l->rng, 0, 32);
}
static void t_hist_len_huge(unsigned char *d, const layout *l)
{
    put_u32(d + l->hist_len, 0xFFFFFFFFu);
}
static void t_hist_len_plus(unsigned char *d, const layout *l)
{
    put_u32(d + l->hist_len, get_u32(d + l->hist_len) + 1);
}
static void t_hist_entry(unsigned char *d, const layout *l)
{
    if (l->crc > l->hist)
        put_u32(d + l->hist, 0xFFFFFFFFu);
    else
        d[l->flags] = 2;
}
static void t_position_garbage(unsigned char *d, const layout *l)
{
    memset(d + l->position, 0xEE, l->root - l->position);
}
static void t_root_garbage(unsigned char *d, const layout *l)
{
    memset(d + l->root, 0xEE, l->hist_len - l->root);
}

static void tampered_fields_are_rejected(void **state)
{
    (void)state;
    static const tamper tampers[] = {
        {"unknown flags", t_flags},
        {"id length 255", t_id_len_huge},
        {"id length 0", t_id_len_zero},
        {"NUL inside the id", t_id_nul},
        {"another id", t_id_other},
        {"options length 65535", t_opt_len_huge},
        {"options not parseable", t_opts_bad},
        {"block size 2^32-1", t_block_size},
        {"block size one short", t_block_size_small},
        {"move number 2^32-1", t_move_number},
        {"move number off by one", t_move_number_plus},
        {"root move number after the move number", t_root_move_number},
        {"all-zero RNG", t_rng_zero},
        {"history length 2^32-1", t_hist_len_huge},
        {"history length one too many", t_hist_len_plus},
        {"history entry outside the move space", t_hist_entry},
        {"position bytes all 0xEE", t_position_garbage},
        {"root bytes all 0xEE", t_root_garbage},
    };
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        tg_game *g = tgt_game(info->id, NULL);
        size_t len = 0;
        unsigned char *orig = real_save(g, 0, &len);
        layout l = read_layout(orig, len);
        unsigned char *d = malloc(len);
        assert_non_null(d);
        for (size_t t = 0; t < sizeof tampers / sizeof tampers[0]; t++) {
            memcpy(d, orig, len);
            tampers[t].apply(d, &l);
            fix_crc(d, len);
            tg_state *st = NULL;
            tg_status s = try_load(d, len, &st);
            tg_state_free(st);
            if (s != TG_E_CORRUPT && s != TG_E_UNKNOWN_GAME)
                fail_msg("%s, %s: loading gave %s, want TG_E_CORRUPT", info->id,
                         tampers[t].what, tg_status_name(s));
        }
        free(d);
        tg_free(orig);
        tg_game_free(g);
    }
}

static void checksummed_flips_never_break_the_library(void **state)
{
    (void)state;
    for (size_t i = 0; i < tg_catalogue_count(); i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        tg_game *g = tgt_game(info->id, NULL);
        size_t len = 0;
        unsigned char *orig = real_save(g, 0, &len);
        unsigned char *d = malloc(len);
        assert_non_null(d);
        unsigned long loaded = 0, rejected = 0;
        for (size_t at = 4; at + 4 < len; at++)
            for (unsigned mask = 1; mask < 0x100; mask <<= 1) {
                memcpy(d, orig, len);
                d[at] ^= (unsigned char)mask;
                fix_crc(d, len);
                tg_state *st = NULL;
                tg_status s = try_load(d, len, &st);
                if (s == TG_OK) {
                    loaded++;
                    /* It must be a state every call handles. */
                    tgt_exercise(st, at * 256 + mask, 60);
                    tg_state_free(st);
                } else {
                    rejected++;
                    if (s != TG_E_CORRUPT && s != TG_E_VERSION && s != TG_E_UNKNOWN_GAME)
                        fail_msg("%s: byte %zu ^ 0x%02x gave %s", info->id, at, mask,
                                 tg_status_name(s));
                }
            }
        printf("%s: %zu-byte save, %lu checksummed bit flips loaded (and were played), "
               "%lu rejected\n",
               info->id, len, loaded, rejected);
        free(d);
        tg_free(orig);
        tg_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(flips_and_truncations_are_rejected),
        cmocka_unit_test(empty_and_oversized_input),
        cmocka_unit_test(tampered_fields_are_rejected),
        cmocka_unit_test(checksummed_flips_never_break_the_library),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
