/* Versioned parameter structs (tg_game_params, tg_bot_params). A caller
 * compiled against layout v passes a struct of exactly v's size: the
 * library copies that many bytes over its own defaults and reads nothing
 * beyond, so an older caller's smaller struct is never read past its end. */
#ifndef TG_CORE_PARAMS_H
#define TG_CORE_PARAMS_H

#include <stddef.h>

#include "alloc.h"
#include "boardgames/game.h"
#include "msg.h"

/* sizes[v - 1] is the size of layout v; 0 for an unknown version. */
size_t tgP_size(const size_t *sizes, unsigned count, unsigned version);
/* Zeroes layout version of a struct (every byte of it, padding included)
 * and sets its version; TG_E_INVALID_ARGUMENT for NULL or an unknown one,
 * saying why in the caller's optional errbuf (what names the struct). */
tg_status tgP_init(void *params, const size_t *sizes, unsigned count, unsigned version,
                   const char *what, char *errbuf, size_t errbuf_size);
/* Copies the layout src names (its first field is the version) over dst,
 * which holds the current layout's defaults; what names the struct in
 * messages. TG_E_INVALID_ARGUMENT for an unknown version. */
tg_status tgP_copy(void *dst, const void *src, const size_t *sizes, unsigned count,
                   const char *what, tg_msg *msg);
/* Resolves game params (NULL: defaults) to a memory hook. */
tg_status tgP_game_memory(const tg_game_params *params, tg_mem *out, tg_msg *msg);

#endif
