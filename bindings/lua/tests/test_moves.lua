-- Moves know what they were made for: a Move of state:moves() is refused in
-- another position (TG_E_ILLEGAL_MOVE: a stale list after a roll, a clone
-- that went its own way) or game (TG_E_MISMATCH) by apply, step and
-- is_legal, with words and the state unchanged; plain ids stay unchecked.
-- And undo that forbids re-rolls (set_undo_rewinds_rng).
local tg = require("tablegames")
local h = require("harness")
local test, check, eq, raises = h.test, h.check, h.eq, h.raises

local GAMES = {}
for _, info in ipairs(tg.games()) do GAMES[#GAMES + 1] = info.id end

local function lcg(seed)
  local x = seed
  return function(n)
    x = (x * 1103515245 + 12345) % 2147483648
    return x % n + 1
  end
end

-- Random decisions until a player with two moves or more is to move.
local function to_choice(s, pick, at_least)
  for i = 1, 5000 do
    if s:is_terminal() then return false end
    if s:is_chance() then
      s:apply_chance()
    else
      local ids = s:legal_moves()
      if i > (at_least or 0) and #ids >= 2 then return true end
      s:apply(ids[pick(#ids)])
    end
  end
  return false
end

-- Expects the call to be refused with name, the state unchanged; returns the words.
local function refused(s, name, fn, ...)
  local before = s:save()
  local err = raises(name, fn, ...)
  eq(s:save(), before, "a refused move changes nothing")
  return err.message
end

test("a stale Move is refused in every game, an id is not", function()
  for _, id in ipairs(GAMES) do
    local s = tg.Game(id):new_state(5)
    check(to_choice(s, lcg(1), 12), id)
    local moves = s:moves()
    s:apply(moves[1])
    local words = refused(s, "TG_E_ILLEGAL_MOVE", s.apply, s, moves[2])
    check(words:find("^Move '.+' %(id %d+%) was made for the position at move %d+; here, at"
                     .. " move %d+, id %d+ "), words)
    refused(s, "TG_E_ILLEGAL_MOVE", s.step, s, moves[2])
    eq(s:is_legal(moves[2]), false, "is_legal of a stale Move")
    if s:is_legal(moves[2].id) then s:apply(moves[2].id) end -- the raw API
  end
end)

test("Bewitched: the moves of one roll are refused after another roll", function()
  local s = tg.Game("bewitched"):new_state(9)
  local same_id = 0
  for tries = 1, 200 do
    check(to_choice(s, lcg(tries), 1))
    local moves = s:moves()
    while s:history_players()[s:history_length()] ~= tg.CHANCE do s:undo() end
    local history = s:history()
    local rolled = history[#history]
    s:undo()
    for _, o in ipairs(s:chance_outcomes()) do
      if o.move ~= rolled then s:apply(o.move) break end
    end
    if s:current_player() >= 0 then
      for _, m in ipairs(moves) do
        if s:is_legal(m.id) then same_id = same_id + 1 end
        local words = refused(s, "TG_E_ILLEGAL_MOVE", s.apply, s, m)
        check(words:find(string.format("Move '%s' (id %d) was made for", m.text, m.id), 1, true),
              words)
      end
      if same_id > 0 then return end
    end
  end
  error("no id was legal after two different rolls")
end)

test("a Move of another game is a mismatch, of an equal game is not", function()
  local states = {}
  for _, id in ipairs(GAMES) do
    local s = tg.Game(id):new_state(3)
    check(to_choice(s, lcg(2)))
    states[id] = s
  end
  for _, a in ipairs(GAMES) do
    local m = states[a]:moves()[1]
    for _, b in ipairs(GAMES) do
      if a ~= b then
        local s = states[b]
        local words = refused(s, "TG_E_MISMATCH", s.apply, s, m)
        check(words:find(string.format("was made for %s; this state plays %s",
          states[a]:game():info().name, s:game():info().name), 1, true), words)
        refused(s, "TG_E_MISMATCH", s.step, s, m)
      end
    end
  end
  local two = tg.Game("witches_dance", { players = 2 }):new_state(1)
  local three = tg.Game("witches_dance", { players = 3 }):new_state(1)
  local words = refused(three, "TG_E_MISMATCH", three.apply, three, two:moves()[1])
  check(words:find("players=2", 1, true), words)
  local again = tg.Game("witches_dance", { players = 2 }):new_state(1)
  again:apply(two:moves()[1])
end)

test("a clone at the position takes the Move; a diverged one refuses it", function()
  for _, id in ipairs(GAMES) do
    local s = tg.Game(id):new_state(6)
    check(to_choice(s, lcg(3), 4), id)
    local moves = s:moves()
    local clone = s:clone()
    clone:apply(moves[2])
    local diverged = clone:moves()
    if #diverged > 0 then refused(s, "TG_E_ILLEGAL_MOVE", s.apply, s, diverged[1]) end
    clone:undo()
    clone:apply(moves[1])
    s:step(moves[1])
    eq(s:save() == clone:save() or s == clone, true, id .. ": same position")
  end
end)

test("a Move by hand is checked by its text; the key is no field", function()
  local s = tg.Game("witches_dance"):new_state(2)
  check(to_choice(s, lcg(5), 30))
  local moves = s:moves()
  local fields = {}
  for k in pairs(moves[1]) do fields[#fields + 1] = k end
  table.sort(fields)
  eq(table.concat(fields, " "), "game history_length id move_number text")
  local by_hand = setmetatable({ id = moves[1].id, text = moves[2].text }, getmetatable(moves[1]))
  refused(s, "TG_E_ILLEGAL_MOVE", s.apply, s, by_hand)
  s:apply(setmetatable({ id = moves[1].id, text = moves[1].text }, getmetatable(moves[1])))
end)

test("undo re-rolls by default; set_undo_rewinds_rng(true) draws the same", function()
  local differed = false
  for seed = 1, 40 do
    local s = tg.Game("bewitched"):new_state(seed)
    eq(s:undo_rewinds_rng(), false)
    if to_choice(s, lcg(seed), 3) then
      while not s:is_chance() and not s:is_terminal() do s:apply(s:legal_moves()[1]) end
      if s:is_chance() then
        local a = s:apply_chance()
        s:undo()
        if s:apply_chance() ~= a then differed = true break end
      end
    end
  end
  check(differed, "some roll taken back came out differently (1.3 behaviour)")
  for _, id in ipairs(GAMES) do
    local s = tg.Game(id):new_state(12)
    s:set_undo_rewinds_rng(true)
    eq(s:undo_rewinds_rng(), true)
    raises(nil, s.set_undo_rewinds_rng, s, 1)
    for _ = 1, 60 do
      if s:is_terminal() then break end
      if s:is_chance() then
        local a = s:apply_chance()
        s:undo()
        eq(s:apply_chance(), a, id .. ": the same roll after undo")
        s:undo()
        local _, view = s:step()
        eq(view.applied, a, id .. ": a step draws it too")
      else
        s:apply(s:legal_moves()[1])
      end
    end
    eq(s:clone():undo_rewinds_rng(), true)
    local loaded = tg.load(s:save())
    eq(loaded:undo_rewinds_rng(), false)
    local players = loaded:history_players()
    if players[#players] == tg.CHANCE then
      loaded:set_undo_rewinds_rng(true)
      raises("TG_E_NOTHING_TO_UNDO", loaded.undo, loaded)
    end
  end
end)

h.run()
