/**
 * @file observe.h
 * @brief What each player may see: observations, events, resampling.
 *
 * Hidden information is shown per viewer. A viewer is a player number,
 * #TG_VIEW_OMNISCIENT for a referee or debugger that sees everything, or
 * #TG_VIEW_PUBLIC for a spectator who sees what the whole table sees. Two
 * states that differ only in what a player cannot know give that player the
 * same observation and the same events. Each game's rule document lists the
 * JSON fields and the tensor slots.
 *
 * Perfect recall (since 1.2): a state remembers, for every player, the
 * hidden facts that player has learned by the rules and not forgotten (in
 * Witches' Dance the colours of the hats a player saw, followed as the hats
 * move). A player's observation marks what the player knows beside what
 * the table shows (Witches' Dance: `"known_color"` and `"known_by"` beside
 * `"circle"`), so an app may leave the marks out for players who want no
 * memory aid.
 * Resampling keeps everything the player knows.
 *
 * Viewers and the player to move: #TG_VIEW_OMNISCIENT has the value of
 * #TG_PLAYER_CHANCE and #TG_VIEW_PUBLIC that of #TG_PLAYER_TERMINAL (frozen
 * for 1.x). Never pass tg_state_current_player() as a viewer without
 * checking it is a player (>= 0): at a chance point it would ask for the
 * referee's view. Name the referee with #TG_VIEW_REFEREE (since 1.3),
 * which no player sentinel equals.
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
 * state's RNG, uniform among the hidden assignments consistent with
 * everything @p player has seen since the start (perfect recall, since
 * 1.2: the facts the state's knowledge marks say the player knows are kept,
 * not only what the last decision showed): the player's observation,
 * knowledge marks and events stay exactly as they were, and other players'
 * marks keep naming the facts they know (of the new draw). The history is
 * cleared (the resampled position becomes the root), since the old
 * decisions would not lead to it. For information-set search and fair
 * computer players.
 */
TG_API tg_status tg_state_resample(tg_state *state, int player);

/**
 * The number of floats in an observation tensor of @p game: fixed for a
 * game and its options. 0 for a NULL game.
 * @since 1.2
 */
TG_API size_t tg_game_observation_tensor_size(const tg_game *game);

/**
 * The shape of @p game's observation tensor: @p rank receives the number
 * of dimensions and @p shape their sizes, outermost first; their product
 * is tg_game_observation_tensor_size(). In 1.3 every game's tensor is a
 * flat vector (rank 1, the slot table of its rule document); a later
 * format (tg_game_format_version()) may give a game more dimensions.
 * @param shape receives the sizes; may be NULL when @p cap is 0.
 * @param cap   entries in @p shape; 4 is enough for every 1.x game.
 * @param rank  receives the rank, also when @p cap is too small (then
 *              #TG_E_BUFFER_TOO_SMALL and nothing written to @p shape).
 * @return #TG_E_INVALID_ARGUMENT for a NULL game or @p rank, or a NULL
 *         @p shape with a non-zero @p cap.
 * @since 1.3
 */
TG_API tg_status tg_game_observation_tensor_shape(const tg_game *game, size_t *shape, size_t cap,
                                                  size_t *rank);

/**
 * The observation of @p viewer as a fixed-length vector of floats, for
 * learning programs: exactly what tg_state_observation_json() holds for
 * that viewer, knowledge marks included, except the fields "game",
 * "viewer", "players" and "move_number". Slots 0 .. n+1 (n players) are the
 * player to move one-hot (players 0..n-1, then chance, then game over),
 * slots n+2 .. 2n+1 are 1 for each winner; the game's own slots follow,
 * named in the table of its rule document. Two states give a viewer equal
 * tensors exactly when they give equal observations (without those four
 * fields). Allocates nothing.
 * @param out receives tg_game_observation_tensor_size() floats.
 * @param cap floats in @p out; a smaller @p cap gives #TG_E_BUFFER_TOO_SMALL
 *            with the size needed in the message, and nothing written.
 * @since 1.2
 */
TG_API tg_status tg_state_observation_tensor(const tg_state *state, int viewer, float *out,
                                             size_t cap);

/**
 * The information state of @p player as canonical JSON, for people and
 * logs: an object with `"observation"`, the player's observation
 * (tg_state_observation_json(), knowledge marks included), and
 * `"own_decisions"`, the move ids the player chose since the root of the
 * state's history, oldest first (a loaded state's history goes on from
 * its save; a resampled state starts a new one). Since 1.3 also
 * `"own_digest"`: `{"count": n, "digest": "32 hex digits"}`, the running
 * digest of all the player's own decisions that the information key is
 * made from, those before the root included (a resampled state keeps the
 * player's earlier decisions in it). The observation and the digest are
 * the player's information: two states get equal keys exactly when those
 * are equal, whatever the lists since the root say. Keys sorted, no
 * spaces, ASCII only. Release @p *out with tg_free(). @param len optional.
 * @since 1.2
 */
TG_API tg_status tg_state_information_json(const tg_state *state, int player, char **out,
                                           size_t *len);

/**
 * A 128-bit key of @p player's information state, low 64 bits in
 * @p out[0], high in @p out[1]. Two states get equal keys exactly when
 * @p player cannot tell them apart: the same game and options, the same
 * observation (knowledge marks included, and the move number) and the
 * same own decisions in the same order, up to hash collisions (about
 * 2^-64 for 2^32 keys). For tables keyed by information set (CFR, ISMCTS
 * with perfect recall).
 *
 * Since 1.3 (key format 1, tg_game_format_version() with
 * #TG_FORMAT_INFORMATION_KEY) the key costs the same at any length of
 * history: it is XXH3-128 (xxHash 0.8, stable across platforms), seeded
 * with a digest of the game's id and options, of a compact binary form of
 * the information state: the player, the move number, the player's
 * observation tensor (tg_state_observation_tensor(), which holds exactly
 * the observation) and a running digest of the player's own decisions
 * that the state keeps up to date as it plays, undoes, copies, loads and
 * resamples (tg_state_resample() keeps it: the resampled state has the
 * key of the state it came from). Since 1.4 the digest takes each
 * decision in when it is next needed (a key, a copy, a resample) rather
 * than when the decision is made, so that play pays nothing for keys it
 * never asks: the first key after n decisions without one costs a few
 * nanoseconds per decision more, once. A save holds the history since its
 * root, so a loaded state's digest counts the decisions since that root:
 * a resampled state, saved and loaded, no longer carries the decisions
 * before its resample. Keys of 1.2, the hash of
 * tg_state_information_json(), are not equal to these: stored 1.2 keys
 * must be remade. Allocates nothing.
 * @since 1.2
 */
TG_API tg_status tg_state_information_key(const tg_state *state, int player, uint64_t out[2]);

/**
 * The number of floats in an information-state tensor of @p game (see
 * tg_state_information_tensor()): tg_game_observation_tensor_size() +
 * players + 10. Fixed for a game and its options; 0 for a NULL game.
 * @since 1.4
 */
TG_API size_t tg_game_information_tensor_size(const tg_game *game);

/**
 * The information state of @p player as a fixed-length vector of floats,
 * for learning programs that need perfect recall (NFSP, Deep CFR,
 * OpenSpiel's `information_state_tensor`). Two states give @p player equal
 * tensors exactly when they give it equal information keys
 * (tg_state_information_key(): the same observation, knowledge marks
 * included, the same move number and the same own decisions in the same
 * order, up to the key's hash collisions), resampled states included.
 *
 * Layout (format 1 of #TG_FORMAT_INFORMATION_TENSOR), with O =
 * tg_game_observation_tensor_size() and n players:
 * - slots 0 .. O-1: tg_state_observation_tensor() for @p player, slot for
 *   slot (the game's rule document names them). Under perfect recall this
 *   is everything the player has seen and remembers;
 * - O .. O+n-1: @p player one-hot;
 * - O+n: the move number divided by tg_game_max_length() (chance included);
 * - O+n+1: the number of @p player's own decisions divided by
 *   tg_game_max_length();
 * - O+n+2 .. O+n+9: the running digest of @p player's own decisions (the
 *   one the key is made from, 128 bits), 16 bits per slot as k / 65536,
 *   lowest bits first. It tells apart histories of own decisions the
 *   observation does not; it carries no meaning a network can learn, and
 *   a program that wants only learnable features may drop these 8 slots.
 *
 * Every value is exact in a float, so equal information gives equal bits.
 * Allocates nothing.
 * @param out receives tg_game_information_tensor_size() floats.
 * @param cap floats in @p out; a smaller @p cap gives
 *            #TG_E_BUFFER_TOO_SMALL and nothing written.
 * @return #TG_E_INVALID_ARGUMENT for a NULL @p state or @p out, or a
 *         @p player that is not a player of the game.
 * @since 1.4
 */
TG_API tg_status tg_state_information_tensor(const tg_state *state, int player, float *out,
                                             size_t cap);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
