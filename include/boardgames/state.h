/**
 * @file state.h
 * @brief States: a position of one game, its decisions, chance and undo.
 *
 * A ::tg_state belongs to one thread at a time, for every call on it: the
 * read-only (const) calls included, because a call that fails writes its
 * message into the state. It holds a game position, a seedable random
 * number generator (xoshiro256**, the same sequence on every platform) and
 * the history of decisions since its root position (the initial position,
 * or the position it was loaded or resampled from).
 *
 * Every call that is rejected leaves the position, RNG and history exactly
 * as they were, and leaves a message naming the problem, read with
 * tg_state_last_error() (const calls too, since 1.2). Only a call with a
 * NULL state has nowhere to leave one.
 */
#ifndef BOARDGAMES_STATE_H
#define BOARDGAMES_STATE_H

#include "common.h"
#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup state States and decisions
 * @{
 */

/** A game position with its RNG and history. Opaque. */
typedef struct tg_state tg_state;

/**
 * Makes the initial state of @p game. The state holds a reference to the
 * game. The first decisions of most games are chance (the setup).
 *
 * @param seed seeds the state's RNG; the same seed gives the same game.
 */
TG_API tg_status tg_state_new(tg_game *game, uint64_t seed, tg_state **out);

/** Makes an independent copy: position, RNG and history. */
TG_API tg_status tg_state_clone(const tg_state *state, tg_state **out);

/**
 * Makes @p dst a copy of @p src (both of the same game handle or of equal
 * games). Reuses @p dst's memory: allocates only when @p src's history is
 * longer than any @p dst has held (or, since 1.4, when undo rewinds
 * @p src's RNG and @p dst has not kept room for what that needs:
 * tg_state_set_undo_rewinds_rng()).
 * @return #TG_E_MISMATCH when the games differ.
 */
TG_API tg_status tg_state_copy(tg_state *dst, const tg_state *src);

/**
 * Returns the state to the game's initial position with an empty history
 * and the RNG seeded with @p seed. Allocates nothing.
 */
TG_API tg_status tg_state_reset(tg_state *state, uint64_t seed);

/** Releases a state. NULL is ignored. */
TG_API void tg_state_free(tg_state *state);

/** The state's game (borrowed), or NULL for a NULL handle. */
TG_API const tg_game *tg_state_game(const tg_state *state);

/**
 * Whose decision it is: a player 0..n-1, #TG_PLAYER_CHANCE,
 * #TG_PLAYER_TERMINAL, or #TG_PLAYER_INVALID for a NULL handle.
 */
TG_API int tg_state_current_player(const tg_state *state);

/** Non-zero when the game is over (also for a NULL handle). */
TG_API int tg_state_is_terminal(const tg_state *state);

/** Decisions made since the game began (chance included). 0 for NULL. */
TG_API uint32_t tg_state_move_number(const tg_state *state);

/**
 * Bit mask of the winners (bit i: player i won); 0 while the game goes on
 * or when it ended with no winner.
 */
TG_API tg_status tg_state_winners(const tg_state *state, uint32_t *mask);

/**
 * Each player's result: 1 for a winner (shared equally when several win),
 * 0 for everyone else and for every player before the end.
 * @param cap entries in @p out; must be at least the number of players
 *            (#TG_E_BUFFER_TOO_SMALL otherwise; tg_state_returns_v2()
 *            also reports the count).
 */
TG_API tg_status tg_state_returns(const tg_state *state, double *out, size_t cap);

/**
 * tg_state_returns() in the shape of the other list calls: @p count
 * receives the number of players, also when @p cap is too small (then
 * #TG_E_BUFFER_TOO_SMALL is returned and nothing written).
 * @param out may be NULL when @p cap is 0.
 * @since 1.2
 */
TG_API tg_status tg_state_returns_v2(const tg_state *state, double *out, size_t cap,
                                     size_t *count);

/**
 * Each player's utility, scored with @p draw: before the end 0 for
 * everyone; at the end 1 for a winner (shared equally when several win)
 * and 0 for the others; a game over with no winner gives everyone 0 with
 * #TG_DRAW_ZERO (exactly tg_state_returns_v2()) or 1/n each with
 * #TG_DRAW_SHARED. tg_game_utility_sum() tells whether the sum is the same
 * in every game.
 * @param out   receives one value per player; may be NULL when @p cap is 0.
 * @param cap   entries in @p out.
 * @param count receives the number of players, also when @p cap is too
 *              small (then #TG_E_BUFFER_TOO_SMALL and nothing written).
 * @return #TG_E_INVALID_ARGUMENT for a NULL @p state or @p count, a NULL
 *         @p out with a non-zero @p cap, or an unknown @p draw.
 * @since 1.4
 */
TG_API tg_status tg_state_utilities(const tg_state *state, int draw, double *out, size_t cap,
                                    size_t *count);

/**
 * 1 when the game is over because the length cap (tg_game_max_length())
 * stopped it, not by its rules (Gymnasium's "truncated"); 0 while it goes
 * on or when it ended by the rules; #TG_E_INVALID_ARGUMENT (negative) for
 * a NULL state.
 * @since 1.4
 */
TG_API int tg_state_is_truncated(const tg_state *state);

/**
 * Writes the legal moves, or at a chance point the possible outcomes, in
 * increasing order without duplicates. None at the end of the game.
 *
 * Entries of @p buf past the count are not part of the answer: a game may
 * use a buffer that holds tg_game_max_legal_moves() entries as scratch
 * space (it never writes past @p cap), so do not keep data there.
 *
 * @param buf   receives the moves; may be NULL when @p cap is 0.
 * @param cap   entries in @p buf; tg_game_max_legal_moves() is always enough.
 * @param count receives the number of moves, also when @p cap is too small
 *              (then #TG_E_BUFFER_TOO_SMALL is returned and nothing written).
 */
TG_API tg_status tg_state_legal_moves(const tg_state *state, tg_move *buf,
                                      size_t cap, size_t *count);

/**
 * The legal moves as a mask over the whole move space, in one call that
 * allocates nothing (for a learning loop's action mask): @p mask[i] is 1
 * when id i is a legal move of the player to move, or at a chance point a
 * possible outcome, and 0 otherwise; all 0 at the end of the game. Writes
 * exactly tg_game_move_count() bytes.
 * @param cap bytes in @p mask: at least tg_game_move_count(), else
 *            #TG_E_BUFFER_TOO_SMALL and nothing written.
 * @return #TG_E_INVALID_ARGUMENT for a NULL @p state or @p mask.
 * @since 1.3
 */
TG_API tg_status tg_state_legal_mask(const tg_state *state, uint8_t *mask, size_t cap);

/**
 * The legal actions of the player to move as a mask over the actions of
 * tg_game_action_move() (not the move ids: tg_state_legal_mask() is that
 * mask): @p mask[a] is 1 when action a is legal, else 0; all 0 at a chance
 * point and at the end of the game. Writes exactly
 * tg_game_player_move_count() bytes and allocates nothing.
 * @param cap bytes in @p mask: at least tg_game_player_move_count(), else
 *            #TG_E_BUFFER_TOO_SMALL and nothing written.
 * @return #TG_E_INVALID_ARGUMENT for a NULL @p state or @p mask.
 * @since 1.4
 */
TG_API tg_status tg_state_action_mask(const tg_state *state, uint8_t *mask, size_t cap);

/** #TG_OK when @p move is legal now, else #TG_E_ILLEGAL_MOVE. */
TG_API tg_status tg_state_is_legal(const tg_state *state, tg_move move);

/**
 * At a chance point: the outcomes in increasing order and the exact
 * probability of each (each in (0, 1], summing to 1). Entries past the
 * count are not part of the answer, as for tg_state_legal_moves().
 * @return #TG_E_WRONG_PHASE when it is not a chance point.
 */
TG_API tg_status tg_state_chance_outcomes(const tg_state *state, tg_move *moves,
                                          double *probs, size_t cap, size_t *count);

/**
 * At a chance point: the outcomes in increasing order with the integer
 * weight of each, the numbers the library itself draws by. Outcome i
 * happens with probability exactly `weights[i] / *total`, for hosts that
 * must not round (exact odds, reproducible draws of their own). Every
 * weight is at least 1. Entries past the count are not part of the answer,
 * as for tg_state_legal_moves().
 *
 * @param moves   receives the outcomes; may be NULL when @p cap is 0.
 * @param weights receives their weights; may be NULL when @p cap is 0.
 * @param cap     entries in each array; tg_game_max_chance_outcomes() is
 *                always enough.
 * @param count   receives the number of outcomes, also when @p cap is too
 *                small (then #TG_E_BUFFER_TOO_SMALL and nothing written).
 * @param total   optional: receives the sum of the weights.
 * @return #TG_E_WRONG_PHASE when it is not a chance point.
 * @since 1.2
 */
TG_API tg_status tg_state_chance_weights(const tg_state *state, tg_move *moves,
                                         uint32_t *weights, size_t cap, size_t *count,
                                         uint64_t *total);

/**
 * Applies a decision: a legal move of the current player, or at a chance
 * point the outcome that happened (a host for a real board passes the die
 * that was really rolled). Allocates only when the history outgrows its
 * buffer. An illegal move returns #TG_E_ILLEGAL_MOVE and changes nothing.
 */
TG_API tg_status tg_state_apply(tg_state *state, tg_move move);

/** Parses @p text with tg_state_parse_move() and applies it. */
TG_API tg_status tg_state_apply_text(tg_state *state, const char *text);

/**
 * At a chance point, draws an outcome by its probabilities with the state's
 * RNG (advancing only the RNG) and stores it in @p out without applying it.
 */
TG_API tg_status tg_state_sample_chance(tg_state *state, tg_move *out);

/**
 * At a chance point, draws an outcome with the state's RNG and applies it.
 * @param applied optional: receives the outcome.
 */
TG_API tg_status tg_state_apply_chance(tg_state *state, tg_move *applied);

/**
 * Plays random decisions with the state's RNG: at a chance point an outcome
 * by its probabilities, otherwise a legal move picked uniformly. Stops at the
 * end of the game or after @p max_decisions decisions, whichever comes first.
 * The decisions are recorded in the history like tg_state_apply(), so they
 * can be undone, and the same seed plays the same decisions.
 *
 * This is the random-game loop of the benchmark in one call: a host in a
 * slower language (Python, Lua) that runs many random games, for search or
 * statistics, crosses into C once per game instead of three times per
 * decision.
 *
 * The history grows as the run goes, doubling, so a state that has played
 * a game as long before allocates nothing. If it cannot grow, the run is
 * taken back: #TG_E_NO_MEMORY changes nothing. (Before 1.4 the history was
 * grown for the whole run first, up to the game's length cap, which every
 * state that played out then held.)
 * @param made optional: receives the number of decisions played.
 * @since 1.1
 */
TG_API tg_status tg_state_playout(tg_state *state, uint32_t max_decisions, uint32_t *made);

/**
 * Applies a decision and reports what the next decision needs, in one call:
 * a loop in a language whose calls into C are costly (Python, Lua) crosses
 * the binding once per decision instead of three times.
 *
 * It does what tg_state_apply(), then tg_state_current_player() and
 * tg_state_legal_moves() do: after the decision, @p player receives whose
 * decision is next and @p moves the legal moves or, at a chance point, the
 * possible outcomes, in increasing order. At the end of the game @p player
 * receives #TG_PLAYER_TERMINAL and @p count 0. The first decision of a loop
 * has no step before it: read it with tg_state_current_player() and
 * tg_state_legal_moves(). tg_state_step_chance() is the step for a chance
 * point whose outcome the state's RNG draws.
 *
 * Every argument is checked before anything changes, so a rejected call
 * leaves the position, RNG and history as they were, writes neither
 * @p player nor @p moves, and leaves a message (tg_state_last_error()).
 *
 * @param move   a legal move of the player to move, or at a chance point
 *               the outcome that happened, as for tg_state_apply().
 * @param player receives the player to move next (0..n-1),
 *               #TG_PLAYER_CHANCE or #TG_PLAYER_TERMINAL.
 * @param moves  receives the next decision's list; may be NULL when @p cap
 *               is 0. Entries past the count may be overwritten, as for
 *               tg_state_legal_moves().
 * @param cap    entries in @p moves: at least tg_game_max_legal_moves(),
 *               because the next list is only known after the decision.
 *               A smaller buffer gives #TG_E_BUFFER_TOO_SMALL with @p count
 *               set to the size needed, before the decision is applied.
 * @param count  receives the number of entries written.
 * @return #TG_OK; #TG_E_ILLEGAL_MOVE when @p move is not legal now (also at
 *         the end of the game); #TG_E_BUFFER_TOO_SMALL; #TG_E_NO_MEMORY
 *         when the history cannot grow; #TG_E_INVALID_ARGUMENT for a NULL
 *         @p state, @p player or @p count, or a NULL @p moves with a
 *         non-zero @p cap.
 * @since 1.2
 */
TG_API tg_status tg_state_step(tg_state *state, tg_move move, int *player, tg_move *moves,
                               size_t cap, size_t *count);

/**
 * tg_state_step() with the decision drawn by chance: at a chance point,
 * draws an outcome with the state's RNG and applies it, exactly as
 * tg_state_apply_chance() does (the same draw, so a seed plays the same
 * game through either call), then reports the next decision the same way.
 * With it a loop of random games is one call per decision, whoever decides.
 *
 * @param applied optional: receives the outcome drawn.
 * @return as tg_state_step(), with #TG_E_WRONG_PHASE when it is not a
 *         chance point (the RNG not advanced) instead of #TG_E_ILLEGAL_MOVE.
 * @since 1.2
 */
TG_API tg_status tg_state_step_chance(tg_state *state, tg_move *applied, int *player,
                                      tg_move *moves, size_t cap, size_t *count);

/**
 * Writes the notation of a legal move (NUL-terminated) into @p buf, e.g.
 * "enter" or "14". The notation is documented per game; texts of the legal
 * moves of one state are unique. The text is never cut: a buffer shorter
 * than the whole text gives #TG_E_BUFFER_TOO_SMALL.
 *
 * @param len optional: receives the text's length without the NUL, also
 *            when @p cap is too small.
 */
TG_API tg_status tg_state_move_text(const tg_state *state, tg_move move,
                                    char *buf, size_t cap, size_t *len);

/**
 * Writes the notation of any id of the game's move space, legal now or
 * not (NUL-terminated), for history lists and error messages: for a move
 * legal now, exactly tg_state_move_text()'s text; for any other id the
 * text the game gives it without a position (each rule document says
 * what that is where an id's text depends on the position, e.g. on the
 * dice). Never cut, as tg_state_move_text(): a short buffer gives
 * #TG_E_BUFFER_TOO_SMALL with @p len set.
 * @param len optional: receives the text's length without the NUL.
 * @return #TG_E_INVALID_ARGUMENT for an id not below tg_game_move_count(),
 *         a NULL @p state, or a NULL @p buf with a non-zero @p cap.
 * @since 1.3
 */
TG_API tg_status tg_state_any_move_text(const tg_state *state, tg_move move, char *buf,
                                        size_t cap, size_t *len);

/**
 * Finds the legal move whose notation is @p text (ASCII case and
 * surrounding ASCII white space ignored, whatever the host's locale). A
 * decimal number prefixed with '#' ("#17") is taken as a move id. At a
 * chance point the words a person at the table uses for the outcome are
 * taken too ("double 3", "a spider"; listed in each game's rule document).
 * #TG_E_PARSE when no legal move has that notation or those words (texts
 * longer than 127 bytes are not matched: name such a move by "#id"),
 * #TG_E_ILLEGAL_MOVE when "#id" names a move that is not legal now or the
 * words name an outcome that cannot happen now. The state's message names
 * the text either way, and says why an outcome cannot happen.
 */
TG_API tg_status tg_state_parse_move(const tg_state *state, const char *text,
                                     tg_move *out);

/**
 * Takes back the last decision, chance included, restoring the position
 * exactly. By default the RNG is not rewound: after taking back a chance
 * outcome the state drew, drawing again may give another (a re-roll).
 * tg_state_set_undo_rewinds_rng() makes undo rewind it instead. Undo
 * replays at most 64 decisions from a checkpoint it keeps (built on the
 * first undo, so that call may allocate).
 * @return #TG_E_NOTHING_TO_UNDO at the root of the history, and when undo
 *         rewinds the RNG, at a chance outcome made before it did.
 */
TG_API tg_status tg_state_undo(tg_state *state);

/**
 * Sets whether tg_state_undo() rewinds the RNG, so that an app can forbid
 * re-rolls. Off (0) is the default and the behaviour before 1.4.
 *
 * On, taking back a chance outcome sets the RNG back to where it stood
 * before the outcome was drawn: drawing again there gives the same outcome
 * (the same die, the same card), and undoing further and playing another
 * move draws the numbers the undone game drew. For an outcome drawn with
 * tg_state_sample_chance() and then applied, that is before the first draw
 * made at that chance point; for an outcome passed to tg_state_apply() with
 * no draw, the RNG as it was then. Taking back a player's move leaves the
 * RNG as it is.
 *
 * Only outcomes made while the setting is on can be taken back: undo
 * refuses (#TG_E_NOTHING_TO_UNDO, nothing changed) a chance outcome made
 * before it was turned on, or loaded from a save, since its draw is not
 * known and taking it back would allow a re-roll.
 *
 * The setting is part of the state: tg_state_clone() and tg_state_copy()
 * carry it (and what it keeps), tg_state_reset() keeps it, a loaded state
 * starts with it off. While on, the state keeps 32 bytes per history entry
 * beside the history (the RNG before each draw), so turning it on, growing
 * the history and copying into a state that had it off may allocate.
 *
 * @param rewind non-zero: undo rewinds the RNG; 0: it does not.
 * @return #TG_E_NO_MEMORY (nothing changed) when the room cannot be made.
 * @since 1.4
 */
TG_API tg_status tg_state_set_undo_rewinds_rng(tg_state *state, int rewind);

/**
 * 1 when tg_state_undo() rewinds the RNG (tg_state_set_undo_rewinds_rng()),
 * else 0 (also for a NULL handle).
 * @since 1.4
 */
TG_API int tg_state_undo_rewinds_rng(const tg_state *state);

/**
 * A 64-bit key of the position the state stands at: equal for two states
 * exactly when tg_state_equal() holds (the same game and options, the same
 * position, hidden facts included, and the same move number), up to hash
 * collisions (about 2^-64 for a pair). The bindings keep it in each move
 * object they hand out, so that a move made for one position is refused
 * in another (a list kept from before a roll, a move of another state or
 * game) while plain ids stay unchecked.
 *
 * The key is a digest of hidden facts: do not show it to a player, who
 * could test guesses of what is hidden against it. It may differ between
 * releases of the library: compare keys of one library, do not store them.
 * Allocates nothing; costs a hash of the position (at most 1 KiB).
 * @return #TG_E_INVALID_ARGUMENT for a NULL @p state or @p key.
 * @since 1.4
 */
TG_API tg_status tg_state_position_key(const tg_state *state, uint64_t *key);

/** Number of decisions in the history (that undo can take back). */
TG_API uint32_t tg_state_history_length(const tg_state *state);

/** Copies the history, oldest first, into @p buf (see tg_state_legal_moves()). */
TG_API tg_status tg_state_history(const tg_state *state, tg_move *buf,
                                  size_t cap, size_t *count);

/**
 * Whose decision history entry @p index (0 = oldest, as tg_state_history()
 * lists them) was: a player 0..n-1, or #TG_PLAYER_CHANCE for a chance
 * outcome. Costs the same for any index.
 * @return #TG_E_INVALID_ARGUMENT for a NULL @p player or an @p index not
 *         below tg_state_history_length() (nothing written).
 * @since 1.3
 */
TG_API tg_status tg_state_history_player(const tg_state *state, uint32_t index, int *player);

/** Re-seeds the state's RNG. */
TG_API tg_status tg_state_seed(tg_state *state, uint64_t seed);

/**
 * Non-zero when both states hold the same game position (same game
 * options, same pieces, same hidden facts, same move number). The RNG and
 * the history are not compared. 0 when either is NULL.
 */
TG_API int tg_state_equal(const tg_state *a, const tg_state *b);

/**
 * Message for the last failed call on this state, const calls included
 * (since 1.2), e.g. "'7' is not a legal move here" or "the buffer holds 4
 * moves; 12 are needed". "" when no call has failed since the last call
 * that changed the state successfully (those clear it); read-only calls
 * that succeed leave it as it was. Valid until the next call on the state.
 * Never NULL.
 */
TG_API const char *tg_state_last_error(const tg_state *state);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
