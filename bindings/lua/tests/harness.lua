-- A minimal test runner for the binding tests: register cases with
-- harness.test(name, fn), then harness.run() prints each failure and a
-- closing "N passed, N failed" line and exits non-zero on any failure.
local harness = {}
local cases = {}

function harness.test(name, fn)
  cases[#cases + 1] = { name = name, fn = fn }
end

function harness.check(cond, msg)
  if not cond then error(msg or "check failed", 2) end
end

function harness.eq(got, want, msg)
  if got ~= want then
    error(string.format("%s: got %s, want %s", msg or "values differ",
      tostring(got), tostring(want)), 2)
  end
end

-- Deep equality of plain values and tables (observations, events).
function harness.same(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  for k, v in pairs(a) do
    if not harness.same(v, b[k]) then return false end
  end
  for k in pairs(b) do
    if a[k] == nil then return false end
  end
  return true
end

-- Runs fn expecting a tablegames error with the given status name (or any
-- error when name is nil); returns the error value.
function harness.raises(name, fn, ...)
  local ok, err = pcall(fn, ...)
  if ok then error("expected an error " .. (name or ""), 2) end
  if name ~= nil then
    local got = type(err) == "table" and err.name or tostring(err)
    if got ~= name and not tostring(err):find(name, 1, true) then
      error(string.format("expected %s, got %s", name, tostring(err)), 2)
    end
  end
  return err
end

function harness.run()
  local passed, failed = 0, 0
  for _, case in ipairs(cases) do
    local ok, err = xpcall(case.fn, function(e) return debug.traceback(tostring(e), 2) end)
    if ok then
      passed = passed + 1
      print("ok      " .. case.name)
    else
      failed = failed + 1
      print("FAILED  " .. case.name .. "\n" .. err)
    end
  end
  print(string.format("%d passed, %d failed", passed, failed))
  os.exit(failed == 0 and #cases > 0 and 0 or 1, true) -- true: close the state, so __gc runs
end

-- Every (game id, players) setup of the catalogue.
function harness.setups(tg)
  local out = {}
  for _, info in ipairs(tg.games()) do
    for n = info.min_players, info.max_players do
      out[#out + 1] = { id = info.id, players = n }
    end
  end
  return out
end

-- A random decision: chance by the state's RNG, else a random legal move.
function harness.step(state)
  if state:is_chance() then return state:apply_chance() end
  local moves = state:legal_moves()
  return state:apply(moves[math.random(#moves)])
end

function harness.play_out(state, limit)
  local n = 0
  while not state:is_terminal() and (limit == nil or n < limit) do
    harness.step(state)
    n = n + 1
  end
  return n
end

-- Plays state to the end, calling visit(state) every `every` decisions and
-- once more at the end.
function harness.walk(state, every, visit)
  local step = 0
  while not state:is_terminal() do
    if step % every == 0 then visit(state) end
    harness.step(state)
    step = step + 1
  end
  visit(state)
end

return harness
