/* Parsing "key=value,key=value" strings against a game's option table. */
#ifndef TG_CORE_OPTIONS_H
#define TG_CORE_OPTIONS_H

#include "game_def.h"
#include "strbuf.h"

/* Longest options string accepted, in bytes. */
#define TG_OPTIONS_MAX 1024

/* Fills values[i] for every option of def (defaults for absent ones). */
tg_status tgO_parse(const tg_game_def *def, const char *text, tg_optval *values, tg_msg *msg);
/* The same for the options string of a save in format version `format`:
 * a format-1 save (release 1.1) gives the options it leaves out their
 * legacy values (tg_game_def.legacy_values), so it plays as it did. */
tg_status tgO_parse_saved(const tg_game_def *def, unsigned format, const char *text,
                          tg_optval *values, tg_msg *msg);
/* Writes the canonical "name=value,..." form of values. */
void tgO_format(const tg_game_def *def, const tg_optval *values, tg_strbuf *out);

#endif
