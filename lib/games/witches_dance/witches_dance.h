/* Witches' Dance: internal header shared by the game's files.
 *
 * The board is a circle of 36 spaces numbered 0..35 clockwise. Colour c
 * (0..5, see wd_colour_names) enters at space 6c and takes off from its exit
 * space 6c+27 (mod 36): 26 spaces lie between entry and exit clockwise and 8
 * the other way round, as on the published board. A witch takes off by
 * stepping from the exit space onto the strip, so a move passes an exit when
 * the exit lies on the witch's own space or on one of the next die-1 spaces. */
#ifndef TG_GAMES_WITCHES_DANCE_H
#define TG_GAMES_WITCHES_DANCE_H

#include <stddef.h>
#include <stdint.h>

#include "core/game_def.h"

#define WD_SPACES 36
#define WD_COLOURS 6
#define WD_MAX_PLAYERS 6
#define WD_STRIP_SPACES 4
#define WD_PUSH_BACK 7
#define WD_NEUTRAL_PER_COLOUR 2
#define WD_NEUTRAL_COLOURS 2
#define WD_NO_COLOUR 0xFFu

/* Move ids: part of the stable contract (docs/rules/witches_dance.md). */
#define WD_MOVE_ROLL 0      /* +0..5: the die shows 1..6 (chance) */
#define WD_MOVE_SPACE 6     /* +s: move the witch on space s */
#define WD_MOVE_PEEK 42     /* +s: on a 6, look at the witch on space s */
#define WD_MOVE_ENTER 78    /* +c: bring a witch of colour c out of its start area */
#define WD_MOVE_TAKEOFF 84  /* the selected witch takes off at the exit it passes */
#define WD_MOVE_DANCE 85    /* the selected witch dances on past that exit */
#define WD_MOVE_PASS 86     /* nothing can be done with this roll */
#define WD_MOVE_NEUTRAL 87  /* +c: two-player setup, choose colour c as neutral */
#define WD_MOVE_COUNT 93

enum wd_phase {
    WD_PHASE_SETUP = 0, /* two players choose the neutral colours */
    WD_PHASE_ROLL,      /* chance: the current player's die */
    WD_PHASE_CHOOSE,    /* the current player enters, moves or peeks */
    WD_PHASE_TAKEOFF,   /* the selected witch passes an exit: take off or dance on */
    WD_PHASE_OVER,
    WD_PHASE_COUNT
};

/* Event records of the last decision; fields a..d per type as commented. */
enum wd_event_type {
    WD_EV_ROLL = 1, /* a: die value */
    WD_EV_NEUTRAL,  /* a: colour chosen as neutral */
    WD_EV_ENTER,    /* a: colour, b: space it lands on */
    WD_EV_MOVE,     /* a: from, b: to */
    WD_EV_SELECT,   /* a: space of the chosen witch, b: colour of the exit it passes */
    WD_EV_PUSH,     /* a: space of the crush, b: jumps of 7 back, c: colour revealed */
    WD_EV_TAKEOFF,  /* a: from, b: exit colour, c: witch colour, d: strip it ends on */
    WD_EV_PEEK,     /* a: space, b: colour seen (the peeker only) */
    WD_EV_PASS,
    WD_EV_TYPE_END
};

#define WD_MAX_EVENTS 2
#define WD_OCC_BYTES ((WD_SPACES + 7) / 8)
#define WD_EVENT_FIELDS 5

/* The position block: bytes only (see core/game_def.h). */
typedef struct wd_block {
    uint8_t circle[WD_SPACES];             /* 0 empty, else colour + 1 */
    uint8_t occupied[WD_OCC_BYTES];        /* bit s%8 of byte s/8: circle[s] != 0 */
    uint8_t start[WD_COLOURS];             /* witches waiting in each start area */
    uint8_t strip[WD_COLOURS][WD_COLOURS]; /* [strip colour][witch colour] */
    uint8_t phase;
    uint8_t player;   /* whose turn it is (also during its die roll) */
    uint8_t die;      /* last value rolled, 0 before the first roll */
    uint8_t selected; /* WD_PHASE_TAKEOFF: space of the chosen witch, else 0 */
    uint8_t neutral;  /* two players: bit c set when colour c is neutral */
    uint8_t actor;    /* who made the last decision (the roller for a die) */
    uint8_t ev_count;
    uint8_t ev[WD_MAX_EVENTS][WD_EVENT_FIELDS];
    /* Format 2 (1.2) appends knowledge: who knows the colour of the hat on
     * each space (bit p: player p; WD_KNOWN_PUBLIC: the whole table saw it,
     * and then every player's bit is set too). The marks move with the hat,
     * so they always name its true colour; 0 on an empty space. */
    uint8_t known[WD_SPACES];
} wd_block;

#define WD_KNOWN_PUBLIC 0x80u
/* The format-1 block (1.0, 1.1) is the prefix before the knowledge. */
#define WD_BLOCK_V1 100

/* The rule document lists this layout byte by byte; saves depend on it. */
_Static_assert(sizeof(wd_block) == 136, "wd_block layout changed: update the rule document");
_Static_assert(offsetof(wd_block, known) == WD_BLOCK_V1, "knowledge must follow the 1.1 fields");

enum wd_entry_rule { WD_ENTRY_ON = 0, WD_ENTRY_PAST = 1 };

/* Immutable after configure(); tables precomputed for the hot paths. */
typedef struct wd_config {
    int players;
    int first;
    int witches;     /* own witches per player */
    int target;      /* witches on one's strip needed to win */
    int entry_rule;  /* enum wd_entry_rule */
    int early_peek;  /* may peek on a 6 while one's start area is not empty */
    int two_player;
    int total;       /* witches in the game, neutrals included */
    uint8_t colour_of[WD_MAX_PLAYERS]; /* player -> colour */
    int8_t owner_of[WD_COLOURS];       /* colour -> player, -1 for none */
    uint8_t player_colours;            /* bit mask of the players' colours */
    uint8_t next_player[WD_MAX_PLAYERS]; /* who plays after p: no branch on the wrap */
    uint8_t all_known;                 /* every player's knowledge bit and WD_KNOWN_PUBLIC */
    /* exit colour a witch on space s passes with die d, or WD_NO_COLOUR */
    uint8_t passes[WD_SPACES][7];
    /* the same as a bit set (bit c for colour c, 0 for none), and the exits
     * player p may use without neutrals (bit of p's colour): the apply's test */
    uint8_t exit_bit[WD_SPACES][7];
    uint8_t usable_bit[WD_MAX_PLAYERS];
    uint8_t entry_land[WD_COLOURS][7]; /* landing space of an entering witch */
    uint8_t back[WD_SPACES];           /* the space 7 behind */
    uint8_t step[WD_SPACES][7];        /* the space d ahead, indexed like passes */
} wd_config;

/* The occupied spaces as a bit set, so the move list skips empty spaces
 * without looking at them. Spelt out byte by byte so that compilers merge
 * it into one load on little-endian machines. */
_Static_assert(WD_OCC_BYTES == 5, "wd_occupied reads five bytes");
static inline uint64_t wd_occupied(const wd_block *b)
{
    const uint8_t *o = b->occupied;
    return (uint64_t)o[0] | (uint64_t)o[1] << 8 | (uint64_t)o[2] << 16 |
           (uint64_t)o[3] << 24 | (uint64_t)o[4] << 32;
}

/* Writes the set back: the inverse of wd_occupied(). */
static inline void wd_set_occupied(wd_block *b, uint64_t m)
{
    uint8_t *o = b->occupied;
    o[0] = (uint8_t)m;
    o[1] = (uint8_t)(m >> 8);
    o[2] = (uint8_t)(m >> 16);
    o[3] = (uint8_t)(m >> 24);
    o[4] = (uint8_t)(m >> 32);
}

/* Puts a hat (0: none) on a space with the knowledge marks it carries. */
static inline void wd_set_space(wd_block *b, int space, uint8_t witch, uint8_t known)
{
    uint8_t bit = (uint8_t)(1u << (space & 7));
    b->circle[space] = witch;
    b->known[space] = known;
    if (witch)
        b->occupied[space >> 3] |= bit;
    else
        b->occupied[space >> 3] &= (uint8_t)~bit;
}

/* wd_set_space() for a hat (witch != 0), without the test the moves never need. */
static inline void wd_put_hat(wd_block *b, int space, uint8_t witch, uint8_t known)
{
    b->circle[space] = witch;
    b->known[space] = known;
    b->occupied[space >> 3] |= (uint8_t)(1u << (space & 7));
}

/* The next three are inline because rules.c and movement.c call them on
 * every move of a playout (calls between files are not inlined). */

/* Records an event of the last decision; fields as enum wd_event_type says. */
static inline void wd_event(wd_block *b, int type, int a, int bb, int c, int d)
{
    uint8_t *e = b->ev[b->ev_count++];
    e[0] = (uint8_t)type;
    e[1] = (uint8_t)a;
    e[2] = (uint8_t)bb;
    e[3] = (uint8_t)c;
    e[4] = (uint8_t)d;
}

static inline void wd_end_turn(const wd_config *cfg, wd_block *b)
{
    b->player = cfg->next_player[b->player];
    b->phase = WD_PHASE_ROLL;
}

/* Whose decision it is: wd_current_player(), and what wd_apply_turn()
 * returns after a move. */
static inline int wd_turn(const wd_block *b)
{
    if (b->phase == WD_PHASE_ROLL)
        return TG_PLAYER_CHANCE;
    if (b->phase == WD_PHASE_OVER)
        return TG_PLAYER_TERMINAL;
    return b->player;
}

/* The player may take off at their own exit and, with two players, at the
 * neutral colours' exits (claiming a neutral witch there). */
static inline int wd_exit_usable(const wd_config *cfg, const wd_block *b, int player, int colour)
{
    return colour == cfg->colour_of[player] || ((b->neutral >> colour) & 1u);
}

/* Index of the lowest set bit of a non-zero mask. */
static inline int wd_lowest_bit(uint64_t m)
{
#if defined(__GNUC__)
    return __builtin_ctzll(m);
#else
    int i = 0;
    while (!(m & 1u))
        m >>= 1, i++;
    return i;
#endif
}

/* board.c */
extern const char *const wd_colour_names[WD_COLOURS + 1];
extern const char wd_colour_letters[WD_COLOURS];
extern const char *const wd_colour_words[WD_COLOURS];
extern const char *const wd_phase_names[WD_PHASE_COUNT + 1];
int wd_entry_space(int colour);
int wd_exit_space(int colour);
int wd_exit_colour_at(int space); /* -1 when the space is no exit */
json_t *wd_board_json(const void *cfg);
/* Drawing grid shared by board_json and render_text. */
#define WD_GRID 10
#define WD_BOARD_START_ID(c) (WD_SPACES + (c))
#define WD_BOARD_STRIP_ID(c, k) (WD_SPACES + WD_COLOURS + (c) * WD_STRIP_SPACES + (k))
/* Cell of a circle space and the outward direction at it. */
void wd_ring_cell(int space, int *x, int *y, int *out_dx, int *out_dy);
void wd_start_cell(int colour, int *x, int *y);
void wd_strip_cell(int colour, int slot, int *x, int *y);

/* witches_dance.c */
int wd_witches_of(const wd_config *cfg, int colour, uint8_t neutral);

/* rules.c */
void wd_init(const void *cfg, void *st);
int wd_current_player(const void *cfg, const void *st);
size_t wd_chance(const void *cfg, const void *st, tg_move *out, uint32_t *weights);
uint32_t wd_uniform_chance(const void *cfg, const void *st, tg_move *first);
void wd_apply(const void *cfg, void *st, tg_move move);
/* wd_apply(), returning whose decision it is next (the core's apply_turn). */
int wd_apply_turn(const void *cfg, void *st, tg_move move);
/* The playout hook (core/playout_loop.h). */
uint32_t wd_playout(const void *cfg, void *st, struct tg_playout_run *run);
uint32_t wd_winners(const void *cfg, const void *st);
uint32_t wd_winners_of(const wd_config *cfg, const wd_block *b);

/* Moving round the circle, inline like the helpers above: every other
 * decision of a playout makes such a move, and inside wd_apply_turn(), which
 * has just cleared the event records, the records become plain stores. */

/* The crush: the hat `pushed`, just put off space, goes back 7 spaces at a
 * time to the first free one, and shows its colour to everyone. 7 and 36
 * are coprime, so the jumps visit every other space before returning and
 * always find one. Returns that space (whose bit in occupied the caller
 * sets). */
static inline int wd_crush(const wd_config *cfg, wd_block *b, int space, uint8_t pushed)
{
    int at = space, jumps = 0;
    do {
        at = cfg->back[at];
        jumps++;
    } while (b->circle[at]);
    b->circle[at] = pushed;
    b->known[at] = cfg->all_known;
    wd_event(b, WD_EV_PUSH, space, jumps, pushed - 1, 0);
    return at;
}

/* Puts a witch (never 0) with its knowledge marks on a space, crushing the
 * one already there. */
static inline void wd_land(const wd_config *cfg, wd_block *b, int space, uint8_t witch,
                           uint8_t known)
{
    uint8_t pushed = b->circle[space];
    wd_put_hat(b, space, witch, known);
    if (pushed) {
        int at = wd_crush(cfg, b, space, pushed);
        b->occupied[at >> 3] |= (uint8_t)(1u << (at & 7));
    }
}

/* Moves the witch on space from by the die: wd_land() on the space ahead
 * once from is empty, with the occupied set changed in one piece. */
static inline void wd_move_witch(const wd_config *cfg, wd_block *b, int from)
{
    int to = cfg->step[from][b->die];
    uint8_t witch = b->circle[from], known = b->known[from], pushed = b->circle[to];
    uint64_t occ = (wd_occupied(b) & ~(1ull << from)) | 1ull << to;
    b->circle[from] = 0;
    b->known[from] = 0;
    b->circle[to] = witch;
    b->known[to] = known;
    wd_event(b, WD_EV_MOVE, from, to, 0, 0);
    if (pushed)
        occ |= 1ull << wd_crush(cfg, b, to, pushed);
    wd_set_occupied(b, occ);
}

/* movement.c */
int wd_push_target(const wd_config *cfg, int space, int jumps);
/* The selected witch takes off at the exit it passes; the turn ends. */
void wd_take_off(const wd_config *cfg, wd_block *b);

/* legal.c */
size_t wd_legal_moves(const void *cfg, const void *st, tg_move *out);
int wd_is_legal(const void *cfg, const void *st, tg_move move);

/* easy.c */
int wd_easy_score(const void *cfg, const void *st, int player, tg_move move);

/* notation.c */
size_t wd_any_move_text(const void *cfg, tg_move move, char *buf, size_t cap);
size_t wd_move_text(const void *cfg, const void *st, tg_move move, char *buf, size_t cap);
/* The die in the words of a person at the table ("a four"). */
tg_status wd_parse_words(const void *cfg, const void *st, const char *text, tg_move *out,
                         tg_msg *msg);

/* view.c */
json_t *wd_observe(const void *cfg, const void *st, int viewer);
void wd_render_text(const void *cfg, const void *st, int viewer, tg_strbuf *out);
json_t *wd_colour_list(const uint8_t *counts);

/* position_json.c */
json_t *wd_position_to_json(const void *cfg, const void *st);
tg_status wd_position_from_json(const void *cfg, const json_t *position, void *st, tg_msg *msg);

/* events.c */
json_t *wd_events(const void *cfg, const void *st, int viewer);
int wd_event_record_ok(const uint8_t *e); /* type known, every field in range */
json_t *wd_event_records_to_json(const wd_block *b);
tg_status wd_event_records_from_json(const json_t *arr, wd_block *b, tg_msg *msg);

/* validate.c */
tg_status wd_validate(const void *cfg, const void *st, tg_msg *msg);

/* resample.c */
void wd_resample(const void *cfg, void *st, int player, int memory, tg_rng *rng);

/* knowledge.c: what each player knows, beyond the moves that keep it. */
/* Marks of a block with an unknown past: what its last events showed. */
void wd_recall_root(const void *cfg, void *st);
/* Viewer knows the colour of the hat on space (viewer may be any viewer). */
int wd_knows(const wd_block *b, int viewer, int space);
/* The "known" object of the JSON position form, both ways. */
json_t *wd_known_to_json(const wd_config *cfg, const wd_block *b);
tg_status wd_known_from_json(const wd_config *cfg, const json_t *known, wd_block *b,
                             tg_msg *msg);

/* tensor.c */
size_t wd_tensor_size(const void *cfg);
void wd_tensor(const void *cfg, const void *st, int viewer, float *out);
/* tensor_bytes.c */
void wd_tensor_bytes(const void *cfg, const void *st, int viewer, uint8_t *out);

#endif
