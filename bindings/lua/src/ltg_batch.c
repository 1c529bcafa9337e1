/* The 1.4 research calls: the action numbering and utilities on a game,
 * action masks, utilities and information tensors on a state, and
 * tablegames.Batch, N games stepped by one call.
 *
 * A Batch owns its arrays (one block in its user value) and refills them
 * on every observe/step; its methods read one slot's row. Slots are
 * numbered from 0 like seats and ids; batch:step(actions) takes a
 * sequence whose entry i + 1 is slot i's action. Draws are named:
 * "zero" (the default) or "shared". */
#include <limits.h>
#include <string.h>

#include "ltg.h"

static const char *const ltg_draws[] = { "zero", "shared", NULL };

static int ltg_draw_arg(lua_State *L, int idx)
{
    return luaL_checkoption(L, idx, "zero", ltg_draws); /* TG_DRAW_ZERO, TG_DRAW_SHARED */
}

/* ---- game methods ------------------------------------------------------------ */

/* game:action_move(who, action) -> id: who a seat or tablegames.CHANCE. */
static int ltg_game_action_move(lua_State *L)
{
    tg_game *g = ltg_check_game(L, 1);
    lua_Integer who = luaL_checkinteger(L, 2), action = luaL_checkinteger(L, 3);
    tg_move m = 0;
    if (who < INT_MIN || who > INT_MAX || action < 0 || (lua_Unsigned)action > UINT32_MAX)
        return ltg_raise(L, TG_E_INVALID_ARGUMENT, "action_move: out of range");
    ltg_check(L, tg_game_action_move(g, (int)who, (uint32_t)action, &m), NULL);
    lua_pushinteger(L, m);
    return 1;
}

/* game:move_action(id) -> the action (a player's id) or outcome (chance's). */
static int ltg_game_move_action(lua_State *L)
{
    tg_game *g = ltg_check_game(L, 1);
    lua_Integer m = luaL_checkinteger(L, 2);
    uint32_t a = 0;
    if (m < 0 || (lua_Unsigned)m > UINT32_MAX)
        return ltg_raise(L, TG_E_INVALID_ARGUMENT, "move_action: id out of range");
    ltg_check(L, tg_game_move_action(g, (tg_move)m, &a), NULL);
    lua_pushinteger(L, a);
    return 1;
}

/* game:utility_sum([draw]) -> the sum of every end's utilities, or nil
 * when it differs between ends. */
static int ltg_game_utility_sum(lua_State *L)
{
    tg_game *g = ltg_check_game(L, 1);
    double sum = 0;
    int k = tg_game_utility_sum(g, ltg_draw_arg(L, 2), &sum);
    ltg_check(L, k < 0 ? k : TG_OK, NULL);
    if (k)
        lua_pushnumber(L, sum);
    else
        lua_pushnil(L);
    return 1;
}

static int ltg_game_information_tensor_size(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)tg_game_information_tensor_size(ltg_check_game(L, 1)));
    return 1;
}

/* ---- state methods ------------------------------------------------------------- */

/* state:action_mask() -> sequence of player_move_count integers 0/1. */
static int ltg_state_action_mask(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    return ltg_push_mask(L, st, tg_game_player_move_count(tg_state_game(st)),
                         tg_state_action_mask);
}

/* state:utilities([draw]) -> sequence of one number per seat. */
static int ltg_state_utilities(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    double u[TG_MAX_PLAYERS];
    size_t n = 0;
    ltg_check(L, tg_state_utilities(st, ltg_draw_arg(L, 2), u, TG_MAX_PLAYERS, &n), st);
    lua_createtable(L, (int)n, 0);
    for (size_t i = 0; i < n; i++) {
        lua_pushnumber(L, u[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

static int ltg_state_is_truncated(lua_State *L)
{
    int k = tg_state_is_truncated(ltg_check_state(L, 1));
    ltg_check(L, k < 0 ? k : TG_OK, NULL);
    lua_pushboolean(L, k);
    return 1;
}

/* state:information_tensor(seat [, buffer]): the buffer filled, or a table. */
static int ltg_state_information_tensor(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    int seat = ltg_check_viewer(L, st, 2, "information_tensor", LTG_VIEWER_SEAT);
    size_t n = tg_game_information_tensor_size(tg_state_game(st));
    if (!lua_isnoneornil(L, 3)) {
        size_t cap = 0;
        float *out = ltg_check_floats(L, 3, &cap);
        ltg_check(L, tg_state_information_tensor(st, seat, out, cap), st);
        lua_settop(L, 3);
        return 1;
    }
    float *tmp = lua_newuserdatauv(L, (n > 0 ? n : 1) * sizeof *tmp, 0);
    ltg_check(L, tg_state_information_tensor(st, seat, tmp, n), st);
    return ltg_push_floats(L, tmp, n, 0);
}

/* ---- Batch --------------------------------------------------------------------- */

typedef struct ltg_batch {
    tg_batch *batch;
    size_t n, players, actions, obs, info;
    tg_batch_buffers bufs; /* into the block in the user value */
    uint32_t *act;
} ltg_batch;

static ltg_batch *ltg_batch_ud(lua_State *L, int idx)
{
    ltg_batch *b = luaL_checkudata(L, idx, LTG_BATCH_MT);
    if (b->batch == NULL)
        luaL_error(L, "attempt to use a closed batch");
    return b;
}

static size_t ltg_slot_arg(lua_State *L, const ltg_batch *b, int idx)
{
    lua_Integer i = luaL_checkinteger(L, idx);
    if (i < 0 || (lua_Unsigned)i >= b->n)
        ltg_raise(L, TG_E_INVALID_ARGUMENT, "slot out of range");
    return (size_t)i;
}

/* Raises with the batch call's message. */
static void ltg_batch_check(lua_State *L, tg_status s, const char *err)
{
    if (s < 0)
        ltg_raise(L, s, err);
}

/* Lays the arrays out in one block, aligned for the doubles first. */
static void ltg_batch_arrays(lua_State *L, ltg_batch *b)
{
    size_t n = b->n;
    size_t sizes[] = { n * b->players * sizeof(double), n * b->obs * sizeof(float),
                       n * b->info * sizeof(float), n * sizeof(int32_t), n * sizeof(uint32_t),
                       n * b->actions, n };
    size_t total = 0;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        total += (sizes[i] + 7) / 8 * 8;
    unsigned char *p = lua_newuserdatauv(L, total > 0 ? total : 1, 0);
    memset(p, 0, total);
    lua_setiuservalue(L, -2, 1);
    tg_batch_buffers bufs = TG_BATCH_BUFFERS_INIT;
    unsigned char *at[7];
    for (size_t i = 0; i < 7; i++) {
        at[i] = p;
        p += (sizes[i] + 7) / 8 * 8;
    }
    bufs.rewards = (double *)(void *)at[0];
    bufs.observation = (float *)(void *)at[1];
    bufs.information = (float *)(void *)at[2];
    bufs.player = (int32_t *)(void *)at[3];
    b->act = (uint32_t *)(void *)at[4];
    /* Bytes, never mask_bits: batch:mask(i) hands a slot's mask to Lua as
     * a table of integers, one per action, so bits would only be unpacked
     * again, and the copy into the table costs far more than the row (the
     * same reason the observations stay floats here, not observation_u8). */
    bufs.mask = at[5];
    bufs.done = at[6];
    b->bufs = bufs;
}

/* game:batch(size, first_seed [, {draw = "zero"|"shared"}]) -> Batch, its
 * rows already observed. */
static int ltg_game_batch(lua_State *L)
{
    tg_game *g = ltg_check_game(L, 1);
    lua_Integer size = luaL_checkinteger(L, 2);
    uint64_t seed = (uint64_t)luaL_optinteger(L, 3, 0);
    tg_batch_params params;
    ltg_check(L, tg_batch_params_init(&params, TG_BATCH_PARAMS_VERSION, NULL, 0), NULL);
    if (!lua_isnoneornil(L, 4)) {
        luaL_checktype(L, 4, LUA_TTABLE);
        lua_getfield(L, 4, "draw");
        params.draw = ltg_draw_arg(L, -1);
        lua_pop(L, 1);
    }
    if (size < 1 || size > (1 << 20))
        return ltg_raise(L, size < 1 ? TG_E_INVALID_ARGUMENT : TG_E_TOO_LARGE,
                         "batch size must be 1 .. 1048576");
    ltg_batch *b = lua_newuserdatauv(L, sizeof *b, 1);
    memset(b, 0, sizeof *b);
    luaL_setmetatable(L, LTG_BATCH_MT);
    b->n = (size_t)size;
    b->players = (size_t)tg_game_players(g);
    b->actions = tg_game_player_move_count(g);
    b->obs = tg_game_observation_tensor_size(g);
    b->info = tg_game_information_tensor_size(g);
    ltg_batch_arrays(L, b);
    char err[LTG_ERRBUF_SIZE] = "";
    ltg_batch_check(L, tg_batch_new(g, b->n, seed, &params, &b->batch, err, sizeof err), err);
    ltg_batch_check(L, tg_batch_observe(b->batch, 0, b->n, &b->bufs, err, sizeof err), err);
    return 1;
}

static int ltg_batch_close(lua_State *L)
{
    ltg_batch *b = luaL_checkudata(L, 1, LTG_BATCH_MT);
    tg_batch_free(b->batch);
    b->batch = NULL;
    return 0;
}

static int ltg_batch_size(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)tg_batch_size(ltg_batch_ud(L, 1)->batch));
    return 1;
}

/* batch:step(actions): actions[i + 1] is slot i's. */
static int ltg_batch_step(lua_State *L)
{
    ltg_batch *b = ltg_batch_ud(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    for (size_t i = 0; i < b->n; i++) {
        int isnum = 0;
        lua_rawgeti(L, 2, (lua_Integer)i + 1);
        lua_Integer a = lua_tointegerx(L, -1, &isnum);
        lua_pop(L, 1);
        if (!isnum || a < 0 || (lua_Unsigned)a > UINT32_MAX)
            return ltg_raise(L, TG_E_INVALID_ARGUMENT, "step: actions[i + 1] must be an action");
        b->act[i] = (uint32_t)a;
    }
    char err[LTG_ERRBUF_SIZE] = "";
    ltg_batch_check(L, tg_batch_step(b->batch, 0, b->n, b->act, &b->bufs, err, sizeof err), err);
    return 0;
}

static int ltg_batch_observe(lua_State *L)
{
    ltg_batch *b = ltg_batch_ud(L, 1);
    char err[LTG_ERRBUF_SIZE] = "";
    ltg_batch_check(L, tg_batch_observe(b->batch, 0, b->n, &b->bufs, err, sizeof err), err);
    return 0;
}

/* batch:reset(first_seed): every slot again, its rows observed. */
static int ltg_batch_reset(lua_State *L)
{
    ltg_batch *b = ltg_batch_ud(L, 1);
    ltg_batch_check(L, tg_batch_reset(b->batch, (uint64_t)luaL_optinteger(L, 2, 0)), NULL);
    return ltg_batch_observe(L);
}

static int ltg_batch_player(lua_State *L)
{
    ltg_batch *b = ltg_batch_ud(L, 1);
    lua_pushinteger(L, b->bufs.player[ltg_slot_arg(L, b, 2)]);
    return 1;
}

static int ltg_batch_mask(lua_State *L)
{
    ltg_batch *b = ltg_batch_ud(L, 1);
    const uint8_t *m = b->bufs.mask + ltg_slot_arg(L, b, 2) * b->actions;
    lua_createtable(L, (int)(b->actions < INT_MAX ? b->actions : INT_MAX), 0);
    for (size_t a = 0; a < b->actions; a++) {
        lua_pushinteger(L, m[a]);
        lua_rawseti(L, -2, (lua_Integer)a + 1);
    }
    return 1;
}

static int ltg_batch_observation(lua_State *L)
{
    ltg_batch *b = ltg_batch_ud(L, 1);
    size_t i = ltg_slot_arg(L, b, 2);
    return ltg_push_floats(L, b->bufs.observation + i * b->obs, b->obs, 3);
}

static int ltg_batch_information(lua_State *L)
{
    ltg_batch *b = ltg_batch_ud(L, 1);
    size_t i = ltg_slot_arg(L, b, 2);
    return ltg_push_floats(L, b->bufs.information + i * b->info, b->info, 3);
}

static int ltg_batch_rewards(lua_State *L)
{
    ltg_batch *b = ltg_batch_ud(L, 1);
    const double *r = b->bufs.rewards + ltg_slot_arg(L, b, 2) * b->players;
    lua_createtable(L, (int)b->players, 0);
    for (size_t p = 0; p < b->players; p++) {
        lua_pushnumber(L, r[p]);
        lua_rawseti(L, -2, (lua_Integer)p + 1);
    }
    return 1;
}

/* batch:done(slot) -> "running", "ended" or "truncated". */
static int ltg_batch_done(lua_State *L)
{
    static const char *const words[] = { "running", "ended", "truncated" };
    ltg_batch *b = ltg_batch_ud(L, 1);
    uint8_t d = b->bufs.done[ltg_slot_arg(L, b, 2)];
    lua_pushstring(L, words[d <= TG_BATCH_TRUNCATED ? d : 0]);
    return 1;
}

static int ltg_batch_seed(lua_State *L)
{
    ltg_batch *b = ltg_batch_ud(L, 1);
    uint64_t seed = 0;
    ltg_batch_check(L, tg_batch_seed(b->batch, ltg_slot_arg(L, b, 2), &seed), NULL);
    lua_pushinteger(L, (lua_Integer)seed);
    return 1;
}

/* batch:state(slot) -> a State of its own: a copy of the slot's position. */
static int ltg_batch_state(lua_State *L)
{
    ltg_batch *b = ltg_batch_ud(L, 1);
    const tg_state *slot = tg_batch_state(b->batch, ltg_slot_arg(L, b, 2));
    tg_state *copy = NULL;
    ltg_check(L, tg_state_clone(slot, &copy), slot);
    ltg_push_state(L, copy, 0);
    return 1;
}

static int ltg_batch_tostring(lua_State *L)
{
    ltg_batch *b = luaL_checkudata(L, 1, LTG_BATCH_MT);
    if (b->batch == NULL)
        lua_pushliteral(L, "tablegames.Batch (closed)");
    else
        lua_pushfstring(L, "tablegames.Batch(%s, %d slots)",
                        tg_game_id(tg_batch_game(b->batch)), (int)b->n);
    return 1;
}

static const luaL_Reg ltg_batch_methods[] = {
    { "size", ltg_batch_size },
    { "step", ltg_batch_step },
    { "observe", ltg_batch_observe },
    { "reset", ltg_batch_reset },
    { "player", ltg_batch_player },
    { "mask", ltg_batch_mask },
    { "observation", ltg_batch_observation },
    { "information", ltg_batch_information },
    { "rewards", ltg_batch_rewards },
    { "done", ltg_batch_done },
    { "seed", ltg_batch_seed },
    { "state", ltg_batch_state },
    { "close", ltg_batch_close },
    { NULL, NULL },
};

static const luaL_Reg ltg_batch_meta[] = {
    { "__gc", ltg_batch_close },
    { "__close", ltg_batch_close },
    { "__tostring", ltg_batch_tostring },
    { NULL, NULL },
};

const luaL_Reg ltg_game_batch_methods[] = {
    { "action_move", ltg_game_action_move },
    { "move_action", ltg_game_move_action },
    { "utility_sum", ltg_game_utility_sum },
    { "information_tensor_size", ltg_game_information_tensor_size },
    { "batch", ltg_game_batch },
    { NULL, NULL },
};

const luaL_Reg ltg_state_batch_methods[] = {
    { "action_mask", ltg_state_action_mask },
    { "utilities", ltg_state_utilities },
    { "is_truncated", ltg_state_is_truncated },
    { "information_tensor", ltg_state_information_tensor },
    { NULL, NULL },
};

void ltg_batch_register(lua_State *L)
{
    luaL_newmetatable(L, LTG_BATCH_MT);
    luaL_setfuncs(L, ltg_batch_meta, 0);
    luaL_newlib(L, ltg_batch_methods);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
}
