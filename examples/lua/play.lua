-- Play a game of libtablegames at the terminal against computer opponents.
--
--   lua5.4 play.lua                          -- witches_dance, you are player 0
--   lua5.4 play.lua --game GAME --players 3 --seat 1
--   lua5.4 play.lua --auto                   -- every seat plays randomly
--   lua5.4 play.lua --opponents medium       -- computer players instead of dice
--
-- The loop is the one a user interface runs: after every decision, read
-- the events as your seat saw them; on your turn, draw the board from your
-- seat's view and offer the legal moves by their text. Opponents are bots
-- (random by default). With --auto, or when standard input is not a
-- terminal, the computer plays every seat.
--
-- Needs the tablegames module on LUA_CPATH (bindings/lua).
local tg = require("tablegames")

local function parse_args(argv)
  local opts = { game = "witches_dance", seat = 0, seed = 1, auto = false,
                 opponents = "random" }
  local i = 1
  while i <= #argv do
    local a = argv[i]
    if a == "--auto" then
      opts.auto = true
    elseif a == "--list" then
      opts.list = true
    elseif a == "--game" or a == "--opponents" or a == "--players" or a == "--seat"
        or a == "--seed" then
      local v = argv[i + 1] or error("missing value after " .. a)
      local text = a == "--game" or a == "--opponents"
      opts[a:sub(3)] = text and v or math.tointeger(tonumber(v))
      i = i + 1
    else
      error("unknown argument " .. a
        .. " (try --auto, --game, --players, --seat, --seed, --opponents, --list)")
    end
    i = i + 1
  end
  return opts
end

-- One line for an event table, e.g. "player 1: roll value=5".
local function describe(event)
  local keys = {}
  for k in pairs(event) do
    if k ~= "type" and k ~= "player" then keys[#keys + 1] = k end
  end
  table.sort(keys)
  local parts = {}
  for _, k in ipairs(keys) do
    local v = event[k]
    parts[#parts + 1] = k .. "=" .. (type(v) == "table" and "{...}" or
      (v == tg.null and "null" or tostring(v)))
  end
  local who = event.player and ("player " .. event.player .. ": ") or ""
  return "  " .. who .. tostring(event.type) .. " " .. table.concat(parts, " ")
end

-- Reads the human's choice: a move's text, its number in the list, or q.
local function ask(state, moves, texts)
  for i, text in ipairs(texts) do print(string.format("  %2d) %s", i, text)) end
  while true do
    io.write("your move (number or text, q to quit): ")
    local answer = io.read("l")
    if answer == nil or answer == "q" or answer == "quit" then return nil end
    local n = math.tointeger(tonumber(answer))
    if n and moves[n] then return moves[n] end
    local ok, move = pcall(state.parse_move, state, answer)
    if ok then return move end
    print("  not a legal move here: " .. tostring(move))
  end
end

local opts = parse_args(arg)
-- Plain Lua cannot ask isatty(); the shell's `test -t 0` can (POSIX only,
-- elsewhere the answer is "not a terminal" and the game plays itself).
if not opts.auto and os.execute("test -t 0") ~= true then opts.auto = true end
if opts.list then
  for _, info in ipairs(tg.games()) do
    print(string.format("%-18s %d-%d players  %s", info.id, info.min_players,
      info.max_players, info.summary))
  end
  os.exit(0)
end
local players = opts.players or tg.game_info(opts.game).min_players
local seat = opts.seat
local game <close> = tg.Game(opts.game, { players = players })
local state <close> = game:new_state(opts.seed)
print(string.format("%s, %d players; you are player %d%s", game:info().name, players, seat,
  opts.auto and " (played by the computer)" or ""))
local bots = {}
for p = 0, players - 1 do
  bots[p] = game:new_bot(p, { level = opts.opponents, seed = opts.seed + p })
end

while not state:is_terminal() do
  local player = state:current_player()
  if player == tg.CHANCE then
    state:apply_chance()
  elseif player == seat and not opts.auto then
    print(state:to_text(seat))
    local move = ask(state, state:legal_moves())
    if move == nil then
      print("bye")
      return
    end
    state:apply(move)
  else
    local _, text = state:apply((bots[player]:choose(state)))
    print(string.format("player %d plays %s", player, text))
  end
  for _, event in ipairs(state:events(seat)) do print(describe(event)) end
end

print(state:to_text(seat))
local winners = state:winners()
print(string.format("game over after %d decisions; winners: %s", state:move_number(),
  #winners > 0 and table.concat(winners, ", ") or "none"))
