/* Spinning Wishes: internal header shared by the game's files.
 *
 * Princesses are numbered in gate order, clockwise around the board:
 * 0 Snow White, 1 Cinderella, 2 Belle, 3 Sleeping Beauty. Wishes and
 * presents are identified by the princess they belong to. Players are
 * numbered 0..n-1 (player 0 is the youngest); each plays one princess. */
#ifndef TG_GAMES_SPINNING_WISHES_H
#define TG_GAMES_SPINNING_WISHES_H

#include <stdint.h>
#include <string.h>

#include "core/game_def.h"

#define SW_PRINCESSES 4
#define SW_WISHES_EACH 3
#define SW_HAND_MAX 3

/* Board: spaces 0..39 are the outer edge (clockwise), 40..63 the castle
 * ring (clockwise). Gates are outer spaces 0, 10, 20, 30 (gate of princess
 * g is space 10g); gate g opens onto castle hall 40+6g. The three spaces of
 * tower t are castle 40+6t+2 .. 40+6t+4. */
#define SW_LOOP 40
#define SW_LOOP_QUARTER 10
#define SW_CASTLE 24
#define SW_CASTLE_QUARTER 6
#define SW_SPACES (SW_LOOP + SW_CASTLE)
#define SW_NOWHERE 255

/* The Wishing Wheel: 12 slots; a spin stops at one of 48 rotations
 * (steps of 7.5 degrees). Slot s sits at angle 4s+rot steps, the ray of
 * princess g is centred on angle 12g steps. */
#define SW_SLOTS 12
#define SW_ROTATIONS 48
#define SW_DIE 6
#define SW_DEALS 24

enum sw_kind {
    SW_K_GATE, SW_K_BLANK, SW_K_WHEEL, SW_K_TRADE, SW_K_AGAIN, SW_K_MISS,
    SW_K_HALL, SW_K_PATH, SW_K_TOWER, SW_K_COUNT
};

enum sw_phase {
    SW_PH_PICK,   /* player decision: choose a princess */
    SW_PH_DEAL,   /* chance: the presents are shuffled onto the towers */
    SW_PH_PLACE,  /* player decision (or chance): put a wish holder on a slot */
    SW_PH_START,  /* chance: a start roll */
    SW_PH_ROLL,   /* chance: the die for a move */
    SW_PH_MOVE,   /* player decision: where to move */
    SW_PH_SPIN,   /* chance: where the wheel stops */
    SW_PH_TAKE,   /* player decision: take or swap a wish from the wheel */
    SW_PH_TRADE,  /* player decision: trade wishes with another princess */
    SW_PH_OVER,
    SW_PH_COUNT
};

/* Move ids (stable; documented in docs/rules/spinning_wishes.md). */
#define SW_M_DEST 0u      /* +space 0..63: move to that space */
#define SW_M_ROLL 64u     /* +0..5: the die shows 1..6 */
#define SW_M_SPIN 70u     /* +0..47: the wheel stops at that rotation */
#define SW_M_PLACE 118u   /* +slot: put a holder on that slot */
#define SW_M_TAKE 130u    /* +slot: take the holder on that slot */
#define SW_M_SWAP 142u    /* +give*12+slot: give a wish, take that slot's */
#define SW_M_TRADE 190u   /* +give*16+with*4+take */
#define SW_M_PASS 254u
#define SW_M_DEAL 255u    /* +0..23: permutation index of the presents */
#define SW_M_PICK 279u    /* +princess */
/* Added in 1.2 (ids are only ever appended): with spin=ray a spin's
 * outcome is the set of holders it leaves in the spinner's ray. 0: none;
 * 1 + 4f + k: holders on slot f and, by k's bits 0 and 1, on f+1 and f+2
 * (slots mod 12), f being the first of them clockwise. */
#define SW_M_RAY 283u     /* +0..48 */
#define SW_RAY_CODES 49u
#define SW_M_COUNT 332u

#define SW_MAX_LEGAL 48u

enum sw_event_type {
    SW_E_NONE, SW_E_PICK, SW_E_DEAL, SW_E_PLACE, SW_E_START_ROLL, SW_E_FIRST,
    SW_E_TIE, SW_E_ROLL, SW_E_MOVE, SW_E_MISS, SW_E_AGAIN, SW_E_SPIN,
    SW_E_TAKE, SW_E_SWAP, SW_E_TRADE, SW_E_LOOK, SW_E_WIN, SW_E_SKIP,
    SW_E_COUNT
};

#define SW_EVENTS_MAX 8

typedef struct sw_event {
    uint8_t type;
    uint8_t a, b, c; /* meaning per type: see view.c */
} sw_event;

/* Stops of the wheel that put the same slots in a princess's ray: a spin's
 * outcome depends only on that, so spins count stops a group at a time. */
typedef struct sw_ray_group {
    uint16_t mask;  /* slots inside the ray */
    uint8_t first;  /* its first slot clockwise */
    uint8_t stops;  /* how many of the 48 stops give it */
    uint8_t rot;    /* the first of them */
} sw_ray_group;

typedef struct sw_config {
    int players;
    int choose_princess; /* players pick princesses (else player i is princess i) */
    int random_wheel;    /* holders are placed at random */
    int tower_exact;     /* a look needs a move that ends on a tower space */
    int relook;          /* a present already seen stops and is looked at again */
    int spin_ray;        /* a spin's outcomes are the holders in the ray (else rotations) */
    uint16_t ray[SW_PRINCESSES][SW_ROTATIONS]; /* slots inside the ray, per rotation */
    uint8_t ray_first[SW_PRINCESSES][SW_ROTATIONS]; /* its first slot clockwise */
    /* The stops grouped by ray, in the order of their first stops. */
    sw_ray_group ray_group[SW_PRINCESSES][SW_ROTATIONS];
    uint8_t ray_groups[SW_PRINCESSES];
    /* A spin's outcomes a slot at a time (ray.c): for a slot f holding a
     * holder, by the holders on slots f-2..f+2 (bit i: slot f-2+i), how many
     * stops leave f the first holder of the ray, by the code's other bits k;
     * which k have any; and those stops in all. */
    uint8_t ray_stops[32][4];
    uint8_t ray_ks[32];
    uint8_t ray_placed[32];
    /* ray_placed of four slots f..f+3 in all, by the holders on f-2..f+5
     * (bit i: slot f-2+i): a spin's outcomes four slots at a time. */
    uint8_t ray_placed4[256];
    /* The same stops as a set: bit r, Snow White's stop r gives the code of
     * first slot 2 and other bits k with holders near (bits 0..4: slots
     * 0..4). Another slot f and princess g turn it by 12g + 8 - 4f stops
     * (sw_ray_stops_at()), and its lowest bit is the first stop, the one
     * a spin keeps. */
    uint64_t ray_rots[32][4];
    /* By a player's princess byte: her hand as a number (sw_bytes_value())
     * when she holds her princess's three wishes, 3 << 8g for princess g;
     * 0 for no princess, whose player holds nothing (validate.c). A hand
     * holds at most three wishes, so it equals this exactly when she is
     * out of all trading. */
    uint32_t own_three_hand[256];
    uint8_t kind[SW_SPACES];
    int8_t tower_of[SW_SPACES]; /* tower index of a tower space, else -1 */
    /* edge_bit[sp]: bit sp for an edge space, else 0 (also for SW_NOWHERE
     * and any other byte a position could hold). */
    uint64_t edge_bit[256];
    /* Where one step of a princess bound for the castle leads:
     * [outer direction][castle direction][space], 0 clockwise, 1 anticlockwise. */
    uint8_t step[2][2][SW_SPACES];
    /* path[d][e][space][i]: where i + 1 such steps lead. */
    uint8_t path[2][2][SW_SPACES][SW_DIE];
    /* path_towers[d][e][space][towers]: bit i, where i + 1 such steps lead
     * is a space of one of the towers (bit t: tower t). */
    uint8_t path_towers[2][2][SW_SPACES][1u << SW_PRINCESSES];
    /* ring[i] = i mod SW_LOOP for i < 2 * SW_LOOP: walking the edge
     * without a division. */
    uint8_t ring[2 * SW_LOOP];
    /* ring_bit[i] = bit ring[i]: a way round the edge as a set in one load
     * (sw_edge_move_legal()). */
    uint64_t ring_bit[2 * SW_LOOP];
    /* Who decides in each phase: who[phase] | (cur & who_cur[phase]), for a
     * TG_PLAYER_* value or the current player without a branch on which. */
    int8_t who[SW_PH_COUNT];
    uint8_t who_cur[SW_PH_COUNT];
    /* sw_uniform_chance() per phase: how many equally likely ids (0: none). */
    uint8_t uniform_count[SW_PH_COUNT];
} sw_config;

/* Position block: uint8_t only. Indexed by player unless noted. */
typedef struct sw_block {
    uint8_t phase;
    uint8_t cur;                        /* player to decide or roll */
    uint8_t roll;                       /* die value being moved (1..6), else 0 */
    uint8_t rot;                        /* wheel rotation 0..47 */
    uint8_t placed;                     /* holders placed on the wheel so far */
    uint8_t winner;                     /* player + 1, or 0 */
    uint8_t skip;                       /* bit p: player p loses her next turn */
    uint8_t start_round;                /* bit p: p takes part in this round of start rolls */
    uint8_t start_pending;              /* bit p: p has still to roll in this round */
    uint8_t princess[SW_PRINCESSES];    /* per player; SW_NOWHERE before the pick */
    uint8_t player_of[SW_PRINCESSES];   /* per princess; SW_NOWHERE when not in play */
    uint8_t pos[SW_PRINCESSES];         /* per player space, SW_NOWHERE before the pick */
    uint8_t hand[SW_PRINCESSES][SW_PRINCESSES]; /* [player][wish of princess] counts */
    uint8_t seen[SW_PRINCESSES];        /* bit t: player looked under tower t's present */
    uint8_t start_roll[SW_PRINCESSES];  /* last start roll, 0 before it */
    uint8_t wheel[SW_SLOTS];            /* 0 empty, else princess+1 of the holder */
    uint8_t present[SW_PRINCESSES];     /* per tower: whose present; SW_NOWHERE before the deal */
    uint8_t nevents;
    sw_event events[SW_EVENTS_MAX];
} sw_block;

/* Holds her own princess's three wishes: she heads for the castle and is
 * out of all trading. Inline because every move generator asks it; no
 * branch, since trading asks it of every other player. */
static inline int sw_own_three(const sw_block *b, int player)
{
    unsigned g = b->princess[player];
    return (g < SW_PRINCESSES) & (b->hand[player][g & (SW_PRINCESSES - 1)] == SW_WISHES_EACH);
}

/* Bytes b[0..n-1] (n at most 8) as a number, b[i] in bits 8i..8i+7, on a
 * machine of either byte order: one load where the order is known. */
static inline uint64_t sw_bytes_value(const uint8_t *bytes, size_t n)
{
    uint64_t v = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(&v, bytes, n);
#else
    for (size_t i = 0; i < n; i++)
        v |= (uint64_t)bytes[i] << (8 * i);
#endif
    return v;
}

/* Bit i: byte i of the n (at most 8) bytes is not zero, for bytes below
 * 0x80 (slots and hands hold 0..4, validate.c): adding 0x7f sets a byte's
 * top bit exactly when it is not zero, and one multiplication gathers
 * those bits. */
static inline unsigned sw_nonzero_bytes(const uint8_t *bytes, size_t n)
{
    uint64_t v = sw_bytes_value(bytes, n);
    v = ((v + 0x7f7f7f7f7f7f7f7fu) >> 7) & 0x0101010101010101u;
    return (unsigned)((v * 0x0102040810204080u) >> 56);
}

/* Bit g: the player holds a wish of princess g. */
static inline unsigned sw_kinds_held(const sw_block *b, int player)
{
    return sw_nonzero_bytes(b->hand[player], SW_PRINCESSES) & 15u;
}

/* Bit s: slot s of the wheel holds a holder. */
static inline unsigned sw_full_slots(const sw_block *b)
{
    return sw_nonzero_bytes(b->wheel, 8) | sw_nonzero_bytes(b->wheel + 8, SW_SLOTS - 8) << 8;
}

/* Whether any slot of the wheel holds a wish: sw_full_slots() != 0 in two
 * loads and an or, for the wheel space's test. */
static inline int sw_any_slot(const sw_block *b)
{
    return (sw_bytes_value(b->wheel, 8) | sw_bytes_value(b->wheel + 8, SW_SLOTS - 8)) != 0;
}

#if defined(__GNUC__)
#define SW_NOINLINE __attribute__((noinline))
#else
#define SW_NOINLINE
#endif

/* Index of the lowest set bit of a non-zero mask. */
static inline int sw_lowest(uint64_t mask)
{
#if defined(__GNUC__)
    return __builtin_ctzll(mask);
#else
    int i = 0;
    while (!(mask & 1u)) {
        mask >>= 1;
        i++;
    }
    return i;
#endif
}

/* Index of the highest set bit of a non-zero mask. */
static inline int sw_highest(uint64_t mask)
{
#if defined(__GNUC__)
    return 63 - __builtin_clzll(mask);
#else
    int i = 63;
    while (!(mask >> i))
        i--;
    return i;
#endif
}

/* board.c */
extern const char *const sw_princess_names[SW_PRINCESSES + 1];
extern const char *const sw_princess_words[SW_PRINCESSES]; /* "Snow White", ... */
/* sw_princess_words[princess], or "no princess yet" out of range. */
const char *sw_princess_word(int princess);
extern const char *const sw_kind_names[SW_K_COUNT + 1];
extern const char *const sw_phase_names[SW_PH_COUNT + 1];
extern const uint8_t sw_deals[SW_DEALS][SW_PRINCESSES];
/* Grid position of each tower's courtyard, where its present lies. */
extern const double sw_courtyard_xy[SW_PRINCESSES][2];
/* Fills the board tables of cfg; random_wheel and spin_ray must be set already. */
void sw_board_setup(sw_config *cfg);
int sw_gate_of(int princess);
int sw_hall_of_gate(int space);
void sw_space_xy(int space, double *x, double *y);
/* Writes the space's name ("12" or "c3"); buf holds at least 4 bytes. */
void sw_space_name(int space, char *buf, size_t cap);
int sw_space_parse(const char *name);
json_t *sw_board_json(const void *cfg);

/* json_names.c: null for "none" (a princess or space out of range). */
json_t *sw_json_princess(int princess);
json_t *sw_json_space(int space);
/* The indices of the set bits below count, as an array. */
json_t *sw_json_bits(unsigned mask, int count);
json_t *sw_json_hand(const sw_block *b, int player);
/* "phase", "turn", "roll" and "winner": public, and the same in saves. */
void sw_json_turn_fields(json_t *o, const sw_block *b);

/* rules.c */
/* Every byte zero, and "nobody / nowhere" where zero would mean someone. */
void sw_clear(sw_block *b);
void sw_init(const void *cfg, void *st);
int sw_current_player(const void *cfg, const void *st);
size_t sw_chance(const void *cfg, const void *st, tg_move *out, uint32_t *weights);
/* The die and the wheel: equal weights on a run of ids. */
uint32_t sw_uniform_chance(const void *cfg, const void *st, tg_move *first);
void sw_apply(const void *cfg, void *st, tg_move move);
/* apply() returning whose turn it is then (the apply_turn hook). */
int sw_apply_turn(const void *cfg, void *st, tg_move move);
/* A legal move applied as sw_apply_turn() does, or TG_PLAYER_INVALID for
 * any other (legal.c; the apply_if_legal hook). */
int sw_apply_if_legal(const void *cfg, void *st, tg_move move);
/* A legal take, swap, trade or pass (the take and trade phases) applied
 * as sw_apply_turn() does. */
int sw_apply_exchange(void *st, tg_move move);
/* current_player(): no branch, since chance and player decisions take turns. */
static inline int sw_who(const sw_config *c, const sw_block *b)
{
    return c->who[b->phase] | (b->cur & c->who_cur[b->phase]);
}
uint32_t sw_winners(const void *cfg, const void *st);
static inline int sw_hand_size(const sw_block *b, int player)
{
    return b->hand[player][0] + b->hand[player][1] + b->hand[player][2] + b->hand[player][3];
}
/* "To the left" is the next princess clockwise, since each player sits
 * behind her princess's gate. */
static inline int sw_left_of(const sw_block *b, int player)
{
    int g = b->princess[player];
    for (int k = 1; k <= SW_PRINCESSES; k++) {
        int q = b->player_of[(g + k) & (SW_PRINCESSES - 1)]; /* 4 princesses: a mask */
        if (q != SW_NOWHERE)
            return q;
    }
    return player;
}
/* Inline: nearly every decision adds one. */
static inline void sw_event_add(sw_block *b, int type, int a, int x, int y)
{
    unsigned n = b->nevents;
    if (n >= SW_EVENTS_MAX)
        return;
    /* The four bytes written as one (the compiler makes a single store). */
    const sw_event e = {(uint8_t)type, (uint8_t)a, (uint8_t)x, (uint8_t)y};
    b->events[n] = e;
    b->nevents = (uint8_t)(n + 1);
}
/* The next player round the table, passing those who lose a turn (each
 * pass clears one mark, so this stops). Inline: nearly every turn ends
 * here, most of them with the next seat's princess in play. */
static inline void sw_end_turn(sw_block *b)
{
    int next = sw_left_of(b, b->cur);
    while (b->skip & (1u << next)) {
        b->skip &= (uint8_t)~(1u << next);
        sw_event_add(b, SW_E_SKIP, next, 0, 0);
        next = sw_left_of(b, next);
    }
    b->cur = (uint8_t)next;
    b->phase = SW_PH_ROLL;
    b->roll = 0;
}
/* Blanks the last decision's events, so that equal positions stay equal
 * byte for byte: only the slots it used, since validate() holds every
 * block to blank unused slots. Nearly every decision leaves at most four
 * events, so those four are blanked in one 16-byte store and the rest only
 * when used (no clear of the whole list per decision, which WebAssembly
 * makes a call). */
static inline void sw_clear_events(sw_block *b)
{
    unsigned n = b->nevents;
    sw_event *e = b->events;
    memset(e, 0, 4 * sizeof *e);
    if (n > 4)
        memset(e + 4, 0, (n - 4) * sizeof *e);
    b->nevents = 0;
}

/* legal.c: the take phase after a spin, or the turn's end when nothing
 * can be taken; returns whose turn it is then. */
int sw_offer_take(const sw_config *c, sw_block *b);
/* The wheel stopped at stop rot, the decision's events blanked: then
 * take, or else the turn ends (sw_offer_take(), a tail call). */
static inline int sw_spun(const sw_config *c, sw_block *b, int rot)
{
    b->rot = (uint8_t)rot;
    sw_event_add(b, SW_E_SPIN, b->cur, b->rot, 0);
    return sw_offer_take(c, b);
}

/* setup.c: the phases before the first move. */
size_t sw_setup_moves(const sw_config *c, const sw_block *b, tg_move *out);
void sw_setup_apply(const sw_config *c, sw_block *b, tg_move move);
/* movement.c: a move and what the space it ends on does. */
/* Every space a princess holding her own three wishes may end her move on
 * with this roll (the castle-bound walks): a bit set. Everyone else's
 * moves are sw_edge_moves() below. */
uint64_t sw_castle_destinations(const sw_config *c, const sw_block *b, int player, int roll);

/* Bit sp: a princess stands on edge space sp. Her own space counts too:
 * no walk of up to nine steps from it comes back to it. A princess not in
 * play stands on SW_NOWHERE, which like every castle space has no bit in
 * edge_bit. */
static inline uint64_t sw_edge_taken(const sw_config *c, const sw_block *b)
{
    return c->edge_bit[b->pos[0]] | c->edge_bit[b->pos[1]] | c->edge_bit[b->pos[2]] |
           c->edge_bit[b->pos[3]];
}

/* sw_edge_moves()'s two ways from space sp, edge being sw_edge_taken(),
 * each as an index of c->ring (and c->ring_bit). */
static inline unsigned sw_edge_fwd_at(const sw_config *c, uint64_t edge, unsigned sp,
                                      unsigned roll)
{
    /* Bit i: space i, and spaces 0..23 again above bit 39. */
    uint64_t ahead = edge | edge << SW_LOOP;
    unsigned f = c->ring[sp + roll];
    return f + (unsigned)sw_lowest(~(ahead >> f));
}

static inline unsigned sw_edge_back_at(const sw_config *c, uint64_t edge, unsigned sp,
                                       unsigned roll)
{
    /* Bit i + 3: space i, and spaces 37..39 again below bit 3. */
    uint64_t behind = edge << 3 | edge >> (SW_LOOP - 3);
    unsigned k = c->ring[sp + SW_LOOP - roll];
    /* Bits 3..0: spaces k, k-1, k-2, k-3; the highest free one. */
    return k + SW_LOOP - 3 + (unsigned)sw_highest((unsigned)~(behind >> k) & 15u);
}

static inline unsigned sw_edge_fwd(const sw_config *c, uint64_t edge, unsigned sp, unsigned roll)
{
    return c->ring[sw_edge_fwd_at(c, edge, sp, roll)];
}

static inline unsigned sw_edge_back(const sw_config *c, uint64_t edge, unsigned sp,
                                    unsigned roll)
{
    return c->ring[sw_edge_back_at(c, edge, sp, roll)];
}

/* The common move: round the edge, no gate or tower to stop at, roll steps
 * either way, then on past the spaces other princesses stand on. At most
 * three of them, so the first free space is within three steps; it is
 * found from the bits of the next four spaces, without a branch on who
 * stands where (which changes from move to move, so such branches are
 * often mispredicted). The same spaces as stepping past them one by one;
 * the two always differ (at most 2 * 6 + 6 of the 40 edge spaces apart).
 * Inline, as the move list and the legality check of every move ask it. */
static inline void sw_edge_moves(const sw_config *c, const sw_block *b, unsigned player,
                                 unsigned roll, unsigned *fwd, unsigned *back)
{
    uint64_t edge = sw_edge_taken(c, b);
    *fwd = sw_edge_fwd(c, edge, b->pos[player], roll);
    *back = sw_edge_back(c, edge, b->pos[player], roll);
}

/* Whether move is one of sw_edge_moves()'s two for the player to move.
 * Both ways are worked out and compared without a branch: which of the
 * two a player picks is a coin's toss to the branch predictor, so
 * working out the way back only when the move was not the way forward
 * (two instructions fewer per decision) cost a misprediction about one
 * move in two. */
static inline int sw_edge_move_legal(const sw_config *c, const sw_block *b, tg_move move)
{
    uint64_t edge = sw_edge_taken(c, b);
    unsigned sp = b->pos[b->cur];
    /* As a set of the two, since GCC turns (move == fwd) | (move == back)
     * back into two branches; a move off the board is refused first (one
     * branch the predictor gets right). */
    if (move >= SW_SPACES)
        return 0;
    _Static_assert(SW_SPACES <= 64, "a move below SW_SPACES shifts a 64-bit set");
    uint64_t ways = c->ring_bit[sw_edge_fwd_at(c, edge, sp, b->roll)] |
                    c->ring_bit[sw_edge_back_at(c, edge, sp, b->roll)];
    return (int)((ways >> move) & 1u);
}

/* In the move phase every player has a princess, so sw_own_three() needs
 * no test of it. */
static inline int sw_moving_own_three(const sw_block *b)
{
    unsigned p = b->cur;
    return b->hand[p][b->princess[p] & (SW_PRINCESSES - 1)] == SW_WISHES_EACH;
}

int sw_can_look(const sw_config *c, const sw_block *b, int player, int tower);
/* The current player's princess set down on space (a legal move), with
 * what the space does, right after the decision's events were blanked;
 * returns whose turn it is then (sw_who()). */
int sw_land(const sw_config *c, sw_block *b, int space);
void sw_steps_setup(sw_config *cfg);

/* ray.c: the holders a spin leaves in the spinner's ray. */
/* Bit s: slot s holds a holder and lies in the current player's ray at rot. */
unsigned sw_ray_holders(const sw_config *c, const sw_block *b, int rot);
unsigned sw_ray_code(unsigned holders);
/* The same for holders within the window of three slots from first. */
unsigned sw_ray_code_from(unsigned first, unsigned holders);
unsigned sw_ray_slots(unsigned code);
/* spin=ray: the spin's outcomes, weighted by the stops that give each. */
size_t sw_ray_chance(const sw_config *c, const sw_block *b, tg_move *out, uint32_t *weights);
/* The same spin drawn without its list (the chance_total and chance_pick
 * hooks): the total of sw_ray_chance()'s weights, and the outcome that a
 * number below it falls on. */
uint64_t sw_chance_total(const void *cfg, const void *st);
tg_move sw_chance_pick(const void *cfg, const void *st, uint64_t r);
/* sw_chance_pick()'s outcome code for r (below 48), with the first stop
 * that gives it (what applying it keeps) in *first. */
unsigned sw_ray_draw(const sw_config *c, const sw_block *b, unsigned r, int *first);
/* spin=ray's chance point drawn and applied (sw_apply_chance_turn()). */
int sw_spin_turn(const sw_config *c, sw_block *b, tg_rng *rng, tg_move *drawn);
/* A chance point drawn and applied in one call (rules.c; the
 * apply_chance_turn hook). */
int sw_apply_chance_turn(const void *cfg, void *st, tg_rng *rng, tg_move *drawn);
/* The playout hook (core/playout_loop.h). */
uint32_t sw_playout(const void *cfg, void *st, struct tg_playout_run *run);
/* The first rotation that leaves exactly these holders in the ray, or -1. */
int sw_ray_rotation(const sw_config *c, const sw_block *b, unsigned code);
/* The spin outcome (a ray code or, with spin=rotation, its first rotation)
 * of holders described as princesses and/or slots, or why there is none. */
typedef struct sw_ray_item {
    int princess; /* -1: not said */
    int slot;     /* -1: not said */
} sw_ray_item;
tg_status sw_ray_find(const sw_config *c, const sw_block *b, const sw_ray_item *items,
                      size_t n, tg_move *out, tg_msg *msg);
/* "ray:snow3,belle4" (princess and slot of each holder) or "ray:none". */
size_t sw_ray_text(const sw_block *b, unsigned code, char *buf, size_t cap);

/* notation.c */
size_t sw_any_move_text(const void *cfg, tg_move m, char *buf, size_t cap);
size_t sw_move_text(const void *cfg, const void *st, tg_move move, char *buf, size_t cap);
/* The words of a person at the table for a chance outcome ("a four",
 * "apple and rose" for the holders in the spinner's ray). */
tg_status sw_parse_words(const void *cfg, const void *st, const char *text, tg_move *out,
                         tg_msg *msg);

/* view.c */
json_t *sw_observe(const void *cfg, const void *st, int viewer);
/* Viewer (any viewer) sees the present under tower. */
int sw_may_see(const sw_block *b, int viewer, int tower);
void sw_render_text(const void *cfg, const void *st, int viewer, tg_strbuf *out);

/* events.c */
json_t *sw_events(const void *cfg, const void *st, int viewer);

/* position_json.c, validate.c */
json_t *sw_position_to_json(const void *cfg, const void *st);
tg_status sw_position_from_json(const void *cfg, const json_t *pos, void *st, tg_msg *msg);
tg_status sw_validate(const void *cfg, const void *st, tg_msg *msg);

/* resample.c */
void sw_resample(const void *cfg, void *st, int player, int memory, tg_rng *rng);

/* tensor.c */
size_t sw_tensor_size(const void *cfg);
void sw_tensor(const void *cfg, const void *st, int viewer, float *out);
/* tensor_bytes.c */
void sw_tensor_bytes(const void *cfg, const void *st, int viewer, uint8_t *out);

/* legal.c */
size_t sw_legal_moves(const void *cfg, const void *st, tg_move *out);
int sw_is_legal(const void *cfg, const void *st, tg_move move);
size_t sw_take_moves(const sw_config *c, const sw_block *b, tg_move *out);
size_t sw_trade_moves(const sw_config *c, const sw_block *b, tg_move *out);
/* Whether the current player has anything but "pass" in the take or trade
 * phase: the same answer as the move lists, without writing them. */
int sw_can_take(const sw_config *c, const sw_block *b);
int sw_can_trade(const sw_config *c, const sw_block *b);

/* easy.c */
int sw_easy_score(const void *cfg, const void *st, int player, tg_move move);

#endif
