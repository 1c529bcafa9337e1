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
/* Prints text after indent, wrapped at spaces to 78 columns; the next
 * lines are indented two more. */
void play_print_wrapped(const char *indent, const char *text);
/* Prints the events' texts as play_show_events() does, one a line, into
 * buf (cut at cap), for a message about them. */
void play_events_line(const tg_state *st, int viewer, char *buf, size_t cap);
/* The notation of a legal move, or "#id" when the library has none. */
void play_move_text(const tg_state *st, tg_move move, char *buf, size_t cap);
/* A viewer for play_decision_seen(): what every player at the table sees,
 * the library's public viewer (--viewer public). */
#define PLAY_VIEW_TABLE TG_VIEW_PUBLIC
/* Non-zero when viewer learned everything the last decision did: its
 * events of it are the referee's (for PLAY_VIEW_TABLE: the public
 * viewer's are). viewer is a player, TG_VIEW_OMNISCIENT or PLAY_VIEW_TABLE. A seat
 * may not learn a chance outcome or another's secret move from a
 * decision's text, so the text is shown only then. */
int play_decision_seen(const tg_state *st, int viewer);
/* What stands for a decision's text that viewer may not read: "(hidden
 * from player N)", or "(hidden)" for PLAY_VIEW_TABLE, written to buf. */
const char *play_hidden_text(int viewer, char *buf, size_t cap);
/* text (the decision's notation, computed before it was applied) when
 * play_decision_seen(), else play_hidden_text(). */
const char *play_decision_text(const tg_state *st, int viewer, const char *text, char *buf,
                               size_t cap);
/* "player 2", "chance" or "game over" for a current-player value. */
const char *play_seat_name(int seat, char *buf, size_t cap);

/* The legal moves of one decision with the labels typed to pick them
 * (play_menu.c says how labels and typed texts never clash). */
enum { PLAY_TEXT_MAX = 64, PLAY_LABEL_MAX = 8 };
typedef struct play_menu {
    size_t count, cap;
    char (*text)[PLAY_TEXT_MAX];
    char (*label)[PLAY_LABEL_MAX];
} play_menu;

/* Room for cap moves; returns 0, or -1 when out of memory. */
int play_menu_init(play_menu *m, size_t cap);
void play_menu_free(play_menu *m);
void play_menu_build(play_menu *m, const tg_state *st, const tg_move *moves, size_t count);
/* Gives the m->count moves in m->text their labels (play_menu_build's
 * second half). */
void play_menu_label_all(play_menu *m);
/* Prints "label) notation" in columns: every move, or the n indices in pick. */
void play_menu_show(const play_menu *m, const size_t *pick, size_t n);
/* The index of the move whose label is input (any case), or -1. */
long play_menu_label(const play_menu *m, const char *input);
/* Writes to out the indices of the moves whose notation starts with input
 * (contains it, when contains is set), any case; returns how many. */
size_t play_menu_match(const play_menu *m, const char *input, int contains, size_t *out);

/* The short rules and notation of a game (examples/tablegames/rules/<id>.txt,
 * built in), or NULL when the command has none for it. */
const char *const *play_rules_lines(const char *game_id);

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

/* Everything one game at the terminal needs; moves and menu hold
 * tg_game_max_legal_moves() entries. */
typedef struct play_session {
    const char *game_id;
    tg_state *st;
    tg_move *moves;
    size_t cap;
    play_menu menu;
    int viewer_given;
    int viewer;
    int last_seat; /* the player whose view chance events are shown in */
    int chance_table; /* --chance table: public outcomes are typed in */
    int drawing;      /* the last decision was a hidden outcome the library drew */
    play_bots bots;
} play_session;

/* The computer player of a seat, or NULL when a person or chance decides. */
static inline tg_bot *play_bot_for(const play_session *ps, int seat)
{
    return seat >= 0 && seat < TG_MAX_PLAYERS ? ps->bots.bots[seat] : NULL;
}

/* --chance table (play_chance.c). Non-zero when the whole table may know
 * the outcome of st's chance point, whatever it is, so that it is asked at
 * the keyboard rather than drawn; outcomes (cap entries,
 * tg_game_max_legal_moves() is enough) is scratch. */
int play_chance_public(const tg_state *st, tg_move *outcomes, size_t cap);
/* Prints the words accepted at the game's chance points (:help). */
void play_table_words(const char *game_id);

/* "game over after N decisions" and the winners. */
void play_print_result(const tg_state *st);
/* Plays with people at the keyboard (play_interactive.c); returns the exit code. */
int play_interactive(play_session *ps);

#endif
