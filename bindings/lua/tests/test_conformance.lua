-- The conformance checks from Lua, for every game and player count: random
-- games to the end, save/load, clone, undo and hidden-information views.
local tg = require("tablegames")
local h = require("harness")
local test, check, eq, same = h.test, h.check, h.eq, h.same
math.randomseed(42)

local function close_to(a, b) return math.abs(a - b) < 1e-9 end

test("catalogue", function()
  local games = tg.games()
  check(#games > 0, "empty catalogue")
  for _, info in ipairs(games) do
    check(info.name ~= "" and info.summary ~= "", info.id .. ": no name")
    check(1 <= info.min_players and info.min_players <= info.max_players
          and info.max_players <= tg.MAX_PLAYERS, info.id .. ": player range")
    eq(info.options[1].name, "players", info.id .. ": first option")
    eq(tg.game_info(info.id).name, info.name)
  end
  local version, major = tg.version()
  eq(major, 1, "major version")
  eq(version, tg._VERSION)
end)

test("games report their options", function()
  for _, s in ipairs(h.setups(tg)) do
    local game <close> = tg.Game(s.id, { players = s.players })
    eq(game:id(), s.id)
    eq(game:players(), s.players)
    eq(game:options().players, tostring(s.players))
    check(game == tg.Game(s.id, game:options_string()), "rebuilt from its options")
    check(game:move_count() > 0 and game:max_legal_moves() > 0 and game:state_size() > 0)
    eq(type(game:board()), "table")
    check(tostring(game):find(s.id, 1, true), "tostring names the game")
  end
end)

local function check_point(game, state)
  local player = state:current_player()
  local moves, texts = state:legal_moves()
  if player == tg.TERMINAL then
    check(state:is_terminal()); eq(#moves, 0, "moves after the end")
    return
  end
  check(#moves > 0, "no legal move in a live state")
  check(#moves <= game:max_legal_moves(), "more moves than max_legal_moves")
  for i = 2, #moves do check(moves[i - 1] < moves[i], "moves not increasing") end
  check(moves[#moves] < game:move_count(), "move beyond move_count")
  if player == tg.CHANCE then
    local total = 0
    local outcomes = state:chance_outcomes()
    for i, o in ipairs(outcomes) do
      eq(o.move, moves[i], "outcome order")
      check(o.probability > 0 and o.probability <= 1)
      total = total + o.probability
    end
    check(close_to(total, 1), "probabilities sum to " .. total)
    -- The exact integer weights behind those probabilities.
    local weighted, sum = state:chance_weights()
    local added = 0
    for i, w in ipairs(weighted) do
      eq(w.move, moves[i], "weighted outcome order")
      check(math.type(w.weight) == "integer" and w.weight >= 1)
      eq(w.weight / sum, outcomes[i].probability, "weight / total")
      added = added + w.weight
    end
    eq(added, sum, "weights sum to the total")
  else
    check(player >= 0 and player < game:players(), "player out of range")
    h.raises("TG_E_WRONG_PHASE", state.chance_outcomes, state)
    for i, m in ipairs(moves) do
      eq(state:parse_move(texts[i]), m, "text round trip")
      eq(state:parse_move("#" .. m), m, "#id")
      eq(state:move_text(m), texts[i])
      check(state:is_legal(m) and state:is_legal(texts[i]))
    end
  end
end

test("random games to the end", function()
  for _, s in ipairs(h.setups(tg)) do
    local game = tg.Game(s.id, { players = s.players })
    local state <close> = game:new_state(11)
    while not state:is_terminal() do
      check_point(game, state)
      local before = state:move_number()
      h.step(state)
      eq(state:move_number(), before + 1)
      eq(type(state:events(tg.OMNISCIENT)), "table")
    end
    check_point(game, state)
    check(state:move_number() <= game:max_length(), "longer than max_length")
    local returns, winners, sum = state:returns(), state:winners(), 0
    eq(#returns, s.players)
    for _, r in ipairs(returns) do sum = sum + r end
    for _, w in ipairs(winners) do check(returns[w + 1] > 0, "winner without return") end
    check(close_to(sum, #winners > 0 and 1 or 0), "returns sum")
    check(tostring(state):find("game over", 1, true), "tostring shows the end")
  end
end)

local function assert_copy(copy, state)
  check(copy == state, "copy differs")
  check(same(copy:history(), state:history()), "history differs")
  check(same(copy:observation(tg.OMNISCIENT), state:observation(tg.OMNISCIENT)))
  check(same(copy:events(tg.OMNISCIENT), state:events(tg.OMNISCIENT)))
  eq(copy:to_text(), state:to_text())
  eq(copy:save(), state:save())
  check(copy:game() == state:game(), "game differs")
end

test("save, load, json and clone round trips", function()
  for _, s in ipairs(h.setups(tg)) do
    local game = tg.Game(s.id, { players = s.players })
    h.walk(game:new_state(12), 7, function(state)
      assert_copy(tg.load(state:save()), state)
      assert_copy(tg.from_json(state:to_json()), state)
      assert_copy(state:clone(), state)
      local target = game:new_state(0)
      target:copy_from(state)
      assert_copy(target, state)
    end)
  end
end)

test("clone is independent", function()
  for _, s in ipairs(h.setups(tg)) do
    local state = tg.Game(s.id, { players = s.players }):new_state(13)
    h.play_out(state, 5)
    local saved = state:save()
    local twin = state:clone()
    h.play_out(twin)
    check(twin:is_terminal())
    eq(state:save(), saved, "the original changed")
  end
end)

test("undo walks back through every position", function()
  for _, s in ipairs(h.setups(tg)) do
    local state = tg.Game(s.id, { players = s.players }):new_state(14)
    local seen = { state:clone() }
    while not state:is_terminal() do
      h.step(state)
      seen[#seen + 1] = state:clone()
    end
    eq(state:history_length(), #seen - 1)
    for _, here in ipairs({ state, tg.load(state:save()) }) do
      for i = #seen - 1, 1, -1 do
        here:undo()
        check(here == seen[i], "undo did not restore position " .. i)
      end
      h.raises("TG_E_NOTHING_TO_UNDO", here.undo, here)
    end
  end
end)

test("reset and seeds", function()
  for _, s in ipairs(h.setups(tg)) do
    local game = tg.Game(s.id, { players = s.players })
    local a, b = game:new_state(15), game:new_state(15)
    while not a:is_terminal() do
      local ma = a:is_chance() and a:apply_chance() or a:apply((a:legal_moves())[1])
      local mb = b:is_chance() and b:apply_chance() or b:apply((b:legal_moves())[1])
      eq(ma, mb, "same seed, different decision")
    end
    check(a == b)
    a:reset(15)
    check(a == game:new_state(15), "reset is not the start")
    eq(#a:history(), 0)
  end
end)

test("hidden information views and resampling", function()
  for _, s in ipairs(h.setups(tg)) do
    h.walk(tg.Game(s.id, { players = s.players }):new_state(16), 6, function(state)
      for p = 0, s.players - 1 do
        local obs, events = state:observation(p), state:events(p)
        eq(type(obs), "table"); eq(type(events), "table")
        eq(type(state:to_text(p)), "string")
        local other = state:clone()
        other:seed(100 + p)
        other:resample(p)
        check(same(other:observation(p), obs), "resampling changed player " .. p .. "'s view")
        check(same(other:events(p), events), "resampling changed player " .. p .. "'s events")
        eq(#other:history(), 0)
        -- the resampled position must be playable; a few decisions show it
        local before = other:move_number()
        local made = h.play_out(other, 12)
        eq(other:move_number(), before + made)
      end
    end)
  end
end)

h.run()
