/**
 * @file save.h
 * @brief Saving and loading states: a compact binary form and a JSON form.
 *
 * Both forms carry the game id and options, the position, the root position
 * and history (so undo works after loading) and the RNG, and both round-trip
 * exactly. Loading checks everything and never half-loads: malformed,
 * truncated, tampered or rule-breaking input returns #TG_E_CORRUPT (or
 * #TG_E_VERSION, #TG_E_TOO_LARGE, #TG_E_PARSE) with a message naming the
 * problem. docs/save-format.md documents both forms.
 */
#ifndef BOARDGAMES_SAVE_H
#define BOARDGAMES_SAVE_H

#include "common.h"
#include "game.h"
#include "state.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup save Saving and loading
 * @{
 */

/** Largest input tg_state_load() and tg_state_from_json() accept (bytes). */
#define TG_SAVE_MAX_BYTES (16u * 1024u * 1024u)

/**
 * Writes the binary form. Release @p *out with tg_free().
 */
TG_API tg_status tg_state_save(const tg_state *state, unsigned char **out, size_t *len);

/**
 * Reads the binary form, making the game it names.
 * @param params NULL for defaults; the allocator for the new game and state.
 * @param errbuf optional: receives a message on failure.
 */
TG_API tg_status tg_state_load(const unsigned char *data, size_t len,
                               const tg_game_params *params, tg_state **out,
                               char *errbuf, size_t errbuf_size);

/** Writes the JSON form. Release @p *out with tg_free(). */
TG_API tg_status tg_state_to_json(const tg_state *state, char **out, size_t *len);

/**
 * Reads the JSON form. Only "game" and "position" are required ("options"
 * defaults to the game's defaults), so a position can be written by hand;
 * see docs/save-format.md.
 * @param json UTF-8 text of @p len bytes (need not be NUL-terminated).
 */
TG_API tg_status tg_state_from_json(const char *json, size_t len,
                                    const tg_game_params *params, tg_state **out,
                                    char *errbuf, size_t errbuf_size);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
