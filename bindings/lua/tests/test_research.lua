-- The research surface in Lua: tensors only into FloatBuffers, viewers by
-- name (CHANCE, TERMINAL and negative numbers refused), Moves refused where
-- their id means another move, the legal mask and the 1.3 game facts.
local tg = require("tablegames")
local h = require("harness")
local test, check, eq, raises = h.test, h.check, h.eq, h.raises

local function at_chance(seed)
  local s = tg.Game("witches_dance", { players = 3 }):new_state(seed or 1)
  while not s:is_chance() do s:apply(s:legal_moves()[1]) end
  return s
end

local function at_decision(seed)
  local s = tg.Game("witches_dance", { players = 3 }):new_state(seed or 1)
  s:playout(15)
  while s:is_chance() do s:apply_chance() end
  return s
end

test("a tensor goes only into a FloatBuffer of the tensor's size", function()
  local s = at_decision()
  local n = s:tensor_size()
  for _, bad in ipairs({ {}, "floats", 1.5, io.stdout }) do
    local err = raises(nil, s.observation_tensor, s, 0, bad)
    check(tostring(err):find("tablegames.FloatBuffer expected", 1, true), tostring(err))
  end
  raises("TG_E_BUFFER_TOO_SMALL", s.observation_tensor, s, 0, tg.FloatBuffer(n - 1))
  local buf = tg.FloatBuffer(n)
  check(s:observation_tensor(0, buf) == buf)
end)

test("what current_player says at a chance point is no viewer", function()
  local s = at_chance()
  eq(s:current_player(), tg.CHANCE)
  eq(tg.CHANCE, -1) -- old comparisons keep working
  for _, call in ipairs({ "observation", "events", "to_text", "observation_tensor",
                          "information_key", "information_json", "resample" }) do
    local err = raises("TG_E_INVALID_ARGUMENT", s[call], s, s:current_player())
    check(err.message:find(call .. ": viewer -1 (tablegames.CHANCE: a chance point)", 1, true),
          err.message)
  end
  local err = raises("TG_E_INVALID_ARGUMENT", s.observation_tensor, s, -1)
  check(err.message:find("by name, tablegames.OMNISCIENT", 1, true), err.message)
  err = raises("TG_E_INVALID_ARGUMENT", s.observation, s, tg.TERMINAL)
  check(err.message:find("TERMINAL", 1, true), err.message)
end)

test("the referee and the table are asked for by name", function()
  local s = at_chance()
  eq(tostring(tg.OMNISCIENT), "tablegames.OMNISCIENT")
  eq(tostring(tg.PUBLIC), "tablegames.PUBLIC")
  check(tg.OMNISCIENT ~= tg.CHANCE and tg.PUBLIC ~= tg.TERMINAL)
  eq(#s:observation_tensor(tg.OMNISCIENT), s:tensor_size())
  eq(type(s:observation(tg.PUBLIC)), "table")
  eq(type(s:to_text()), "string")
  raises("TG_E_INVALID_ARGUMENT", s.information_key, s, tg.PUBLIC)
  local over = tg.Game("witches_dance", { players = 2 }):new_state(4)
  over:playout()
  eq(over:current_player(), tg.TERMINAL)
  raises("TG_E_INVALID_ARGUMENT", over.observation_tensor, over, over:current_player())
end)

-- A Move of a Bewitched position and a later position where its id means
-- another move.
local function foreign_pair()
  local s = tg.Game("bewitched", { players = 2 }):new_state(0)
  local first = {}
  local rng = 0
  while not s:is_terminal() do
    if s:is_chance() then
      s:apply_chance()
    else
      local moves = s:moves()
      for _, m in ipairs(moves) do
        local old = first[m.id]
        if old == nil then first[m.id] = m
        elseif old.text ~= m.text then return old, m, s end
      end
      rng = (rng * 1103515245 + 12345) % 2147483648
      s:apply(moves[rng % #moves + 1])
    end
  end
  error("no id changed its meaning in a whole game")
end

test("a Move of another position is refused", function()
  local old, here, s = foreign_pair()
  local length = s:history_length()
  local err = raises("TG_E_ILLEGAL_MOVE", s.apply, s, old)
  check(err.message:find(string.format("Move '%s' (id %d)", old.text, old.id), 1, true),
        err.message)
  check(err.message:find(string.format("id %d means '%s'", old.id, here.text), 1, true),
        err.message)
  check(err.message:find("was made for the position at move " .. old.move_number, 1, true),
        err.message)
  eq(s:history_length(), length)
  eq(tostring(here), here.text)
  local id, text = s:clone():apply(here)
  eq(id, here.id)
  eq(text, here.text)
  id, text = s:apply(old.id) -- a plain id is the raw API
  eq(text, here.text)
end)

test("the legal mask is the legal moves", function()
  for _, info in ipairs(tg.games()) do
    local s = tg.Game(info.id, { players = 2 }):new_state(5)
    local n = s:game():move_count()
    for _ = 1, 100 do
      local mask = s:legal_mask()
      eq(#mask, n)
      local ids = s:legal_moves()
      local from_mask = {}
      for i = 1, n do if mask[i] == 1 then from_mask[#from_mask + 1] = i - 1 end end
      eq(#from_mask, #ids)
      for i = 1, #ids do eq(from_mask[i], ids[i]) end
      if s:is_terminal() then break end
      s:apply(ids[#ids])
    end
  end
end)

test("the 1.3 game facts", function()
  for _, info in ipairs(tg.games()) do
    local g = tg.Game(info.id, { players = 2 })
    local r = g:research()
    eq(r.player_move_count + r.chance_outcome_count, g:move_count())
    check(r.length_bound > 0 and r.length_bound <= g:max_length(), info.id)
    eq(r.min_utility, 0.0)
    eq(r.max_utility, 1.0)
    eq(type(r.has_hidden_information), "boolean")
    eq(#r.observation_tensor_shape, 1)
    eq(r.observation_tensor_shape[1], g:new_state(0):tensor_size())
    for _, name in ipairs({ "observation_tensor", "information_key", "observation_json" }) do
      check(r.format_versions[name] >= 1, name)
    end
    local chance = 0
    for m = 0, g:move_count() - 1 do
      if g:move_is_chance(m) then chance = chance + 1 end
    end
    eq(chance, r.chance_outcome_count)
    raises("TG_E_INVALID_ARGUMENT", g.move_is_chance, g, g:move_count())
  end
  local s = at_decision()
  local players = s:history_players()
  eq(#players, s:history_length())
  for _, p in ipairs(players) do check(p == tg.CHANCE or (p >= 0 and p < 3)) end
  local all = s:game():move_count()
  eq(type(s:any_move_text(all - 1)), "string")
  raises("TG_E_INVALID_ARGUMENT", s.any_move_text, s, all)
end)

h.run()
