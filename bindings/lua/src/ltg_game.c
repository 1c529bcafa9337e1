/* Game userdata: tablegames.Game(id, options) and its methods. */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ltg.h"

static const char *const ltg_option_types[] = { "int", "bool", "choice", "number" };

tg_game *ltg_check_game(lua_State *L, int idx)
{
    ltg_game *g = luaL_checkudata(L, idx, LTG_GAME_MT);
    if (g->game == NULL)
        luaL_error(L, "attempt to use a closed game");
    return g->game;
}

void ltg_push_game(lua_State *L, tg_game *game)
{
    ltg_game *g = lua_newuserdatauv(L, sizeof *g, 0);
    g->game = game;
    luaL_setmetatable(L, LTG_GAME_MT);
}

static void ltg_set_string(lua_State *L, const char *key, const char *value)
{
    lua_pushstring(L, value != NULL ? value : "");
    lua_setfield(L, -2, key);
}

static void ltg_push_option(lua_State *L, const tg_option_info *opt)
{
    lua_createtable(L, 0, 8);
    ltg_set_string(L, "name", opt->name);
    ltg_set_string(L, "type", (unsigned)opt->type < 4 ? ltg_option_types[opt->type] : "unknown");
    ltg_set_string(L, "default", opt->default_value);
    ltg_set_string(L, "allowed", opt->allowed);
    ltg_set_string(L, "description", opt->description);
    lua_pushnumber(L, opt->min);
    lua_setfield(L, -2, "min");
    lua_pushnumber(L, opt->max);
    lua_setfield(L, -2, "max");
    lua_newtable(L);
    for (lua_Integer i = 0; opt->choices != NULL && opt->choices[i] != NULL; i++) {
        lua_pushstring(L, opt->choices[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "choices");
}

void ltg_push_info(lua_State *L, const tg_game_info *info)
{
    lua_createtable(L, 0, 6);
    ltg_set_string(L, "id", info->id);
    ltg_set_string(L, "name", info->name);
    ltg_set_string(L, "summary", info->summary);
    lua_pushinteger(L, info->min_players);
    lua_setfield(L, -2, "min_players");
    lua_pushinteger(L, info->max_players);
    lua_setfield(L, -2, "max_players");
    lua_createtable(L, (int)info->option_count, 0);
    for (size_t i = 0; i < info->option_count; i++) {
        const tg_option_info *opt = tg_game_info_option(info, i);
        if (opt == NULL)
            break;
        ltg_push_option(L, opt);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_setfield(L, -2, "options");
}

/* A float as C reads option numbers: the shortest text that reads back
 * as the same number, with a '.' whatever the host's locale (Lua's own
 * tostring follows the locale and would give "0,15" under de_DE). It
 * replaces the number at idx, which keeps it alive. */
static const char *ltg_float_text(lua_State *L, int idx)
{
    lua_Number v = lua_tonumber(L, idx);
    char buf[64];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, (double)v);
        if (strtod(buf, NULL) == (double)v)
            break;
    }
    const char *point = localeconv()->decimal_point;
    char *at = point != NULL && strcmp(point, ".") != 0 ? strstr(buf, point) : NULL;
    if (at != NULL) {
        size_t n = strlen(point);
        *at = '.';
        memmove(at + 1, at + n, strlen(at + n) + 1);
    }
    lua_pushstring(L, buf);
    lua_replace(L, idx);
    return lua_tostring(L, idx);
}

/* A separator inside a key or value would smuggle in another option. */
static const char *ltg_option_part(lua_State *L, int idx, const char *what)
{
    size_t len;
    const char *s;
    if (lua_type(L, idx) == LUA_TBOOLEAN) {
        s = lua_toboolean(L, idx) ? "yes" : "no";
        len = strlen(s);
    } else if (lua_type(L, idx) == LUA_TNUMBER && !lua_isinteger(L, idx)) {
        s = ltg_float_text(L, idx);
        len = strlen(s);
    } else if (lua_type(L, idx) == LUA_TNUMBER || lua_type(L, idx) == LUA_TSTRING) {
        s = lua_tolstring(L, idx, &len); /* converts a number in place: fine, it is a copy */
    } else {
        luaL_error(L, "option %s must be a string, number or boolean, not %s", what,
                   luaL_typename(L, idx));
        return NULL;
    }
    if (len == 0 || strlen(s) != len || strpbrk(s, ",=") != NULL)
        ltg_raise(L, TG_E_BAD_OPTION,
                  lua_pushfstring(L, "option %s: bad text '%s'", what, s));
    return s;
}

/* Options as nil, "players=3,first=1" or {players = 3, first = 1}. */
static const char *ltg_options_string(lua_State *L, int idx)
{
    int acc;
    if (lua_isnoneornil(L, idx))
        return NULL;
    if (lua_type(L, idx) == LUA_TSTRING) {
        size_t len;
        const char *s = lua_tolstring(L, idx, &len);
        if (strlen(s) != len)
            ltg_raise(L, TG_E_BAD_OPTION, "options contain a NUL character");
        return s;
    }
    luaL_checktype(L, idx, LUA_TTABLE);
    lua_pushliteral(L, "");
    acc = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {
        const char *key, *value;
        if (lua_type(L, -2) != LUA_TSTRING)
            luaL_error(L, "option names must be strings");
        key = ltg_option_part(L, lua_absindex(L, -2), "name");
        value = ltg_option_part(L, lua_absindex(L, -1), key);
        lua_pushfstring(L, "%s%s%s=%s", lua_tostring(L, acc),
                        lua_rawlen(L, acc) > 0 ? "," : "", key, value);
        lua_replace(L, acc);
        lua_pop(L, 1);
    }
    return lua_tostring(L, acc);
}

void ltg_game_params(lua_State *L, tg_game_params *params, tg_sized_allocator *alloc)
{
    tg_game_params_init_v2(params, TG_GAME_PARAMS_VERSION, NULL, 0);
    tg_sized_allocator_init(alloc, sizeof *alloc, NULL, 0);
    /* lua_Alloc has exactly tg_resize_fn's shape. */
    alloc->resize = lua_getallocf(L, &alloc->user_data);
    params->sized_allocator = alloc;
}

int ltg_game_new(lua_State *L)
{
    char err[LTG_ERRBUF_SIZE];
    tg_game *game = NULL;
    tg_game_params params;
    tg_sized_allocator alloc;
    const char *id = luaL_checkstring(L, 1);
    const char *options = ltg_options_string(L, 2);
    ltg_game_params(L, &params, &alloc);
    tg_status st = tg_game_new(id, options, &params, &game, err, sizeof err);
    if (st < 0)
        return ltg_raise(L, st, err);
    ltg_push_game(L, game);
    return 1;
}

static int ltg_game_close(lua_State *L)
{
    ltg_game *g = luaL_checkudata(L, 1, LTG_GAME_MT);
    tg_game_free(g->game);
    g->game = NULL;
    return 0;
}

static int ltg_game_is_closed(lua_State *L)
{
    ltg_game *g = luaL_checkudata(L, 1, LTG_GAME_MT);
    lua_pushboolean(L, g->game == NULL);
    return 1;
}

static int ltg_game_id(lua_State *L)
{
    lua_pushstring(L, tg_game_id(ltg_check_game(L, 1)));
    return 1;
}

static int ltg_game_info(lua_State *L)
{
    ltg_push_info(L, tg_game_get_info(ltg_check_game(L, 1)));
    return 1;
}

static int ltg_game_options_string(lua_State *L)
{
    lua_pushstring(L, tg_game_options(ltg_check_game(L, 1)));
    return 1;
}

/* The options as a table of strings, e.g. {players = "3", first = "0"}. */
static int ltg_game_options(lua_State *L)
{
    const char *s = tg_game_options(ltg_check_game(L, 1));
    lua_newtable(L);
    while (s != NULL && *s != '\0') {
        const char *eq = strchr(s, '=');
        const char *end = strchr(s, ',');
        if (end == NULL)
            end = s + strlen(s);
        if (eq != NULL && eq < end) {
            lua_pushlstring(L, s, (size_t)(eq - s));
            lua_pushlstring(L, eq + 1, (size_t)(end - eq - 1));
            lua_settable(L, -3);
        }
        s = *end != '\0' ? end + 1 : end;
    }
    return 1;
}

static int ltg_game_players(lua_State *L)
{
    lua_pushinteger(L, tg_game_players(ltg_check_game(L, 1)));
    return 1;
}

static int ltg_game_move_count(lua_State *L)
{
    lua_pushinteger(L, tg_game_move_count(ltg_check_game(L, 1)));
    return 1;
}

static int ltg_game_max_legal_moves(lua_State *L)
{
    lua_pushinteger(L, tg_game_max_legal_moves(ltg_check_game(L, 1)));
    return 1;
}

static int ltg_game_max_chance_outcomes(lua_State *L)
{
    lua_pushinteger(L, tg_game_max_chance_outcomes(ltg_check_game(L, 1)));
    return 1;
}

static int ltg_game_max_length(lua_State *L)
{
    lua_pushinteger(L, tg_game_max_length(ltg_check_game(L, 1)));
    return 1;
}

static int ltg_game_state_size(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)tg_game_state_size(ltg_check_game(L, 1)));
    return 1;
}

static int ltg_game_board(lua_State *L)
{
    tg_game *game = ltg_check_game(L, 1);
    ltg_owned *buf = ltg_push_owned(L, tg_free);
    char *text = NULL;
    size_t len = 0;
    ltg_check(L, tg_game_board_json(game, &text, &len), NULL);
    buf->ptr = text;
    ltg_push_owned_text(L, buf, len, 1);
    return 1;
}

static int ltg_game_eq(lua_State *L)
{
    tg_game *a = ltg_check_game(L, 1);
    tg_game *b = ltg_check_game(L, 2);
    lua_pushboolean(L, strcmp(tg_game_id(a), tg_game_id(b)) == 0
                           && strcmp(tg_game_options(a), tg_game_options(b)) == 0);
    return 1;
}

static int ltg_game_tostring(lua_State *L)
{
    ltg_game *g = luaL_checkudata(L, 1, LTG_GAME_MT);
    if (g->game == NULL)
        lua_pushliteral(L, "tablegames.Game (closed)");
    else
        lua_pushfstring(L, "tablegames.Game(\"%s\", \"%s\")", tg_game_id(g->game),
                        tg_game_options(g->game));
    return 1;
}

static const luaL_Reg ltg_game_methods[] = {
    { "id", ltg_game_id },
    { "info", ltg_game_info },
    { "options", ltg_game_options },
    { "options_string", ltg_game_options_string },
    { "players", ltg_game_players },
    { "move_count", ltg_game_move_count },
    { "max_legal_moves", ltg_game_max_legal_moves },
    { "max_chance_outcomes", ltg_game_max_chance_outcomes },
    { "max_length", ltg_game_max_length },
    { "state_size", ltg_game_state_size },
    { "board", ltg_game_board },
    { "new_state", ltg_state_new_from_game },
    { "new_bot", ltg_bot_new },
    { "close", ltg_game_close },
    { "is_closed", ltg_game_is_closed },
    { NULL, NULL },
};

static const luaL_Reg ltg_game_meta[] = {
    { "__gc", ltg_game_close },
    { "__close", ltg_game_close },
    { "__tostring", ltg_game_tostring },
    { "__eq", ltg_game_eq },
    { NULL, NULL },
};

void ltg_game_register(lua_State *L)
{
    luaL_newmetatable(L, LTG_GAME_MT);
    luaL_setfuncs(L, ltg_game_meta, 0);
    luaL_newlib(L, ltg_game_methods);
    luaL_setfuncs(L, ltg_game_research_methods, 0);
    luaL_setfuncs(L, ltg_game_batch_methods, 0);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
}
