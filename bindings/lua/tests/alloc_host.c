/* The Lua module allocates through the Lua state's own allocator: this host
 * makes its Lua state with a checking allocator (every block carries its
 * size), runs a script that makes games, states, a loaded state and bots,
 * and then checks that the library's memory went through that allocator
 * (a bot's search tree is megabytes; Lua alone allocates far less), that
 * every block was released with the size it was allocated with, and that
 * nothing was left when the Lua state closed.
 *
 *   alloc_host MODULE_DIR */
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef union block_head {
    size_t size;
    max_align_t align;
} block_head;

typedef struct ledger {
    size_t live;          /* bytes handed out and not yet released */
    unsigned long wrong;  /* releases or resizes that named another size */
} ledger;

/* A lua_Alloc that keeps each block's size in front of it. When ptr is
 * NULL, Lua passes the kind of object in osize, not a size. */
static void *checked_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    ledger *l = ud;
    block_head *h = ptr ? (block_head *)ptr - 1 : NULL;
    if (h && h->size != osize)
        l->wrong++;
    if (nsize == 0) {
        if (h) {
            l->live -= h->size;
            free(h);
        }
        return NULL;
    }
    block_head *n = realloc(h, sizeof *n + nsize);
    if (!n)
        return NULL;
    if (h)
        l->live -= osize;
    n->size = nsize;
    l->live += nsize;
    return n + 1;
}

/* live_bytes(): what the allocator holds now, for the script. */
static int live_bytes(lua_State *L)
{
    void *ud;
    lua_getallocf(L, &ud);
    lua_pushinteger(L, (lua_Integer)((ledger *)ud)->live);
    return 1;
}

static const char script[] =
    "local tg = require('tablegames')\n"
    "local id = tg.games()[1].id\n"
    "local game = tg.Game(id)\n"
    "local state = game:new_state(5)\n"
    "while state:current_player() < 0 do state:apply_chance() end\n"
    "collectgarbage(); collectgarbage()\n"
    "local before = live_bytes()\n"
    "-- 200001 search nodes of about 40 bytes: megabytes the library allocates.\n"
    "local bot = game:new_bot(state:current_player(), { level = 'hard', simulations = 200000 })\n"
    "assert(live_bytes() - before > 4000000, 'the bot was not allocated through Lua')\n"
    "-- A loaded state's game is the one made for it, with Lua's allocator.\n"
    "local loaded = tg.load(state:save())\n"
    "local from_json = tg.from_json(state:to_json())\n"
    "local mid = live_bytes()\n"
    "local other = loaded:game():new_bot(0, { level = 'hard', simulations = 200000 })\n"
    "assert(live_bytes() - mid > 4000000, 'the loaded game does not use Lua\\'s allocator')\n"
    "assert(from_json:game():new_state(1):players() == state:players())\n"
    "game:new_bot(state:current_player(), { simulations = 50 }):choose(state)\n"
    "loaded:close(); other:close(); bot:close(); game:close(); state:close()\n";

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: alloc_host MODULE_DIR\n");
        return 2;
    }
    ledger l = {0, 0};
    lua_State *L = lua_newstate(checked_alloc, &l);
    if (!L)
        return 1;
    luaL_openlibs(L);
    lua_pushcfunction(L, live_bytes);
    lua_setglobal(L, "live_bytes");
    lua_getglobal(L, "package");
    lua_pushfstring(L, "%s/?.so", argv[1]);
    lua_setfield(L, -2, "cpath");
    lua_pop(L, 1);
    int failed = luaL_dostring(L, script) != LUA_OK;
    if (failed)
        fprintf(stderr, "alloc_host: %s\n", lua_tostring(L, -1));
    lua_close(L);
    if (l.wrong) {
        fprintf(stderr, "alloc_host: %lu blocks released with the wrong size\n", l.wrong);
        failed = 1;
    }
    if (l.live) {
        fprintf(stderr, "alloc_host: %zu bytes left after lua_close\n", l.live);
        failed = 1;
    }
    if (!failed)
        printf("alloc_host: the library allocated through Lua's allocator, sizes exact, "
               "nothing left\n");
    return failed;
}
