/* What a player sees: Creepy Cauldron has no secrets (objects lie open on
 * the spell books and the cauldron holds the rest), so every viewer gets
 * the same observation and the same drawing. */
#include <stdio.h>
#include <string.h>

#include "core/ascii.h"
#include "core/canvas.h"
#include "creepy_cauldron.h"

static json_t *cc_player_or_null(unsigned p)
{
    return p == CC_NONE ? json_null() : json_integer(p);
}

static json_t *cc_player_json(const cc_config *cfg, const cc_pos *pos, unsigned p)
{
    json_t *held = json_array(), *book = json_array();
    for (unsigned k = 0; k < CC_KINDS; k++)
        for (unsigned i = 0; i < pos->held[p][k]; i++)
            json_array_append_new(held, json_string(cc_kind_name(k)));
    for (unsigned i = 0; i < CC_BOOK; i++)
        json_array_append_new(book, json_string(cc_kind_name(cfg->book[cfg->colour[p]][i])));
    return json_pack("{s:s, s:o, s:b, s:b, s:b, s:b, s:o, s:o, s:b}", "colour",
                     cc_colour_name(cfg->colour[p]), "space",
                     pos->pawn[p] == CC_OUT ? json_null() : json_integer(pos->pawn[p]),
                     "invisible", (pos->flags[p] & CC_FL_INVISIBLE) != 0, "miss",
                     (pos->flags[p] & CC_FL_MISS) != 0, "frog", pos->frog == p, "key",
                     pos->key_player == p, "creatures", held, "book", book, "book_complete",
                     cc_has_book(cfg, pos, p));
}

static json_t *cc_key_json(const cc_pos *pos)
{
    if (pos->key_player != CC_NONE)
        return json_pack("{s:s, s:i}", "at", "player", "player", pos->key_player);
    if (pos->key_space != CC_NONE)
        return json_pack("{s:s, s:i}", "at", "space", "space", pos->key_space);
    return json_pack("{s:s}", "at", "handle");
}

static unsigned cc_victim(const cc_pos *pos)
{
    for (unsigned v = 0; v < CC_MAX_PLAYERS; v++)
        if (pos->thefts & (1u << v))
            return v;
    return CC_NONE;
}

json_t *cc_observe(const void *cfgv, const void *st, int viewer)
{
    (void)viewer;
    const cc_config *cfg = cfgv;
    const cc_pos *pos = st;
    json_t *players = json_array(), *cauldron = json_object();
    for (unsigned p = 0; p < cfg->players; p++)
        json_array_append_new(players, cc_player_json(cfg, pos, p));
    for (unsigned k = 0; k < CC_KINDS; k++)
        json_object_set_new(cauldron, cc_kind_name(k), json_integer(pos->cauldron[k]));
    return json_pack("{s:i, s:s, s:o, s:i, s:o, s:o, s:o, s:i, s:o, s:o}", "turn", pos->turn,
                     "phase", cc_phase_name(pos->phase), "pawns", players, "witch",
                     pos->witch, "frog", cc_player_or_null(pos->frog), "key", cc_key_json(pos),
                     "cauldron", cauldron, "attempts_left", pos->attempts, "victim",
                     cc_player_or_null(pos->phase == CC_PH_STEAL ? cc_victim(pos) : CC_NONE),
                     "winner", cc_player_or_null(pos->winner));
}

/* ---- text drawing --------------------------------------------------------
 * The ring on a 9 x 9 grid, two lines per space: its number and kind, and
 * under it what stands there, so a pawn never hides the space it is on.
 * The inside of the ring holds the cauldron, the key and the frog. */

#define CC_CELL 8

/* The marks a drawing used, so that its legend names only those. */
typedef struct cc_marks {
    int kind[CC_SP_KIND_COUNT], witch, key_lying, key, frog, invisible, miss;
} cc_marks;

static char cc_upper(unsigned colour)
{
    return (char)tgT_upper((unsigned char)cc_colour_name(colour)[0]);
}

/* "c2", "fp", "rK", "rL", "ws", or "" for a plain space. */
static void cc_kind_code(const cc_config *cfg, unsigned s, char *out, size_t cap)
{
    const char *colour = cfg->cell[s] != CC_NONE ? cc_colour_name(cfg->cell[s]) : "?";
    switch (cfg->kind[s]) {
    case CC_SP_CAULDRON: snprintf(out, cap, "c%u", cfg->attempts[s]); break;
    case CC_SP_FOOTPRINT: snprintf(out, cap, "fp"); break;
    case CC_SP_KEY: snprintf(out, cap, "%cK", colour[0]); break;
    case CC_SP_PADLOCK: snprintf(out, cap, "%cL", colour[0]); break;
    case CC_SP_WITCH_START: snprintf(out, cap, "ws"); break;
    default: out[0] = '\0'; break;
    }
}

/* "R*@" (red, carrying the key, the frog), "W" for Kalmorda, "key" for the
 * key lying there. */
static void cc_occupant(const cc_config *cfg, const cc_pos *pos, unsigned s, char *out,
                        size_t cap, cc_marks *used)
{
    size_t n = 0;
    out[0] = '\0';
    if (pos->witch == s) {
        out[n++] = 'W';
        used->witch = 1;
    }
    for (unsigned p = 0; p < cfg->players; p++) {
        if (pos->pawn[p] != s)
            continue;
        out[n++] = cc_upper(cfg->colour[p]);
        if (pos->key_player == p)
            out[n++] = '*', used->key = 1;
        if (pos->frog == p)
            out[n++] = '@', used->frog = 1;
        if (pos->flags[p] & CC_FL_INVISIBLE)
            out[n++] = '~', used->invisible = 1;
        if (pos->flags[p] & CC_FL_MISS)
            out[n++] = 'z', used->miss = 1;
    }
    out[n] = '\0';
    if (pos->key_space == s) {
        snprintf(out + n, cap - n, "%skey", n ? " " : "");
        used->key_lying = 1;
    }
}

static void cc_draw_ring(const cc_config *cfg, const cc_pos *pos, tg_canvas *cv, cc_marks *used)
{
    for (unsigned s = 0; s < CC_SPACES; s++) {
        int x, y;
        char kind[8], occ[16];
        cc_space_xy(s, &x, &y);
        cc_kind_code(cfg, s, kind, sizeof kind);
        cc_occupant(cfg, pos, s, occ, sizeof occ, used);
        used->kind[cfg->kind[s]] = 1;
        tgC_printf(cv, 2 * y, CC_CELL * x, "%2u %s", s, kind);
        tgC_printf(cv, 2 * y + 1, CC_CELL * x, "   %s", occ);
    }
}

static void cc_draw_inside(const cc_config *cfg, const cc_pos *pos, tg_canvas *cv)
{
    int col = CC_CELL + 3;
    tgC_printf(cv, 6, col, "The cauldron holds %u creatures:", cc_cauldron_total(pos));
    tgC_printf(cv, 7, col, "%u spider, %u bat, %u rat, %u snake", pos->cauldron[0],
               pos->cauldron[1], pos->cauldron[2], pos->cauldron[3]);
    if (pos->key_player != CC_NONE)
        tgC_printf(cv, 9, col, "The key: carried by player %u (%s)", pos->key_player,
                   cc_colour_name(cfg->colour[pos->key_player % CC_MAX_PLAYERS]));
    else if (pos->key_space != CC_NONE)
        tgC_printf(cv, 9, col, "The key: lying on %u", pos->key_space);
    else
        tgC_put(cv, 9, col, "The key: still in the handle");
    if (pos->frog != CC_NONE)
        tgC_printf(cv, 10, col, "The frog: player %u (%s)", pos->frog,
                   cc_colour_name(cfg->colour[pos->frog % CC_MAX_PLAYERS]));
    else
        tgC_put(cv, 10, col, "The frog: nobody");
}

static void cc_legend(const cc_config *cfg, const cc_marks *used, tg_strbuf *out)
{
    char line[120];
    size_t len = 0;
    tgS_append(out, "Legend (top of a space: its number and kind; below: who is on it):\n");
    if (used->kind[CC_SP_CAULDRON])
        tgC_legend(out, "c1 c2", "a cauldron space: fish once, or up to twice");
    if (used->kind[CC_SP_FOOTPRINT])
        tgC_legend(out, "fp", "a footprint space: turn invisible (or visible again)");
    if (used->kind[CC_SP_KEY])
        tgC_legend(out, "rK", cfg->keysafe == CC_SAFE_ANY
                                  ? "red's key space: red starts there; any pawn on it is safe "
                                    "from Kalmorda"
                                  : "red's key space: red starts there and is safe there from "
                                    "Kalmorda");
    if (used->kind[CC_SP_PADLOCK])
        tgC_legend(out, "rL", "red's padlock space: red escapes there with the key");
    if (used->kind[CC_SP_WITCH_START])
        tgC_legend(out, "ws", "Kalmorda's start (a plain space once she has left)");
    for (unsigned p = 0; p < cfg->players; p++)
        len += (size_t)snprintf(line + len, sizeof line - len, "%s%c %s", p ? ", " : "a pawn: ",
                                cc_upper(cfg->colour[p]), cc_colour_name(cfg->colour[p]));
    tgC_legend(out, "R", line);
    if (used->key)
        tgC_legend(out, "R*", "the pawn carries the key");
    if (used->frog)
        tgC_legend(out, "R@", "the pawn is the frog (it cannot move)");
    if (used->invisible)
        tgC_legend(out, "R~", "the pawn is invisible");
    if (used->miss)
        tgC_legend(out, "Rz", "the pawn misses its next turn (in the cave)");
    if (used->witch)
        tgC_legend(out, "W", "Kalmorda, the witch");
    if (used->key_lying)
        tgC_legend(out, "key", "the key, lying where Kalmorda caught its carrier");
}

static void cc_players_text(const cc_config *cfg, const cc_pos *pos, tg_strbuf *out)
{
    for (unsigned p = 0; p < cfg->players; p++) {
        const uint8_t *book = cfg->book[cfg->colour[p]];
        int needs = 0;
        tgS_printf(out, "Player %u (%s): book %s, %s, %s; holds", p, cc_colour_name(cfg->colour[p]),
                   cc_kind_name(book[0]), cc_kind_name(book[1]), cc_kind_name(book[2]));
        if (cc_held_total(pos, p) == 0)
            tgS_append(out, " nothing");
        for (unsigned k = 0, n = 0; k < CC_KINDS; k++)
            for (unsigned i = 0; i < pos->held[p][k]; i++)
                tgS_printf(out, "%s %s", n++ ? "," : "", cc_kind_name(k));
        for (unsigned i = 0; i < CC_BOOK; i++)
            if (!pos->held[p][book[i]])
                tgS_printf(out, "%s %s", needs++ ? "," : "; needs", cc_kind_name(book[i]));
        if (pos->winner == p)
            tgS_append(out, "; escaped: the winner");
        tgS_append(out, ".\n");
    }
}

static void cc_turn_text(const cc_config *cfg, const cc_pos *pos, tg_strbuf *out)
{
    unsigned p = pos->turn % CC_MAX_PLAYERS;
    const char *colour = cc_colour_name(cfg->colour[p]);
    switch (pos->phase) {
    case CC_PH_DIE:
        tgS_printf(out, "Player %u (%s) rolls the die next.\n", p, colour);
        break;
    case CC_PH_ROLLER:
        tgS_printf(out, "Player %u (%s) works the handle's roller next.\n", p, colour);
        break;
    case CC_PH_FISH:
        tgS_printf(out, "Player %u (%s) fishes in the cauldron next.\n", p, colour);
        break;
    case CC_PH_AGAIN:
        tgS_printf(out, "Player %u (%s) may fish a second time (fish) or stop (pass).\n", p,
                   colour);
        break;
    case CC_PH_RETURN:
        tgS_printf(out, "Player %u (%s) puts a creature back into the cauldron.\n", p, colour);
        break;
    case CC_PH_STEAL:
        tgS_printf(out, "Player %u (%s), invisible, may take a creature from player %u.\n", p,
                   colour, cc_victim(pos));
        break;
    case CC_PH_VANISH:
        tgS_printf(out, "Player %u (%s) may turn invisible (vanish) or stay visible (stay).\n",
                   p, colour);
        break;
    default:
        tgS_append(out, "Game over.\n");
        break;
    }
}

void cc_render_text(const void *cfgv, const void *st, int viewer, tg_strbuf *out)
{
    (void)viewer;
    const cc_config *cfg = cfgv;
    const cc_pos *pos = st;
    cc_marks used;
    tg_canvas cv;
    memset(&used, 0, sizeof used);
    tgC_init(&cv, 2 * (CC_SIDE + 1), CC_CELL * (CC_SIDE + 1));
    cc_draw_ring(cfg, pos, &cv, &used);
    cc_draw_inside(cfg, pos, &cv);
    tgC_write(&cv, out);
    cc_legend(cfg, &used, out);
    tg_strbuf prose;
    tgS_init(&prose);
    cc_players_text(cfg, pos, &prose);
    cc_turn_text(cfg, pos, &prose);
    tgC_wrap_buffer(out, &prose, 4);
}
