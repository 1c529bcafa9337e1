/* The games compiled into the library, in catalogue order. */
#ifndef TG_CORE_REGISTRY_H
#define TG_CORE_REGISTRY_H

#include <stddef.h>

#include "game_def.h"

size_t tgG_count(void);
const tg_game_def *tgG_at(size_t index);
const tg_game_def *tgG_find(const char *id);
const tg_game_def *tgG_of_info(const tg_game_info *info);

#endif
