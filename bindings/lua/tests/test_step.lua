-- state:step([move]): one call per decision, returning the player to move
-- and the state's one view of the next decision. It must play what the
-- separate calls play, refuse what they refuse without changing the state
-- or the view, and read like a sequence.
local tg = require("tablegames")
local h = require("harness")
local test, check, eq, raises = h.test, h.check, h.eq, h.raises

local function list(view)
  local t = {}
  for i, m in ipairs(view) do t[i] = m end
  return t
end

local function ids_of(state)
  local ids, n = state:legal_ids()
  local t = {}
  for i = 1, n do t[i] = ids[i] end
  return t
end

-- Plays one game twice from the same seed, by steps and by the separate
-- calls; chance alternates between a drawn outcome and one named by id.
local function play_both_ways(id, players, seed)
  local g = tg.Game(id, { players = players })
  local fast, slow = g:new_state(seed), g:new_state(seed)
  local player, view, n = fast:step_view()
  local decisions = 0
  math.randomseed(seed)
  while true do
    eq(player, slow:current_player(), id .. " player")
    eq(view.player, player, id .. " view.player")
    eq(n, #view, id .. " the count returned")
    check(h.same(list(view), ids_of(slow)), id .. ": the view lists other moves")
    if player == tg.TERMINAL then break end
    local again
    if player == tg.CHANCE and decisions % 2 == 0 then
      player, again, n = fast:step()
      eq(view.applied, slow:apply_chance_id(), id .. " chance draw")
    else
      local m = view[math.random(n)]
      player, again, n = fast:step(m)
      eq(view.applied, m)
      slow:apply_id(m)
    end
    check(again == view, "step returned another view")
    decisions = decisions + 1
  end
  eq(#view, 0)
  check(fast == slow, id .. ": the positions differ")
  eq(fast:save(), slow:save(), id .. ": the saves differ (RNG or history)")
  return decisions
end

test("every game plays the same by steps", function()
  for _, info in ipairs(tg.games()) do
    for n = info.min_players, info.max_players do
      check(play_both_ways(info.id, n, 3) > 0, info.id)
    end
  end
end)

test("one view per state, rewritten by every step", function()
  local g = tg.Game("bewitched", { players = 2 })
  local s = g:new_state(9)
  local player, view = s:step_view()
  while player == tg.CHANCE or #view < 3 do
    player = s:step(player ~= tg.CHANCE and view[1] or nil)
  end
  local kept = list(view)
  local first = view[1]
  player = s:step(first)
  eq(view.applied, first)
  check(h.same(list(view), ids_of(s)), "the view was not rewritten")
  eq(kept[1], first)
  s:undo() -- other calls leave the view as the last step wrote it
  eq(view.applied, first)
  local p2, v2 = s:step_view()
  check(v2 == view, "step_view made another view")
  eq(p2, s:current_player())
  check(h.same(list(view), kept), "step_view did not read the position")
  eq(view.applied, nil)
  local _, other = s:clone():step_view()
  check(other ~= view, "a clone shares its original's view")
end)

test("a view reads like a read-only sequence", function()
  local s = tg.Game("witches_dance", { players = 3 }):new_state(2)
  local player, view = s:step_view()
  while player == tg.CHANCE do player = s:step() end
  local ids = ids_of(s)
  eq(#view, #ids)
  for i = 1, #ids do eq(view[i], ids[i]) end
  eq(view[0], nil)
  eq(view[#ids + 1], nil)
  eq(view[-1], nil)
  eq(view[1.5], nil)
  eq(view.nothing, nil)
  eq(view[true], nil)
  eq(view[2.0], ids[2])
  check(tostring(view):find("StepView: player " .. player, 1, true), tostring(view))
  check(not pcall(function() view[1] = 5 end), "a view took a write")
  eq(view[1], ids[1])
  eq(getmetatable(view), "tablegames.StepView") -- its functions stay out of reach
end)

test("refusals change neither the state nor the view", function()
  local g = tg.Game("spinning_wishes", { players = 3 })
  local s = g:new_state(2)
  local player, view = s:step_view()
  while player == tg.CHANCE do player = s:step() end
  local function refused(name, ...)
    local saved, seen, applied = s:save(), list(view), view.applied
    raises(name, s.step, s, ...)
    eq(s:save(), saved, "a refused step changed the state")
    check(h.same(list(view), seen), "a refused step changed the view")
    eq(view.applied, applied)
    eq(view.player, player)
  end
  for _, bad in ipairs({ -1, 2^32, g:move_count(), 2^31 + 5 }) do
    refused("TG_E_ILLEGAL_MOVE", math.tointeger(bad) or bad)
  end
  refused(nil, "enter")
  refused(nil, 1.5)
  refused(nil, {})
  refused("TG_E_WRONG_PHASE") -- no chance point to draw at
  refused("TG_E_WRONG_PHASE", nil)
  while not s:is_chance() do s:apply_id(ids_of(s)[1]) end
  player = s:step_view()
  refused("TG_E_ILLEGAL_MOVE", g:move_count())
  check(s:last_error():find("chance", 1, true), s:last_error())
end)

test("after the end and after close", function()
  local s = tg.Game("creepy_cauldron", { players = 2 }):new_state(6)
  s:playout()
  local player, view = s:step_view()
  eq(player, tg.TERMINAL)
  eq(#view, 0)
  raises("TG_E_ILLEGAL_MOVE", s.step, s, 0)
  raises("TG_E_WRONG_PHASE", s.step, s)
  s:close()
  raises(nil, s.step, s)
  raises(nil, s.step_view, s)
  eq(#view, 0) -- the view outlives its closed state harmlessly
  -- a step on something that is not a state
  raises(nil, s.step, view, 0)
  raises(nil, s.step, {}, 0)
  raises(nil, s.step, io.stdout, 0)
  raises(nil, s.step_view, tg.Game("bewitched", { players = 2 }))
end)

test("a userdata given the state metatable is not taken for a state", function()
  -- debug.setmetatable() fools luaL_checkudata(); the step's own check
  -- (the state's tag) still refuses it, before reading it as a state.
  local s = tg.Game("witches_dance", { players = 2 }):new_state(1)
  local fake = io.tmpfile()
  debug.setmetatable(fake, debug.getmetatable(s))
  raises(nil, s.step, fake, 0)
  raises(nil, s.step, fake)
  raises(nil, s.step_view, fake)
  debug.setmetatable(fake, debug.getmetatable(io.stdout))
  fake:close()
  eq(s:step_view(), s:current_player()) -- the real state is untouched
end)

test("a view put in the wrong place is not trusted", function()
  -- The debug library can swap the user value a state keeps its view in.
  local s = tg.Game("bewitched", { players = 2 }):new_state(1)
  local _, own = s:step_view()
  local small = tg.Game("witches_dance", { players = 2 }):new_state(1)
  local _, foreign = small:step_view() -- room for far fewer moves
  local cases = { small, foreign, own }
  for i, wrong in ipairs(cases) do
    debug.setuservalue(s, wrong, 2)
    local player, fresh = s:step_view()
    check(not rawequal(fresh, wrong) or i == 3, "case " .. i .. ": a foreign view was used")
    eq(player, s:current_player())
    check(h.same(list(fresh), ids_of(s)), "case " .. i)
    eq(s:step(fresh[1]), s:current_player())
  end
end)

h.run()
