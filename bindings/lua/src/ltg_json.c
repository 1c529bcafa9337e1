/* JSON from the library (observations, events, boards) as Lua tables.
 * Arrays become sequences (index 1 is JSON element 0) and null becomes the
 * sentinel tablegames.null, so arrays never get holes. */
#include <jansson.h>

#include "ltg.h"

/* Deeper JSON would mean a broken library; the bound keeps the C stack safe. */
#define LTG_JSON_MAX_DEPTH 64

void ltg_push_null(lua_State *L)
{
    lua_pushlightuserdata(L, NULL);
}

static void ltg_push_value(lua_State *L, json_t *v, int depth)
{
    if (depth > LTG_JSON_MAX_DEPTH)
        luaL_error(L, "tablegames: JSON nested too deeply");
    luaL_checkstack(L, 3, "tablegames: JSON");
    switch (json_typeof(v)) {
    case JSON_OBJECT: {
        const char *key;
        json_t *item;
        lua_createtable(L, 0, (int)json_object_size(v));
        json_object_foreach(v, key, item) {
            ltg_push_value(L, item, depth + 1);
            lua_setfield(L, -2, key);
        }
        break;
    }
    case JSON_ARRAY: {
        size_t i;
        json_t *item;
        lua_createtable(L, (int)json_array_size(v), 0);
        json_array_foreach(v, i, item) {
            ltg_push_value(L, item, depth + 1);
            lua_rawseti(L, -2, (lua_Integer)i + 1);
        }
        break;
    }
    case JSON_STRING:
        lua_pushlstring(L, json_string_value(v), json_string_length(v));
        break;
    case JSON_INTEGER:
        lua_pushinteger(L, (lua_Integer)json_integer_value(v));
        break;
    case JSON_REAL:
        lua_pushnumber(L, json_real_value(v));
        break;
    case JSON_TRUE:
        lua_pushboolean(L, 1);
        break;
    case JSON_FALSE:
        lua_pushboolean(L, 0);
        break;
    default:
        ltg_push_null(L);
        break;
    }
}

static void ltg_json_release(void *root)
{
    json_decref(root);
}

void ltg_push_json(lua_State *L, const char *text, size_t len)
{
    json_error_t err;
    ltg_owned *tree = ltg_push_owned(L, ltg_json_release);
    tree->ptr = json_loadb(text, len, JSON_DECODE_ANY | JSON_ALLOW_NUL, &err);
    if (tree->ptr == NULL)
        ltg_raise(L, TG_E_PARSE, err.text);
    ltg_push_value(L, tree->ptr, 0);
    ltg_owned_release(tree);
    lua_remove(L, -2);
}

void ltg_push_owned_text(lua_State *L, ltg_owned *holder, size_t len, int json)
{
    if (json)
        ltg_push_json(L, holder->ptr, len);
    else
        lua_pushlstring(L, holder->ptr, len);
    ltg_owned_release(holder);
    lua_remove(L, -2);
}
