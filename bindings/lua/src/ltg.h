/* Internal interface between the files of the Lua module. Each file owns
 * one concern: the module table (ltg_module.c), error values
 * (ltg_errors.c), C allocations held by userdata (ltg_owned.c), JSON to Lua
 * tables (ltg_json.c), game userdata (ltg_game.c) and state userdata
 * (ltg_state.c). */
#ifndef LTG_H
#define LTG_H

#include <boardgames/tablegames.h>
#include <lauxlib.h>
#include <lua.h>

#define LTG_GAME_MT "tablegames.Game"
#define LTG_STATE_MT "tablegames.State"
#define LTG_ERROR_MT "tablegames.Error"
#define LTG_OWNED_MT "tablegames.owned"
#define LTG_BOT_MT "tablegames.Bot"
#define LTG_ERRBUF_SIZE 512

/* Userdata bodies; the pointer is NULL once closed. A state's first user
 * value is the game userdata it came from (or nil for loaded states until
 * state:game() takes a reference to the state's own game); its second is
 * its step view, made by the first step (ltg_step.c). */
typedef struct ltg_game {
    tg_game *game;
} ltg_game;

typedef struct ltg_state {
    tg_state *state;
    const void *view; /* the step view in the second user value, or NULL */
    /* &ltg_state_tag: lets state:step() know a state userdata without the
     * metatable comparison, which costs a good part of a step. Lua code
     * cannot write a userdata's bytes, so no other userdata holds the
     * address of this module's tag. */
    const char *tag;
} ltg_state;

extern const char ltg_state_tag;

/* A bot's user value is its game userdata, as for states. */
typedef struct ltg_bot {
    tg_bot *bot;
} ltg_bot;

/* Entry point called by require("tablegames"). */
#if defined(__GNUC__)
#define LTG_EXPORT __attribute__((visibility("default")))
#else
#define LTG_EXPORT
#endif
LTG_EXPORT int luaopen_tablegames(lua_State *L);

/* ltg_owned.c: a C allocation owned by a userdata on the stack, so that a Lua error
 * raised while it is in use (out of memory, a bad value) never leaks it:
 * __gc releases whatever ptr still holds. */
typedef struct ltg_owned {
    void *ptr;
    void (*release)(void *ptr);
} ltg_owned;
/* Pushes an empty holder; the caller stores its allocation in ->ptr. */
ltg_owned *ltg_push_owned(lua_State *L, void (*release)(void *ptr));
/* Releases the allocation now (idempotent). */
void ltg_owned_release(ltg_owned *owned);
void ltg_owned_register(lua_State *L);

/* ltg_errors.c: raises an error object {status=, name=, message=, where=,
 * traceback=} whose tostring is "where: NAME: message"; message NULL or ""
 * uses the status text. */
int ltg_raise(lua_State *L, tg_status status, const char *message);
/* Raises for a negative status, with the state's last error when st is given. */
void ltg_check(lua_State *L, tg_status status, const tg_state *st);
void ltg_errors_register(lua_State *L);

/* ltg_json.c: parses JSON text and pushes it as Lua values (arrays become
 * sequences, null becomes tablegames.null); raises on bad text. */
void ltg_push_json(lua_State *L, const char *text, size_t len);
/* Pushes a tg_free() buffer, already stored in holder (the userdata on top
 * of the stack), as a string (json == 0) or parsed JSON; releases it and
 * leaves only the pushed value in the holder's place. */
void ltg_push_owned_text(lua_State *L, ltg_owned *holder, size_t len, int json);
/* Pushes the value tablegames.null stands for. */
void ltg_push_null(lua_State *L);


/* ltg_game.c */
void ltg_game_register(lua_State *L);
int ltg_game_new(lua_State *L);
/* Pushes a new game userdata owning game. */
void ltg_push_game(lua_State *L, tg_game *game);
tg_game *ltg_check_game(lua_State *L, int idx);
/* Pushes a table describing a catalogue entry. */
void ltg_push_info(lua_State *L, const tg_game_info *info);
/* Game parameters that route the library's memory through the Lua state's
 * own allocator (lua_getallocf), so Lua's memory accounting and any custom
 * allocator of the host see it; alloc must live as long as params is used. */
void ltg_game_params(lua_State *L, tg_game_params *params, tg_sized_allocator *alloc);

/* ltg_state.c */
void ltg_state_register(lua_State *L);
/* ltg_fastpath.c: the state methods for loops over many decisions. */
extern const luaL_Reg ltg_state_fast_methods[];
/* ltg_views.c: tensors and information states, and tablegames.FloatBuffer. */
extern const luaL_Reg ltg_state_view_methods[];
void ltg_views_register(lua_State *L);
int ltg_float_buffer_new(lua_State *L);
/* The floats of the tablegames.FloatBuffer at idx (raises for anything else). */
float *ltg_check_floats(lua_State *L, int idx, size_t *n);
/* Pushes n floats: into the FloatBuffer at idx when one is there (idx 0:
 * none), else as a new table. */
int ltg_push_floats(lua_State *L, const float *v, size_t n, int idx);
/* Pushes a state's mask of n bytes, filled by fill, as a sequence of n
 * integers 0/1 (ltg_research.c; the legal and the action masks). */
typedef tg_status (*ltg_mask_fn)(const tg_state *state, uint8_t *mask, size_t cap);
int ltg_push_mask(lua_State *L, tg_state *st, size_t n, ltg_mask_fn fill);
/* ltg_batch.c: the 1.4 calls. tablegames.Batch (game:batch()), the game
 * methods of the action numbering and utilities, and the state methods
 * of action masks, utilities and information tensors. */
#define LTG_BATCH_MT "tablegames.Batch"
extern const luaL_Reg ltg_game_batch_methods[];
extern const luaL_Reg ltg_state_batch_methods[];
void ltg_batch_register(lua_State *L);
/* ltg_step.c: state:step() and state:step_view(), one call per decision
 * (registered with the state metatable as their upvalue), and the
 * metatable of the view they return (registered by ltg_step_register). */
extern const luaL_Reg ltg_state_step_methods[];
void ltg_step_register(lua_State *L);
/* Pushes a new state userdata owning st; game_idx is the game userdata's
 * stack index or 0 when unknown. */
void ltg_push_state(lua_State *L, tg_state *st, int game_idx);
int ltg_state_load(lua_State *L);
int ltg_state_from_json(lua_State *L);
int ltg_state_new_from_game(lua_State *L);
tg_state *ltg_check_state(lua_State *L, int idx);
/* Pushes the text of a move legal in st, or "#id" when it has none. */
void ltg_push_move_text(lua_State *L, const tg_state *st, tg_move m);

/* Pushes a sequence of {move =, <value_key> =, text =} from a call that
 * fills moves with a number each (chance probabilities, bot scores). A
 * failure raises with bot's message when bot is given, else the state's. */
typedef tg_status (*ltg_scored_fn)(void *ctx, const tg_state *st, tg_move *moves,
                                   double *values, size_t cap, size_t *count);
int ltg_push_scored_moves(lua_State *L, const tg_state *st, ltg_scored_fn fn, void *ctx,
                          const char *value_key, const tg_bot *bot);

/* ltg_research.c: viewers by name, Moves that know their position, the
 * legal mask and the 1.3 game facts. */
enum {
    LTG_VIEWER_OPTIONAL = 1, /* nil means OMNISCIENT (to_text) */
    LTG_VIEWER_RANGE = 2,    /* a number must be a seat of the game */
    LTG_VIEWER_SEAT = 4,     /* the call is about a seat (information, resample) */
};
/* The viewer at idx: a seat number or tablegames.OMNISCIENT / PUBLIC; a
 * negative number (CHANCE, TERMINAL, -1 ...) raises, naming call. */
int ltg_check_viewer(lua_State *L, const tg_state *st, int idx, const char *call, int flags);
/* Whether the value at idx is a Move; its id, refused (raises) when it was
 * made for another game or position, or by hand with another text than st
 * gives its id. */
int ltg_is_move(lua_State *L, int idx);
tg_move ltg_check_move(lua_State *L, const tg_state *st, int idx);
/* 1 when the Move at idx may be tried in st (ltg_check_move() would not raise). */
int ltg_move_fits(lua_State *L, const tg_state *st, int idx);
extern const luaL_Reg ltg_state_research_methods[];
extern const luaL_Reg ltg_game_research_methods[];
void ltg_research_register(lua_State *L);
/* Sets tablegames.OMNISCIENT and PUBLIC in the module table on top. */
void ltg_research_constants(lua_State *L);

/* ltg_bot.c */
void ltg_bot_register(lua_State *L);
int ltg_bot_new(lua_State *L);

#endif
