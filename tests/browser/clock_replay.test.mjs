// The table page's turn clock and replay controls, their logic without a
// browser (node --test): the time shown, whose it is, and where each
// replay control leads.
import { test } from "node:test";
import assert from "node:assert/strict";
import { formatLeft, clockText } from "../../examples/table/tablegames_table/static/js/clock.js";
import { target } from "../../examples/table/tablegames_table/static/js/replay.js";

test("the time left is minutes and seconds, rounded up", () => {
  assert.equal(formatLeft(65), "1:05");
  assert.equal(formatLeft(0.2), "0:01");
  assert.equal(formatLeft(0), "0:00");
  assert.equal(formatLeft(-3), "0:00");
  assert.equal(formatLeft(3600), "60:00");
});

test("the clock names the seat to move, or says it is yours", () => {
  const names = ["Ann", "Bob"];
  const nameOf = (p) => names[p];
  assert.equal(clockText({ seat: 1 }, 30, nameOf, 0), "Bob's time: 0:30");
  assert.equal(clockText({ seat: 0 }, 9.5, nameOf, 0), "Your time: 0:10");
  assert.equal(clockText({ seat: 0 }, 12, nameOf, -2), "Ann's time: 0:12");   // a spectator
});

test("replay controls stay within the game", () => {
  assert.equal(target("first", 5, 9), 0);
  assert.equal(target("back", 5, 9), 4);
  assert.equal(target("back", 0, 9), 0);
  assert.equal(target("next", 5, 9), 6);
  assert.equal(target("next", 9, 9), 9);
  assert.equal(target("last", 2, 9), 9);
});
