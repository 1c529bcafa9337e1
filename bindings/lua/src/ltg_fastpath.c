/* State methods for loops that play many decisions: plain ids instead of
 * ids with notation (rendering a move costs more than playing it), and a
 * whole random game in one call. */
#include <stdint.h>

#include "ltg.h"

/* Ids only, into a stack buffer when the game's lists fit (every game so
 * far), so a decision costs no allocation besides the table. */
enum { LTG_STACK_MOVES = 256 };

/* state:legal_ids([t]) -> t, n: the ids in t[1..n]. A loop passes the same
 * table every time, so a decision creates no garbage; entries after n are
 * left over from earlier calls, except t[n+1], which is cleared. */
static int ltg_state_legal_ids(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    int reuse = !lua_isnoneornil(L, 2);
    if (reuse)
        luaL_checktype(L, 2, LUA_TTABLE);
    size_t cap = tg_game_max_legal_moves(tg_state_game(st)), n = 0;
    tg_move small[LTG_STACK_MOVES];
    tg_move *buf = small;
    if (cap > LTG_STACK_MOVES)
        buf = lua_newuserdatauv(L, cap * sizeof *buf, 0);
    else
        cap = LTG_STACK_MOVES;
    ltg_check(L, tg_state_legal_moves(st, buf, cap, &n), NULL);
    if (reuse)
        lua_pushvalue(L, 2);
    else
        lua_createtable(L, (int)n, 0);
    for (size_t i = 0; i < n; i++) {
        lua_pushinteger(L, buf[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_pushnil(L);
    lua_rawseti(L, -2, (lua_Integer)n + 1);
    lua_pushinteger(L, (lua_Integer)n);
    return 2;
}

static int ltg_state_apply_id(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    lua_Integer m = luaL_checkinteger(L, 2);
    if (m < 0 || (uint64_t)m > UINT32_MAX)
        return ltg_raise(L, TG_E_ILLEGAL_MOVE, "move id out of range");
    ltg_check(L, tg_state_apply(st, (tg_move)m), st);
    return 0;
}

static int ltg_state_apply_chance_id(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    tg_move m = 0;
    ltg_check(L, tg_state_apply_chance(st, &m), st);
    lua_pushinteger(L, m);
    return 1;
}

static int ltg_state_playout(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    lua_Integer max = luaL_optinteger(L, 2, UINT32_MAX);
    if (max < 0 || (uint64_t)max > UINT32_MAX)
        return ltg_raise(L, TG_E_INVALID_ARGUMENT, "max_decisions is outside 0 .. 2^32-1");
    uint32_t made = 0;
    ltg_check(L, tg_state_playout(st, (uint32_t)max, &made), st);
    lua_pushinteger(L, made);
    return 1;
}

const luaL_Reg ltg_state_fast_methods[] = {
    { "legal_ids", ltg_state_legal_ids },
    { "apply_id", ltg_state_apply_id },
    { "apply_chance_id", ltg_state_apply_chance_id },
    { "playout", ltg_state_playout },
    { NULL, NULL },
};
