-- One game, four languages: the Lua side (see agree_play.c).
local tg = require("tablegames")

local function print_save(state, final)
  local data = state:save()
  if final then
    io.write("final ", (data:gsub(".", function(c) return string.format("%02x", c:byte()) end)), "\n")
  else
    io.write(#data, " ", (data:sub(-4):gsub(".", function(c) return string.format("%02x", c:byte()) end)), "\n")
  end
end

local function plan(id, options, seed, path)
  local picks = {}
  for word in io.open(path):read("a"):gmatch("%d+") do picks[#picks + 1] = tonumber(word) end
  local used = 0
  local game <close> = tg.Game(id, options)
  local state <close> = game:new_state(seed)
  while not state:is_terminal() do
    local move
    if state:is_chance() then
      move = state:apply_chance()
    elseif used == #picks then
      break -- the plan ends before the game
    else
      local moves = state:legal_moves()
      used = used + 1
      move = moves[picks[used] % #moves + 1]
      state:apply_id(move)
    end
    io.write(move, " ")
    print_save(state, false)
  end
  print_save(state, true)
end

local function replay(path)
  local data = io.open(path, "rb"):read("a")
  local state <close> = path:sub(-5) == ".tgsv" and tg.load(data) or tg.from_json(data)
  state:playout()
  print_save(state, true)
end

-- A uint64 seed from its decimal text: Lua's integers wrap modulo 2^64,
-- and the module takes a negative seed as the uint64 of the same bits.
local function seed_of(text)
  local n = 0
  for digit in text:gmatch("%d") do n = n * 10 + tonumber(digit) end
  return n
end

if arg[1] == "plan" then
  plan(arg[2], arg[3], seed_of(arg[4]), arg[5])
else
  replay(arg[2])
end
