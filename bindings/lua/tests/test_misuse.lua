-- Whatever a script does, the interpreter survives: wrong types, bad moves,
-- closed handles and corrupted saves all end in a catchable Lua error.
local tg = require("tablegames")
local h = require("harness")
local test, check, eq, raises = h.test, h.check, h.eq, h.raises
math.randomseed(7)

local first = tg.games()[1]

local function player_turn(seed)
  local s = tg.Game(first.id, { players = first.min_players }):new_state(seed)
  while s:is_chance() do s:apply_chance() end
  return s
end

test("error values carry status, name, message and the caller's position", function()
  local line = debug.getinfo(1, "l").currentline + 1
  local ok, err = pcall(function() return tg.Game("no_such_game") end)
  check(not ok and type(err) == "table", "no error value")
  eq(err.status, -2)
  eq(err.name, "TG_E_UNKNOWN_GAME")
  check(#err.message > 0, "empty message")
  check(err.where:match("test_misuse%.lua:(%d+)$") == tostring(line), "where is " .. err.where)
  eq(tostring(err), err.where .. ": TG_E_UNKNOWN_GAME: " .. err.message)
  check(err.traceback:find("stack traceback:", 1, true) ~= nil, "no traceback")
  check(err.traceback:find("test_misuse.lua:" .. line, 1, true) ~= nil, "traceback misses the caller")
  -- Called straight from pcall, the position is that of the code calling pcall.
  line = debug.getinfo(1, "l").currentline + 1
  err = raises("TG_E_UNKNOWN_GAME", tg.game_info, "no_such_game")
  check(err.where:match("harness%.lua:%d+$"), "where is " .. err.where)
  -- A method's error names the script line that called the method.
  local s = player_turn(1)
  line = debug.getinfo(1, "l").currentline + 1
  ok, err = pcall(function() s:apply(s:game():move_count()) end)
  eq(err.name, "TG_E_ILLEGAL_MOVE")
  check(err.where:match("test_misuse%.lua:(%d+)$") == tostring(line), "where is " .. err.where)
  check(tostring(err):match("^.-test_misuse%.lua:" .. line .. ": TG_E_ILLEGAL_MOVE: "), tostring(err))
end)

test("the 1.2 calls raise the same error objects, at the caller's line", function()
  local s = player_turn(3)
  local game = s:game()
  local function at_this_line(expected, f)
    local line = debug.getinfo(2, "l").currentline
    local ok, err = pcall(f)
    check(not ok and type(err) == "table", "no error object")
    eq(err.name, expected)
    check(#err.message > 0, "empty message")
    check(err.where:match("test_misuse%.lua:(%d+)$") == tostring(line), "where is " .. err.where)
    check(err.traceback:find("stack traceback:", 1, true) ~= nil, "no traceback")
    eq(tostring(err), err.where .. ": " .. expected .. ": " .. err.message)
    return err
  end
  at_this_line("TG_E_WRONG_PHASE", function() s:chance_weights() end)
  local err = at_this_line("TG_E_INVALID_ARGUMENT", function() game:new_bot(99) end)
  check(err.message:find("99", 1, true), "the bot's refusal does not name the seat: " .. err.message)
  local bot = game:new_bot(0, { level = "random", seed = 1 })
  s:playout()
  err = at_this_line("TG_E_WRONG_PHASE", function() bot:choose(s) end)
  check(err.message:find("over", 1, true), "not the bot's own words: " .. err.message)
end)

test("a viewer out of range is named with the range", function()
  local s = player_turn(1)
  local players = s:players()
  for _, call in ipairs({ "observation", "events", "resample" }) do
    local err = raises("TG_E_INVALID_ARGUMENT", s[call], s, players + 5)
    check(err.message:find(tostring(players + 5), 1, true), err.message)
    check(err.message:find("0.." .. (players - 1), 1, true), err.message)
    check(err.message:find(call, 1, true) == 1, err.message)
  end
end)

test("bad game arguments", function()
  raises(nil, tg.Game)
  raises(nil, tg.Game, {})
  raises(nil, tg.Game, first.id, 42)
  raises(nil, tg.Game, first.id, { players = {} })
  raises(nil, tg.Game, first.id, { [1] = "x" })
  for _, opts in ipairs({ { players = first.max_players + 1 }, { players = 0 },
                          { nonsense = 1 }, { players = "2,players=3" }, { players = "2\0" },
                          "garbage", "players", "players=2\0" }) do
    raises("TG_E_BAD_OPTION", tg.Game, first.id, opts)
  end
end)

test("an options string reaches C as given", function()
  local players = "players=" .. first.min_players
  for _, case in ipairs({ { players .. "," .. players, "given twice" },
                          { players .. ",", "no '=value'" },
                          { "," .. players, "no '=value'" },
                          { string.rep(" ", 2000), "longer than" } }) do
    local err = raises("TG_E_BAD_OPTION", tg.Game, case[1] and first.id, case[1])
    check(err.message:find(case[2], 1, true), err.message)
  end
end)

-- A number option given as a Lua float reaches C with a '.', also when the
-- host's locale writes numbers with a comma (checked when one is installed).
test("float options in any locale", function()
  for _, info in ipairs(tg.games()) do
    for _, opt in ipairs(info.options) do
      if opt.type == "number" then
        local value = opt.max / 2 + 0.0125 -- a float, not a whole number
        local made, game = pcall(tg.Game, info.id, { [opt.name] = value })
        local want = made and game:options_string()
        local comma = os.setlocale("de_DE.UTF-8", "numeric") or os.setlocale("de_DE.utf8", "numeric")
        if comma and want then
          local ok, got = pcall(function()
            return tg.Game(info.id, { [opt.name] = value }):options_string()
          end)
          os.setlocale("C", "numeric")
          check(ok, tostring(got))
          eq(got, want)
        elseif not comma then
          os.setlocale("C", "numeric")
          print("  (no de_DE locale installed: the comma case is not run)")
        end
      end
    end
  end
end)

test("illegal and malformed moves change nothing", function()
  local s = player_turn(1)
  local before = s:save()
  local legal = {}
  for _, m in ipairs(s:legal_moves()) do legal[m] = true end
  local bad = { -1, 2^32, math.maxinteger, math.mininteger, s:game():move_count() }
  for m = 0, s:game():move_count() - 1 do
    if not legal[m] and #bad < 30 then bad[#bad + 1] = m end
  end
  for _, m in ipairs(bad) do
    raises("TG_E_ILLEGAL_MOVE", s.apply, s, m)
    check(not s:is_legal(m))
  end
  for _, text in ipairs({ "", "  ", "no such move", "#", "#-1", "#99999999999", "enter\0x" }) do
    raises("TG_E_PARSE", s.apply, s, text)
    check(not s:is_legal(text))
  end
  for _, v in ipairs({ 1.5, {}, true, print }) do raises(nil, s.apply, s, v) end
  raises(nil, s.apply, s)
  eq(s:save(), before, "a rejected move changed the state")
  check(#s:last_error() > 0, "no message kept")
end)

test("read-only calls say what was wrong", function()
  local s = player_turn(4)
  local err = raises("TG_E_PARSE", s.parse_move, s, "  no such move ")
  check(err.message:find("'no such move' is not a legal move here", 1, true), err.message)
  err = raises("TG_E_PARSE", s.apply, s, "no such move")
  check(err.message:find("no such move", 1, true), err.message)
  err = raises("TG_E_INVALID_ARGUMENT", s.observation, s, 99)
  check(err.message:find("viewer 99", 1, true), err.message)
  err = raises("TG_E_WRONG_PHASE", s.chance_weights, s)
  check(err.message:find("not a chance point", 1, true), err.message)
end)

test("bad viewers, seeds and handles", function()
  local s = player_turn(2)
  for _, v in ipairs({ -5, 99, 2^40 }) do
    raises("TG_E_INVALID_ARGUMENT", s.observation, s, v)
    raises("TG_E_INVALID_ARGUMENT", s.events, s, v)
  end
  raises(nil, s.observation, s)
  raises(nil, s.observation, s, "zero")
  raises(nil, s.seed, s, "x")
  raises(nil, s.copy_from, s, "not a state")
  raises(nil, s.copy_from, s, s:game())
  raises(nil, tg.State)
  -- a method called on the wrong kind of userdata
  local game = s:game()
  raises(nil, s.apply, game, 0)
  raises(nil, game.players, s)
end)

test("wrong phase and the end of the game", function()
  local s = player_turn(3)
  if not s:is_terminal() then
    raises("TG_E_WRONG_PHASE", s.chance_outcomes, s)
    raises("TG_E_WRONG_PHASE", s.sample_chance, s)
    raises("TG_E_WRONG_PHASE", s.apply_chance, s)
  end
  h.play_out(s)
  local before = s:save()
  raises(nil, s.apply, s, 0)
  eq(#s:legal_moves(), 0)
  eq(s:save(), before)
end)

test("copy between different games is refused", function()
  local other
  for _, info in ipairs(tg.games()) do
    for n = info.min_players, info.max_players do
      if (info.id ~= first.id or n ~= first.min_players) and other == nil then
        other = tg.Game(info.id, { players = n })
      end
    end
  end
  if other == nil then return end
  local s = player_turn(4)
  local before = s:save()
  raises("TG_E_MISMATCH", s.copy_from, s, other:new_state(0))
  eq(s:save(), before)
end)

test("closed states and games raise, never crash", function()
  local game = tg.Game(first.id, { players = first.min_players })
  local s
  do
    local scoped <close> = game:new_state(5)
    s = scoped
    check(not s:is_closed())
  end
  check(s:is_closed(), "<close> did not close")
  s:close() -- a second close is harmless
  for _, name in ipairs({ "current_player", "is_terminal", "legal_moves", "undo", "clone",
                          "save", "to_json", "to_text", "winners", "returns", "history",
                          "game", "apply_chance", "last_error" }) do
    raises("closed state", s[name], s)
  end
  raises("closed state", s.apply, s, 0)
  raises("closed state", s.observation, s, 0)
  raises("closed state", function() return s == game:new_state(0) end)
  check(tostring(s):find("closed", 1, true))

  local live = game:new_state(6)
  game:close()
  raises("closed game", game.players, game)
  raises("closed game", game.new_state, game, 0)
  check(tostring(game):find("closed", 1, true))
  h.play_out(live) -- the state keeps its game alive
  check(live:is_terminal())
  eq(live:game():id(), first.id)
end)

test("states keep their game alive through garbage collection", function()
  local s = tg.Game(first.id, { players = first.min_players }):new_state(7)
  collectgarbage("collect")
  h.play_out(s)
  check(s:is_terminal())
  for i = 1, 200 do
    local g = tg.Game(first.id, { players = first.min_players })
    g:new_state(i):clone()
  end
  collectgarbage("collect")
end)

test("corrupted saves are refused or load into usable states", function()
  local s = tg.Game(first.id, { players = first.min_players }):new_state(8)
  h.play_out(s, 12)
  local data = s:save()
  for n = 0, #data - 1 do
    raises(nil, tg.load, data:sub(1, n))
  end
  local stride = math.max(1, #data // 150)
  for i = 1, #data, stride do
    for _, mask in ipairs({ 0x01, 0x80, 0xff }) do
      local bad = data:sub(1, i - 1) .. string.char(data:byte(i) ~ mask) .. data:sub(i + 1)
      local ok, loaded = pcall(tg.load, bad)
      if ok then
        h.play_out(loaded)
        check(loaded:is_terminal())
      else
        check(type(loaded) == "table" and #loaded.message > 0, "error without a message")
      end
    end
  end
  for _, junk in ipairs({ "", ("\0"):rep(64), ("\255"):rep(1000) }) do raises(nil, tg.load, junk) end
  raises(nil, tg.load, {})
  local text = s:to_json()
  for _, bad in ipairs({ "", "{", "[]", "null", "{}", '{"game":"no_such_game"}',
                         text:sub(1, #text // 2), (text:gsub('"position"', '"pos"')) }) do
    local err = raises(nil, tg.from_json, bad)
    check(type(err) == "table" and #err.message > 0, "JSON error without a message")
  end
end)

h.run()
