/* State userdata: decisions, chance, undo, views and saving. Player
 * numbers and move ids are the C API's (players from 0); lists are Lua
 * sequences, so returns()[1] is player 0's result. */
#include <limits.h>
#include <string.h>

#include "ltg.h"

const char ltg_state_tag = 's';

static ltg_state *ltg_state_ud(lua_State *L, int idx)
{
    return luaL_checkudata(L, idx, LTG_STATE_MT);
}

tg_state *ltg_check_state(lua_State *L, int idx)
{
    ltg_state *s = ltg_state_ud(L, idx);
    if (s->state == NULL)
        luaL_error(L, "attempt to use a closed state");
    return s->state;
}

void ltg_push_state(lua_State *L, tg_state *st, int game_idx)
{
    ltg_state *s;
    if (game_idx != 0)
        game_idx = lua_absindex(L, game_idx);
    s = lua_newuserdatauv(L, sizeof *s, 2);
    s->state = st;
    s->view = NULL;
    s->tag = &ltg_state_tag;
    luaL_setmetatable(L, LTG_STATE_MT);
    if (game_idx != 0) {
        lua_pushvalue(L, game_idx);
        lua_setiuservalue(L, -2, 1);
    }
}

static uint64_t ltg_seed_arg(lua_State *L, int idx)
{
    /* Any integer is a seed; negative ones wrap, as they would in C. */
    return (uint64_t)luaL_optinteger(L, idx, 0);
}

/* The string at idx, or NULL when there is none there (numbers are not
 * turned into strings); *whole is 0 for a text that C would cut short at an
 * embedded NUL. */
static const char *ltg_text_arg(lua_State *L, int idx, int *whole)
{
    size_t len;
    const char *text;
    if (lua_type(L, idx) != LUA_TSTRING)
        return NULL;
    text = lua_tolstring(L, idx, &len);
    *whole = strlen(text) == len;
    return text;
}

/* A move as an id or as its text; ids beyond 32 bits would wrap in C. */
static tg_move ltg_move_arg(lua_State *L, tg_state *st, int idx)
{
    int whole = 0;
    const char *text = ltg_text_arg(L, idx, &whole);
    if (ltg_is_move(L, idx))
        return ltg_check_move(L, st, idx);
    if (text != NULL) {
        tg_move m = 0;
        if (!whole)
            ltg_raise(L, TG_E_PARSE, "move text contains a NUL character");
        ltg_check(L, tg_state_parse_move(st, text, &m), st);
        return m;
    }
    lua_Integer m = luaL_checkinteger(L, idx);
    if (m < 0 || (uint64_t)m > UINT32_MAX)
        ltg_raise(L, TG_E_ILLEGAL_MOVE, "move id out of range");
    return (tg_move)m;
}

void ltg_push_move_text(lua_State *L, const tg_state *st, tg_move m)
{
    char small[64];
    size_t len = 0;
    tg_status status = tg_state_move_text(st, m, small, sizeof small, &len);
    if (status == TG_OK) {
        lua_pushlstring(L, small, len);
    } else if (status == TG_E_BUFFER_TOO_SMALL) {
        char *big = lua_newuserdatauv(L, len + 1, 0);
        ltg_check(L, tg_state_move_text(st, m, big, len + 1, &len), st);
        lua_pushlstring(L, big, len);
        lua_remove(L, -2);
    } else {
        lua_pushfstring(L, "#%d", (int)m);
    }
}

/* Fills a move list with one of the list-style calls, growing the buffer
 * when needed. The buffer is a userdata left on the stack. */
typedef tg_status (*ltg_list_fn)(const tg_state *st, tg_move *buf, size_t cap, size_t *count);

static tg_move *ltg_move_list(lua_State *L, const tg_state *st, ltg_list_fn fn, size_t cap,
                              size_t *count)
{
    for (;;) {
        tg_move *buf = lua_newuserdatauv(L, (cap > 0 ? cap : 1) * sizeof *buf, 0);
        tg_status status = fn(st, buf, cap, count);
        if (status == TG_E_BUFFER_TOO_SMALL && *count > cap) {
            lua_pop(L, 1);
            cap = *count;
            continue;
        }
        ltg_check(L, status, st);
        return buf;
    }
}

static void ltg_push_ids(lua_State *L, const tg_move *moves, size_t n)
{
    lua_createtable(L, (int)n, 0);
    for (size_t i = 0; i < n; i++) {
        lua_pushinteger(L, moves[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
}

/* Runs one of the calls that return a tg_free() text and pushes it as a
 * string (json == 0) or parsed into Lua values. */
typedef tg_status (*ltg_view_fn)(const tg_state *st, int viewer, char **out, size_t *len);

static int ltg_push_view(lua_State *L, const tg_state *st, ltg_view_fn fn, int viewer, int json)
{
    ltg_owned *buf = ltg_push_owned(L, tg_free);
    char *text = NULL;
    size_t len = 0;
    ltg_check(L, fn(st, viewer, &text, &len), st);
    buf->ptr = text;
    ltg_push_owned_text(L, buf, len, json);
    return 1;
}

/* ---- making, closing, copying ---------------------------------------- */

int ltg_state_new_from_game(lua_State *L)
{
    tg_game *game = ltg_check_game(L, 1);
    tg_state *st = NULL;
    ltg_check(L, tg_state_new(game, ltg_seed_arg(L, 2), &st), NULL);
    ltg_push_state(L, st, 1);
    return 1;
}

static int ltg_state_close(lua_State *L)
{
    ltg_state *s = ltg_state_ud(L, 1);
    tg_state_free(s->state);
    s->state = NULL;
    return 0;
}

static int ltg_state_is_closed(lua_State *L)
{
    lua_pushboolean(L, ltg_state_ud(L, 1)->state == NULL);
    return 1;
}

static int ltg_state_clone(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    tg_state *copy = NULL;
    ltg_check(L, tg_state_clone(st, &copy), st);
    lua_getiuservalue(L, 1, 1);
    ltg_push_state(L, copy, lua_isnil(L, -1) ? 0 : -1);
    return 1;
}

static int ltg_state_copy_from(lua_State *L)
{
    tg_state *dst = ltg_check_state(L, 1);
    ltg_check(L, tg_state_copy(dst, ltg_check_state(L, 2)), dst);
    return 0;
}

static int ltg_state_reset(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    ltg_check(L, tg_state_reset(st, ltg_seed_arg(L, 2)), st);
    return 0;
}

static int ltg_state_seed(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    luaL_checkinteger(L, 2);
    ltg_check(L, tg_state_seed(st, ltg_seed_arg(L, 2)), st);
    return 0;
}

/* The game userdata; for a loaded state, a reference to the very game the
 * library made for it (with its allocator), taken on first use. */
static int ltg_state_game(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    lua_getiuservalue(L, 1, 1);
    if (lua_isnil(L, -1) || ((ltg_game *)luaL_checkudata(L, -1, LTG_GAME_MT))->game == NULL) {
        /* The userdata first, so a failure to allocate it cannot leak the reference. */
        ltg_push_game(L, NULL);
        ((ltg_game *)lua_touserdata(L, -1))->game = tg_game_ref(tg_state_game(st));
        lua_pushvalue(L, -1);
        lua_setiuservalue(L, 1, 1);
    }
    return 1;
}

/* ---- whose turn, results ------------------------------------------------ */

/* The methods that read one value off the state share one C function; its
 * upvalue (an index into ltg_state_value_names) says which value. */
enum ltg_state_value {
    LTG_CURRENT_PLAYER, LTG_IS_CHANCE, LTG_IS_TERMINAL, LTG_MOVE_NUMBER, LTG_PLAYERS,
    LTG_HISTORY_LENGTH, LTG_LAST_ERROR, LTG_VALUE_COUNT
};
static const char *const ltg_state_value_names[LTG_VALUE_COUNT] = {
    "current_player", "is_chance", "is_terminal", "move_number", "players",
    "history_length", "last_error",
};

static int ltg_state_value(lua_State *L)
{
    const tg_state *st = ltg_check_state(L, 1);
    switch (lua_tointeger(L, lua_upvalueindex(1))) {
    case LTG_CURRENT_PLAYER:
        lua_pushinteger(L, tg_state_current_player(st));
        break;
    case LTG_IS_CHANCE:
        lua_pushboolean(L, tg_state_current_player(st) == TG_PLAYER_CHANCE);
        break;
    case LTG_IS_TERMINAL:
        lua_pushboolean(L, tg_state_is_terminal(st));
        break;
    case LTG_MOVE_NUMBER:
        lua_pushinteger(L, tg_state_move_number(st));
        break;
    case LTG_PLAYERS:
        lua_pushinteger(L, tg_game_players(tg_state_game(st)));
        break;
    case LTG_HISTORY_LENGTH:
        lua_pushinteger(L, tg_state_history_length(st));
        break;
    default:
        lua_pushstring(L, tg_state_last_error(st));
        break;
    }
    return 1;
}

static int ltg_state_winners(lua_State *L)
{
    uint32_t mask = 0;
    lua_Integer n = 0;
    tg_state *st = ltg_check_state(L, 1);
    ltg_check(L, tg_state_winners(st, &mask), st);
    lua_newtable(L);
    for (int p = 0; p < 32; p++) {
        if (mask >> p & 1u) {
            lua_pushinteger(L, p);
            lua_rawseti(L, -2, ++n);
        }
    }
    return 1;
}

static int ltg_state_returns(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    double r[TG_MAX_PLAYERS];
    size_t n = 0;
    ltg_check(L, tg_state_returns_v2(st, r, TG_MAX_PLAYERS, &n), st);
    lua_createtable(L, (int)n, 0);
    for (size_t p = 0; p < n; p++) {
        lua_pushnumber(L, r[p]);
        lua_rawseti(L, -2, (lua_Integer)p + 1);
    }
    return 1;
}

/* ---- moves ---------------------------------------------------------------- */

/* Returns the legal moves' ids and, as a second sequence, their texts. */
static int ltg_state_legal_moves(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    size_t n = 0;
    tg_move *moves = ltg_move_list(L, st, tg_state_legal_moves,
                                   tg_game_max_legal_moves(tg_state_game(st)), &n);
    ltg_push_ids(L, moves, n);
    lua_createtable(L, (int)n, 0);
    for (size_t i = 0; i < n; i++) {
        ltg_push_move_text(L, st, moves[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 2;
}

static int ltg_state_is_legal(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    int whole = 0, legal;
    const char *text = ltg_text_arg(L, 2, &whole);
    if (text != NULL) {
        tg_move m = 0;
        legal = whole && tg_state_parse_move(st, text, &m) == TG_OK;
    } else if (ltg_is_move(L, 2)) { /* false for a Move made for another position */
        legal = ltg_move_fits(L, st, 2) && tg_state_is_legal(st, ltg_check_move(L, st, 2)) == TG_OK;
    } else {
        lua_Integer id = luaL_checkinteger(L, 2);
        legal = id >= 0 && (uint64_t)id <= UINT32_MAX && tg_state_is_legal(st, (tg_move)id) == TG_OK;
    }
    lua_pushboolean(L, legal);
    return 1;
}

static int ltg_state_move_text(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    tg_move m = ltg_move_arg(L, st, 2);
    ltg_check(L, tg_state_is_legal(st, m), st);
    ltg_push_move_text(L, st, m);
    return 1;
}

static int ltg_state_parse_move(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    luaL_checktype(L, 2, LUA_TSTRING);
    lua_pushinteger(L, ltg_move_arg(L, st, 2));
    return 1;
}

/* Applies a move (id or text); returns its id and text. */
static int ltg_state_apply(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    tg_move m = ltg_move_arg(L, st, 2);
    if (tg_state_is_legal(st, m) == TG_OK)
        ltg_push_move_text(L, st, m);
    else
        lua_pushliteral(L, "");
    ltg_check(L, tg_state_apply(st, m), st);
    lua_pushinteger(L, m);
    lua_insert(L, -2);
    return 2;
}

int ltg_push_scored_moves(lua_State *L, const tg_state *st, ltg_scored_fn fn, void *ctx,
                          const char *value_key, const tg_bot *bot)
{
    const tg_game *g = tg_state_game(st);
    size_t cap = tg_game_max_chance_outcomes(g);
    size_t n = 0;
    tg_status status;
    tg_move *moves;
    double *values;
    if (cap < tg_game_max_legal_moves(g))
        cap = tg_game_max_legal_moves(g);
    for (;;) {
        moves = lua_newuserdatauv(L, (cap > 0 ? cap : 1) * sizeof *moves, 0);
        values = lua_newuserdatauv(L, (cap > 0 ? cap : 1) * sizeof *values, 0);
        status = fn(ctx, st, moves, values, cap, &n);
        if (status != TG_E_BUFFER_TOO_SMALL || n <= cap)
            break;
        lua_pop(L, 2);
        cap = n;
    }
    if (status < 0)
        ltg_raise(L, status, bot != NULL ? tg_bot_last_error(bot) : tg_state_last_error(st));
    lua_createtable(L, (int)n, 0);
    for (size_t i = 0; i < n; i++) {
        lua_createtable(L, 0, 3);
        lua_pushinteger(L, moves[i]);
        lua_setfield(L, -2, "move");
        lua_pushnumber(L, values[i]);
        lua_setfield(L, -2, value_key);
        ltg_push_move_text(L, st, moves[i]);
        lua_setfield(L, -2, "text");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

static tg_status ltg_chance_fill(void *ctx, const tg_state *st, tg_move *moves, double *probs,
                                 size_t cap, size_t *count)
{
    (void)ctx;
    return tg_state_chance_outcomes(st, moves, probs, cap, count);
}

/* At a chance point: a sequence of {move =, probability =, text =}. */
static int ltg_state_chance_outcomes(lua_State *L)
{
    return ltg_push_scored_moves(L, ltg_check_state(L, 1), ltg_chance_fill, NULL, "probability",
                                 NULL);
}

/* At a chance point: a sequence of {move =, weight =, text =} with the
 * integer weights the library draws by, and their total: outcome i
 * happens with probability exactly weight / total. */
static int ltg_state_chance_weights(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    size_t cap = tg_game_max_chance_outcomes(tg_state_game(st)), n = 0;
    uint64_t total = 0;
    tg_move *moves = lua_newuserdatauv(L, (cap > 0 ? cap : 1) * sizeof *moves, 0);
    uint32_t *weights = lua_newuserdatauv(L, (cap > 0 ? cap : 1) * sizeof *weights, 0);
    ltg_check(L, tg_state_chance_weights(st, moves, weights, cap, &n, &total), st);
    lua_createtable(L, (int)n, 0);
    for (size_t i = 0; i < n; i++) {
        lua_createtable(L, 0, 3);
        lua_pushinteger(L, moves[i]);
        lua_setfield(L, -2, "move");
        lua_pushinteger(L, weights[i]);
        lua_setfield(L, -2, "weight");
        ltg_push_move_text(L, st, moves[i]);
        lua_setfield(L, -2, "text");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_pushinteger(L, (lua_Integer)total);
    return 2;
}

/* Draws an outcome with the state's RNG and returns its id and text;
 * apply_chance() also applies it (after rendering its text, which needs the
 * chance point). */
static int ltg_draw_chance(lua_State *L, int apply)
{
    tg_state *st = ltg_check_state(L, 1);
    tg_move m = 0;
    ltg_check(L, tg_state_sample_chance(st, &m), st);
    lua_pushinteger(L, m);
    ltg_push_move_text(L, st, m);
    if (apply)
        ltg_check(L, tg_state_apply(st, m), st);
    return 2;
}

static int ltg_state_sample_chance(lua_State *L)
{
    return ltg_draw_chance(L, 0);
}

static int ltg_state_apply_chance(lua_State *L)
{
    return ltg_draw_chance(L, 1);
}

static int ltg_state_undo(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    ltg_check(L, tg_state_undo(st), st);
    return 0;
}

/* state:set_undo_rewinds_rng(on): undo rewinds the RNG, so that a chance
 * outcome taken back comes out the same when drawn again (no re-rolls). */
static int ltg_state_set_undo_rewinds_rng(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    luaL_checktype(L, 2, LUA_TBOOLEAN);
    ltg_check(L, tg_state_set_undo_rewinds_rng(st, lua_toboolean(L, 2)), st);
    return 0;
}

static int ltg_state_undo_rewinds_rng(lua_State *L)
{
    lua_pushboolean(L, tg_state_undo_rewinds_rng(ltg_check_state(L, 1)));
    return 1;
}

static int ltg_state_history(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    size_t n = 0;
    tg_move *moves = ltg_move_list(L, st, tg_state_history, tg_state_history_length(st), &n);
    ltg_push_ids(L, moves, n);
    return 1;
}

/* ---- views ---------------------------------------------------------------- */

static int ltg_state_observation(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    return ltg_push_view(L, st, tg_state_observation_json,
                         ltg_check_viewer(L, st, 2, "observation", LTG_VIEWER_RANGE), 1);
}

static int ltg_state_events(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    return ltg_push_view(L, st, tg_state_events_json,
                         ltg_check_viewer(L, st, 2, "events", LTG_VIEWER_RANGE), 1);
}

static int ltg_state_to_text(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    return ltg_push_view(L, st, tg_state_to_text, ltg_check_viewer(L, st, 2, "to_text", LTG_VIEWER_OPTIONAL), 0);
}

static int ltg_state_resample(lua_State *L)
{
    tg_state *st = ltg_check_state(L, 1);
    ltg_check(L, tg_state_resample(st, ltg_check_viewer(L, st, 2, "resample", LTG_VIEWER_RANGE | LTG_VIEWER_SEAT)), st);
    return 0;
}

/* ---- saving ---------------------------------------------------------------- */

/* Saves hand back a tg_free() buffer like the views, without a viewer. */
static tg_status ltg_save_binary(const tg_state *st, int viewer, char **out, size_t *len)
{
    unsigned char *data = NULL;
    tg_status status = tg_state_save(st, &data, len);
    (void)viewer;
    *out = (char *)data;
    return status;
}

static tg_status ltg_save_json(const tg_state *st, int viewer, char **out, size_t *len)
{
    (void)viewer;
    return tg_state_to_json(st, out, len);
}

static int ltg_state_save(lua_State *L)
{
    return ltg_push_view(L, ltg_check_state(L, 1), ltg_save_binary, 0, 0);
}

static int ltg_state_to_json(lua_State *L)
{
    return ltg_push_view(L, ltg_check_state(L, 1), ltg_save_json, 0, 0);
}

/* tablegames.load(bytes) and tablegames.from_json(text): one path, two readers. */
typedef tg_status (*ltg_reader_fn)(const char *data, size_t len, const tg_game_params *params,
                                   tg_state **out, char *err, size_t err_size);

static tg_status ltg_read_binary(const char *data, size_t len, const tg_game_params *params,
                                 tg_state **out, char *err, size_t err_size)
{
    return tg_state_load((const unsigned char *)data, len, params, out, err, err_size);
}

static tg_status ltg_read_json(const char *data, size_t len, const tg_game_params *params,
                               tg_state **out, char *err, size_t err_size)
{
    return tg_state_from_json(data, len, params, out, err, err_size);
}

static int ltg_push_read_state(lua_State *L, ltg_reader_fn read)
{
    size_t len;
    const char *data = luaL_checklstring(L, 1, &len);
    char err[LTG_ERRBUF_SIZE];
    tg_state *st = NULL;
    tg_game_params params;
    tg_sized_allocator alloc;
    ltg_game_params(L, &params, &alloc);
    tg_status status = read(data, len, &params, &st, err, sizeof err);
    if (status < 0)
        return ltg_raise(L, status, err);
    ltg_push_state(L, st, 0);
    return 1;
}

int ltg_state_load(lua_State *L)
{
    return ltg_push_read_state(L, ltg_read_binary);
}

int ltg_state_from_json(lua_State *L)
{
    return ltg_push_read_state(L, ltg_read_json);
}

/* ---- metamethods ----------------------------------------------------------- */

static int ltg_state_eq(lua_State *L)
{
    lua_pushboolean(L, tg_state_equal(ltg_check_state(L, 1), ltg_check_state(L, 2)));
    return 1;
}

static int ltg_state_tostring(lua_State *L)
{
    ltg_state *s = ltg_state_ud(L, 1);
    int player;
    if (s->state == NULL) {
        lua_pushliteral(L, "tablegames.State (closed)");
        return 1;
    }
    player = tg_state_current_player(s->state);
    lua_pushfstring(L, "tablegames.State %s, move %d, ", tg_game_id(tg_state_game(s->state)),
                    (int)tg_state_move_number(s->state));
    if (player == TG_PLAYER_CHANCE)
        lua_pushliteral(L, "chance\n");
    else if (player == TG_PLAYER_TERMINAL)
        lua_pushliteral(L, "game over\n");
    else
        lua_pushfstring(L, "player %d to move\n", player);
    ltg_push_view(L, s->state, tg_state_to_text, TG_VIEW_OMNISCIENT, 0);
    lua_concat(L, 3);
    return 1;
}

static const luaL_Reg ltg_state_methods[] = {
    { "game", ltg_state_game },
    { "winners", ltg_state_winners },
    { "returns", ltg_state_returns },
    { "legal_moves", ltg_state_legal_moves },
    { "is_legal", ltg_state_is_legal },
    { "move_text", ltg_state_move_text },
    { "parse_move", ltg_state_parse_move },
    { "apply", ltg_state_apply },
    { "chance_outcomes", ltg_state_chance_outcomes },
    { "chance_weights", ltg_state_chance_weights },
    { "sample_chance", ltg_state_sample_chance },
    { "apply_chance", ltg_state_apply_chance },
    { "undo", ltg_state_undo },
    { "set_undo_rewinds_rng", ltg_state_set_undo_rewinds_rng },
    { "undo_rewinds_rng", ltg_state_undo_rewinds_rng },
    { "history", ltg_state_history },
    { "clone", ltg_state_clone },
    { "copy_from", ltg_state_copy_from },
    { "reset", ltg_state_reset },
    { "seed", ltg_state_seed },
    { "observation", ltg_state_observation },
    { "events", ltg_state_events },
    { "to_text", ltg_state_to_text },
    { "resample", ltg_state_resample },
    { "save", ltg_state_save },
    { "to_json", ltg_state_to_json },
    { "close", ltg_state_close },
    { "is_closed", ltg_state_is_closed },
    { NULL, NULL },
};

static const luaL_Reg ltg_state_meta[] = {
    { "__gc", ltg_state_close },
    { "__close", ltg_state_close },
    { "__tostring", ltg_state_tostring },
    { "__eq", ltg_state_eq },
    { NULL, NULL },
};

void ltg_state_register(lua_State *L)
{
    luaL_newmetatable(L, LTG_STATE_MT);
    luaL_setfuncs(L, ltg_state_meta, 0);
    luaL_newlib(L, ltg_state_methods);
    luaL_setfuncs(L, ltg_state_fast_methods, 0);
    for (int i = 0; i < LTG_VALUE_COUNT; i++) {
        lua_pushinteger(L, i);
        lua_pushcclosure(L, ltg_state_value, 1);
        lua_setfield(L, -2, ltg_state_value_names[i]);
    }
    luaL_setfuncs(L, ltg_state_view_methods, 0);
    luaL_setfuncs(L, ltg_state_step_methods, 0);
    luaL_setfuncs(L, ltg_state_research_methods, 0);
    luaL_setfuncs(L, ltg_state_batch_methods, 0);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
}
