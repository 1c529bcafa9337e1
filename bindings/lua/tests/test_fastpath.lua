-- The methods for loops over many decisions: legal_ids, apply_id,
-- apply_chance_id and playout play the same games as the full methods.
local tg = require("tablegames")
local h = require("harness")
local test, check, eq, raises = h.test, h.check, h.eq, h.raises

test("playout plays every game to the end and records it", function()
  for _, info in ipairs(tg.games()) do
    for n = info.min_players, info.max_players do
      local s = tg.Game(info.id, { players = n }):new_state(11)
      local made = s:playout()
      check(s:is_terminal(), info.id .. " did not end")
      eq(made, s:move_number())
      eq(made, s:history_length())
      -- loading replays and checks every recorded decision
      check(tg.load(s:save()) == s, "the saved history does not replay")
      eq(s:playout(), 0)
    end
  end
end)

test("playout stops at the limit and repeats for a seed", function()
  local g = tg.Game("witches_dance", { players = 3 })
  local a, b = g:new_state(99), g:new_state(99)
  eq(a:playout(0), 0)
  eq(a:playout(40), 40)
  eq(b:playout(1) + b:playout(39), 40)
  eq(a:save(), b:save())
  for _, bad in ipairs({ -1, 2^32 }) do raises("TG_E_INVALID_ARGUMENT", a.playout, a, bad) end
  raises(nil, a.playout, a, "many")
  eq(a:move_number(), 40)
end)

test("the id methods play the same game as the full ones", function()
  local g = tg.Game("spinning_wishes", { players = 4 })
  local fast, slow = g:new_state(5), g:new_state(5)
  while not fast:is_terminal() do
    if fast:is_chance() then
      local id = fast:apply_chance_id()
      eq(math.type(id), "integer")
      eq(select(1, slow:apply_chance()), id)
    else
      local ids, n = fast:legal_ids()
      local full = slow:legal_moves()
      eq(n, #full)
      eq(#ids, #full)
      -- a reused table gets the same ids and a cleared end
      local reused = { 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7 }
      local same, m = fast:legal_ids(reused)
      check(same == reused, "legal_ids(t) did not return t")
      eq(m, n)
      eq(reused[n + 1], nil)
      for i = 1, n do eq(reused[i], ids[i]) end
      for i = 1, #ids do eq(ids[i], full[i]) end
      local pick = ids[(#ids + 1) // 2]
      eq(select("#", fast:apply_id(pick)), 0)
      slow:apply(pick)
    end
  end
  check(fast == slow, "the two states differ")
end)

test("apply_id refuses what apply refuses and changes nothing", function()
  local s = tg.Game("witches_dance", { players = 2 }):new_state(1)
  local before = s:save()
  for _, bad in ipairs({ -1, 2^32, 10^6 }) do raises("TG_E_ILLEGAL_MOVE", s.apply_id, s, bad) end
  for _, bad in ipairs({ "1", 1.5, {} }) do raises(nil, s.apply_id, s, bad) end
  raises("TG_E_WRONG_PHASE", s.apply_chance_id, s)
  raises(nil, s.legal_ids, s, "not a table")
  eq(s:save(), before, "a refused call changed the state")
end)

h.run()
