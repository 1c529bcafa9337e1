-- LuaRocks recipe for the Lua 5.4 module. libtablegames (and jansson) must be
-- installed first. Debian's luarocks defaults to Lua 5.1, so name the version:
--   luarocks --lua-version=5.4 make tablegames-1.4.0-1.rockspec
-- and point TABLEGAMES_DIR at the prefix when it is not /usr or /usr/local:
--   luarocks --lua-version=5.4 make tablegames-1.4.0-1.rockspec TABLEGAMES_DIR=/opt/tg
rockspec_format = "3.0"
package = "tablegames"
version = "1.4.0-1"
source = {
   url = "file://./",
}
description = {
   summary = "Lua bindings for libtablegames, the rules of family board games",
   detailed = [[
      Game and state objects with garbage collection and <close> support,
      observations and events as Lua tables, errors as objects carrying the
      library's status name and message and the caller's position.
   ]],
   license = "MIT",
}
dependencies = {
   "lua >= 5.4, < 5.5",
}
external_dependencies = {
   TABLEGAMES = { header = "boardgames/tablegames.h", library = "tablegames" },
   JANSSON = { header = "jansson.h", library = "jansson" },
}
build = {
   type = "builtin",
   modules = {
      tablegames = {
         sources = {
            "src/ltg_module.c", "src/ltg_errors.c", "src/ltg_owned.c",
            "src/ltg_json.c", "src/ltg_game.c", "src/ltg_state.c", "src/ltg_fastpath.c",
            "src/ltg_step.c", "src/ltg_bot.c", "src/ltg_views.c", "src/ltg_research.c",
            "src/ltg_batch.c",
         },
         libraries = { "tablegames", "jansson" },
         incdirs = { "$(TABLEGAMES_INCDIR)", "$(JANSSON_INCDIR)" },
         libdirs = { "$(TABLEGAMES_LIBDIR)", "$(JANSSON_LIBDIR)" },
      },
   },
}
