-- The 1.2 views: tensors as a table or in a reused FloatBuffer, the public
-- viewer and information states.
local tg = require("tablegames")
local h = require("harness")
local test, check, eq, raises = h.test, h.check, h.eq, h.raises

test("a tensor is a table of the game's size, or fills a FloatBuffer", function()
  for _, info in ipairs(tg.games()) do
    local s = tg.Game(info.id, { players = info.min_players }):new_state(3)
    s:playout(40)
    local n = s:tensor_size()
    local t = s:observation_tensor(0)
    eq(#t, n)
    local buf = tg.FloatBuffer(n)
    check(s:observation_tensor(0, buf) == buf, "the buffer is returned")
    eq(#buf, n)
    for i = 1, n do eq(buf[i], t[i]) end
    eq(buf[n + 1], nil)
    raises("TG_E_BUFFER_TOO_SMALL", s.observation_tensor, s, 0, tg.FloatBuffer(n - 1))
    raises("TG_E_INVALID_ARGUMENT", s.observation_tensor, s, 99)
  end
end)

test("the public viewer does not see a peek", function()
  local s = tg.from_json('{"game":"witches_dance","options":"players=3","position":' ..
    '{"phase":"choose","player":0,"die":6,"circle":{"yellow":[1,2,3,4],' ..
    '"red":[8,9,10,11],"lightblue":[30,31,32,33]}}}')
  s:apply("peek9")
  eq(s:observation(0).known_color[10], "red")
  eq(s:observation(tg.PUBLIC).known_color[10], tg.null)
end)

test("information keys are 128-bit hex of the canonical JSON", function()
  local s = tg.Game("bewitched", { players = 2 }):new_state(4)
  s:playout(100)
  local k = s:information_key(1)
  eq(#k, 32)
  eq(k, s:clone():information_key(1))
  check(s:information_json(1):sub(1, 15) == '{"observation":', "canonical JSON")
  raises("TG_E_INVALID_ARGUMENT", s.information_key, s, tg.PUBLIC)
end)

h.run()
