-- The random-game loop of `tablegames bench`, driven from Lua through the
-- C module, to show what crossing the binding costs.
--   LUA_CPATH='BUILD/bindings/lua/?.so' lua5.4 bindings/lua/bench.lua [GAME] [PLAYERS] [SECONDS] [json]
-- Three loops per game, each for a fixed time:
--   moves    current_player, legal_moves (ids and notation), apply;
--   ids      the C loop's calls: current_player, legal_ids into one reused
--            table, apply_id, apply_chance_id;
--   step     state:step([move]), one call per decision whoever decides (no
--            move draws a chance outcome), the next decision read from the
--            player, view and count it returns (the loop of the README);
--   playout  state:playout(), one call per game, the decisions made in C.
local tg = require("tablegames")

-- { name, loop, crossings into C per decision }
local loops = {
  { "moves", function(state)
      local made = 0
      while not state:is_terminal() do
        if state:current_player() == tg.CHANCE then
          state:apply_chance()
        else
          local moves = state:legal_moves()
          state:apply(moves[math.random(#moves)])
        end
        made = made + 1
      end
      return made
    end, "4+" },
  { "ids", function(state)
      local made, chance, terminal, ids, n = 0, tg.CHANCE, tg.TERMINAL, {}, 0
      while true do
        local cur = state:current_player()
        if cur == terminal then return made end
        if cur == chance then
          state:apply_chance_id()
        else
          ids, n = state:legal_ids(ids)
          state:apply_id(ids[math.random(n)])
        end
        made = made + 1
      end
    end, "2-3" },
  { "step", function(state)
      local made, chance, terminal, random = 0, tg.CHANCE, tg.TERMINAL, math.random
      local player, view, n = state:step_view()
      while player ~= terminal do
        if player == chance then
          player, view, n = state:step()
        else
          player, view, n = state:step(view[random(n)])
        end
        made = made + 1
      end
      return made
    end, "1" },
  { "playout", function(state) return state:playout() end, "1 per game" },
}

-- os.clock() is CPU time: the rates are per CPU second, the figure that
-- stays steady on a shared machine (standard Lua has no finer wall clock).
local function run(id, players, seconds, seed, loop)
  local game <close> = tg.Game(id, { players = players })
  local state <close> = game:new_state(seed)
  local games, decisions = 0, 0
  local start = os.clock()
  math.randomseed(seed)
  while os.clock() - start < seconds do
    state:reset(seed + games)
    decisions = decisions + loop(state)
    games = games + 1
  end
  local elapsed = os.clock() - start
  return games / elapsed, decisions / elapsed
end

local only, players, seconds = arg[1], tonumber(arg[2] or "4"), tonumber(arg[3] or "3")
local json = arg[4] == "json"
if only == "all" then only = nil end
for _, info in ipairs(tg.games()) do
  if not only or only == info.id then
    local p = math.max(info.min_players, math.min(players, info.max_players))
    for _, l in ipairs(loops) do
      local games_s, decisions_s = run(info.id, p, seconds, 1, l[2])
      if json then
        print(string.format('{"binding":"lua","game":"%s","players":%d,"loop":"%s",' ..
                            '"crossings":"%s","games_per_cpu_second":%.1f,' ..
                            '"decisions_per_cpu_second":%.1f}',
                            info.id, p, l[1], l[3], games_s, decisions_s))
      else
        print(string.format("lua    %-16s %d players %-8s %10.1f games/s %12.0f decisions per CPU s",
                            info.id, p, l[1], games_s, decisions_s))
      end
    end
  end
end
