/* What a player sees: Creepy Cauldron has no secrets (objects lie open on
 * the spell books and the cauldron holds the rest), so every viewer gets
 * the same observation and the same drawing. */
#include <ctype.h>
#include <stdio.h>

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

/* Three characters per space: the piece on it, else what the space is. */
static void cc_space_token(const cc_config *cfg, const cc_pos *pos, unsigned s, char tok[4])
{
    static const char kind_char[CC_SP_KIND_COUNT] = {'.', 'k', 'L', 'c', 'f', 'w'};
    tok[0] = ' ';
    tok[1] = kind_char[cfg->kind[s]];
    tok[2] = ' ';
    tok[3] = '\0';
    if (cfg->kind[s] == CC_SP_CAULDRON)
        tok[1] = (char)('0' + cfg->attempts[s]);
    if (cfg->cell[s] != CC_NONE)
        tok[0] = cc_colour_name(cfg->cell[s])[0];
    if (pos->key_space == s)
        tok[2] = '*';
    if (pos->witch == s)
        tok[1] = 'W';
    for (unsigned p = 0; p < cfg->players; p++) {
        if (pos->pawn[p] != s)
            continue;
        char c = (char)toupper((unsigned char)cc_colour_name(cfg->colour[p])[0]);
        tok[1] = (pos->flags[p] & CC_FL_INVISIBLE) ? (char)tolower((unsigned char)c) : c;
        if (pos->frog == p)
            tok[2] = '@';
        if (pos->key_player == p)
            tok[2] = '*';
    }
}

void cc_render_text(const void *cfgv, const void *st, int viewer, tg_strbuf *out)
{
    (void)viewer;
    const cc_config *cfg = cfgv;
    const cc_pos *pos = st;
    char grid[CC_SIDE + 1][CC_SIDE + 1][4];
    for (unsigned y = 0; y <= CC_SIDE; y++)
        for (unsigned x = 0; x <= CC_SIDE; x++)
            snprintf(grid[y][x], 4, "   ");
    for (unsigned s = 0; s < CC_SPACES; s++) {
        int x, y;
        cc_space_xy(s, &x, &y);
        cc_space_token(cfg, pos, s, grid[y][x]);
    }
    snprintf(grid[CC_SIDE / 2][CC_SIDE / 2], 4, "(U)");
    for (unsigned y = 0; y <= CC_SIDE; y++) {
        for (unsigned x = 0; x <= CC_SIDE; x++)
            tgS_append(out, grid[y][x]);
        tgS_append(out, "\n");
    }
    for (unsigned p = 0; p < cfg->players; p++) {
        tgS_printf(out, "%c %u %-6s", p == pos->turn ? '>' : ' ', p,
                   cc_colour_name(cfg->colour[p]));
        for (unsigned k = 0; k < CC_KINDS; k++)
            for (unsigned i = 0; i < pos->held[p][k]; i++)
                tgS_printf(out, " %s", cc_kind_name(k));
        if (pos->key_player == p)
            tgS_append(out, " [key]");
        if (pos->frog == p)
            tgS_append(out, " [frog]");
        if (pos->flags[p] & CC_FL_INVISIBLE)
            tgS_append(out, " [invisible]");
        if (pos->flags[p] & CC_FL_MISS)
            tgS_append(out, " [misses a turn]");
        if (pos->winner == p)
            tgS_append(out, " [escaped: winner]");
        tgS_append(out, "\n");
    }
    tgS_printf(out, "phase: %s\n", cc_phase_name(pos->phase));
}
