#include "params.h"

#include <string.h>

/* The size of each layout of tg_game_params: version 1 ends where the
 * field version 2 appended begins. */
static const size_t game_sizes[] = {offsetof(tg_game_params, sized_allocator),
                                    sizeof(tg_game_params)};
_Static_assert(sizeof game_sizes / sizeof game_sizes[0] == TG_GAME_PARAMS_VERSION,
               "one size per tg_game_params version");

size_t tgP_size(const size_t *sizes, unsigned count, unsigned version)
{
    return version >= 1 && version <= count ? sizes[version - 1] : 0;
}

static tg_status unknown_version(tg_msg *msg, const char *what, unsigned version, unsigned count)
{
    tgM_set(msg, "%s version %u is unknown; this library reads versions 1 to %u", what, version,
            count);
    return TG_E_INVALID_ARGUMENT;
}

tg_status tgP_copy(void *dst, const void *src, const size_t *sizes, unsigned count,
                   const char *what, tg_msg *msg)
{
    unsigned version;
    memcpy(&version, src, sizeof version);
    size_t size = tgP_size(sizes, count, version);
    if (!size)
        return unknown_version(msg, what, version, count);
    memcpy(dst, src, size);
    return TG_OK;
}

tg_status tgP_init(void *params, const size_t *sizes, unsigned count, unsigned version,
                   const char *what, char *errbuf, size_t errbuf_size)
{
    tg_msg msg = {""};
    size_t size = tgP_size(sizes, count, version);
    if (params && size) {
        memset(params, 0, size);
        memcpy(params, &version, sizeof version);
        return TG_OK;
    }
    if (!params)
        tgM_set(&msg, "the %s pointer is NULL", what);
    else
        unknown_version(&msg, what, version, count);
    tgM_copy_out(msg.text, errbuf, errbuf_size);
    return TG_E_INVALID_ARGUMENT;
}

tg_status tg_game_params_init_v2(tg_game_params *params, unsigned version, char *errbuf,
                                 size_t errbuf_size)
{
    return tgP_init(params, game_sizes, TG_GAME_PARAMS_VERSION, version, "tg_game_params", errbuf,
                    errbuf_size);
}

tg_status tg_game_params_init(tg_game_params *params, unsigned version)
{
    return tg_game_params_init_v2(params, version, NULL, 0);
}

/* The size of each layout tg_sized_allocator has had, oldest first. A
 * caller names the size it was compiled with; the library accepts any of
 * them and reads exactly that many bytes over zeroed defaults, so a
 * program built against an older, smaller layout keeps working after the
 * struct grows. A release that appends a field adds the new size here. */
static const size_t sized_sizes[] = {sizeof(tg_sized_allocator)};

/* 1 when size is one a layout of tg_sized_allocator has had; else 0, with
 * the sizes this library reads in msg. */
static int sized_size_known(size_t size, tg_msg *msg)
{
    size_t known = sizeof sized_sizes / sizeof sized_sizes[0];
    for (size_t i = 0; i < known; i++)
        if (sized_sizes[i] == size)
            return 1;
    tgM_set(msg, "tg_sized_allocator.size is %zu; this library reads sizes %zu to %zu (set it "
                 "to sizeof(tg_sized_allocator))",
            size, sized_sizes[0], sized_sizes[known - 1]);
    return 0;
}

tg_status tg_sized_allocator_init(tg_sized_allocator *allocator, size_t size, char *errbuf,
                                  size_t errbuf_size)
{
    tg_msg msg = {""};
    if (!allocator)
        tgM_set(&msg, "the tg_sized_allocator pointer is NULL");
    else if (sized_size_known(size, &msg)) {
        memset(allocator, 0, size);
        allocator->size = size;
        return TG_OK;
    }
    tgM_copy_out(msg.text, errbuf, errbuf_size);
    return TG_E_INVALID_ARGUMENT;
}

static tg_status sized_memory(const tg_sized_allocator *a, tg_mem *out, tg_msg *msg)
{
    /* Only the size is read until it says how much more there is. */
    size_t size = a->size;
    if (!sized_size_known(size, msg))
        return TG_E_INVALID_ARGUMENT;
    tg_sized_allocator copy;
    memset(&copy, 0, sizeof copy);
    memcpy(&copy, a, size);
    if (!copy.resize) {
        tgM_set(msg, "tg_sized_allocator.resize is NULL");
        return TG_E_INVALID_ARGUMENT;
    }
    tgA_from_sized(out, &copy);
    return TG_OK;
}

tg_status tgP_game_memory(const tg_game_params *params, tg_mem *out, tg_msg *msg)
{
    tgA_default(out);
    if (!params)
        return TG_OK;
    tg_game_params p;
    tg_game_params_init(&p, TG_GAME_PARAMS_VERSION);
    tg_status s = tgP_copy(&p, params, game_sizes, TG_GAME_PARAMS_VERSION, "tg_game_params", msg);
    if (s != TG_OK)
        return s;
    if (p.allocator && p.sized_allocator) {
        tgM_set(msg, "tg_game_params sets both allocator and sized_allocator; set one");
        return TG_E_INVALID_ARGUMENT;
    }
    if (p.sized_allocator)
        return sized_memory(p.sized_allocator, out, msg);
    if (p.allocator) {
        if (!p.allocator->alloc || !p.allocator->release) {
            tgM_set(msg, "the allocator needs both functions");
            return TG_E_INVALID_ARGUMENT;
        }
        tgA_from_allocator(out, p.allocator);
    }
    return TG_OK;
}
