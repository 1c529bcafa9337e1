/* Bewitched: internal header shared by the game's files.
 *
 * The board (board.c) is one quadrant of 15 spaces turned four times about
 * the centre of a 14x14 grid; two spaces are linked when their grid cells
 * touch side by side. Nodes 0..59 are the spaces (shown to people as 1..60),
 * nodes 60..63 the lily pads of colours 0..3. A pad links to the two spaces
 * beside it and is only ever the first or the last node of a route.
 *
 * Frogs are numbered per player: frog 3p+k is frog k (0..2) of player p.
 * Books are 0..3; book h starts under hat h and the hidden fact is which
 * book holds the prince page. */
#ifndef TG_GAMES_BEWITCHED_H
#define TG_GAMES_BEWITCHED_H

#include <stdint.h>

#include "core/game_def.h"

#define BW_MAX_PLAYERS 4
#define BW_COLOURS 4
#define BW_QUADRANT 15
#define BW_SPACES 60
#define BW_NODES 64
#define BW_PAD(c) (BW_SPACES + (c))
#define BW_FROGS_PER_PLAYER 3
#define BW_FROGS 12
#define BW_CATS 8
#define BW_SNAKES 12
#define BW_DEADLY 7
#define BW_BOOKS 4
#define BW_HATS 4
#define BW_ANTIDOTES 4
#define BW_MAX_DIE 6
#define BW_MAX_ROUTES 128 /* routes of length 1..6 from one node */
#define BW_CAT_LIST 8     /* most routes a cat has for one die (bw_build_board checks) */
#define BW_NONE 0xFFu     /* no node / no book / no frog / no player */
#define BW_GRID 14

/* Move ids: part of the stable contract (docs/rules/bewitched.md).
 * A piece move is (slot * BW_PIECES + piece) * BW_MAX_ROUTES + route, where
 * slot is the die (0 or 1), piece 0..2 the mover's frogs and 3..10 the cats,
 * and route an index into the route list of the piece's node. */
#define BW_PIECES 11
#define BW_MOVE_PIECE 0
#define BW_MOVE_SKIP (2 * BW_PIECES * BW_MAX_ROUTES) /* 2816 */
#define BW_MOVE_NOSTEAL (BW_MOVE_SKIP + 1)
#define BW_MOVE_STEAL (BW_MOVE_NOSTEAL + 1)       /* + victim frog 0..11 */
#define BW_MOVE_SWAP (BW_MOVE_STEAL + BW_FROGS)   /* swap with the book under the hat */
#define BW_MOVE_KEEP (BW_MOVE_SWAP + 1)
#define BW_MOVE_PICKUP (BW_MOVE_KEEP + 1)
#define BW_MOVE_LEAVE (BW_MOVE_PICKUP + 1)
#define BW_MOVE_PUT (BW_MOVE_LEAVE + 1)           /* leave the book under an empty hat */
#define BW_CH_PRINCE (BW_MOVE_PUT + 1)            /* + hat 0..3 */
#define BW_CH_PLAIN (BW_CH_PRINCE + BW_HATS)      /* + frog 0..2 */
#define BW_CH_HARMLESS (BW_CH_PLAIN + 3)
#define BW_CH_DEADLY (BW_CH_HARMLESS + 1)
#define BW_CH_DICE (BW_CH_DEADLY + 1)             /* + (d1-1)*6 + (d2-1), d1 <= d2 */
#define BW_CH_ESCAPE (BW_CH_DICE + 36)            /* + die-1 */
#define BW_MOVE_COUNT (BW_CH_ESCAPE + 6)

enum bw_stage {
    BW_ST_SETUP = 0, /* chance: prince, plain frogs, deadly snakes */
    BW_ST_ROLL,      /* chance: the two dice */
    BW_ST_ACTION,    /* the player moves a piece with a die */
    BW_ST_STEAL,     /* the moved frog passed frogs: steal from one or not */
    BW_ST_HAT,       /* the moved frog carries a book beside a hat: swap (or put) or keep */
    BW_ST_PICKUP,    /* the moved frog stopped on a dropped book: pick it up or not */
    BW_ST_ESC_ROLL,  /* chance: the one die of an escape turn */
    BW_ST_ESC_MOVE,  /* the thief moves with the escape die */
    BW_ST_OVER,
    BW_ST_COUNT
};

/* Setup steps: 0 prince, 1..players plain frogs, then 12 snakes. */
#define BW_SETUP_STEPS(np) (1 + (np) + BW_SNAKES)

/* frog flags */
#define BW_FF_MOVED 1u   /* moved this turn */
#define BW_FF_MUST 2u    /* took or swapped a book last turn: must move this turn */
#define BW_FF_PENDING 4u /* took or swapped a book this turn */

/* turn flags */
#define BW_TF_CAT 1u    /* a cat moved this turn */
#define BW_TF_STOLE 2u  /* a book was stolen or swapped between frogs: no extra turn */
#define BW_TF_ESCAPE 4u /* the current move is an escape */

enum bw_book_where { BW_BOOK_HAT = 0, BW_BOOK_FROG, BW_BOOK_GROUND };

enum bw_event_type {
    BW_EV_SETUP = 1, /* a: step, b: outcome (hidden from players) */
    BW_EV_ROLL,      /* a, b: dice, c: player */
    BW_EV_ESC_ROLL,  /* a: die, b: frog */
    BW_EV_MOVE,      /* a: 0 frog / 1 cat, b: piece, c: from node, d: end of route */
    BW_EV_TOUCH,     /* a: snake, b: frog; no bite */
    BW_EV_BITE,      /* a: snake, b: frog, c: 1 saved by an antidote */
    BW_EV_DROP,      /* a: frog, b: space, c: book */
    BW_EV_BUMP,      /* a: 0 frog / 1 cat, b: piece, c: from, d: to */
    BW_EV_ANTIDOTE,  /* a: player */
    BW_EV_TAKE,      /* a: frog, b: hat, c: book */
    BW_EV_HAT_SWAP,  /* a: frog, b: hat, c: book taken, d: book left */
    BW_EV_KEEP,      /* a: frog, b: hat */
    BW_EV_STEAL,     /* a: thief, b: victim, c: book taken, d: book given or NONE */
    BW_EV_NOSTEAL,   /* a: frog */
    BW_EV_PICKUP,    /* a: frog, b: space, c: book */
    BW_EV_LEAVE,     /* a: frog, b: space */
    BW_EV_HOME,      /* a: frog, b: book carried or NONE */
    BW_EV_WIN,       /* a: player, b: frog home with the prince */
    BW_EV_SKIP,      /* a: player, b: die value given up */
    BW_EV_EXTRA,     /* a: player who rolled a double */
    BW_EV_END,       /* no frog is left, or the prince is out of reach: no winner */
    BW_EV_PUT,       /* a: frog, b: hat, c: book left under the empty hat */
    BW_EV_TYPE_END
};

#define BW_MAX_EVENTS 24
#define BW_EVENT_FIELDS 5

/* The position block: bytes only (see core/game_def.h). */
typedef struct bw_block {
    uint8_t stage;
    uint8_t player;      /* whose turn (also while its dice roll) */
    uint8_t setup_step;
    uint8_t dice[2];     /* dice[0] is the escape die during an escape */
    uint8_t used;        /* bit per die slot already used */
    uint8_t turn;        /* BW_TF_* */
    uint8_t escape_frog; /* thief owed an escape turn, or BW_NONE */
    uint8_t actor;       /* frog whose follow-up decision is pending, or BW_NONE */
    uint8_t passed[2];   /* frogs the actor may steal from (bit mask) */
    uint8_t winner;      /* player, or BW_NONE */
    uint8_t prince;      /* hidden: the book holding the prince page */
    uint8_t not_prince;  /* books shown not to be the prince (brought home) */
    uint8_t plain[BW_MAX_PLAYERS]; /* hidden: each player's non-magnetic frog */
    uint8_t deadly[2];   /* hidden: snake bit mask */
    uint8_t gone[2];     /* snakes out of play (they bit) */
    uint8_t magnetic_known[2];
    uint8_t touched[BW_SNAKES][2]; /* frogs that touched each snake with no bite */
    uint8_t frog_at[BW_FROGS];     /* node, or BW_NONE when dead or not in the game */
    uint8_t frog_flags[BW_FROGS];
    uint8_t cat_at[BW_CATS];
    uint8_t book_where[BW_BOOKS];
    uint8_t book_at[BW_BOOKS]; /* hat, frog or space, per book_where */
    uint8_t seen[BW_MAX_PLAYERS]; /* books each player has looked at */
    uint8_t antidote[BW_MAX_PLAYERS];
    uint8_t ev_count;
    uint8_t ev[BW_MAX_EVENTS][BW_EVENT_FIELDS];
} bw_block;

typedef struct bw_route {
    uint8_t len;
    uint8_t step[BW_MAX_DIE];
} bw_route;

/* A cat's routes for one die as a list (see cat_list in bw_config). */
typedef struct bw_cat_list {
    uint32_t route[BW_CAT_LIST]; /* the width of a move id */
    uint32_t count;
} bw_cat_list;

enum bw_stop_rule { BW_STOP_MAY = 0, BW_STOP_MUST = 1 };

/* Immutable after configure(); tables precomputed for the hot paths. */
typedef struct bw_config {
    int players;
    int stop_rule;     /* enum bw_stop_rule */
    int escape_steal;  /* an escape move may steal again */
    int hat_put;       /* a frog may leave its book under an empty hat */
    int first;         /* the player who rolls first once the setup is drawn */
    uint8_t colour_of[BW_MAX_PLAYERS];
    uint8_t nbr[BW_NODES][4]; /* linked nodes, BW_NONE-padded */
    uint8_t nnbr[BW_NODES];
    uint8_t fwd[BW_NODES][4]; /* forward space after arriving from nbr[n][k] */
    uint8_t hat_of[BW_NODES]; /* hat beside the space, or BW_NONE */
    uint8_t flower[BW_NODES];
    uint8_t snake_at[BW_NODES]; /* snake starting on the space, or BW_NONE */
    uint64_t snake_bit[BW_SNAKES]; /* the space of each snake, as a node mask */
    uint16_t route_count[BW_NODES];
    uint8_t route_upto[BW_NODES][BW_MAX_DIE + 1]; /* routes of length <= d */
    uint64_t route_inter[BW_NODES][BW_MAX_ROUTES]; /* nodes a route passes (not its end) */
    uint64_t nbr_mask[BW_NODES];                    /* linked spaces */
    uint64_t stop_mask; /* flowers and spaces beside a hat */
    uint64_t pad_mask;  /* the four lily pads */
    /* For the easy rule of thumb, which guided playouts call for every legal
     * move: every link of a node (pads included), the spaces beside each
     * hat, and the steps from each colour's pad to every node. */
    uint64_t link_mask[BW_NODES];
    uint64_t hat_spaces[BW_HATS];
    uint8_t pad_steps[BW_COLOURS][BW_NODES];
    /* Any node byte to its bit, 0 for pads and BW_NONE: the masks of the
     * pieces on spaces take one look-up per piece and no test. */
    uint64_t space_bit[256];
    /* route_inter plus the end: one test rejects a route through or onto a cat */
    uint64_t route_path[BW_NODES][BW_MAX_ROUTES];
    /* The end alone, so a route short of the die is checked in one test. */
    uint64_t route_end[BW_NODES][BW_MAX_ROUTES];
    /* Cats go the full die and never onto a pad, which depends on the board
     * alone: the routes they may take, as bits of a 128-bit set. */
    uint64_t cat_routes[BW_NODES][BW_MAX_DIE + 1][2];
    /* The same routes as a list, padded to BW_CAT_LIST entries with
     * copies of the last (or 0): the move list writes a cat's moves as one
     * fixed-length copy, with no loop whose length changes with each cat
     * and die. bw_build_board checks that no set is longer. */
    bw_cat_list cat_list[BW_MAX_DIE + 1][BW_NODES]; /* by die, then node */
    /* Spaces of the snakes still in play, per quadrant and its three gone bits,
     * so the snake mask takes four look-ups rather than twelve tests. */
    uint64_t snake_spaces[BW_COLOURS][8];
    bw_route routes[BW_NODES][BW_MAX_ROUTES];
} bw_config;

/* Steps from node to the nearest node of targets along the links (pads
 * included), BW_FAR_STEPS when none can be reached. */
#define BW_FAR_STEPS 99
static inline int bw_steps_between(const bw_config *cfg, int node, uint64_t targets)
{
    uint64_t seen = (uint64_t)1 << node, frontier = seen;
    for (int d = 0; frontier; d++) {
        if (frontier & targets)
            return d;
        uint64_t next = 0;
        for (uint64_t f = frontier; f; f &= f - 1)
            next |= cfg->link_mask[__builtin_ctzll(f)];
        frontier = next & ~seen;
        seen |= frontier;
    }
    return BW_FAR_STEPS;
}

/* board.c */
extern const char *const bw_colour_names[BW_COLOURS];
extern const char bw_colour_letters[BW_COLOURS];
void bw_node_xy(int node, int *x2, int *y2); /* doubled grid coordinates */
/* Snakes 3q..3q+2 lie on these spaces of quadrant q. */
static inline int bw_snake_space(int snake)
{
    static const uint8_t local[3] = {0, 7, 10};
    return (snake / 3) * BW_QUADRANT + local[snake % 3];
}
int bw_cat_start(int cat);
int bw_hat_adjacent(int hat, int k);
const char *bw_space_kind(int space);
tg_status bw_build_board(bw_config *cfg, tg_msg *msg);
json_t *bw_board_json(const void *cfg);

/* rules.c */
void bw_init(const void *cfg, void *st);
int bw_current_player(const void *cfg, const void *st);
size_t bw_chance(const void *cfg, const void *st, tg_move *out, uint32_t *weights);
/* The chance points with equal weights on a run of ids (not the two dice). */
uint32_t bw_uniform_chance(const void *cfg, const void *st, tg_move *first);
void bw_apply(const void *cfg, void *st, tg_move move);
/* apply() returning whose turn it is then (the apply_turn hook). */
int bw_apply_turn(const void *cfg, void *st, tg_move move);
/* A chance point drawn and applied in one call (the apply_chance_turn hook). */
int bw_apply_chance_turn(const void *cfg, void *st, tg_rng *rng, tg_move *drawn);
/* The playout hook (core/playout_loop.h). */
uint32_t bw_playout(const void *cfg, void *st, struct tg_playout_run *run);
uint64_t bw_chance_total(const void *cfg, const void *st);
tg_move bw_chance_pick(const void *cfg, const void *st, uint64_t r);
uint32_t bw_winners(const void *cfg, const void *st);
/* Inline: a move records one to a few events, each a handful of stores. */
static inline void bw_event(bw_block *b, int type, int a, int c2, int c3, int c4)
{
    if (b->ev_count >= BW_MAX_EVENTS)
        return;
    uint8_t *e = b->ev[b->ev_count++];
    e[0] = (uint8_t)type;
    e[1] = (uint8_t)a;
    e[2] = (uint8_t)c2;
    e[3] = (uint8_t)c3;
    e[4] = (uint8_t)c4;
}

/* The book with this place, or BW_NONE. */
static inline int bw_find_book(const bw_block *b, int where, int at)
{
    for (int k = 0; k < BW_BOOKS; k++)
        if (b->book_where[k] == where && b->book_at[k] == at)
            return k;
    return BW_NONE;
}

static inline int bw_frog_book(const bw_block *b, int frog)
{
    return bw_find_book(b, BW_BOOK_FROG, frog);
}

static inline int bw_hat_book(const bw_block *b, int hat)
{
    return bw_find_book(b, BW_BOOK_HAT, hat);
}

static inline int bw_ground_book(const bw_block *b, int space)
{
    return bw_find_book(b, BW_BOOK_GROUND, space);
}

static inline int bw_frogs_alive(const bw_config *cfg, const bw_block *b, int player)
{
    (void)cfg;
    const uint8_t *at = &b->frog_at[player * BW_FROGS_PER_PLAYER];
    return (at[0] != BW_NONE) + (at[1] != BW_NONE) + (at[2] != BW_NONE);
}

static inline int bw_bit(const uint8_t *mask, int i)
{
    return (mask[i >> 3] >> (i & 7)) & 1;
}

static inline void bw_set_bit(uint8_t *mask, int i, int on)
{
    if (on)
        mask[i >> 3] = (uint8_t)(mask[i >> 3] | (1u << (i & 7)));
    else
        mask[i >> 3] = (uint8_t)(mask[i >> 3] & ~(1u << (i & 7)));
}

/* A two-byte bit mask of the block as one number. */
static inline unsigned bw_mask16(const uint8_t *mask)
{
    return mask[0] | (unsigned)mask[1] << 8;
}

/* legal.c */
size_t bw_legal_moves(const void *cfg, const void *st, tg_move *out);
int bw_is_legal(const void *cfg, const void *st, tg_move move);
int bw_any_action(const bw_config *cfg, const bw_block *b);
void bw_action_mask(const void *cfg, const void *st, uint8_t *mask);
void bw_action_mask_bits(const void *cfg, const void *st, uint8_t *bits);
/* Node sets of one position, as bit masks over the 64 nodes. */
typedef struct bw_masks {
    uint64_t frog;  /* spaces (not pads) with a frog */
    uint64_t cat;
    uint64_t snake; /* snakes still in play */
    uint64_t book;  /* dropped books */
    unsigned carry; /* frogs carrying a book, a bit per frog; 0 when book is */
} bw_masks;
void bw_make_masks(const bw_config *cfg, const bw_block *b, bw_masks *m);

/* The spaces of the nodes in at[0..n-1]; pads and BW_NONE left out. */
static inline uint64_t bw_space_mask(const bw_config *cfg, const uint8_t *at, int n)
{
    uint64_t mask = 0;
    for (int i = 0; i < n; i++)
        mask |= cfg->space_bit[at[i]];
    return mask;
}

/* The spaces of the snakes still in play: four look-ups by the gone bits. */
static inline uint64_t bw_snake_mask(const bw_config *cfg, const bw_block *b)
{
    unsigned gone = bw_mask16(b->gone);
    return cfg->snake_spaces[0][gone & 7] | cfg->snake_spaces[1][(gone >> 3) & 7] |
           cfg->snake_spaces[2][(gone >> 6) & 7] | cfg->snake_spaces[3][(gone >> 9) & 7];
}

/* movement.c */
void bw_move_frog(const bw_config *cfg, bw_block *b, int frog, const bw_route *r);
void bw_move_cat(const bw_config *cfg, bw_block *b, int cat, const bw_route *r);
void bw_land(const bw_config *cfg, bw_block *b, int frog);
void bw_continue_turn(const bw_config *cfg, bw_block *b);
void bw_give_book(bw_block *b, int book, int frog, int player);
int bw_prince_reachable(const bw_config *cfg, const bw_block *b);

/* notation.c */
size_t bw_any_move_text(const void *cfg, tg_move move, char *buf, size_t cap);
size_t bw_move_text(const void *cfg, const void *st, tg_move move, char *buf, size_t cap);
/* The words of a person at the table for a chance outcome ("double 3"). */
tg_status bw_parse_words(const void *cfg, const void *st, const char *text, tg_move *out,
                         tg_msg *msg);
int bw_node_name(int node, char *buf, size_t cap);

/* view.c, events.c */
json_t *bw_observe(const void *cfg, const void *st, int viewer);
json_t *bw_events(const void *cfg, const void *st, int viewer);
void bw_render_text(const void *cfg, const void *st, int viewer, tg_strbuf *out);
json_t *bw_node_json(int node);
json_t *bw_page_json(const bw_block *b, int book, int viewer);
/* Viewer (any viewer) knows what the page of book says. */
int bw_page_seen(const bw_block *b, int book, int viewer);

/* position_json.c, validate.c */
json_t *bw_position_to_json(const void *cfg, const void *st);
tg_status bw_position_from_json(const void *cfg, const json_t *position, void *st, tg_msg *msg);
tg_status bw_validate(const void *cfg, const void *st, tg_msg *msg);

/* resample.c */
void bw_resample(const void *cfg, void *st, int player, int memory, tg_rng *rng);

/* tensor.c */
size_t bw_tensor_size(const void *cfg);
void bw_tensor(const void *cfg, const void *st, int viewer, float *out);
/* tensor_bytes.c */
void bw_tensor_bytes(const void *cfg, const void *st, int viewer, uint8_t *out);

/* easy.c */
int bw_easy_score(const void *cfg, const void *st, int player, tg_move move);

#endif
