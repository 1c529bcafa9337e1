/* Pieces of "tablegames play": drawing a state for a terminal and the
 * decisions shared by the interactive and the automatic game. */
#ifndef TABLEGAMES_PLAY_H
#define TABLEGAMES_PLAY_H

#include "cli.h"

/* Prints the board as viewer sees it. */
tg_status play_show_board(const tg_state *st, int viewer);
/* Prints the events of the last decision as viewer sees them, one a line,
 * each prefixed with indent. Prints nothing when there were none. */
tg_status play_show_events(const tg_state *st, int viewer, const char *indent);
/* Prints the legal moves, numbered from 1, in columns. */
void play_show_moves(const tg_state *st, const tg_move *moves, size_t count);
/* The notation of a legal move, or "#id" when the library has none. */
void play_move_text(const tg_state *st, tg_move move, char *buf, size_t cap);
/* A viewer for play_decision_text(): what every player at the table sees. */
#define PLAY_VIEW_TABLE (-2)
/* The text of the decision just made (text, computed before it was
 * applied) if viewer learns everything it did, its events being the
 * referee's; otherwise "(hidden)". A seat may not learn a chance outcome or
 * another's secret move from the transcript. viewer is a player,
 * TG_VIEW_OMNISCIENT or PLAY_VIEW_TABLE. */
const char *play_decision_text(const tg_state *st, int viewer, const char *text);
/* "player 2", "chance" or "game over" for a current-player value. */
const char *play_seat_name(int seat, char *buf, size_t cap);

/* The computer players of one game: bots[p] plays seat p, NULL for a seat
 * played by a person or by uniformly random moves. */
typedef struct play_bots {
    tg_bot *bots[TG_MAX_PLAYERS];
} play_bots;

/* Reads random|easy|medium|hard; returns 0 on success. */
int play_parse_level(const char *text, tg_bot_level *out);
/* Makes a bot of the level for every seat but human (-1: every seat). */
tg_status play_bots_make(play_bots *pb, tg_game *game, tg_bot_level level, int human,
                         uint64_t seed);
void play_bots_free(play_bots *pb);

/* A parsed --bots SPEC (grammar in play_bots_spec.c): seats is a mask of the
 * computer's seats, level[p] the level of seat p. */
typedef struct play_bots_spec {
    uint32_t seats;
    tg_bot_level level[TG_MAX_PLAYERS];
    int max_seat; /* the highest seat named by number */
    int all;
} play_bots_spec;

/* Returns 0 on success; prints the reason to stderr otherwise. */
int play_bots_parse(const char *text, play_bots_spec *spec);
/* Returns 0 when every seat named exists in a game of `players`. */
int play_bots_spec_check(const play_bots_spec *spec, int players);
/* The only seat left to a person, or -1 when there are none or several. */
int play_bots_spec_lone_human(const play_bots_spec *spec, int players);
tg_status play_bots_make_spec(play_bots *pb, tg_game *game, const play_bots_spec *spec,
                              uint64_t seed);

#endif
