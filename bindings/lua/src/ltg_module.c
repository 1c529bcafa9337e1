/* require("tablegames"): the module table with the catalogue, constructors,
 * loaders, version and constants. */
#include "ltg.h"

/* tablegames.games(): every catalogue entry, in catalogue order. */
static int ltg_games(lua_State *L)
{
    size_t n = tg_catalogue_count();
    lua_createtable(L, (int)n, 0);
    for (size_t i = 0; i < n; i++) {
        const tg_game_info *info = tg_catalogue_get(i);
        if (info == NULL)
            break;
        ltg_push_info(L, info);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

/* tablegames.game_info(id): one entry; raises TG_E_UNKNOWN_GAME. */
static int ltg_game_info(lua_State *L)
{
    const char *id = luaL_checkstring(L, 1);
    const tg_game_info *info = tg_catalogue_find(id);
    if (info == NULL)
        return ltg_raise(L, TG_E_UNKNOWN_GAME, lua_pushfstring(L, "no game called '%s'", id));
    ltg_push_info(L, info);
    return 1;
}

static int ltg_version(lua_State *L)
{
    int major = 0, minor = 0, patch = 0;
    tg_version(&major, &minor, &patch);
    lua_pushstring(L, tg_version_string());
    lua_pushinteger(L, major);
    lua_pushinteger(L, minor);
    lua_pushinteger(L, patch);
    return 4;
}

static const luaL_Reg ltg_functions[] = {
    { "games", ltg_games },
    { "game_info", ltg_game_info },
    { "Game", ltg_game_new },
    { "Bot", ltg_bot_new },
    { "load", ltg_state_load },
    { "from_json", ltg_state_from_json },
    { "FloatBuffer", ltg_float_buffer_new },
    { "version", ltg_version },
    { NULL, NULL },
};

static void ltg_set_int(lua_State *L, const char *name, lua_Integer value)
{
    lua_pushinteger(L, value);
    lua_setfield(L, -2, name);
}

LTG_EXPORT int luaopen_tablegames(lua_State *L)
{
    int major = 0;
    tg_version(&major, NULL, NULL);
    /* The module is compiled against one ABI; a library of another major
     * version under the same name would be misread, so refuse it. */
    if (major != TG_VERSION_MAJOR)
        return luaL_error(L, "tablegames: library major version %d, module built for %d",
                          major, TG_VERSION_MAJOR);
    ltg_errors_register(L);
    ltg_owned_register(L);
    ltg_game_register(L);
    ltg_state_register(L);
    ltg_step_register(L);
    ltg_bot_register(L);
    ltg_views_register(L);
    ltg_research_register(L);
    ltg_batch_register(L);
    luaL_newlib(L, ltg_functions);
    ltg_set_int(L, "CHANCE", TG_PLAYER_CHANCE);
    ltg_set_int(L, "TERMINAL", TG_PLAYER_TERMINAL);
    ltg_research_constants(L);
    ltg_set_int(L, "MAX_PLAYERS", TG_MAX_PLAYERS);
    ltg_push_null(L);
    lua_setfield(L, -2, "null");
    lua_pushliteral(L, TG_VERSION_STRING);
    lua_setfield(L, -2, "_VERSION");
    return 1;
}
