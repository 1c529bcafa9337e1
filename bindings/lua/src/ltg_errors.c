/* Errors as values a Lua program can inspect: a table with the status code,
 * its enumerator name and the library's message, printed as "NAME: message"
 * by tostring() and by the stand-alone interpreter. */
#include "ltg.h"

static int ltg_error_tostring(lua_State *L)
{
    lua_getfield(L, 1, "name");
    lua_getfield(L, 1, "message");
    lua_pushfstring(L, "%s: %s", luaL_optstring(L, -2, "error"), luaL_optstring(L, -1, ""));
    return 1;
}

void ltg_errors_register(lua_State *L)
{
    luaL_newmetatable(L, LTG_ERROR_MT);
    lua_pushcfunction(L, ltg_error_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pop(L, 1);
}

int ltg_raise(lua_State *L, tg_status status, const char *message)
{
    if (message == NULL || message[0] == '\0')
        message = tg_status_text(status);
    lua_createtable(L, 0, 3);
    lua_pushinteger(L, status);
    lua_setfield(L, -2, "status");
    lua_pushstring(L, tg_status_name(status));
    lua_setfield(L, -2, "name");
    lua_pushstring(L, message);
    lua_setfield(L, -2, "message");
    luaL_setmetatable(L, LTG_ERROR_MT);
    return lua_error(L);
}

void ltg_check(lua_State *L, tg_status status, const tg_state *st)
{
    if (status < 0)
        ltg_raise(L, status, st != NULL ? tg_state_last_error(st) : NULL);
}
