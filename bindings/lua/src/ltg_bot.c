/* Bot userdata: tablegames.Bot(game, seat, {level =, simulations =,
 * seconds =, seed =, memory =}) with choose, hint, stop and params. */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "ltg.h"

static const char *const ltg_bot_levels[] = { "random", "easy", "medium", "hard", NULL };
/* tg_bot_memory's values, in order. */
static const char *const ltg_bot_memory[] = { "default", "full", "last", NULL };

static ltg_bot *ltg_bot_ud(lua_State *L, int idx)
{
    return luaL_checkudata(L, idx, LTG_BOT_MT);
}

static tg_bot *ltg_check_bot(lua_State *L, int idx)
{
    ltg_bot *b = ltg_bot_ud(L, idx);
    if (b->bot == NULL)
        luaL_error(L, "attempt to use a closed bot");
    return b->bot;
}

/* Reads the optional settings table at idx into params. */
static void ltg_bot_params_arg(lua_State *L, int idx, tg_bot_params *params)
{
    if (lua_isnoneornil(L, idx))
        return;
    luaL_checktype(L, idx, LUA_TTABLE);
    if (lua_getfield(L, idx, "level") != LUA_TNIL)
        params->level = (tg_bot_level)luaL_checkoption(L, -1, NULL, ltg_bot_levels);
    lua_pop(L, 1);
    if (lua_getfield(L, idx, "simulations") != LUA_TNIL) {
        lua_Integer n = luaL_checkinteger(L, -1);
        if (n < 0 || (uint64_t)n > UINT32_MAX)
            ltg_raise(L, TG_E_INVALID_ARGUMENT, "simulations out of range");
        params->simulations = (uint32_t)n;
    }
    lua_pop(L, 1);
    if (lua_getfield(L, idx, "seconds") != LUA_TNIL) {
        lua_Number s = luaL_checknumber(L, -1);
        if (!(s >= 0) || isinf(s))
            ltg_raise(L, TG_E_INVALID_ARGUMENT, "seconds must be finite and not negative");
        params->seconds = (double)s;
    }
    lua_pop(L, 1);
    if (lua_getfield(L, idx, "seed") != LUA_TNIL)
        params->seed = (uint64_t)luaL_checkinteger(L, -1);
    lua_pop(L, 1);
    if (lua_getfield(L, idx, "memory") != LUA_TNIL)
        params->memory = (tg_bot_memory)luaL_checkoption(L, -1, NULL, ltg_bot_memory);
    lua_pop(L, 1);
}

/* Raises for a negative status with the bot's message. */
static void ltg_bot_check(lua_State *L, tg_status status, const tg_bot *bot)
{
    if (status < 0)
        ltg_raise(L, status, tg_bot_last_error(bot));
}

int ltg_bot_new(lua_State *L)
{
    tg_game *game = ltg_check_game(L, 1);
    lua_Integer seat = luaL_checkinteger(L, 2);
    tg_bot_params params;
    tg_bot *bot = NULL;
    ltg_bot *b;
    char err[LTG_ERRBUF_SIZE];
    tg_bot_params_init_v2(&params, TG_BOT_PARAMS_VERSION, NULL, 0);
    ltg_bot_params_arg(L, 3, &params);
    if (seat < INT_MIN || seat > INT_MAX)
        return ltg_raise(L, TG_E_INVALID_ARGUMENT, "seat out of range");
    /* The userdata exists before the bot, so a failure to allocate it
     * cannot leak a bot. */
    b = lua_newuserdatauv(L, sizeof *b, 1);
    b->bot = NULL;
    luaL_setmetatable(L, LTG_BOT_MT);
    tg_status status = tg_bot_new_v2(game, (int)seat, &params, &bot, err, sizeof err);
    if (status < 0)
        return ltg_raise(L, status, err);
    b->bot = bot;
    lua_pushvalue(L, 1);
    lua_setiuservalue(L, -2, 1);
    return 1;
}

static int ltg_bot_close(lua_State *L)
{
    ltg_bot *b = ltg_bot_ud(L, 1);
    tg_bot_free(b->bot);
    b->bot = NULL;
    return 0;
}

static int ltg_bot_is_closed(lua_State *L)
{
    lua_pushboolean(L, ltg_bot_ud(L, 1)->bot == NULL);
    return 1;
}

/* The bot's move for its seat; returns its id and text. */
static int ltg_bot_choose(lua_State *L)
{
    tg_bot *bot = ltg_check_bot(L, 1);
    const tg_state *st = ltg_check_state(L, 2);
    tg_move m = 0;
    ltg_bot_check(L, tg_bot_choose(bot, st, &m), bot);
    lua_pushinteger(L, m);
    ltg_push_move_text(L, st, m);
    return 2;
}

static tg_status ltg_hint_fill(void *bot, const tg_state *st, tg_move *moves, double *scores,
                               size_t cap, size_t *count)
{
    return tg_bot_hint(bot, st, moves, scores, cap, count);
}

/* The legal moves best first, as a sequence of {move =, score =, text =}. */
static int ltg_bot_hint(lua_State *L)
{
    tg_bot *bot = ltg_check_bot(L, 1);
    return ltg_push_scored_moves(L, ltg_check_state(L, 2), ltg_hint_fill, bot, "score", bot);
}

/* Lua runs one thread of C at a time, so stop() matters only for hosts
 * that drive the same bot from several OS threads; it is offered for
 * completeness and is harmless otherwise. */
static int ltg_bot_stop(lua_State *L)
{
    tg_bot_stop(ltg_check_bot(L, 1));
    return 0;
}

static int ltg_bot_last_simulations(lua_State *L)
{
    lua_pushinteger(L, tg_bot_last_simulations(ltg_check_bot(L, 1)));
    return 1;
}

/* The bot's settings with the level's defaults filled in: {level =,
 * simulations =, seconds =, seed =, memory =}. */
static int ltg_bot_params(lua_State *L)
{
    tg_bot *bot = ltg_check_bot(L, 1);
    tg_bot_params p;
    tg_bot_params_init_v2(&p, TG_BOT_PARAMS_VERSION, NULL, 0);
    ltg_bot_check(L, tg_bot_get_params(bot, &p), bot);
    lua_createtable(L, 0, 5);
    lua_pushstring(L, (unsigned)p.level <= TG_BOT_HARD ? ltg_bot_levels[p.level] : "unknown");
    lua_setfield(L, -2, "level");
    lua_pushinteger(L, p.simulations);
    lua_setfield(L, -2, "simulations");
    lua_pushnumber(L, p.seconds);
    lua_setfield(L, -2, "seconds");
    lua_pushinteger(L, (lua_Integer)p.seed);
    lua_setfield(L, -2, "seed");
    lua_pushstring(L, (unsigned)p.memory <= TG_BOT_MEMORY_LAST ? ltg_bot_memory[p.memory]
                                                               : "unknown");
    lua_setfield(L, -2, "memory");
    return 1;
}

static int ltg_bot_game(lua_State *L)
{
    ltg_check_bot(L, 1);
    lua_getiuservalue(L, 1, 1);
    return 1;
}

static int ltg_bot_tostring(lua_State *L)
{
    ltg_bot *b = ltg_bot_ud(L, 1);
    if (b->bot == NULL)
        lua_pushliteral(L, "tablegames.Bot (closed)");
    else
        lua_pushfstring(L, "tablegames.Bot (%p)", (void *)b->bot);
    return 1;
}

static const luaL_Reg ltg_bot_methods[] = {
    { "choose", ltg_bot_choose },
    { "hint", ltg_bot_hint },
    { "stop", ltg_bot_stop },
    { "last_simulations", ltg_bot_last_simulations },
    { "params", ltg_bot_params },
    { "game", ltg_bot_game },
    { "close", ltg_bot_close },
    { "is_closed", ltg_bot_is_closed },
    { NULL, NULL },
};

static const luaL_Reg ltg_bot_meta[] = {
    { "__gc", ltg_bot_close },
    { "__close", ltg_bot_close },
    { "__tostring", ltg_bot_tostring },
    { NULL, NULL },
};

void ltg_bot_register(lua_State *L)
{
    luaL_newmetatable(L, LTG_BOT_MT);
    luaL_setfuncs(L, ltg_bot_meta, 0);
    luaL_newlib(L, ltg_bot_methods);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
}
