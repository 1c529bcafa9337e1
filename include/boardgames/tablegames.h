/**
 * @file tablegames.h
 * @brief libtablegames: the rules of family board games behind a stable C API.
 *
 * Include this one header. See the guide (docs/guide.md, the Doxygen main
 * page) for the concepts: game, state, decision, chance, observation, events.
 */
#ifndef BOARDGAMES_TABLEGAMES_H
#define BOARDGAMES_TABLEGAMES_H

#include "common.h"
#include "boardgames/version.h"
#include "catalogue.h"
#include "game.h"
#include "state.h"
#include "observe.h"
#include "save.h"
#include "bot.h"
#include "batch.h"

#endif
