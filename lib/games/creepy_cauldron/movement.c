/* A pawn's move around the ring, with everything that happens on the way:
 * overtaking the key carrier, picking up a dropped key, invisible theft in
 * other cells, stopping in the own cell to free the key, and escaping. */
#include "creepy_cauldron.h"

_Static_assert(CC_SPACES == 32, "occupancy is a 32-bit mask indexed by space & 31");

/* Bit s set: space s holds Kalmorda or another pawn. validate() keeps
 * absent players off the board (CC_NONE) and Kalmorda off the pawns'
 * spaces, so the mover's bit is hers alone. */
static uint32_t cc_occupancy(const cc_config *cfg, const cc_pos *pos, unsigned mover)
{
    uint32_t occ = cfg->space_bit[pos->witch] | cc_pawn_mask(cfg, pos);
    return occ & ~cfg->space_bit[pos->pawn[mover]];
}

/* Bits of the spaces after from up to and including to. */
static uint32_t cc_path(unsigned from, unsigned to)
{
    unsigned len = (to + CC_SPACES - from) % CC_SPACES, first = (from + 1) % CC_SPACES;
    uint32_t run = ((uint32_t)1 << len) - 1; /* len < CC_SPACES: the pawn moved */
    return cc_rotr(run, CC_SPACES - first);
}

/* Spaces where the key can change hands or end the game for p. */
static uint32_t cc_key_spots(const cc_config *cfg, const cc_pos *pos, unsigned p)
{
    /* Without a branch on who carries the key (the mover changes every
     * turn): another carrier's space by a mask, the lying key's by
     * space_bit (0 for CC_NONE). */
    unsigned carrier = pos->key_player;
    uint32_t other = 0u - ((carrier != CC_NONE) & (carrier != p));
    uint32_t spots = (uint32_t)1 << cfg->padlock[cfg->colour[p]];
    spots |= cfg->space_bit[pos->pawn[carrier & (CC_MAX_PLAYERS - 1)]] & other;
    spots |= cfg->space_bit[pos->key_space];
    return spots;
}

/* The rulebook counts every space and only skips an occupied landing.
 * At most four pawns and Kalmorda: the ring always has a free space. */
static unsigned cc_landing(uint32_t occ, unsigned from, unsigned steps)
{
    return cc_first_from(~occ, (from + steps) % CC_SPACES);
}

static unsigned cc_ahead(unsigned from, unsigned to)
{
    return (to + CC_SPACES - from) % CC_SPACES;
}

/* exact=yes: a carrier whose roll would carry it past its padlock stays put. */
static int cc_overshoots(const cc_config *cfg, const cc_pos *pos, unsigned p, unsigned from,
                         unsigned to)
{
    if (!cfg->exact || pos->key_player != p)
        return 0;
    unsigned lock = cfg->padlock[cfg->colour[p]];
    return lock != from && cc_ahead(from, lock) < cc_ahead(from, to);
}

/* What reaching key spot s on the way does (landing: s is the last step).
 * Returns 1 when the pawn escapes; sets *offer when the key lies on s and
 * the player decides after the move whether to take it (pickup=choose). */
static int cc_step(const cc_config *cfg, cc_pos *pos, unsigned p, unsigned s, int landing,
                   int *offer)
{
    unsigned colour = cfg->colour[p];
    if (pos->key_player != CC_NONE && pos->key_player != p && pos->pawn[pos->key_player] == s) {
        cc_event(pos, CC_EV_KEY_TAKEN, p, pos->key_player, 0);
        pos->key_player = (uint8_t)p;
    }
    if (pos->key_space == s && cfg->pickup == CC_PICKUP_CHOOSE) {
        *offer = 1;
    } else if (pos->key_space == s) {
        cc_event(pos, CC_EV_KEY_PICKUP, p, s, 0);
        pos->key_space = CC_NONE;
        pos->key_player = (uint8_t)p;
    }
    return pos->key_player == p && s == cfg->padlock[colour] && (landing || !cfg->exact);
}

static void cc_escape(cc_pos *pos, unsigned p)
{
    cc_event(pos, CC_EV_WIN, p, 0, 0);
    pos->pawn[p] = CC_OUT;
    pos->winner = (uint8_t)p;
    pos->thefts = 0;
    pos->roller_due = 0;
    pos->phase = CC_PH_OVER;
}

/* A move whose path holds a key spot (cc_key_spots()): the key may change
 * hands on the way and the carrier may escape before the landing, so the
 * spots on the path are visited in the order the pawn reaches them. Only
 * they, not every space: nothing else on the way touches the key (the
 * carrier's space, the key's and the padlock are the spots, and a key
 * taken on the way is then the mover's), and the walk of every space
 * this replaces mispredicted two or three times a walk. An invisible
 * pawn's thefts are those of the whole path (cc_set_down()'s), or none if
 * it escapes. Homing never happens here (the key is out of the handle). */
static CC_NOINLINE void cc_walk(const cc_config *cfg, cc_pos *pos, unsigned p, unsigned from,
                                unsigned to, uint32_t path, uint32_t spots)
{
    int offer = 0;
    unsigned first = (from + 1) % CC_SPACES;
    for (uint32_t ahead = cc_rotr(path & spots, first); ahead; ahead &= ahead - 1) {
        unsigned s = (first + (unsigned)__builtin_ctz(ahead)) % CC_SPACES;
        if (cc_step(cfg, pos, p, s, s == to, &offer)) {
            cc_event(pos, CC_EV_MOVE, p, from, s);
            cc_escape(pos, p);
            return;
        }
    }
    pos->thefts = (uint8_t)(cfg->victims[cc_cells_on(path)] & ~(1u << p) &
                            (0u - (pos->flags[p] & CC_FL_INVISIBLE)));
    pos->pawn[p] = (uint8_t)to;
    cc_event(pos, CC_EV_MOVE, p, from, to);
    if (offer)
        pos->phase = CC_PH_PICKUP; /* thefts on the way wait for the answer */
    else
        cc_next_theft(cfg, pos);
}

/* cc_set_down()'s rarer ends: thefts to settle, or the move stopped in
 * the own cell to try the key (out of line, so that the common end keeps
 * what it read in registers). */
static CC_NOINLINE int cc_after_move(const cc_config *cfg, cc_pos *pos)
{
    cc_next_theft(cfg, pos);
    return cc_who(pos);
}

/* The end of every move that is not walked: an invisible pawn may take
 * from the owner of each other cell it reached (no branch: whether it is
 * invisible varies from move to move), then the pawn is set down and the
 * space decides what the turn still holds. What it reads is read before
 * the first store, since a byte's store makes the compiler read every
 * field again. */
static CC_ALWAYS_INLINE int cc_set_down(const cc_config *cfg, cc_pos *pos, unsigned p,
                                        unsigned from, unsigned to, uint32_t path)
{
    unsigned flags = pos->flags[p], due = pos->roller_due;
    unsigned thefts = cfg->victims[cc_cells_on(path)] & ~(1u << p) &
                      (0u - (flags & CC_FL_INVISIBLE));
    unsigned kind = cfg->kind[to], visible = !(flags & CC_FL_INVISIBLE);
    unsigned fish = (kind == CC_SP_CAULDRON) & visible & (cc_cauldron_total(pos) > 0);
    unsigned vanish = (kind == CC_SP_FOOTPRINT) & visible;
    pos->pawn[p] = (uint8_t)to;
    pos->thefts = (uint8_t)thefts;
    /* The move's event follows the roll's, the decision's first
     * (cc_apply_die()): slot 1, with no test of the count. */
    uint8_t *e = pos->events[1];
    e[0] = CC_EV_MOVE;
    e[1] = (uint8_t)p;
    e[2] = (uint8_t)from;
    e[3] = (uint8_t)to;
    pos->nevents = 2;
    if (thefts | due)
        return cc_after_move(cfg, pos);
    /* cc_land() with what was read above. */
    if (vanish | fish) {
        pos->attempts = fish ? (uint8_t)(cfg->attempts[to] - 1) : pos->attempts;
        pos->phase = fish ? CC_PH_FISH : CC_PH_VANISH;
        return fish ? TG_PLAYER_CHANCE : (int)p;
    }
    if (kind == CC_SP_FOOTPRINT) {
        pos->flags[p] = (uint8_t)(flags & ~CC_FL_INVISIBLE);
        cc_event(pos, CC_EV_APPEAR, p, CC_CAUSE_FOOTPRINT, 0);
    }
    cc_end_turn(cfg, pos);
    return TG_PLAYER_CHANCE; /* the next die or the roller */
}

/* A pawn bringing its three creatures home stops on the first free space
 * of its own cell (home: those on its path) to try the key. */
static CC_NOINLINE int cc_go_home(const cc_config *cfg, cc_pos *pos, unsigned p, unsigned from,
                                  uint32_t home)
{
    unsigned to = cc_first_from(home, (from + 1) % CC_SPACES);
    pos->roller_due = 1;
    return cc_set_down(cfg, pos, p, from, to, cc_path(from, to));
}

/* A move while the key is out of the handle: its carrier, or the key
 * lying on a space, may be on the path (then walked space by space), and
 * the carrier leaves by its padlock space. Nobody heads home to try the
 * key then. */
static CC_NOINLINE int cc_move_key_out(const cc_config *cfg, cc_pos *pos, unsigned steps,
                                       uint32_t occ)
{
    unsigned p = pos->turn, from = pos->pawn[p], colour = cfg->colour[p];
    /* The carrier leaves through the door of its padlock space: a pawn
     * standing there does not send it on (exact_free=yes: it does, as in
     * release 1.1). */
    uint32_t lock = (uint32_t)1 << cfg->padlock[colour];
    uint32_t through = lock & (0u - ((pos->key_player == p) & (cfg->exact_free == 0)));
    unsigned to = cc_landing(occ & ~through, from, steps);
    if (cc_overshoots(cfg, pos, p, from, to)) {
        cc_event(pos, CC_EV_STUCK, p, steps - 1, 0);
        cc_end_turn(cfg, pos);
        return cc_who(pos);
    }
    uint32_t path = cc_path(from, to), spots = cc_key_spots(cfg, pos, p);
    if (path & spots) {
        cc_walk(cfg, pos, p, from, to, path, spots);
        return cc_who(pos);
    }
    return cc_set_down(cfg, pos, p, from, to, path);
}

/* A move is the die's (cc_apply_die(), after the roll's event and no
 * other). The common move, the key in the handle: nobody carries it and it lies
 * nowhere, so the path is read from masks alone, in the order a walk
 * would meet it: a pawn bringing its three creatures home stops in its
 * own cell, then the thefts of an invisible pawn (cc_set_down()). */
int cc_move_pawn(const cc_config *cfg, cc_pos *pos, unsigned steps)
{
    unsigned p = pos->turn, from = pos->pawn[p];
    uint32_t occ = cc_occupancy(cfg, pos, p);
    if ((pos->key_player != CC_NONE) | (pos->key_space != CC_NONE))
        return cc_move_key_out(cfg, pos, steps, occ);
    unsigned to = cc_landing(occ, from, steps), colour = cfg->colour[p];
    uint32_t path = cc_path(from, to);
    unsigned homing = (cfg->cell[from] != colour) & (unsigned)cc_has_book(cfg, pos, p);
    uint32_t home = cfg->cell_mask[colour] & ~occ & path & -(uint32_t)homing;
    if (home)
        return cc_go_home(cfg, pos, p, from, home);
    return cc_set_down(cfg, pos, p, from, to, path);
}

/* Taking the key decides, after the move, what it would have done at the
 * key's space: if the rest of the move reached the padlock space (landed
 * on it, with exact=yes) the pawn escaped there. */
void cc_apply_pickup(const cc_config *cfg, cc_pos *pos, tg_move move)
{
    unsigned p = pos->turn, at = pos->key_space, to = pos->pawn[p];
    if (move == CC_M_LEAVE_KEY) {
        cc_event(pos, CC_EV_KEY_LEAVE, p, at, 0);
        cc_next_theft(cfg, pos);
        return;
    }
    unsigned lock = cfg->padlock[cfg->colour[p]];
    cc_event(pos, CC_EV_KEY_PICKUP, p, at, 0);
    pos->key_space = CC_NONE;
    pos->key_player = (uint8_t)p;
    if (cfg->exact ? lock == to : cc_ahead(at, lock) <= cc_ahead(at, to)) {
        cc_escape(pos, p);
        return;
    }
    cc_next_theft(cfg, pos);
}
