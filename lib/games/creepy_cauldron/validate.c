/* validate(): a block is accepted only if every function of the game can
 * work on it without reading out of range and it keeps the invariants of
 * play:
 *
 *  - every index in range: phase, turn, "after", pawns on a space (or out
 *    through the door for the winner only), absent players' slots empty,
 *    Kalmorda on a cauldron space or her start, the frog head on a player
 *    still on the board, the key carried by a player or lying on a space
 *    (never both), event types and their fields of the kinds they name,
 *    unused event slots blank;
 *  - counts that add up: one piece per space, four creatures of each kind
 *    between the cauldron and the players' hands, at most four objects in a
 *    hand (five only while one goes back), at most one fishing attempt left;
 *  - a turn that fits its phase: pending thefts and a key attempt only in a
 *    theft, "after" only in a return, attempts only while fishing, fishing
 *    only by a visible pawn on a cauldron space with creatures in the
 *    cauldron, the footprint choice only for a visible pawn on a footprint,
 *    a return with nothing after it only when the handle snapped (the
 *    player is the frog), no other decision of the frog's than the die
 *    (a frog does not move), a victim who holds something, a
 *    key attempt only in the player's own cell with the three creatures of
 *    her book; the game over exactly when someone has won, with the key;
 *  - a decision to make: not over means a legal move or a chance point with
 *    outcomes (tgV_check_decision).
 * Nothing is hidden in this game, so there are no hidden facts to check. */
#include "core/play_check.h"
#include "creepy_cauldron.h"

extern const tg_game_def tgG_creepy_cauldron; /* creepy_cauldron.c */

#define CC_BAD(...) (tgM_set(msg, __VA_ARGS__), TG_E_CORRUPT)

static tg_status cc_check_pawns(const cc_config *cfg, const cc_pos *pos, tg_msg *msg)
{
    for (unsigned p = 0; p < CC_MAX_PLAYERS; p++) {
        if (p >= cfg->players) {
            if (pos->pawn[p] != CC_NONE || pos->flags[p] || cc_held_total(pos, p))
                return CC_BAD("slot of absent player %u is not empty", p);
            continue;
        }
        if (pos->flags[p] > (CC_FL_INVISIBLE | CC_FL_MISS))
            return CC_BAD("player %u has unknown flags %u", p, pos->flags[p]);
        if (pos->pawn[p] == CC_OUT) {
            if (pos->winner != p)
                return CC_BAD("player %u is off the board but has not won", p);
            continue;
        }
        if (pos->pawn[p] >= CC_SPACES)
            return CC_BAD("player %u stands on space %u, outside 0..%u", p, pos->pawn[p],
                          CC_SPACES - 1);
        if (pos->pawn[p] == pos->witch)
            return CC_BAD("player %u shares space %u with Kalmorda", p, pos->witch);
        for (unsigned q = 0; q < p; q++)
            if (pos->pawn[q] == pos->pawn[p])
                return CC_BAD("players %u and %u share space %u", q, p, pos->pawn[p]);
    }
    if (pos->winner != CC_NONE && (pos->winner >= cfg->players || pos->pawn[pos->winner] != CC_OUT))
        return CC_BAD("winner %u must be a player whose pawn has left the board", pos->winner);
    return TG_OK;
}

static tg_status cc_check_creatures(const cc_config *cfg, const cc_pos *pos, tg_msg *msg)
{
    int returning = pos->phase == CC_PH_RETURN && pos->after != CC_AFTER_END;
    for (unsigned k = 0; k < CC_KINDS; k++) {
        unsigned n = pos->cauldron[k];
        if (n > CC_PER_KIND)
            return CC_BAD("the cauldron holds %u %s creatures; the game has %u", n,
                          cc_kind_name(k), CC_PER_KIND);
        for (unsigned p = 0; p < cfg->players; p++)
            n += pos->held[p][k];
        if (n != CC_PER_KIND)
            return CC_BAD("there are %u %s creatures; the game has %u", n, cc_kind_name(k),
                          CC_PER_KIND);
    }
    for (unsigned p = 0; p < cfg->players; p++) {
        unsigned total = cc_held_total(pos, p);
        unsigned limit = returning && p == pos->turn ? CC_MAX_HELD + 1 : CC_MAX_HELD;
        if (total > limit)
            return CC_BAD("player %u holds %u objects; at most %u", p, total, limit);
        if (returning && p == pos->turn && total != limit)
            return CC_BAD("player %u must hold a fifth object to return one", p);
    }
    return TG_OK;
}

static tg_status cc_check_pieces(const cc_config *cfg, const cc_pos *pos, tg_msg *msg)
{
    if (pos->witch >= CC_SPACES ||
        (cfg->kind[pos->witch] != CC_SP_CAULDRON && pos->witch != CC_WITCH_START))
        return CC_BAD("Kalmorda stands on space %u, which is not a cauldron space", pos->witch);
    if (pos->frog != CC_NONE) {
        if (pos->frog >= cfg->players || pos->pawn[pos->frog] == CC_OUT)
            return CC_BAD("the frog head is on %u, not on a player's pawn", pos->frog);
        if (pos->flags[pos->frog] & CC_FL_INVISIBLE)
            return CC_BAD("player %u is a frog and invisible", pos->frog);
    }
    if (pos->key_player != CC_NONE && pos->key_player >= cfg->players)
        return CC_BAD("the key is carried by %u, not a player", pos->key_player);
    if (pos->key_space != CC_NONE && pos->key_space >= CC_SPACES)
        return CC_BAD("the key lies on space %u, outside the board", pos->key_space);
    if (pos->key_player != CC_NONE && pos->key_space != CC_NONE)
        return CC_BAD("the key is both carried and lying on space %u", pos->key_space);
    if (pos->winner != CC_NONE && pos->key_player != pos->winner)
        return CC_BAD("winner %u escaped without the key", pos->winner);
    return TG_OK;
}

static int cc_ready_for_key(const cc_config *cfg, const cc_pos *pos, unsigned p)
{
    return pos->key_player == CC_NONE && pos->key_space == CC_NONE && pos->frog != p &&
           cfg->cell[pos->pawn[p]] == cfg->colour[p] && cc_has_book(cfg, pos, p);
}

/* A key to take or leave: lying on a space, and offered only when the
 * player may choose (pickup=choose). */
static tg_status cc_check_pickup(const cc_config *cfg, const cc_pos *pos, tg_msg *msg)
{
    if (cfg->pickup != CC_PICKUP_CHOOSE)
        return CC_BAD("a key to pick up offered with pickup=auto");
    if (pos->key_space == CC_NONE || pos->roller_due)
        return CC_BAD("a key to pick up, but no key lies on the board");
    return TG_OK;
}

static tg_status cc_check_phase(const cc_config *cfg, const cc_pos *pos, tg_msg *msg)
{
    unsigned p = pos->turn;
    if (pos->phase >= CC_PH_COUNT || p >= cfg->players || pos->after >= CC_AFTER_COUNT ||
        pos->attempts > 1 || pos->roller_due > 1)
        return CC_BAD("phase %u, turn %u, after %u, attempts %u or roller_due %u out of range",
                      pos->phase, p, pos->after, pos->attempts, pos->roller_due);
    if ((pos->phase == CC_PH_OVER) != (pos->winner != CC_NONE))
        return CC_BAD("the game is over exactly when someone has won");
    if (pos->phase == CC_PH_OVER) {
        if (pos->thefts || pos->roller_due || pos->after || pos->attempts)
            return CC_BAD("a finished game has a move still pending");
        return TG_OK;
    }
    if (pos->pawn[p] == CC_OUT)
        return CC_BAD("player %u has left the board", p);
    if ((pos->thefts & ~((1u << cfg->players) - 1u) & 0xFFu) || (pos->thefts & (1u << p)))
        return CC_BAD("thefts name a player who cannot be robbed");
    int stealing = pos->phase == CC_PH_STEAL || pos->phase == CC_PH_PICKUP ||
                   (pos->phase == CC_PH_RETURN && pos->after == CC_AFTER_STEAL);
    if ((pos->thefts || pos->roller_due) && !stealing)
        return CC_BAD("pending thefts or key attempt outside a theft");
    if (pos->after != CC_AFTER_END && pos->phase != CC_PH_RETURN)
        return CC_BAD("\"after\" is set outside a return");
    int fishing = pos->phase == CC_PH_FISH || pos->phase == CC_PH_AGAIN ||
                  (pos->phase == CC_PH_RETURN && pos->after == CC_AFTER_FISH);
    if (pos->attempts && !fishing)
        return CC_BAD("fishing attempts left outside fishing");
    if (pos->roller_due && !cc_ready_for_key(cfg, pos, p))
        return CC_BAD("player %u cannot try the key here", p);
    /* Where the turn's decision can come up: fishing on a cauldron space
     * and a footprint choice on a footprint, both only for a visible pawn;
     * a return with nothing to follow only after the handle snapped. */
    unsigned here = cfg->kind[pos->pawn[p]];
    int visible = !(pos->flags[p] & CC_FL_INVISIBLE);
    if (fishing && (here != CC_SP_CAULDRON || !visible))
        return CC_BAD("player %u fishes off a cauldron space or while invisible", p);
    if (pos->phase == CC_PH_VANISH && (here != CC_SP_FOOTPRINT || !visible))
        return CC_BAD("player %u may turn invisible only when visible on a footprint", p);
    if (pos->phase == CC_PH_RETURN && pos->after == CC_AFTER_END && pos->frog != p)
        return CC_BAD("player %u returns a creature without having snapped the handle", p);
    /* A frog does not move (cc_apply_die), so every decision a move leads
     * to is another player's; the frog's own are the die and the return
     * right after the snap. */
    if (pos->frog == p && pos->phase != CC_PH_DIE && pos->phase != CC_PH_OVER &&
        !(pos->phase == CC_PH_RETURN && pos->after == CC_AFTER_END))
        return CC_BAD("player %u is the frog, who does not move, yet decides in phase %s", p,
                      cc_phase_name(pos->phase));
    switch (pos->phase) {
    case CC_PH_ROLLER:
        if (!cc_ready_for_key(cfg, pos, p))
            return CC_BAD("player %u cannot try the key here", p);
        break;
    case CC_PH_FISH:
    case CC_PH_AGAIN:
        if (cc_cauldron_total(pos) == 0)
            return CC_BAD("fishing in an empty cauldron");
        if (pos->phase == CC_PH_AGAIN && pos->attempts != 1)
            return CC_BAD("a second attempt offered with none left");
        break;
    case CC_PH_RETURN:
        if (cc_held_total(pos, p) == 0)
            return CC_BAD("player %u has nothing to return", p);
        break;
    case CC_PH_STEAL: {
        unsigned v = 0;
        while (v < CC_MAX_PLAYERS && !(pos->thefts & (1u << v)))
            v++;
        if (v >= cfg->players || cc_held_total(pos, v) == 0)
            return CC_BAD("a theft with no victim holding anything");
        break;
    }
    case CC_PH_PICKUP:
        return cc_check_pickup(cfg, pos, msg);
    default:
        break;
    }
    return TG_OK;
}

static int cc_arg_ok(const cc_config *cfg, unsigned arg, unsigned v)
{
    switch (arg) {
    case CC_ARG_NONE: return v == 0;
    case CC_ARG_PLAYER: return v < cfg->players;
    case CC_ARG_PLAYER_OPT: return v < cfg->players || v == CC_NONE;
    case CC_ARG_SPACE: return v < CC_SPACES;
    case CC_ARG_KIND: return v < CC_KINDS;
    case CC_ARG_FACE: return v < CC_FACES;
    case CC_ARG_CAUSE: return v < CC_CAUSE_COUNT;
    default: return 0;
    }
}

static tg_status cc_check_events(const cc_config *cfg, const cc_pos *pos, tg_msg *msg)
{
    if (pos->nevents > CC_MAX_EVENTS)
        return CC_BAD("%u events; at most %u", pos->nevents, CC_MAX_EVENTS);
    for (unsigned i = 0; i < CC_MAX_EVENTS; i++) {
        const uint8_t *e = pos->events[i];
        if (i >= pos->nevents) {
            if (e[0] || e[1] || e[2] || e[3])
                return CC_BAD("unused event slot %u is not blank", i);
            continue;
        }
        const cc_event_info *info = cc_event_info_get(e[0]);
        if (!info)
            return CC_BAD("event %u has unknown type %u", i, e[0]);
        for (unsigned a = 0; a < 3; a++)
            if (!cc_arg_ok(cfg, info->arg[a], e[1 + a]))
                return CC_BAD("event %u (%s) has a bad value %u", i, info->type, e[1 + a]);
    }
    return TG_OK;
}

tg_status cc_validate(const void *cfgv, const void *st, tg_msg *msg)
{
    const cc_config *cfg = cfgv;
    const cc_pos *pos = st;
    tg_status rc = cc_check_pawns(cfg, pos, msg);
    if (rc == TG_OK)
        rc = cc_check_creatures(cfg, pos, msg);
    if (rc == TG_OK)
        rc = cc_check_pieces(cfg, pos, msg);
    if (rc == TG_OK)
        rc = cc_check_phase(cfg, pos, msg);
    if (rc == TG_OK)
        rc = cc_check_events(cfg, pos, msg);
    if (rc == TG_OK)
        rc = tgV_check_decision(&tgG_creepy_cauldron, cfg, pos, msg);
    return rc;
}
