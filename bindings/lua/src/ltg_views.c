/* The 1.2 views as state methods: observation tensors (a table of numbers,
 * or a caller's float buffer made with tablegames.FloatBuffer(n), reused
 * without allocating) and information states. */
#include <limits.h>
#include <string.h>

#include "ltg.h"

#define LTG_FLOATS_MT "tablegames.FloatBuffer"

typedef struct ltg_floats {
    size_t n;
    float v[];
} ltg_floats;

static int ltg_floats_new(lua_State *L)
{
    lua_Integer n = luaL_checkinteger(L, 1);
    if (n < 0 || (lua_Unsigned)n > (SIZE_MAX - sizeof(ltg_floats)) / sizeof(float))
        return ltg_raise(L, TG_E_INVALID_ARGUMENT, "buffer size out of range");
    ltg_floats *f = lua_newuserdatauv(L, sizeof *f + (size_t)n * sizeof(float), 0);
    f->n = (size_t)n;
    memset(f->v, 0, (size_t)n * sizeof(float));
    luaL_setmetatable(L, LTG_FLOATS_MT);
    return 1;
}

static int ltg_floats_len(lua_State *L)
{
    ltg_floats *f = luaL_checkudata(L, 1, LTG_FLOATS_MT);
    lua_pushinteger(L, (lua_Integer)f->n);
    return 1;
}

/* buf[i], 1-based like a Lua sequence; nil outside. */
static int ltg_floats_index(lua_State *L)
{
    ltg_floats *f = luaL_checkudata(L, 1, LTG_FLOATS_MT);
    lua_Integer i = luaL_checkinteger(L, 2);
    if (i < 1 || (lua_Unsigned)i > f->n)
        lua_pushnil(L);
    else
        lua_pushnumber(L, f->v[i - 1]);
    return 1;
}

/* state:observation_tensor(viewer [, buffer]): the buffer filled and
 * returned, or a new table of numbers. */
static int ltg_state_observation_tensor(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    int viewer = ltg_check_viewer(L, st, 2, "observation_tensor", 0);
    size_t n = tg_game_observation_tensor_size(tg_state_game(st));
    if (!lua_isnoneornil(L, 3)) {
        ltg_floats *f = luaL_checkudata(L, 3, LTG_FLOATS_MT);
        ltg_check(L, tg_state_observation_tensor(st, viewer, f->v, f->n), st);
        lua_settop(L, 3);
        return 1;
    }
    /* Scratch floats in a userdata, so a Lua error cannot leak them. */
    float *tmp = lua_newuserdatauv(L, n * sizeof *tmp, 0);
    ltg_check(L, tg_state_observation_tensor(st, viewer, tmp, n), st);
    lua_createtable(L, (int)(n < INT_MAX ? n : INT_MAX), 0);
    for (size_t i = 0; i < n; i++) {
        lua_pushnumber(L, tmp[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

static int ltg_state_tensor_size(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    lua_pushinteger(L, (lua_Integer)tg_game_observation_tensor_size(tg_state_game(st)));
    return 1;
}

static int ltg_state_information_json(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    int player = ltg_check_viewer(L, st, 2, "information_json", LTG_VIEWER_SEAT);
    ltg_owned *buf = ltg_push_owned(L, tg_free);
    char *text = NULL;
    size_t len = 0;
    ltg_check(L, tg_state_information_json(st, player, &text, &len), st);
    buf->ptr = text;
    ltg_push_owned_text(L, buf, len, 0);
    return 1;
}

/* The key as a 32-character hex string (high 64 bits first), since Lua's
 * integers hold 64 bits. */
static int ltg_state_information_key(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    int player = ltg_check_viewer(L, st, 2, "information_key", LTG_VIEWER_SEAT);
    uint64_t key[2];
    ltg_check(L, tg_state_information_key(st, player, key), st);
    char hex[33];
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < 32; i++) {
        uint64_t word = i < 16 ? key[1] : key[0];
        hex[i] = digits[(word >> (60 - 4 * (i % 16))) & 15u];
    }
    hex[32] = '\0';
    lua_pushstring(L, hex);
    return 1;
}

const luaL_Reg ltg_state_view_methods[] = {
    { "observation_tensor", ltg_state_observation_tensor },
    { "tensor_size", ltg_state_tensor_size },
    { "information_json", ltg_state_information_json },
    { "information_key", ltg_state_information_key },
    { NULL, NULL },
};

void ltg_views_register(lua_State *L)
{
    luaL_newmetatable(L, LTG_FLOATS_MT);
    lua_pushcfunction(L, ltg_floats_len);
    lua_setfield(L, -2, "__len");
    lua_pushcfunction(L, ltg_floats_index);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
}

int ltg_float_buffer_new(lua_State *L)
{
    return ltg_floats_new(L);
}

float *ltg_check_floats(lua_State *L, int idx, size_t *n)
{
    ltg_floats *f = luaL_checkudata(L, idx, LTG_FLOATS_MT);
    *n = f->n;
    return f->v;
}

/* Pushes n floats as a new table, or copies them into the FloatBuffer at
 * idx (when there is one) and pushes it. */
int ltg_push_floats(lua_State *L, const float *v, size_t n, int idx)
{
    if (idx != 0 && !lua_isnoneornil(L, idx)) {
        size_t cap = 0;
        float *out = ltg_check_floats(L, idx, &cap);
        if (cap < n)
            return ltg_raise(L, TG_E_BUFFER_TOO_SMALL, "the FloatBuffer is too small");
        memcpy(out, v, n * sizeof *v);
        lua_pushvalue(L, idx);
        return 1;
    }
    lua_createtable(L, (int)(n < INT_MAX ? n : INT_MAX), 0);
    for (size_t i = 0; i < n; i++) {
        lua_pushnumber(L, v[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}
