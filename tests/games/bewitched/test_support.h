/* Helpers for the Bewitched rule tests: positions written as a small JSON
 * override of one standard mid-game position, and readers for its fields. */
#ifndef BW_TEST_SUPPORT_H
#define BW_TEST_SUPPORT_H

#include <boardgames/tablegames.h>
#include <jansson.h>

#include "support.h"

/* The standard position (two players, red to move with dice 3 and 5, all
 * frogs at home, cats out of the way, snakes 0..6 deadly, frog 1 of each
 * colour plain) with the fields of override_json replacing its own. */
tg_state *bw_state(const char *options, const char *override_json);
/* The JSON save text of that position (release with free()). */
char *bw_doc(const char *options, const char *override_json);
/* Space number (1..60), -1 for a pad, 0 for a frog out of the game. */
int bw_frog_at(const tg_state *st, int frog);
int bw_cat_at(const tg_state *st, int cat);
/* An integer field of the save's position, or an element of an array field. */
int bw_pos_int(const tg_state *st, const char *key, int index);
/* Non-zero when the array field key of the position contains value. */
int bw_pos_has(const tg_state *st, const char *key, int value);
/* Non-zero when some legal move's text starts with prefix. */
int bw_legal_prefix(const tg_state *st, const char *prefix);
/* Fails unless the next decision is player's roll of the dice, after an
 * extra turn for a double (extra_turn) or after play passed on (no extra
 * turn event among the last events). */
void bw_expect_roll_for(const tg_state *st, int player, int extra_turn);
/* Fails unless the dice are (a, b). */
void bw_expect_dice(const tg_state *st, int a, int b);
/* Fails unless the book is where ("hat", "frog" or "ground") with "at"
 * number at (the hat, the frog or the space), naming where it is instead. */
void bw_expect_book(const tg_state *st, int book, const char *where, int at);

/* Position fields: red's three frogs at a, b, c (JSON values), green's at
 * home; book 0 carried by red's frog 1, who has looked inside. */
#define BW_RED_AT(a, b, c)                                                                     \
    "\"frogs\":[{\"at\":" a "},{\"at\":" b "},{\"at\":" c "},{\"at\":\"green\"},"              \
    "{\"at\":\"green\"},{\"at\":\"green\"}]"
#define BW_BOOK0_ON_FROG0                                                                      \
    "\"books\":[{\"where\":\"frog\",\"at\":0},{\"where\":\"hat\",\"at\":1},"                  \
    "{\"where\":\"hat\",\"at\":2},{\"where\":\"hat\",\"at\":3}],\"seen\":[[0],[]]"

/* The test groups, one per rule area (test_<area>.c), run by test_main.c. */
int bw_run_setup(void);
int bw_run_turn(void);
int bw_run_snakes_and_flowers(void);
int bw_run_books(void);
int bw_run_winning(void);
int bw_run_hidden(void);
int bw_run_words(void);
int bw_run_positions(void);
int bw_run_bots(void);
int bw_run_hostile_saves(void);

#endif
