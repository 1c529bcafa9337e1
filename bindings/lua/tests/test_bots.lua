-- Computer players from Lua: every game and player count played to the end
-- by bots, hints, and bot misuse.
local tg = require("tablegames")
local h = require("harness")
local test, check, eq, raises = h.test, h.check, h.eq, h.raises

local function contains(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

local function to_player_turn(state)
  while state:is_chance() do state:apply_chance() end
  return state
end

test("cheap bots finish every game", function()
  for _, s in ipairs(h.setups(tg)) do
    for _, level in ipairs({ "random", "easy" }) do
      local game = tg.Game(s.id, { players = s.players })
      local bots = {}
      for p = 0, s.players - 1 do bots[p] = game:new_bot(p, { level = level, seed = p }) end
      local state <close> = game:new_state(31)
      while not state:is_terminal() do
        if state:is_chance() then
          state:apply_chance()
        else
          local before = state:save()
          local move, text = bots[state:current_player()]:choose(state)
          eq(state:save(), before, "choose changed the state")
          check(contains((state:legal_moves()), move), "illegal bot move")
          eq(state:move_text(move), text)
          state:apply(move)
        end
      end
      eq(bots[0]:last_simulations(), 0)
    end
  end
end)

test("search bot chooses and hints", function()
  for _, s in ipairs(h.setups(tg)) do
    local game = tg.Game(s.id, { players = s.players })
    local state = game:new_state(32)
    h.play_out(state, 6)
    to_player_turn(state)
    if not state:is_terminal() then
      local bot <close> = tg.Bot(game, state:current_player(),
        { level = "medium", simulations = 40, seed = 1 })
      check(contains((state:legal_moves()), (bot:choose(state))), "illegal bot move")
      check(bot:last_simulations() > 0, "no simulation ran")
      local ranked, legal = bot:hint(state), state:legal_moves()
      eq(#ranked, #legal, "hint does not rank every legal move")
      for _, r in ipairs(ranked) do
        check(contains(legal, r.move) and r.score >= 0 and r.score <= 1 and #r.text > 0)
      end
      check(bot:game() == game)
    end
  end
end)

test("bot settings are read back with the level's defaults", function()
  local s = h.setups(tg)[1]
  local game = tg.Game(s.id, { players = s.players })
  local p = game:new_bot(0, { level = "hard", seed = 9 }):params()
  eq(p.level, "hard")
  eq(p.simulations, 3000)
  eq(p.seed, 9)
  eq(p.memory, "full")
  eq(game:new_bot(0, { level = "easy" }):params().memory, "last")
  eq(game:new_bot(0, { level = "hard", memory = "last" }):params().memory, "last")
  raises(nil, tg.Bot, game, 0, { memory = "everything" })
end)

test("refusals say why, and a stop before a decision ends it", function()
  local s = h.setups(tg)[1]
  local game = tg.Game(s.id, { players = s.players })
  local state = to_player_turn(game:new_state(34))
  local err = raises("TG_E_INVALID_ARGUMENT", tg.Bot, game, 99)
  check(err.message:find("seat 99 is not in this", 1, true), err.message)
  local other = game:new_bot((state:current_player() + 1) % s.players, { level = "easy" })
  err = raises("TG_E_WRONG_PHASE", other.choose, other, state)
  check(err.message:find("turn", 1, true), err.message)
  err = raises("TG_E_WRONG_PHASE", other.hint, other, state)
  check(err.message:find("turn", 1, true), err.message)
  local bot = game:new_bot(state:current_player(), { level = "hard", simulations = 100 })
  bot:stop()
  check(contains((state:legal_moves()), (bot:choose(state))))
  eq(bot:last_simulations(), 0, "a stop asked before the decision")
  bot:choose(state)
  eq(bot:last_simulations(), 100, "the next decision")
end)

test("bot misuse", function()
  local s = h.setups(tg)[1]
  local game = tg.Game(s.id, { players = s.players })
  local state = to_player_turn(game:new_state(33))
  for _, seat in ipairs({ -1, s.players, 2^40 }) do
    raises("TG_E_INVALID_ARGUMENT", tg.Bot, game, seat)
  end
  raises(nil, tg.Bot, game, 0, { level = "genius" })
  raises(nil, tg.Bot, game, 0, "medium")
  raises("TG_E_INVALID_ARGUMENT", tg.Bot, game, 0, { simulations = -1 })
  raises("TG_E_INVALID_ARGUMENT", tg.Bot, game, 0, { seconds = -1 })
  raises("TG_E_INVALID_ARGUMENT", tg.Bot, game, 0, { seconds = 0 / 0 })
  raises(nil, tg.Bot, "game", 0)
  local other = game:new_bot((state:current_player() + 1) % s.players, { level = "easy" })
  raises("TG_E_WRONG_PHASE", other.choose, other, state)
  raises("TG_E_WRONG_PHASE", other.hint, other, state)
  raises(nil, other.choose, other, game)
  local mine = game:new_bot(state:current_player(), { level = "random" })
  game:close()
  check(contains((state:legal_moves()), (mine:choose(state))), "bot died with its game")
  mine:close()
  mine:close()
  check(mine:is_closed())
  raises("closed bot", mine.choose, mine, state)
  raises("closed bot", mine.hint, mine, state)
  raises("closed bot", mine.last_simulations, mine)
  check(tostring(mine):find("closed", 1, true))
end)

h.run()
