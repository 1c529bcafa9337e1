/**
 * @file observe.h
 * @brief What each player may see: observations, events, resampling.
 *
 * Hidden information is shown per viewer. A viewer is a player number, or
 * #TG_VIEW_OMNISCIENT for a referee or debugger that sees everything. Two
 * states that differ only in what a player cannot know give that player the
 * same observation and the same events. Each game's rule document lists the
 * JSON fields.
 */
#ifndef BOARDGAMES_OBSERVE_H
#define BOARDGAMES_OBSERVE_H

#include "common.h"
#include "state.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup observe Observations and hidden information
 * @{
 */

/**
 * The state as @p viewer sees it, as a JSON object. Release @p *out with
 * tg_free(). @param len optional: receives strlen(*out).
 */
TG_API tg_status tg_state_observation_json(const tg_state *state, int viewer,
                                           char **out, size_t *len);

/**
 * What the last decision did, as @p viewer saw it: a JSON array of event
 * objects (empty at the root of the history). Release with tg_free().
 * Each object has a "type", the fields the game's rule document lists, and
 * (since 1.2) a "text": one English sentence telling the event as the
 * viewer may know it, built from the same fields, so it never says more;
 * seats are named "player N" with the numbers of the "player" fields.
 */
TG_API tg_status tg_state_events_json(const tg_state *state, int viewer,
                                      char **out, size_t *len);

/**
 * A drawing of the board in plain text (UTF-8, several lines) as @p viewer
 * sees it, for terminals and debugging: the board, a legend of the marks it
 * uses, then the players and whose turn it is in words, in at most 80
 * columns. It shows the viewer nothing the rules hide from it. The layout
 * is for people and may change between releases. Release with tg_free().
 */
TG_API tg_status tg_state_to_text(const tg_state *state, int viewer,
                                  char **out, size_t *len);

/**
 * Replaces everything @p player cannot know with a fresh draw from the
 * state's RNG, consistent with everything @p player has seen: the player's
 * observation and events stay exactly as they were. The history is cleared
 * (the resampled position becomes the root), since the old decisions would
 * not lead to it. For information-set search and fair computer players.
 */
TG_API tg_status tg_state_resample(tg_state *state, int player);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
