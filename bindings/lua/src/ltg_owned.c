/* C allocations owned by a userdata, so a Lua error raised while one is in
 * use (out of memory, a bad value) never leaks it. */
#include "ltg.h"

static int ltg_owned_gc(lua_State *L)
{
    ltg_owned_release(luaL_checkudata(L, 1, LTG_OWNED_MT));
    return 0;
}

void ltg_owned_register(lua_State *L)
{
    luaL_newmetatable(L, LTG_OWNED_MT);
    lua_pushcfunction(L, ltg_owned_gc);
    lua_setfield(L, -2, "__gc");
    lua_pop(L, 1);
}

ltg_owned *ltg_push_owned(lua_State *L, void (*release)(void *ptr))
{
    ltg_owned *o = lua_newuserdatauv(L, sizeof *o, 0);
    o->ptr = NULL;
    o->release = release;
    luaL_setmetatable(L, LTG_OWNED_MT);
    return o;
}

void ltg_owned_release(ltg_owned *owned)
{
    if (owned->ptr != NULL) {
        owned->release(owned->ptr);
        owned->ptr = NULL;
    }
}
