/* Creepy Cauldron's internal header: the board's shape, the configuration
 * the options turn into, the position block and the move-id layout. The
 * layout of move ids is part of the public contract (see
 * docs/rules/creepy_cauldron.md): never renumber, only append. */
#ifndef TG_GAMES_CREEPY_CAULDRON_H
#define TG_GAMES_CREEPY_CAULDRON_H

#include <stdint.h>
#include <string.h>

#include "core/game_def.h"

/* ---- board ---------------------------------------------------------------- */
/* A ring of 32 spaces, 8 per side; colour c's cell is its padlock space at
 * 8c-1 (mod 32) followed by its key space at 8c, so a pawn leaving its key
 * space needs a whole lap to come back to its padlock. */
#define CC_SPACES 32
#define CC_SIDE 8
#define CC_COLOURS 4
#define CC_KINDS 4
#define CC_PER_KIND 4 /* 16 creatures: 4 kinds, 4 of each */
#define CC_BOOK 3     /* kinds pictured in each spell book */
#define CC_MAX_HELD 4
#define CC_MAX_PLAYERS 4
#define CC_WITCH_START 2
#define CC_NONE 0xFF /* no player / no space */
#define CC_OUT 0xFE  /* the winner's pawn has left through the door */

enum cc_space_kind {
    CC_SP_PLAIN = 0,
    CC_SP_KEY,         /* a colour's key space: its start */
    CC_SP_PADLOCK,     /* a colour's padlock space: the way out */
    CC_SP_CAULDRON,    /* fishing; attempts 1 or 2 */
    CC_SP_FOOTPRINT,   /* turn invisible / visible */
    CC_SP_WITCH_START, /* Kalmorda's start; plain once she left */
    CC_SP_KIND_COUNT
};

/* ---- die and moves ----------------------------------------------------------- */
enum cc_face { CC_F1 = 0, CC_F2, CC_F3, CC_F4, CC_FFROG, CC_FWITCH, CC_FACES };

enum cc_move_id {
    CC_M_DIE = 0,                        /* 0..5: die faces 1,2,3,4,frog,witch (chance) */
    CC_M_SNAP = 6,                       /* fishing snapped the handle (chance) */
    CC_M_CATCH = 7,                      /* 7..10: fished a creature of kind id-7 (chance) */
    CC_M_KEY = CC_M_CATCH + CC_KINDS,    /* 11: the roller shows the key (chance) */
    CC_M_NOKEY,                          /* 12: the roller shows no key (chance) */
    CC_M_FISH,                           /* 13: use the second attempt of a "2" space */
    CC_M_PASS,                           /* 14: give the second attempt up */
    CC_M_VANISH,                         /* 15: turn invisible on a footprint space */
    CC_M_STAY,                           /* 16: stay visible */
    CC_M_RETURN,                         /* 17..20: put a creature of kind id-17 back */
    CC_M_STEAL = CC_M_RETURN + CC_KINDS, /* 21..24: take a kind id-21 from the victim */
    CC_M_NOSTEAL = CC_M_STEAL + CC_KINDS, /* 25: take nothing from the victim */
    /* Added in 1.2 (ids are only ever appended): */
    CC_M_NOTHING,                        /* 26: a fishing attempt brings up nothing (chance) */
    CC_M_TAKE_KEY,                       /* 27: take the key lying on a space passed */
    CC_M_LEAVE_KEY,                      /* 28: leave it lying */
    CC_MOVE_COUNT
};

/* ---- options ---------------------------------------------------------------- */
enum cc_option_index {
    CC_OPT_PLAYERS = 0,
    CC_OPT_SNAP,
    CC_OPT_SNAP0, /* CC_OPT_SNAP0 + p for player p */
    CC_OPT_SNAP1,
    CC_OPT_SNAP2,
    CC_OPT_SNAP3,
    CC_OPT_ROLLER,
    CC_OPT_RETRY,
    CC_OPT_EXACT,
    CC_OPT_INVISIBLE,
    CC_OPT_KEYSAFE,
    CC_OPT_NOFROG,
    CC_OPT_CAVE,
    /* Added in 1.2, with legacy values for format-1 saves: */
    CC_OPT_EMPTY,
    CC_OPT_PICKUP,
    CC_OPT_EXACT_FREE,
    CC_OPT_COUNT
};

enum cc_retry { CC_RETRY_TURN = 0, CC_RETRY_LAP };
enum cc_invisible { CC_INV_REVEAL = 0, CC_INV_CATCH, CC_INV_HIDE };
enum cc_keysafe { CC_SAFE_OWN = 0, CC_SAFE_ANY };
enum cc_nofrog { CC_NOFROG_PASS = 0, CC_NOFROG_AGAIN };
enum cc_cave { CC_CAVE_STAY = 0, CC_CAVE_CELL };
enum cc_pickup { CC_PICKUP_CHOOSE = 0, CC_PICKUP_AUTO };

enum cc_phase {
    CC_PH_DIE = 0, /* chance: the current player's die */
    CC_PH_ROLLER,  /* chance: the key-release roller */
    CC_PH_FISH,    /* chance: one fishing attempt */
    CC_PH_AGAIN,   /* decision: second attempt or not */
    CC_PH_RETURN,  /* decision: which creature goes back */
    CC_PH_STEAL,   /* decision: what to take from the first pending victim */
    CC_PH_VANISH,  /* decision: turn invisible or not */
    CC_PH_OVER,
    CC_PH_PICKUP,  /* decision: take the key lying on a space the move passed (1.2) */
    CC_PH_COUNT
};

/* The longest list of a player's decision: each kind and "take nothing". */
#define CC_CHOICE_MAX (CC_KINDS + 2)

/* Snap chances are integer parts of this, so chance weights are exact. */
#define CC_SNAP_SCALE 10000u

typedef struct cc_config {
    uint8_t players;
    uint8_t colour[CC_MAX_PLAYERS];  /* colour of each player */
    uint8_t owner[CC_COLOURS];       /* player of each colour, CC_NONE if unused */
    uint16_t snap[CC_MAX_PLAYERS];   /* snap chance per player, parts of CC_SNAP_SCALE */
    uint16_t empty;                  /* chance an attempt that does not snap brings up nothing */
    uint8_t roller;                  /* roller positions; one shows the key */
    uint8_t retry, exact, invisible, keysafe, nofrog, cave;
    uint8_t pickup;     /* enum cc_pickup: a key lying on a space passed */
    uint8_t exact_free; /* exact=yes also needs a free padlock space (release 1.1) */
    /* board tables, copied from board.c so the hot path reads one struct */
    uint8_t kind[CC_SPACES];
    uint8_t attempts[CC_SPACES];     /* 1 or 2 on cauldron spaces, else 0 */
    uint8_t cell[CC_SPACES];         /* colour of the cell the space is in, or CC_NONE */
    uint8_t key_space[CC_COLOURS];
    uint8_t padlock[CC_COLOURS];
    uint8_t book[CC_COLOURS][CC_BOOK];
    uint32_t book_need[CC_COLOURS];   /* byte k is 0x80 if the book pictures kind k (cc_has_book) */
    uint32_t cell_mask[CC_COLOURS];   /* bit s: space s is in the colour's cell */
    uint32_t cauldron_mask;           /* bit s: space s is a cauldron space */
    uint8_t victims[1u << CC_COLOURS]; /* by cc_cells_on(): bit p, p owns a cell reached */
    uint8_t next_seat[CC_MAX_PLAYERS]; /* the player after p, round the table */
    /* A fishing attempt's weights per creature in the cauldron, per player
     * (cc_fish_weights(), from snap and empty): the handle's, one
     * creature's, and all of them with nothing's (at most CC_SNAP_SCALE^2,
     * so 16 creatures' total fits 32 bits). */
    uint32_t fish_snap[CC_MAX_PLAYERS];
    uint32_t fish_unit[CC_MAX_PLAYERS];
    uint32_t fish_all[CC_MAX_PLAYERS];
    /* floor(2^64 / fish_unit) + 1, or 0 for a unit below 2 (cc_div_unit()):
     * a fishing attempt's creature number by a multiplication, not a
     * division, whose latency the outcome's branches waited for. */
    uint64_t fish_inverse[CC_MAX_PLAYERS];
    /* A player's decision's legal moves by phase and by the kinds held
     * (bit k: a creature of kind k; the victim's when stealing): as a set
     * (bit id), and as the list with its length (legal.c). */
    uint32_t choice_set[CC_PH_COUNT][16];
    tg_move choice_list[CC_PH_COUNT][16][CC_CHOICE_MAX];
    uint8_t choice_count[CC_PH_COUNT][16];
    /* space_bit[s]: bit s for a space, 0 for any other byte a pawn's or
     * Kalmorda's field can hold (off the board, out): occupancy masks are
     * then one load and an or per piece, with no test. */
    uint32_t space_bit[256];
} cc_config;

/* ---- position block --------------------------------------------------------- */

/* What follows a return decision. */
enum cc_after { CC_AFTER_END = 0, CC_AFTER_FISH, CC_AFTER_STEAL, CC_AFTER_COUNT };

#define CC_FL_INVISIBLE 1u
#define CC_FL_MISS 2u /* sent to the cave: misses the next turn */

enum cc_event_type {
    CC_EV_ROLL = 0,   /* player, face */
    CC_EV_MOVE,       /* player, from, to */
    CC_EV_STUCK,      /* player, face: exact rule forbids the move */
    CC_EV_FISH,       /* player, kind */
    CC_EV_SNAP,       /* player */
    CC_EV_FROG,       /* player, previous frog or none */
    CC_EV_UNFROG,     /* player */
    CC_EV_RETURN,     /* player, kind */
    CC_EV_VANISH,     /* player */
    CC_EV_APPEAR,     /* player, cause */
    CC_EV_STEAL,      /* thief, victim, kind */
    CC_EV_WITCH,      /* from, to */
    CC_EV_CAVE,       /* player, from, to */
    CC_EV_KEY_RELEASE, /* player */
    CC_EV_KEY_FAIL,   /* player */
    CC_EV_KEY_TAKEN,  /* player, from player */
    CC_EV_KEY_DROP,   /* player, space */
    CC_EV_KEY_PICKUP, /* player, space */
    CC_EV_SKIP,       /* player */
    CC_EV_WIN,        /* player */
    CC_EV_EMPTY,      /* player: a fishing attempt brought up nothing (1.2) */
    CC_EV_KEY_LEAVE,  /* player, space: the key lying there is left (1.2) */
    CC_EV_COUNT
};

enum cc_cause { CC_CAUSE_FOOTPRINT = 0, CC_CAUSE_WITCH, CC_CAUSE_COUNT };

#define CC_MAX_EVENTS 16

typedef struct cc_pos {
    uint8_t phase;
    uint8_t turn;
    uint8_t pawn[CC_MAX_PLAYERS]; /* space, or CC_OUT for the winner */
    uint8_t flags[CC_MAX_PLAYERS];
    uint8_t held[CC_MAX_PLAYERS][CC_KINDS];
    uint8_t cauldron[CC_KINDS];
    uint8_t frog;       /* player under the frog head, or CC_NONE */
    uint8_t witch;      /* Kalmorda's space */
    uint8_t key_player; /* carrier, or CC_NONE */
    uint8_t key_space;  /* space the key lies on, or CC_NONE; both none: in the handle */
    uint8_t attempts;   /* fishing attempts left after the current one */
    uint8_t thefts;     /* bit p: player p's objects may still be taken */
    uint8_t after;      /* enum cc_after */
    uint8_t roller_due; /* the move stopped in the player's own cell to try the key */
    uint8_t winner;
    uint8_t nevents;
    uint8_t events[CC_MAX_EVENTS][4]; /* type, a, b, c */
} cc_pos;

#if defined(__GNUC__)
#define CC_NOINLINE __attribute__((noinline))
#define CC_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define CC_NOINLINE
#define CC_ALWAYS_INLINE inline
#endif

/* ---- shared between the files of this game -------------------------------- */
/* Small helpers of the hot path, inline so every file's loop avoids a call. */
_Static_assert(CC_KINDS == 4, "the totals below add four kinds");

/* The sum of four counts, none above 16: one multiplication adds the four
 * bytes into the top one, in either byte order. */
static inline unsigned cc_sum4(const uint8_t *counts)
{
    uint32_t four;
    memcpy(&four, counts, sizeof four);
    return (unsigned)((four * 0x01010101u) >> 24);
}

/* One more (or, with a negative delta, one fewer) creature of kind k in a
 * row of four counts (a hand, the cauldron), stored as the whole row: the
 * rows are read four bytes at once (cc_sum4(), cc_has_book(), the legal
 * list's kinds), often by the next decision, and a one-byte store does
 * not forward to a four-byte load, which then waits for the store to
 * reach the cache. No byte carries or borrows: a count goes down only
 * from at least 1 and up only to at most CC_PER_KIND. */
static inline void cc_count_add(uint8_t *counts, unsigned k, int delta)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    uint32_t unit = (uint32_t)1 << (8 * (CC_KINDS - 1 - k));
#else
    uint32_t unit = (uint32_t)1 << (8 * k);
#endif
    uint32_t four;
    memcpy(&four, counts, sizeof four);
    four += (uint32_t)delta * unit;
    memcpy(counts, &four, sizeof four);
}

static inline unsigned cc_held_total(const cc_pos *pos, unsigned player)
{
    return cc_sum4(pos->held[player]);
}

static inline unsigned cc_cauldron_total(const cc_pos *pos)
{
    return cc_sum4(pos->cauldron);
}

static inline int cc_has_book(const cc_config *cfg, const cc_pos *pos, unsigned player)
{
    /* The four counts at once, with no branch (the outcome varies too much
     * for the predictor): each is at most CC_PER_KIND (validate.c), so
     * adding 0x7f to a byte sets its top bit exactly when it is not zero
     * and carries nothing into the next. book_need has the top bit of each
     * kind the book pictures, in the same byte order as the counts. */
    uint32_t held;
    memcpy(&held, pos->held[player], sizeof held);
    uint32_t need = cfg->book_need[cfg->colour[player]];
    return ((held + 0x7f7f7f7fu) & need) == need;
}

/* x turned right by r bits: bit i of the result is space (r + i) % 32. */
static inline uint32_t cc_rotr(uint32_t x, unsigned r)
{
    return (x >> (r & 31)) | (x << ((32 - r) & 31)); /* one rotate instruction */
}

/* The first space from s on (s itself included) whose bit is set in mask,
 * which must not be 0: a rotation and a count instead of a walk, whose
 * length the branch predictor cannot guess. */
static inline unsigned cc_first_from(uint32_t mask, unsigned s)
{
    return (s + (unsigned)__builtin_ctz(cc_rotr(mask, s))) % CC_SPACES;
}

/* One bit per cell that the spaces of path reach, in an order of its own:
 * cell c is spaces 8c-1 and 8c (see the board above), so folding each
 * space onto its left neighbour leaves one bit per cell at 8c-1, and a
 * multiplication gathers the four into the top four bits. cfg->victims is
 * indexed by it (board.c builds it with this same function). */
static inline unsigned cc_cells_on(uint32_t path)
{
    uint32_t folded = (path | cc_rotr(path, 1)) & 0x80808080u;
    return (unsigned)((cc_rotr(folded, CC_SIDE - 1) * 0x08040201u) >> 24) & 0xFu;
}

/* The player whose objects a pending theft takes from (lowest bit of
 * thefts); the last seat when none is pending. */
static inline unsigned cc_first_victim(const cc_pos *pos)
{
    return (unsigned)__builtin_ctz(pos->thefts | (1u << (CC_MAX_PLAYERS - 1)));
}

/* Bit s: a pawn (any seat, those off the board adding nothing) stands on
 * space s. */
static inline uint32_t cc_pawn_mask(const cc_config *cfg, const cc_pos *pos)
{
    return cfg->space_bit[pos->pawn[0]] | cfg->space_bit[pos->pawn[1]] |
           cfg->space_bit[pos->pawn[2]] | cfg->space_bit[pos->pawn[3]];
}

/* An event's four bytes (type, a, b, c) as one word in their order in
 * memory, to store a slot whole or select it by a mask. */
static inline uint32_t cc_event_word(unsigned type, unsigned a, unsigned b, unsigned c)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return (uint32_t)type << 24 | (uint32_t)a << 16 | (uint32_t)b << 8 | (uint32_t)c;
#else
    return (uint32_t)type | (uint32_t)a << 8 | (uint32_t)b << 16 | (uint32_t)c << 24;
#endif
}

static inline void cc_event(cc_pos *pos, unsigned type, unsigned a, unsigned b, unsigned c)
{
    if (pos->nevents >= CC_MAX_EVENTS)
        return;
    uint8_t *e = pos->events[pos->nevents++];
    e[0] = (uint8_t)type;
    e[1] = (uint8_t)a;
    e[2] = (uint8_t)b;
    e[3] = (uint8_t)c;
}

/* Who acts in each phase: chance, the end, or (0) the turn's player. */
static const int8_t cc_actor[CC_PH_COUNT] = {
    [CC_PH_DIE] = TG_PLAYER_CHANCE, [CC_PH_ROLLER] = TG_PLAYER_CHANCE,
    [CC_PH_FISH] = TG_PLAYER_CHANCE, [CC_PH_OVER] = TG_PLAYER_TERMINAL,
};

/* current_player(), without a branch: chance and the players' decisions
 * alternate unpredictably. */
static inline int cc_who(const cc_pos *pos)
{
    int who = cc_actor[pos->phase];
    unsigned player = ((unsigned)who >> 31) - 1u; /* all ones for a player's phase, else 0 */
    return who | (int)(pos->turn & player);
}

/* ---- the end of a move and of a turn: inline, as nearly every decision
 * ends with them and the calls between files cost more than their work -- */

static inline unsigned cc_key_in_handle(const cc_pos *pos)
{
    return (pos->key_player == CC_NONE) & (pos->key_space == CC_NONE) & (pos->winner == CC_NONE);
}

/* With retry=turn a pawn waiting in its own cell with its three creatures
 * spends its turns on the roller instead of the die. Asked at every turn's
 * end: the rare answer first (a pawn in its own cell), with one branch; the
 * rest bitwise, not &&, as their answers vary too much for the predictor. */
static inline unsigned cc_waits_for_key(const cc_config *cfg, const cc_pos *pos, unsigned p)
{
    if (cfg->cell[pos->pawn[p] & (CC_SPACES - 1)] != cfg->colour[p])
        return 0;
    return (cfg->retry == CC_RETRY_TURN) & (pos->frog != p) & cc_key_in_handle(pos) &
           (unsigned)cc_has_book(cfg, pos, p);
}

static inline void cc_end_turn(const cc_config *cfg, cc_pos *pos)
{
    unsigned q = pos->turn;
    /* Each pass clears one flag, so this stops within 2 * players steps. */
    for (;;) {
        q = cfg->next_seat[q & (CC_MAX_PLAYERS - 1)];
        if (!(pos->flags[q] & CC_FL_MISS))
            break;
        pos->flags[q] &= (uint8_t)~CC_FL_MISS;
        cc_event(pos, CC_EV_SKIP, q, 0, 0);
    }
    pos->turn = (uint8_t)q;
    pos->attempts = 0;
    pos->phase = cc_waits_for_key(cfg, pos, q) ? CC_PH_ROLLER : CC_PH_DIE;
}

/* Where the pawn came to rest decides what the turn still holds. */
static inline void cc_land(const cc_config *cfg, cc_pos *pos)
{
    unsigned p = pos->turn, s = pos->pawn[p];
    if (pos->roller_due) {
        pos->roller_due = 0;
        pos->phase = CC_PH_ROLLER;
        return;
    }
    /* A visible pawn is offered to vanish on a footprint space and fishes on
     * a cauldron space that still holds something; an invisible one on a
     * footprint space appears. Which of these the die led to is random, so
     * the two offers are one branch, not a chain of three. */
    unsigned kind = cfg->kind[s], visible = !(pos->flags[p] & CC_FL_INVISIBLE);
    unsigned vanish = (kind == CC_SP_FOOTPRINT) & visible;
    unsigned fish = (kind == CC_SP_CAULDRON) & visible & (cc_cauldron_total(pos) > 0);
    if (vanish | fish) {
        pos->attempts = fish ? (uint8_t)(cfg->attempts[s] - 1) : pos->attempts;
        pos->phase = fish ? CC_PH_FISH : CC_PH_VANISH;
        return;
    }
    if (kind == CC_SP_FOOTPRINT) {
        pos->flags[p] &= (uint8_t)~CC_FL_INVISIBLE;
        cc_event(pos, CC_EV_APPEAR, p, CC_CAUSE_FOOTPRINT, 0);
    }
    cc_end_turn(cfg, pos);
}

static inline void cc_next_theft(const cc_config *cfg, cc_pos *pos)
{
    /* The victims in seat order; one with nothing to take is passed over.
     * validate() keeps thefts to players of the game. */
    for (unsigned t = pos->thefts; t; t &= t - 1) {
        if (cc_held_total(pos, (unsigned)__builtin_ctz(t)) > 0) {
            pos->thefts = (uint8_t)t;
            pos->phase = CC_PH_STEAL;
            return;
        }
    }
    pos->thefts = 0;
    cc_land(cfg, pos);
}

/* board.c */
void cc_board_fill(cc_config *cfg);
json_t *cc_board_json(const void *cfg);
const char *cc_kind_name(unsigned kind);
const char *cc_colour_name(unsigned colour);
const char *cc_space_kind_name(unsigned kind);
const char *cc_face_name(unsigned face);
int cc_find_kind(const char *name);
void cc_space_xy(unsigned space, int *x, int *y);

/* rules.c */
void cc_init(const void *cfg, void *st);
int cc_current_player(const void *cfg, const void *st);
size_t cc_chance(const void *cfg, const void *st, tg_move *out, uint32_t *weights);
/* The die, the one chance point with equal weights on a run of ids. */
uint32_t cc_uniform_chance(const void *cfg, const void *st, tg_move *first);
void cc_apply(const void *cfg, void *st, tg_move move);
/* apply() returning whose turn it is then (the apply_turn hook). */
int cc_apply_turn(const void *cfg, void *st, tg_move move);
/* The weights of a fishing attempt, per creature (configure, after snap and empty). */
void cc_fish_weights(cc_config *cfg);
/* The roller and fishing drawn without their lists (the chance_total and
 * chance_pick hooks). */
uint64_t cc_chance_total(const void *cfg, const void *st);
tg_move cc_chance_pick(const void *cfg, const void *st, uint64_t r);
/* A chance point drawn and applied in one call (the apply_chance_turn hook). */
int cc_apply_chance_turn(const void *cfg, void *st, tg_rng *rng, tg_move *drawn);
/* The playout hook (core/playout_loop.h). */
uint32_t cc_playout(const void *cfg, void *st, struct tg_playout_run *run);
uint32_t cc_winners(const void *cfg, const void *st);

/* legal.c; cc_choice_tables() fills the decisions' tables of cfg. */
void cc_choice_tables(cc_config *cfg);
size_t cc_legal_moves(const void *cfg, const void *st, tg_move *out);
int cc_is_legal(const void *cfg, const void *st, tg_move move);
/* is_legal() and apply_turn() in one call (the apply_if_legal hook). */
int cc_apply_if_legal(const void *cfg, void *st, tg_move move);

/* movement.c: a pawn's move and what follows it in the turn; returns
 * whose turn it is then (cc_who()). */
int cc_move_pawn(const cc_config *cfg, cc_pos *pos, unsigned steps);
/* witch_flight.c: the witch's face, Kalmorda's flight and the turn's end;
 * returns whose turn it is then (a chance point). */
int cc_die_witch(const cc_config *cfg, cc_pos *pos);

/* The key lying on a space the move passed: taken or left (pickup=choose). */
void cc_apply_pickup(const cc_config *cfg, cc_pos *pos, tg_move move);

/* notation.c */
size_t cc_move_text(const void *cfg, const void *st, tg_move move, char *buf, size_t cap);
/* The words of a person at the table for a chance outcome ("a spider", "frog"). */
tg_status cc_parse_words(const void *cfg, const void *st, const char *text, tg_move *out,
                         tg_msg *msg);

/* view.c */
json_t *cc_observe(const void *cfg, const void *st, int viewer);
void cc_render_text(const void *cfg, const void *st, int viewer, tg_strbuf *out);

/* events.c; the argument kinds are shared by the renderer and validate(). */
json_t *cc_events(const void *cfg, const void *st, int viewer);
enum cc_arg { CC_ARG_NONE = 0, CC_ARG_PLAYER, CC_ARG_PLAYER_OPT, CC_ARG_SPACE, CC_ARG_KIND,
              CC_ARG_FACE, CC_ARG_CAUSE };
typedef struct cc_event_info {
    const char *type;
    const char *field[3];
    uint8_t arg[3];
} cc_event_info;
const cc_event_info *cc_event_info_get(unsigned type);

/* position_json.c, validate.c */
json_t *cc_position_to_json(const void *cfg, const void *st);
tg_status cc_position_from_json(const void *cfg, const json_t *position, void *st, tg_msg *msg);
tg_status cc_validate(const void *cfg, const void *st, tg_msg *msg);
const char *cc_phase_name(unsigned phase);
const char *cc_after_name(unsigned after);

/* resample.c, easy.c */
void cc_resample(const void *cfg, void *st, int player, int memory, tg_rng *rng);

/* tensor.c */
size_t cc_tensor_size(const void *cfg);
void cc_tensor(const void *cfg, const void *st, int viewer, float *out);
/* tensor_bytes.c */
void cc_tensor_bytes(const void *cfg, const void *st, int viewer, uint8_t *out);
int cc_easy_score(const void *cfg, const void *st, int player, tg_move move);

#endif
