/* Helpers for tests that set up a position and check the outcome through the
 * public API. Each helper fails the running cmocka test on any error, with
 * the library's message, so a test reads as the rule it checks. */
#ifndef TG_TEST_SUPPORT_H
#define TG_TEST_SUPPORT_H

#include <boardgames/tablegames.h>
#include <jansson.h>

/* A state from the JSON save form; fails the test if it does not load. */
tg_state *tgt_from_json(const char *json_text);
/* Expects loading to fail with want; returns the library's message (static buffer). */
const char *tgt_from_json_fails(const char *json_text, tg_status want);
/* Applies a move given in the game's notation; fails the test if rejected. */
void tgt_apply(tg_state *st, const char *move_text);
/* Applies a sequence of moves separated by ';'. */
void tgt_apply_all(tg_state *st, const char *moves);
/* Non-zero when the move text is legal now. */
int tgt_is_legal(tg_state *st, const char *move_text);
/* The observation / events / omniscient view as parsed JSON (caller json_decref). */
json_t *tgt_observation(const tg_state *st, int viewer);
json_t *tgt_events(const tg_state *st, int viewer);
/* The "position" object of the state's JSON save form (caller json_decref). */
json_t *tgt_position(const tg_state *st);
/* The legal moves' texts joined by ' ' (static buffer), for readable asserts. */
const char *tgt_legal_texts(const tg_state *st);
/* tg_state_to_text for viewer (release with free()); fails the test on error. */
char *tgt_drawing(const tg_state *st, int viewer);
/* The "text" of event i of the viewer's events, or "" (static buffer). */
const char *tgt_event_text(const tg_state *st, int viewer, size_t i);
/* Calls check at every state of a random game from seed (players pick
 * uniformly, chance by the state's RNG), up to decisions decisions. */
void tgt_walk_random_game(tg_game *game, uint64_t seed, uint32_t decisions,
                          void (*check)(const tg_state *st, void *ctx), void *ctx);
/* tgt_walk_random_game over games of id with players = first, first+step,
 * ... up to last, seeds 1..seeds each. */
void tgt_walk_random_games(const char *id, int first, int last, int step, uint64_t seeds,
                           uint32_t decisions, void (*check)(const tg_state *st, void *ctx),
                           void *ctx);
/* Fails the test when a line of text contains needle, naming what. */
void tgt_assert_not_in(const char *text, const char *needle, const char *what);

/* Fails the test unless some event in the viewer's events has "type" == type;
 * returns that event (borrowed from *holder, which the caller json_decrefs). */
json_t *tgt_find_event(const tg_state *st, int viewer, const char *type, json_t **holder);

/* ---- The runner of a game's rule tests (tests/games/<id>/test_main.c). ---- */

/* One cmocka group per rule area of the game's rule page (test_<area>.c). */
typedef struct tgt_group {
    const char *name;
    int (*run)(void); /* returns how many of its tests failed */
} tgt_group;
/* Runs the groups named in argv[1..], or every group without arguments, so
 * one program serves several ctest entries. Returns the exit status: 0 when
 * every test passed, 1 otherwise or for a name that is no group. */
int tgt_run_groups(const tgt_group *groups, size_t count, int argc, char **argv);

/* ---- Helpers shared by the conformance and API suites. ---- */

/* Longest options string tgt_option_sets() writes. */
#define TGT_OPTIONS_MAX 256

/* The options strings worth running a game under: every player count with
 * all other options at their defaults, then each alternative value of every
 * BOOL and CHOICE option, one at a time (at the default player count, or the
 * first player count that accepts it). Writes up to cap strings; returns how
 * many there are. */
size_t tgt_option_sets(const tg_game_info *info, char (*out)[TGT_OPTIONS_MAX], size_t cap);
/* Makes a game; fails the test with the library's message if it cannot. */
tg_game *tgt_game(const char *id, const char *options);
/* The binary save of a state (release with tg_free); fails the test on error. */
unsigned char *tgt_save(const tg_state *st, size_t *len);
/* Fails the test unless a and b are equal positions with byte-identical
 * binary saves (so RNG and history agree too); what names the check. */
void tgt_assert_identical(const tg_state *a, const tg_state *b, const char *what);
/* Fails the test unless the state's binary save is exactly want[0..len). */
void tgt_assert_save_is(const tg_state *st, const unsigned char *want, size_t len,
                        const char *what);

/* A state of game after up to decisions random decisions from seed (fewer
 * if the game ends first); players pick uniformly, chance uses the state's
 * RNG. Fails the test on any error. */
tg_state *tgt_random_state(tg_game *game, uint64_t seed, uint32_t decisions);

/* Like tgt_random_state(), then chance outcomes until a player is to move;
 * fails the test if the game ends first. */
tg_state *tgt_player_state(tg_game *game, uint64_t seed, uint32_t decisions);

/* A game whose memory comes from malloc() while *fail is 0 and runs out
 * (every allocation refused) while it is not, for the NO_MEMORY paths;
 * fail must outlive the game. */
tg_game *tgt_game_failing_memory(const char *id, const char *options, const int *fail);

/* size bytes that end exactly where a page nobody may read begins, so a
 * read past them crashes the test; release with tgt_page_end_free(). */
void *tgt_page_end(size_t size);
void tgt_page_end_free(void *block, size_t size);

/* The uniformity test of resampling: resamples a copy of st for player
 * with seeds 1..draws; cell() names the hidden assignment a draw gave (the
 * referee's view of the hidden facts, at most 63 bytes). Fails unless
 * exactly cells distinct assignments appear and the chi-square statistic of
 * their counts against equal shares is at most limit (take the critical
 * value for cells - 1 degrees of freedom at the 0.001 level). The seeds
 * are fixed, so the test always gives the same answer. */
typedef void (*tgt_cell_fn)(const tg_state *st, char *out, size_t cap);
void tgt_expect_uniform_resample(const tg_state *st, int player, tgt_cell_fn cell, int cells,
                                 int draws, double limit);
/* The same where a cell stands for several assignments: weight(cell) is
 * how many consistent assignments it groups, and the expected count of a
 * cell is proportional to it. */
typedef double (*tgt_weight_fn)(const char *cell);
void tgt_expect_resample_shares(const tg_state *st, int player, tgt_cell_fn cell,
                                tgt_weight_fn weight, int cells, int draws, double limit);

/* Uses a state the way a host would, for positions a loader accepted from
 * untrusted input: every viewer's observation, events and text, a binary
 * save that loads back equal, then up to decisions random decisions (each
 * must be accepted) and undo back to where it started. Fails the test on
 * any refusal; ASan and valgrind catch any bad access on the way. */
void tgt_exercise(tg_state *st, uint64_t seed, uint32_t decisions);

#endif
