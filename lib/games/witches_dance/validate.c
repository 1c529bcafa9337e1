/* Witches' Dance: the checks every loaded block passes before any other
 * function sees it. Each failure names what is wrong. A block that passes
 * keeps the invariants of play:
 *
 *  - every index in range: phase, player, the last decision's actor, die
 *    0..6 (rolled in the choose and takeoff phases), the selected space,
 *    neutral colours that exist and are no player's, witches of colours in
 *    play, event records of a known type with every field in range and
 *    unused records blank;
 *  - counts that add up: every witch of the game in exactly one place (start
 *    area, circle or a strip), the occupied-space bits equal to the circle,
 *    at most four witches on a strip, strips holding only the witches the
 *    rules put there;
 *  - a turn that fits its phase: neutrals chosen by two players only, first
 *    player first, while every witch waits at the start; two neutrals once
 *    play began; a selected witch in the takeoff phase passing an exit its
 *    player may use; the game over exactly when one player has filled her
 *    strip;
 *  - hidden facts that agree with what was seen: the records of the last
 *    decision (an entry, a push, a peek) name the witches now on their
 *    spaces, since resample() pins those and rewrites the peek;
 *  - knowledge marks (format 2) that fit the circle: marks only on a hat,
 *    naming only players of the game, the public mark only with every
 *    player's, and at least what the last decision's records showed
 *    (wd_recall_root()), which resample() keeps;
 *  - a decision to make: not over means a legal move or a chance point with
 *    outcomes (tgV_check_decision). */
#include "core/play_check.h"
#include "witches_dance.h"

extern const tg_game_def tgG_witches_dance; /* witches_dance.c */

static int wd_popcount(unsigned v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

static tg_status wd_check_header(const wd_config *cfg, const wd_block *b, tg_msg *msg)
{
    if (b->phase >= WD_PHASE_COUNT) {
        tgM_set(msg, "phase %d does not exist", b->phase);
        return TG_E_CORRUPT;
    }
    if (b->player >= cfg->players || b->actor >= cfg->players) {
        tgM_set(msg, "player %d / actor %d: only %d players", b->player, b->actor,
                cfg->players);
        return TG_E_CORRUPT;
    }
    if (b->die > 6 || ((b->phase == WD_PHASE_CHOOSE || b->phase == WD_PHASE_TAKEOFF) &&
                       b->die == 0)) {
        tgM_set(msg, "die %d does not fit phase %s", b->die, wd_phase_names[b->phase]);
        return TG_E_CORRUPT;
    }
    if (b->selected >= WD_SPACES || (b->phase != WD_PHASE_TAKEOFF && b->selected != 0)) {
        tgM_set(msg, "selected space %d does not fit phase %s", b->selected,
                wd_phase_names[b->phase]);
        return TG_E_CORRUPT;
    }
    int neutrals = wd_popcount(b->neutral);
    if ((b->neutral & ~0x3Fu) || (b->neutral & cfg->player_colours)) {
        tgM_set(msg, "a neutral colour is a player's colour or does not exist");
        return TG_E_CORRUPT;
    }
    if (!cfg->two_player && neutrals) {
        tgM_set(msg, "neutral witches play only with two players");
        return TG_E_CORRUPT;
    }
    if (cfg->two_player && b->phase != WD_PHASE_SETUP && neutrals != WD_NEUTRAL_COLOURS) {
        tgM_set(msg, "two players need %d neutral colours, found %d", WD_NEUTRAL_COLOURS,
                neutrals);
        return TG_E_CORRUPT;
    }
    if (b->phase == WD_PHASE_SETUP) {
        int chooser = neutrals == 0 ? cfg->first : 1 - cfg->first;
        if (!cfg->two_player || neutrals >= WD_NEUTRAL_COLOURS || b->player != chooser ||
            b->die) {
            tgM_set(msg, "setup phase: only two players choose neutrals, first player first");
            return TG_E_CORRUPT;
        }
    }
    return TG_OK;
}

/* Every witch is in exactly one place: start area, circle or a strip. */
static tg_status wd_check_counts(const wd_config *cfg, const wd_block *b, tg_msg *msg)
{
    uint8_t in_play = (uint8_t)(cfg->player_colours | b->neutral);
    int have[WD_COLOURS] = {0};
    for (int s = 0; s < WD_SPACES; s++) {
        int v = b->circle[s];
        if (v > WD_COLOURS || (v && !((in_play >> (v - 1)) & 1u))) {
            tgM_set(msg, "space %d holds a witch of a colour not in play", s);
            return TG_E_CORRUPT;
        }
        if (v)
            have[v - 1]++;
    }
    uint64_t occ = 0;
    for (int s = 0; s < WD_SPACES; s++)
        occ |= (uint64_t)(b->circle[s] != 0) << s;
    if (occ != wd_occupied(b)) {
        tgM_set(msg, "the occupied-space bits do not match the circle");
        return TG_E_CORRUPT;
    }
    for (int k = 0; k < WD_COLOURS; k++) {
        int total = 0;
        for (int c = 0; c < WD_COLOURS; c++) {
            int n = b->strip[k][c];
            have[c] += n;
            total += n;
            if (n && (cfg->two_player ? !((cfg->player_colours >> k) & 1u) : c != k)) {
                tgM_set(msg, "the %s strip cannot hold %s witches", wd_colour_names[k],
                        wd_colour_names[c]);
                return TG_E_CORRUPT;
            }
        }
        if (total > WD_STRIP_SPACES) {
            tgM_set(msg, "the %s strip holds %d witches, it has %d spaces",
                    wd_colour_names[k], total, WD_STRIP_SPACES);
            return TG_E_CORRUPT;
        }
    }
    for (int c = 0; c < WD_COLOURS; c++) {
        int want = wd_witches_of(cfg, c, b->neutral);
        have[c] += b->start[c];
        if (have[c] != want) {
            tgM_set(msg, "%d %s witches on the board, the game has %d", have[c],
                    wd_colour_names[c], want);
            return TG_E_CORRUPT;
        }
    }
    return TG_OK;
}

static tg_status wd_check_phase(const wd_config *cfg, const wd_block *b, tg_msg *msg)
{
    uint32_t won = wd_winners_of(cfg, b);
    if ((b->phase == WD_PHASE_OVER) != (won != 0) || wd_popcount(won) > 1) {
        tgM_set(msg, "phase %s does not match the strips (winners mask %u)",
                wd_phase_names[b->phase], (unsigned)won);
        return TG_E_CORRUPT;
    }
    if (b->phase == WD_PHASE_SETUP) {
        for (int c = 0; c < WD_COLOURS; c++)
            if (b->start[c] != wd_witches_of(cfg, c, b->neutral)) {
                tgM_set(msg, "setup phase: every witch must still be in its start area");
                return TG_E_CORRUPT;
            }
    }
    if (b->phase == WD_PHASE_TAKEOFF) {
        int e = cfg->passes[b->selected][b->die];
        if (!b->circle[b->selected] || e == WD_NO_COLOUR ||
            !wd_exit_usable(cfg, b, b->player, e)) {
            tgM_set(msg, "takeoff phase: no witch on space %d passing an exit of player %d",
                    b->selected, b->player);
            return TG_E_CORRUPT;
        }
    }
    return TG_OK;
}

/* The records must describe this position, since resample() and events()
 * read the circle through them. */
static int wd_record_matches(const wd_config *cfg, const wd_block *b, const uint8_t *e)
{
    switch (e[0]) {
    case WD_EV_NEUTRAL:
        return (b->neutral >> e[1]) & 1u;
    case WD_EV_ENTER:
        return b->circle[e[2]] == e[1] + 1;
    case WD_EV_MOVE:
        return b->circle[e[2]] != 0;
    case WD_EV_SELECT:
        return b->phase == WD_PHASE_TAKEOFF && b->selected == e[1];
    case WD_EV_PUSH:
        return b->circle[wd_push_target(cfg, e[1], e[2])] == e[3] + 1;
    case WD_EV_TAKEOFF:
        return cfg->owner_of[e[4]] >= 0;
    case WD_EV_PEEK:
        return b->circle[e[1]] == e[2] + 1;
    default:
        return 1;
    }
}

static tg_status wd_check_events(const wd_config *cfg, const wd_block *b, tg_msg *msg)
{
    if (b->ev_count > WD_MAX_EVENTS) {
        tgM_set(msg, "%d event records, at most %d", b->ev_count, WD_MAX_EVENTS);
        return TG_E_CORRUPT;
    }
    for (int i = 0; i < WD_MAX_EVENTS; i++) {
        const uint8_t *e = b->ev[i];
        if (i >= b->ev_count) {
            for (int f = 0; f < WD_EVENT_FIELDS; f++)
                if (e[f]) {
                    tgM_set(msg, "unused event record %d is not zero", i);
                    return TG_E_CORRUPT;
                }
            continue;
        }
        if (!wd_event_record_ok(e) || !wd_record_matches(cfg, b, e)) {
            tgM_set(msg, "event record %d (type %d) does not fit the position", i, e[0]);
            return TG_E_CORRUPT;
        }
    }
    return TG_OK;
}

/* Knowledge marks (format 2): only on hats, only players of the game, the
 * public mark with every player's, and at least what the last decision's
 * events showed (wd_recall_root), which resample() relies on. */
static tg_status wd_check_knowledge(const wd_config *cfg, const wd_block *b, tg_msg *msg)
{
    for (int s = 0; s < WD_SPACES; s++) {
        uint8_t k = b->known[s];
        if (k && !b->circle[s]) {
            tgM_set(msg, "knowledge marks on empty space %d", s);
            return TG_E_CORRUPT;
        }
        if ((k & ~cfg->all_known) || ((k & WD_KNOWN_PUBLIC) && k != cfg->all_known)) {
            tgM_set(msg, "space %d: knowledge marks 0x%02x name no player of the game or a "
                    "public mark without every player", s, k);
            return TG_E_CORRUPT;
        }
    }
    wd_block implied = *b;
    wd_recall_root(cfg, &implied);
    for (int s = 0; s < WD_SPACES; s++)
        if ((implied.known[s] & b->known[s]) != implied.known[s]) {
            tgM_set(msg, "space %d: the last decision showed its hat to more players than "
                    "the knowledge marks say", s);
            return TG_E_CORRUPT;
        }
    return TG_OK;
}

tg_status wd_validate(const void *vcfg, const void *st, tg_msg *msg)
{
    const wd_config *cfg = vcfg;
    const wd_block *b = st;
    tg_status s = wd_check_header(cfg, b, msg);
    if (s == TG_OK)
        s = wd_check_counts(cfg, b, msg);
    if (s == TG_OK)
        s = wd_check_phase(cfg, b, msg);
    if (s == TG_OK)
        s = wd_check_events(cfg, b, msg);
    if (s == TG_OK)
        s = wd_check_knowledge(cfg, b, msg);
    if (s == TG_OK)
        s = tgV_check_decision(&tgG_witches_dance, cfg, b, msg);
    return s;
}
