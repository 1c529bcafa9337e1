/* The research surface's protections and calls: viewers by name, Moves
 * that know their position, the legal mask and the 1.3 game facts.
 *
 * Viewers. In C, TG_VIEW_OMNISCIENT == TG_PLAYER_CHANCE == -1 and
 * TG_VIEW_PUBLIC == TG_PLAYER_TERMINAL == -2, so passing what
 * current_player said at a chance point as a viewer quietly asks for the
 * referee's view. Here tablegames.OMNISCIENT and tablegames.PUBLIC are two
 * userdata of their own (tablegames.CHANCE and TERMINAL stay -1 and -2), and
 * every call that takes a viewer refuses a negative number.
 *
 * Moves. state:moves() gives Move values {id, text, move_number,
 * history_length, game} (tostring: the text), each made for the position
 * it came from: its key (tg_state_position_key(), a digest of hidden facts
 * too, so not a field anyone prints) is kept in a weak table of the
 * registry. A state refuses a Move made for another game (TG_E_MISMATCH)
 * or position (TG_E_ILLEGAL_MOVE), and one made by hand whose text is not
 * what its id means there. A plain id stays the raw API. */
#include <limits.h>
#include <string.h>

#include "ltg.h"

#define LTG_VIEWER_MT "tablegames.Viewer"
#define LTG_MOVE_MT "tablegames.Move"
/* Registry field: a weak-keyed table, Move -> its position key. */
#define LTG_MOVE_KEYS "tablegames.Move.keys"

typedef struct ltg_viewer {
    int value;
    const char *name;
} ltg_viewer;

/* ---- viewers ------------------------------------------------------------------- */

static int ltg_viewer_tostring(lua_State *L)
{
    const ltg_viewer *v = luaL_checkudata(L, 1, LTG_VIEWER_MT);
    lua_pushfstring(L, "tablegames.%s", v->name);
    return 1;
}

static void ltg_push_viewer(lua_State *L, int value, const char *name)
{
    ltg_viewer *v = lua_newuserdatauv(L, sizeof *v, 0);
    v->value = value;
    v->name = name;
    luaL_setmetatable(L, LTG_VIEWER_MT);
}

void ltg_research_constants(lua_State *L)
{
    ltg_push_viewer(L, TG_VIEW_OMNISCIENT, "OMNISCIENT");
    lua_setfield(L, -2, "OMNISCIENT");
    ltg_push_viewer(L, TG_VIEW_PUBLIC, "PUBLIC");
    lua_setfield(L, -2, "PUBLIC");
}

int ltg_check_viewer(lua_State *L, const tg_state *st, int idx, const char *call, int flags)
{
    if ((flags & LTG_VIEWER_OPTIONAL) && lua_isnoneornil(L, idx))
        return TG_VIEW_OMNISCIENT;
    const ltg_viewer *named = luaL_testudata(L, idx, LTG_VIEWER_MT);
    if (named != NULL)
        return named->value;
    lua_Integer v = luaL_checkinteger(L, idx);
    int players = tg_game_players(tg_state_game(st));
    if (v < 0) {
        const char *what = v == TG_PLAYER_CHANCE     ? " (tablegames.CHANCE: a chance point)"
                           : v == TG_PLAYER_TERMINAL ? " (tablegames.TERMINAL: the game is over)"
                                                     : "";
        lua_pushfstring(L,
                        "%s: viewer %I%s is a number, not a viewer; pass a seat (0..%d)%s",
                        call, v, what, players - 1,
                        (flags & LTG_VIEWER_SEAT) ? ""
                                                  : " or, by name, tablegames.OMNISCIENT (the"
                                                    " referee's view, every secret) or"
                                                    " tablegames.PUBLIC");
        return ltg_raise(L, TG_E_INVALID_ARGUMENT, lua_tostring(L, -1));
    }
    if ((flags & LTG_VIEWER_RANGE) && v >= players) {
        lua_pushfstring(L,
                        "%s: viewer %I is not a player of this %d-player game (0..%d,"
                        " OMNISCIENT or PUBLIC by name)",
                        call, v, players, players - 1);
        return ltg_raise(L, TG_E_INVALID_ARGUMENT, lua_tostring(L, -1));
    }
    if (v > INT_MAX)
        return ltg_raise(L, TG_E_INVALID_ARGUMENT, "player number out of range");
    return (int)v;
}

/* ---- moves ----------------------------------------------------------------------- */

static int ltg_move_tostring(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_getfield(L, 1, "text");
    return 1;
}

/* Pushes the game as a Move names it: its name and options. */
static void ltg_push_game_identity(lua_State *L, const tg_state *st)
{
    const tg_game *g = tg_state_game(st);
    const char *options = tg_game_options(g);
    const char *name = tg_game_get_info(g)->name;
    if (options != NULL && options[0] != '\0')
        lua_pushfstring(L, "%s (%s)", name, options);
    else
        lua_pushstring(L, name);
}

static lua_Integer ltg_position_key(lua_State *L, const tg_state *st)
{
    uint64_t key = 0;
    ltg_check(L, tg_state_position_key(st, &key), st);
    return (lua_Integer)key; /* wraps: only compared */
}

/* Pushes a Move for id m of st (legal there); the game's identity is at
 * index game, the position's key is key. */
static void ltg_push_move(lua_State *L, const tg_state *st, tg_move m, int game,
                          lua_Integer key)
{
    lua_createtable(L, 0, 5);
    lua_pushinteger(L, m);
    lua_setfield(L, -2, "id");
    ltg_push_move_text(L, st, m);
    lua_setfield(L, -2, "text");
    lua_pushinteger(L, tg_state_move_number(st));
    lua_setfield(L, -2, "move_number");
    lua_pushinteger(L, tg_state_history_length(st));
    lua_setfield(L, -2, "history_length");
    lua_pushvalue(L, game);
    lua_setfield(L, -2, "game");
    luaL_setmetatable(L, LTG_MOVE_MT);
    lua_getfield(L, LUA_REGISTRYINDEX, LTG_MOVE_KEYS);
    lua_pushvalue(L, -2);
    lua_pushinteger(L, key);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

int ltg_is_move(lua_State *L, int idx)
{
    if (lua_type(L, idx) != LUA_TTABLE || !lua_getmetatable(L, idx))
        return 0;
    luaL_getmetatable(L, LTG_MOVE_MT);
    int same = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    return same;
}

/* The game's name out of an identity "Name (options)" at idx, pushed. */
static void ltg_push_game_name(lua_State *L, int idx)
{
    size_t len;
    const char *id = lua_tolstring(L, idx, &len);
    const char *cut = strstr(id, " (");
    lua_pushlstring(L, id, cut ? (size_t)(cut - id) : len);
}

/* Why the Move at idx (id m) cannot be played in st: pushes the words and
 * returns the status, or returns TG_OK (nothing pushed) when it may be tried. */
static tg_status ltg_move_refusal(lua_State *L, const tg_state *st, int idx, tg_move m)
{
    static const char take[] = "Take the move from this state (state:moves()) or pass its id or text";
    int top = lua_gettop(L);
    lua_getfield(L, LUA_REGISTRYINDEX, LTG_MOVE_KEYS);
    lua_pushvalue(L, idx);
    lua_rawget(L, -2);
    int has_key = lua_isinteger(L, -1);
    lua_Integer key = lua_tointeger(L, -1);
    lua_settop(L, top);
    int legal = tg_state_is_legal(st, m) == TG_OK;
    lua_getfield(L, idx, "text");
    const char *text = lua_tostring(L, -1); /* kept on the stack */
    if (legal)
        ltg_push_move_text(L, st, m);
    else
        lua_pushliteral(L, "");
    const char *here = lua_tostring(L, -1);
    if (!has_key) { /* made by hand: its text must say what the id means here */
        if (!legal || text == NULL || text[0] == '\0' || text[0] == '#' || strcmp(text, here) == 0) {
            lua_settop(L, top);
            return TG_OK;
        }
        lua_pushfstring(L, "Move '%s' (id %I), made by hand, is not what the id means here:"
                           " id %I means '%s'. %s", text, (lua_Integer)m, (lua_Integer)m, here, take);
        lua_replace(L, top + 1);
        lua_settop(L, top + 1);
        return TG_E_ILLEGAL_MOVE;
    }
    int mine = lua_gettop(L) + 1;
    lua_getfield(L, idx, "game");
    ltg_push_game_identity(L, st);
    if (!lua_rawequal(L, mine, mine + 1)) {
        ltg_push_game_name(L, mine);
        ltg_push_game_name(L, mine + 1);
        int names = lua_rawequal(L, -1, -2) ? mine : mine + 2; /* options differ: name them */
        lua_pushfstring(L, "Move '%s' (id %I) was made for %s; this state plays %s. %s",
                        text ? text : "", (lua_Integer)m, lua_tostring(L, names),
                        lua_tostring(L, names + 1), take);
        lua_replace(L, top + 1);
        lua_settop(L, top + 1);
        return TG_E_MISMATCH;
    }
    if (ltg_position_key(L, st) == key) {
        lua_settop(L, top);
        return TG_OK;
    }
    lua_getfield(L, idx, "move_number");
    lua_Integer then = lua_tointeger(L, -1);
    lua_Integer now = tg_state_move_number(st);
    if (legal)
        lua_pushfstring(L, "means '%s'", here);
    else
        lua_pushliteral(L, "is not a legal move");
    if (then == now)
        lua_pushfstring(L, "another position at move %I", now);
    else
        lua_pushfstring(L, "the position at move %I", then);
    lua_pushfstring(L, "Move '%s' (id %I) was made for %s; here, at move %I, id %I %s. %s",
                    text ? text : "", (lua_Integer)m, lua_tostring(L, -1), now, (lua_Integer)m,
                    lua_tostring(L, -2), take);
    lua_replace(L, top + 1);
    lua_settop(L, top + 1);
    return TG_E_ILLEGAL_MOVE;
}

static tg_move ltg_move_id_field(lua_State *L, int idx)
{
    lua_getfield(L, idx, "id");
    int is_int = 0;
    lua_Integer m = lua_tointegerx(L, -1, &is_int);
    lua_pop(L, 1);
    if (!is_int || m < 0 || (uint64_t)m > UINT32_MAX)
        ltg_raise(L, TG_E_ILLEGAL_MOVE, "a Move's id must be an integer 0 .. 2^32-1");
    return (tg_move)m;
}

tg_move ltg_check_move(lua_State *L, const tg_state *st, int idx)
{
    idx = lua_absindex(L, idx);
    tg_move m = ltg_move_id_field(L, idx);
    tg_status refused = ltg_move_refusal(L, st, idx, m);
    if (refused != TG_OK)
        ltg_raise(L, refused, lua_tostring(L, -1));
    return m;
}

int ltg_move_fits(lua_State *L, const tg_state *st, int idx)
{
    idx = lua_absindex(L, idx);
    tg_move m = ltg_move_id_field(L, idx);
    if (ltg_move_refusal(L, st, idx, m) == TG_OK)
        return 1;
    lua_pop(L, 1);
    return 0;
}

/* state:moves() -> sequence of Move: the legal moves (or chance outcomes). */
static int ltg_state_moves(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    const tg_game *g = tg_state_game(st);
    size_t cap = tg_game_max_legal_moves(g), n = 0;
    tg_move *ids = lua_newuserdatauv(L, (cap > 0 ? cap : 1) * sizeof *ids, 0);
    ltg_check(L, tg_state_legal_moves(st, ids, cap, &n), st);
    lua_Integer key = ltg_position_key(L, st);
    ltg_push_game_identity(L, st);
    int game = lua_gettop(L);
    lua_createtable(L, (int)n, 0);
    for (size_t i = 0; i < n; i++) {
        ltg_push_move(L, st, ids[i], game, key);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

/* ---- the legal mask and the 1.3 calls -------------------------------------------------- */

int ltg_push_mask(lua_State *L, tg_state *st, size_t n, ltg_mask_fn fill)
{
    uint8_t *mask = lua_newuserdatauv(L, n > 0 ? n : 1, 0);
    ltg_check(L, fill(st, mask, n), st);
    lua_createtable(L, (int)(n < INT_MAX ? n : INT_MAX), 0);
    for (size_t i = 0; i < n; i++) {
        lua_pushinteger(L, mask[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

/* state:legal_mask() -> sequence of move_count integers, [id + 1] = 1 where
 * the id is legal (or a possible chance outcome), else 0. */
static int ltg_state_legal_mask(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    return ltg_push_mask(L, st, tg_game_move_count(tg_state_game(st)), tg_state_legal_mask);
}

/* state:any_move_text(id): the notation of any id of the move space here. */
static int ltg_state_any_move_text(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    lua_Integer m = luaL_checkinteger(L, 2);
    if (m < 0 || (uint64_t)m > UINT32_MAX)
        return ltg_raise(L, TG_E_ILLEGAL_MOVE, "move id out of range");
    char small[64];
    size_t len = 0;
    tg_status status = tg_state_any_move_text(st, (tg_move)m, small, sizeof small, &len);
    if (status == TG_E_BUFFER_TOO_SMALL) {
        char *big = lua_newuserdatauv(L, len + 1, 0);
        ltg_check(L, tg_state_any_move_text(st, (tg_move)m, big, len + 1, &len), st);
        lua_pushlstring(L, big, len);
        return 1;
    }
    ltg_check(L, status, st);
    lua_pushlstring(L, small, len);
    return 1;
}

/* state:history_players() -> sequence: who made each history entry (a seat
 * or tablegames.CHANCE). */
static int ltg_state_history_players(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    uint32_t n = tg_state_history_length(st);
    lua_createtable(L, (int)(n < INT_MAX ? n : INT_MAX), 0);
    for (uint32_t i = 0; i < n; i++) {
        int player = 0;
        ltg_check(L, tg_state_history_player(st, i, &player), st);
        lua_pushinteger(L, player);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

const luaL_Reg ltg_state_research_methods[] = {
    { "moves", ltg_state_moves },
    { "legal_mask", ltg_state_legal_mask },
    { "any_move_text", ltg_state_any_move_text },
    { "history_players", ltg_state_history_players },
    { NULL, NULL },
};

/* game:research() -> a table of the 1.3 facts about the game. */
static int ltg_game_research(lua_State *L)
{
    tg_game *g = ltg_check_game(L, 1);
    lua_createtable(L, 0, 10);
    lua_pushinteger(L, tg_game_player_move_count(g));
    lua_setfield(L, -2, "player_move_count");
    lua_pushinteger(L, tg_game_chance_outcome_count(g));
    lua_setfield(L, -2, "chance_outcome_count");
    lua_pushinteger(L, tg_game_length_bound(g));
    lua_setfield(L, -2, "length_bound");
    double lo = 0, hi = 0;
    ltg_check(L, tg_game_utility_range(g, &lo, &hi), NULL);
    lua_pushnumber(L, lo);
    lua_setfield(L, -2, "min_utility");
    lua_pushnumber(L, hi);
    lua_setfield(L, -2, "max_utility");
    int hidden = tg_game_has_hidden_information(g);
    ltg_check(L, hidden < 0 ? hidden : TG_OK, NULL);
    lua_pushboolean(L, hidden);
    lua_setfield(L, -2, "has_hidden_information");
    size_t shape[8], rank = 0;
    ltg_check(L, tg_game_observation_tensor_shape(g, shape, 8, &rank), NULL);
    lua_createtable(L, (int)rank, 0);
    for (size_t i = 0; i < rank; i++) {
        lua_pushinteger(L, (lua_Integer)shape[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_setfield(L, -2, "observation_tensor_shape");
    static const struct { int format; const char *name; } formats[] = {
        { TG_FORMAT_OBSERVATION_TENSOR, "observation_tensor" },
        { TG_FORMAT_INFORMATION_KEY, "information_key" },
        { TG_FORMAT_OBSERVATION_JSON, "observation_json" },
    };
    lua_createtable(L, 0, 3);
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        int v = tg_game_format_version(g, formats[i].format);
        ltg_check(L, v < 0 ? v : TG_OK, NULL);
        lua_pushinteger(L, v);
        lua_setfield(L, -2, formats[i].name);
    }
    lua_setfield(L, -2, "format_versions");
    return 1;
}

/* game:move_is_chance(id) -> boolean. */
static int ltg_game_move_is_chance(lua_State *L)
{
    tg_game *g = ltg_check_game(L, 1);
    lua_Integer m = luaL_checkinteger(L, 2);
    if (m < 0 || (uint64_t)m >= tg_game_move_count(g))
        return ltg_raise(L, TG_E_INVALID_ARGUMENT, "move id is not below the game's move_count");
    int chance = tg_game_move_is_chance(g, (tg_move)m);
    ltg_check(L, chance < 0 ? chance : TG_OK, NULL);
    lua_pushboolean(L, chance);
    return 1;
}

const luaL_Reg ltg_game_research_methods[] = {
    { "research", ltg_game_research },
    { "move_is_chance", ltg_game_move_is_chance },
    { NULL, NULL },
};

void ltg_research_register(lua_State *L)
{
    luaL_newmetatable(L, LTG_VIEWER_MT);
    lua_pushcfunction(L, ltg_viewer_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushliteral(L, "tablegames.Viewer");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
    luaL_newmetatable(L, LTG_MOVE_MT);
    lua_pushcfunction(L, ltg_move_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pop(L, 1);
    lua_newtable(L); /* Move -> key, weak-keyed: a Move's key goes with it */
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_setfield(L, LUA_REGISTRYINDEX, LTG_MOVE_KEYS);
}
