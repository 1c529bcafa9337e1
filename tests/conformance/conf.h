/* The conformance suite: invariants every registered game must keep, checked
 * through the public API alone on random playouts of every option set. The
 * suite never names a game, so a new game is checked the moment it registers. */
#ifndef TG_CONF_H
#define TG_CONF_H

#include <stddef.h>
#include <stdint.h>

#include "support.h"

/* One game under one options string, with scratch buffers sized from its
 * bounds so that no check allocates per move. */
typedef struct conf_ctx {
    const tg_game_info *info;
    char options[TGT_OPTIONS_MAX];
    char label[TGT_OPTIONS_MAX + 64];
    tg_game *game;
    int players;
    uint32_t move_count;
    uint32_t max_legal;
    uint32_t max_chance;
    uint32_t max_length;
    double utility_min, utility_max; /* tg_game_utility_range() */
    unsigned stride; /* the costly checks run at every stride-th state */
    size_t buf_cap;  /* entries in moves/other/probs */
    tg_move *moves;
    tg_move *other;
    double *probs;
    /* What the last step call reported (conf_step.c). */
    tg_move *stepped;
    size_t stepped_count;
    int stepped_player;
    /* Where the running check is, for failure messages. */
    uint64_t seed;
    uint32_t at_move;
    /* Views gathered over one game for the tensor and key checks
     * (conf_recall.c). */
    struct conf_samples *samples;
    /* Totals for the summary line. */
    unsigned long games;
    unsigned long decisions;
    uint32_t longest;
    /* Player views compared in pairs of histories the player cannot tell
     * apart (conf_information.c): a check that ran on none proved nothing. */
    unsigned long hidden_pairs;
} conf_ctx;

/* Fails the running test, naming the game, options, seed and move. */
void conf_fail(const conf_ctx *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* A small deterministic generator for the players' random choices, kept apart
 * from the state's RNG so that chance stays the library's business. */
typedef struct conf_rng {
    uint64_t s;
} conf_rng;
uint64_t conf_rng_next(conf_rng *r);

/* Writes the legal moves into c->moves and returns how many (checked for
 * order, range and the buffer contract). */
size_t conf_legal(conf_ctx *c, const tg_state *st);

/* Per-state checks, each in its own file. */
void conf_check_moves(conf_ctx *c, tg_state *st);
void conf_check_illegal(conf_ctx *c, tg_state *st);
void conf_check_chance(conf_ctx *c, tg_state *st);
void conf_check_outcome(conf_ctx *c, const tg_state *st);
/* The position on its own passes the loader's check (the game's validate()):
 * every position of play keeps the game's invariants. */
void conf_check_valid(conf_ctx *c, const tg_state *st);
void conf_check_views(conf_ctx *c, tg_state *st);
void conf_check_no_leak(conf_ctx *c, tg_state *st);
/* conf_recall.c: r is st resampled for player p. Tensors of p and of the
 * public viewer are unchanged; the pair joins the game's samples. */
void conf_check_resampled(conf_ctx *c, const tg_state *st, const tg_state *r, int p);
/* Adds st's tensors, observations and information states to the samples
 * of the running game. */
void conf_sample_views(conf_ctx *c, const tg_state *st);
/* Once per game: equal observations (without the core fields the tensor
 * leaves out) exactly when equal tensors, equal information JSON exactly
 * when equal keys; then forgets the samples. */
void conf_check_samples(conf_ctx *c);
/* conf_research.c: the 1.3 calls on the game (once per option set), on a
 * state (the id texts of every id when costly), and who made the last
 * decision (mover: whose turn it was before it). */
void conf_check_research_game(conf_ctx *c);
/* The 1.4 action numbering, utility sums and information tensor size. */
void conf_check_actions_game(conf_ctx *c);
void conf_check_research_state(conf_ctx *c, const tg_state *st, int costly);
void conf_check_history_player(conf_ctx *c, const tg_state *st, int mover);
/* st loaded back as a position of unknown past (no history, no knowledge). */
tg_state *conf_forgetful(conf_ctx *c, const tg_state *st);
/* previous: the state one decision earlier (NULL at the root), to check that
 * undo still works on a loaded copy. */
void conf_check_saves(conf_ctx *c, const tg_state *st, const tg_state *previous);
/* Fails unless a and b look the same to every viewer and agree on
 * position, turn, move number and history. */
void conf_assert_same_everywhere(conf_ctx *c, const tg_state *a, const tg_state *b,
                                 const char *what);
/* conf_assert_same_everywhere() without the texts (the views' JSON): the
 * positions, players, histories and information keys. */
void conf_assert_same_state(conf_ctx *c, const tg_state *a, const tg_state *b, const char *what);
/* Renders the texts conf_assert_same_everywhere() compares, of st alone:
 * the same library code on the same state, at half the cost. Every view's
 * events always; its observations and information states when all. */
void conf_render_texts(conf_ctx *c, const tg_state *st, int all);

/* conf_step.c: the twin's decision through tg_state_step (a move) or
 * tg_state_step_chance (a draw), remembering what the call reported... */
tg_status conf_step_move(conf_ctx *c, tg_state *twin, tg_move m);
tg_status conf_step_draw(conf_ctx *c, tg_state *twin, tg_move *drawn);
/* ...which must be the next decision of after, the position reached. */
void conf_check_step_report(conf_ctx *c, const tg_state *after);
/* Refused steps on st (not_legal is a move st does not allow) change
 * nothing; the caller compares st's bytes afterwards. Overwrites c->moves. */
void conf_check_step_refusals(conf_ctx *c, tg_state *st, tg_move not_legal);

/* conf_information.c: from st, two histories that part at one decision
 * and go on with the same moves; for each player, equal information keys
 * and JSON while the player has seen nothing that tells them apart,
 * different ones while the player's observation or own decisions differ. */
void conf_check_information_pairs(conf_ctx *c, const tg_state *st, uint64_t salt);
/* The same for st's position of unknown past and its redraw for each
 * player, given the same decisions: that player's keys and JSON stay equal
 * while she sees no difference. */
void conf_check_information_resampled(conf_ctx *c, const tg_state *st, uint64_t salt);

/* Plays one game from seed with every check at every state, then replays
 * the seed and walks back through undo (conf_playout.c). */
void conf_play_checked(conf_ctx *c, uint64_t seed);

#endif
