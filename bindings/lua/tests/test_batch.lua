-- The 1.4 calls in Lua: the action numbering, action masks, utilities with
-- shared draws, information tensors, and tablegames.Batch playing what
-- single states play with the same seeds and actions.
local tg = require("tablegames")
local h = require("harness")
local test, check, eq, raises, same = h.test, h.check, h.eq, h.raises, h.same

local function to_player(s)
  while s:is_chance() do s:apply_chance() end
  return s
end

test("actions number the player ids in order, outcomes the chance ids", function()
  local g = tg.Game("witches_dance", { players = 4 })
  -- Witches' Dance: the die is ids 0..5, so action a is id a + 6.
  eq(g:action_move(0, 0), 6)
  eq(g:move_action(85), 79)
  eq(g:action_move(tg.CHANCE, 5), 5)
  eq(g:move_action(5), 5)
  raises("TG_E_INVALID_ARGUMENT", g.action_move, g, 0, g:research().player_move_count)
  raises("TG_E_INVALID_ARGUMENT", g.action_move, g, 4, 0)
  raises("TG_E_INVALID_ARGUMENT", g.move_action, g, g:move_count())
  eq(g:utility_sum("shared"), 1)
  eq(g:utility_sum(), nil)
  raises(nil, g.utility_sum, g, "half")
  eq(g:information_tensor_size(), g:new_state(1):tensor_size() + 4 + 10)
end)

test("a state's action mask, utilities and information tensor", function()
  local g = tg.Game("witches_dance", { players = 3 })
  local s = to_player(g:new_state(2))
  local mask, set = s:action_mask(), 0
  eq(#mask, g:research().player_move_count)
  for a, v in ipairs(mask) do
    if v == 1 then
      set = set + 1
      check(s:is_legal(g:action_move(0, a - 1)))
    end
  end
  eq(set, #s:legal_moves())
  check(same(s:utilities(), { 0, 0, 0 }))
  eq(s:is_truncated(), false)
  local t = s:information_tensor(0)
  eq(#t, g:information_tensor_size())
  local buf = tg.FloatBuffer(#t)
  check(s:information_tensor(0, buf) == buf)
  for i = 1, #t do eq(buf[i], t[i]) end
  raises("TG_E_BUFFER_TOO_SMALL", s.information_tensor, s, 0, tg.FloatBuffer(#t - 1))
  raises("TG_E_INVALID_ARGUMENT", s.information_tensor, s, tg.CHANCE)
  local over = g:new_state(4)
  over:playout()
  local u, sum = over:utilities("shared"), 0
  for _, v in ipairs(u) do sum = sum + v end
  eq(sum, 1)
end)

test("a batch plays the single states' games", function()
  local g = tg.Game("creepy_cauldron")
  local n, seed = 3, 40
  local b <close> = g:batch(n, seed, { draw = "shared" })
  eq(b:size(), n)
  local singles = {}
  for i = 0, n - 1 do singles[i] = to_player(g:new_state(seed + i)) end
  local games = 0
  for step = 1, 400 do
    local actions = {}
    for i = 0, n - 1 do
      local s = singles[i]
      eq(b:player(i), s:current_player())
      check(same(b:mask(i), s:action_mask()))
      check(same(b:observation(i), s:observation_tensor(s:current_player())))
      check(same(b:information(i), s:information_tensor(s:current_player())))
      local legal = s:legal_moves()
      actions[i + 1] = g:move_action(legal[(step + i) % #legal + 1])
    end
    b:step(actions)
    for i = 0, n - 1 do
      local s = singles[i]
      s:apply(g:action_move(0, actions[i + 1]))
      to_player(s)
      if s:is_terminal() then
        eq(b:done(i), s:is_truncated() and "truncated" or "ended")
        check(same(b:rewards(i), s:utilities("shared")))
        games = games + 1
        s = to_player(g:new_state(b:seed(i)))
        singles[i] = s
      else
        eq(b:done(i), "running")
      end
      check(b:state(i) == s)
    end
  end
  check(games > 0, "no game ended")
  local actions = {}
  for i = 1, n do actions[i] = g:research().player_move_count end
  local err = raises("TG_E_ILLEGAL_MOVE", b.step, b, actions)
  check(err.message:find("slot 0", 1, true), err.message)
  raises("TG_E_INVALID_ARGUMENT", b.player, b, n)
  b:reset(7)
  check(b:state(2) == to_player(g:new_state(9)))
  b:close()
  raises(nil, b.size, b)
end)

h.run()
