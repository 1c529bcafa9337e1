/* state:step([move]) and its view: one call into the library per decision.
 * tg_state_step() writes the next decision straight into a userdata the
 * state keeps (its second user value), so a step builds no table; the view
 * reads the moves from there: view[i], #view, ipairs(view), view.player,
 * view.applied. */
#include <stdint.h>
#include <string.h>

#include "ltg.h"

#define LTG_VIEW_MT "tablegames.StepView"
/* The state userdata's user value holding its view. */
enum { LTG_VIEW_SLOT = 2 };

typedef struct ltg_view {
    const ltg_state *owner; /* the state userdata that made it */
    int player;
    int has_applied; /* 0 until a step; 0 again after step_view() */
    tg_move applied;
    size_t n;
    size_t cap;
    tg_move moves[]; /* cap entries: tg_game_max_legal_moves() */
} ltg_view;

/* The open state at index 1; raises like ltg_check_state() otherwise.
 * A state userdata is known by its size and tag (see ltg.h), a check far
 * cheaper than comparing metatables; anything else takes the usual path,
 * which raises the usual message, and what passes that (a userdata given
 * the state metatable by the debug library) but lacks the tag is refused
 * as well. */
static ltg_state *ltg_step_state(lua_State *L)
{
    ltg_state *s = lua_touserdata(L, 1);
    /* 0 for a light userdata, whose pointer lua_touserdata() also gives */
    if (s == NULL || lua_rawlen(L, 1) != sizeof *s || s->tag != &ltg_state_tag ||
        s->state == NULL) {
        ltg_check_state(L, 1);
        s = lua_touserdata(L, 1);
        if (lua_rawlen(L, 1) != sizeof *s || s->tag != &ltg_state_tag)
            luaL_typeerror(L, 1, LTG_STATE_MT);
    }
    return s;
}

static size_t ltg_view_size(size_t cap)
{
    return sizeof(ltg_view) + (cap ? cap : 1) * sizeof(tg_move);
}

/* The state's view, made on its first use; left on the stack. The state
 * userdata's second user value holds it and s->view remembers which one it
 * made. debug.setuservalue() can put anything there, so what is found is
 * used only if it is that userdata still (same address, size and owner),
 * a check much cheaper than looking its metatable up by name. */
static ltg_view *ltg_view_of(lua_State *L, ltg_state *s)
{
    lua_getiuservalue(L, 1, LTG_VIEW_SLOT);
    ltg_view *have = lua_touserdata(L, -1);
    size_t len = lua_rawlen(L, -1);
    if (have != NULL && have == s->view && len >= sizeof *have && have->owner == s &&
        len == ltg_view_size(have->cap))
        return have;
    lua_pop(L, 1);
    size_t cap = tg_game_max_legal_moves(tg_state_game(s->state));
    ltg_view *v = lua_newuserdatauv(L, ltg_view_size(cap), 0);
    memset(v, 0, sizeof *v);
    v->owner = s;
    v->cap = cap;
    luaL_setmetatable(L, LTG_VIEW_MT);
    lua_pushvalue(L, -1);
    lua_setiuservalue(L, 1, LTG_VIEW_SLOT);
    s->view = v;
    return v;
}

/* Returns player, view, #view; ltg_view_of() left the view on top. The
 * count saves a loop the __len call that #view would make. */
static int ltg_push_step(lua_State *L, const ltg_view *v)
{
    lua_pushinteger(L, v->player);
    lua_pushvalue(L, -2);
    lua_pushinteger(L, (lua_Integer)v->n);
    return 3;
}

/* state:step([move]) -> player, view, #view. A move id plays it, a Move
 * too once it is found made for this position (ltg_check_move()); no move
 * (or nil) draws a chance outcome with the state's RNG. A refusal raises
 * and leaves the state and the view as they were. */
static int ltg_state_step(lua_State *L)
{
    ltg_state *s = ltg_step_state(L);
    tg_state *st = s->state;
    int chance = lua_isnoneornil(L, 2);
    int is_int = 1;
    lua_Integer m = chance ? 0 : lua_tointegerx(L, 2, &is_int);
    if (!is_int && ltg_is_move(L, 2))
        m = ltg_check_move(L, st, 2);
    else if (!is_int)
        m = luaL_checkinteger(L, 2); /* raises the usual message */
    if (m < 0 || (uint64_t)m > UINT32_MAX)
        return ltg_raise(L, TG_E_ILLEGAL_MOVE, "move id out of range");
    ltg_view *v = ltg_view_of(L, s);
    tg_move drawn = 0;
    tg_status status =
        chance ? tg_state_step_chance(st, &drawn, &v->player, v->moves, v->cap, &v->n)
               : tg_state_step(st, (tg_move)m, &v->player, v->moves, v->cap, &v->n);
    ltg_check(L, status, st);
    v->applied = chance ? drawn : (tg_move)m;
    v->has_applied = 1;
    return ltg_push_step(L, v);
}

/* state:step_view() -> player, view, #view: the view read for the position the
 * state is at, for a loop's first decision. */
static int ltg_state_step_view(lua_State *L)
{
    ltg_state *s = ltg_step_state(L);
    tg_state *st = s->state;
    lua_settop(L, 1);
    ltg_view *v = ltg_view_of(L, s);
    size_t n = 0;
    ltg_check(L, tg_state_legal_moves(st, v->moves, v->cap, &n), st);
    v->n = n;
    v->player = tg_state_current_player(st);
    v->has_applied = 0;
    return ltg_push_step(L, v);
}

const luaL_Reg ltg_state_step_methods[] = {
    { "step", ltg_state_step },
    { "step_view", ltg_state_step_view },
    { NULL, NULL },
};

/* The view at index 1 of one of its metamethods. The Lua VM passes the
 * view itself, and plain Lua cannot reach the functions to pass anything
 * else, since the metatable is protected (__metatable). Only the debug
 * library can, and it can also give any userdata any metatable, which
 * fools luaL_checkudata() as well; the cheap checks here still refuse
 * anything that is not a full userdata of a view's size, so that a mistake
 * is an error rather than a stray read. They matter: a name lookup in the
 * registry would cost more than the decision. */
static const ltg_view *ltg_check_view(lua_State *L)
{
    const ltg_view *v = lua_touserdata(L, 1);
    /* 0 for a light userdata, whose pointer lua_touserdata() also gives */
    size_t len = lua_rawlen(L, 1);
    if (v == NULL || len < sizeof *v || len != ltg_view_size(v->cap))
        luaL_checkudata(L, 1, LTG_VIEW_MT); /* raises the usual message */
    return v;
}

/* view[i] (1-based, nil outside 1..#view), view.player, view.applied. */
static int ltg_view_index(lua_State *L)
{
    const ltg_view *v = ltg_check_view(L);
    int is_int = 0;
    lua_Integer i = lua_tointegerx(L, 2, &is_int);
    if (is_int) {
        if (i >= 1 && (uint64_t)i <= v->n)
            lua_pushinteger(L, v->moves[i - 1]);
        else
            lua_pushnil(L);
        return 1;
    }
    const char *key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "";
    if (strcmp(key, "player") == 0)
        lua_pushinteger(L, v->player);
    else if (strcmp(key, "applied") == 0 && v->has_applied)
        lua_pushinteger(L, v->applied);
    else
        lua_pushnil(L);
    return 1;
}

static int ltg_view_len(lua_State *L)
{
    const ltg_view *v = ltg_check_view(L);
    lua_pushinteger(L, (lua_Integer)v->n);
    return 1;
}

static int ltg_view_newindex(lua_State *L)
{
    return luaL_error(L, "a step view is read-only (copy it into a table to change it)");
}

static int ltg_view_tostring(lua_State *L)
{
    const ltg_view *v = ltg_check_view(L);
    lua_pushfstring(L, "tablegames.StepView: player %d, %d moves", v->player, (int)v->n);
    return 1;
}

static const luaL_Reg ltg_view_meta[] = {
    { "__index", ltg_view_index },
    { "__len", ltg_view_len },
    { "__newindex", ltg_view_newindex },
    { "__tostring", ltg_view_tostring },
    { NULL, NULL },
};

void ltg_step_register(lua_State *L)
{
    luaL_newmetatable(L, LTG_VIEW_MT);
    luaL_setfuncs(L, ltg_view_meta, 0);
    lua_pushliteral(L, LTG_VIEW_MT);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
}
