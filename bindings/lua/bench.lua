-- The random-game loop of `tablegames bench`, driven from Lua through the
-- C module, to show what crossing the binding costs per decision.
--   LUA_CPATH='BUILD/bindings/lua/?.so' lua5.4 bindings/lua/bench.lua [GAME] [PLAYERS] [SECONDS]
local tg = require("tablegames")

local function run(id, players, seconds, seed)
  local game <close> = tg.Game(id, { players = players })
  local state <close> = game:new_state(seed)
  local games, decisions = 0, 0
  local start = os.clock()
  math.randomseed(seed)
  while os.clock() - start < seconds do
    state:reset(seed + games)
    while not state:is_terminal() do
      if state:current_player() == tg.CHANCE then
        state:apply_chance()
      else
        local moves = state:legal_moves()
        state:apply(moves[math.random(#moves)])
      end
      decisions = decisions + 1
    end
    games = games + 1
  end
  local elapsed = os.clock() - start
  return games / elapsed, decisions / elapsed
end

local only, players, seconds = arg[1], tonumber(arg[2] or "4"), tonumber(arg[3] or "3")
for _, info in ipairs(tg.games()) do
  if not only or only == info.id then
    local p = math.max(info.min_players, math.min(players, info.max_players))
    local games_s, decisions_s = run(info.id, p, seconds, 1)
    print(string.format("lua    %-16s %d players: %10.1f games/s %12.0f decisions/s",
                        info.id, p, games_s, decisions_s))
  end
end
