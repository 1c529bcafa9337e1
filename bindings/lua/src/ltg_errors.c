/* Errors as values a Lua program can inspect, raised with error() like any
 * Lua error: a table with the status code, its enumerator name, the
 * library's message, where the Lua code that made the failing call stands
 * ("file.lua:12") and the traceback at that moment. tostring() gives
 * "file.lua:12: NAME: message", the shape of Lua's own error messages, so
 * the stand-alone interpreter and any handler that prints the error show
 * the position too. */
#include "ltg.h"

static int ltg_error_tostring(lua_State *L)
{
    lua_getfield(L, 1, "where");
    lua_getfield(L, 1, "name");
    lua_getfield(L, 1, "message");
    if (lua_type(L, -3) == LUA_TSTRING && lua_rawlen(L, -3) > 0)
        lua_pushfstring(L, "%s: %s: %s", lua_tostring(L, -3), luaL_optstring(L, -2, "error"),
                        luaL_optstring(L, -1, ""));
    else
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

/* Pushes "chunk:line" of the nearest Lua function up the stack from the C
 * function raising (level 0): its caller, or the code that called pcall()
 * with it. "" when no Lua code is on the stack. */
static void ltg_push_where(lua_State *L)
{
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d", ar.short_src, ar.currentline);
            return;
        }
    }
    lua_pushliteral(L, "");
}

int ltg_raise(lua_State *L, tg_status status, const char *message)
{
    if (message == NULL || message[0] == '\0')
        message = tg_status_text(status);
    lua_createtable(L, 0, 5);
    lua_pushinteger(L, status);
    lua_setfield(L, -2, "status");
    lua_pushstring(L, tg_status_name(status));
    lua_setfield(L, -2, "name");
    lua_pushstring(L, message);
    lua_setfield(L, -2, "message");
    ltg_push_where(L);
    lua_setfield(L, -2, "where");
    luaL_traceback(L, L, NULL, 1);
    lua_setfield(L, -2, "traceback");
    luaL_setmetatable(L, LTG_ERROR_MT);
    return lua_error(L);
}

void ltg_check(lua_State *L, tg_status status, const tg_state *st)
{
    if (status < 0)
        ltg_raise(L, status, st != NULL ? tg_state_last_error(st) : NULL);
}
