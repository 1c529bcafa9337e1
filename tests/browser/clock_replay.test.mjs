// The table page's turn clock and replay controls, their logic without a
// browser (node --test): the time shown, whose it is, and where each
// replay control leads, and what the replay's line says.
import { test } from "node:test";
import assert from "node:assert/strict";
import { formatLeft, clockText, ranOutText, ClockView } from "../../examples/table/tablegames_table/static/js/clock.js";
import { target, stepText } from "../../examples/table/tablegames_table/static/js/replay.js";

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

test("before everyone has joined, the clock says whom it waits for", () => {
  const nameOf = (p) => ["Ann", "Bob", "Cat"][p];
  assert.equal(clockText({ seconds: 10, waiting_for: [1] }, 0, nameOf, 0), "Turn clock: 10 seconds a turn, from when Bob has joined.");
  assert.equal(clockText({ seconds: 30, waiting_for: [1, 2] }, 0, nameOf, 0), "Turn clock: 30 seconds a turn, from when Bob and Cat have joined.");
  assert.equal(clockText({ seconds: 30, waiting_for: [0, 2] }, 0, nameOf, 0), "Turn clock: 30 seconds a turn, from when you and Cat have joined.");
});

test("a time that ran out is said as long as the server says it", () => {
  const nameOf = (p) => ["Ann", "Bob"][p];
  assert.equal(ranOutText(0, nameOf, 1), "Ann's time ran out; the table moved for Ann.");
  assert.equal(ranOutText(1, nameOf, 1), "Your time ran out; the table moved for you.");
  const box = { textContent: "", hidden: true, classList: { toggle() {} } };
  const view = new ClockView(box, nameOf, 1, () => 0);
  view.update({ clock: { seat: 1, left: 10, seconds: 10 }, ran_out: { seat: 0, version: 4 } });
  assert.match(box.textContent, /^Ann's time ran out; .* Your time: 0:10$/);
  view.update({ ran_out: { seat: 0, version: 4 } });        // a die drawn since: still said
  assert.equal(box.textContent, "Ann's time ran out; the table moved for Ann.");
  view.update({});                                         // a person decided
  assert.equal(box.hidden, true);
});

test("replay controls stay within the game", () => {
  assert.equal(target("first", 5, 9), 0);
  assert.equal(target("back", 5, 9), 4);
  assert.equal(target("back", 0, 9), 0);
  assert.equal(target("next", 5, 9), 6);
  assert.equal(target("next", 9, 9), 9);
  assert.equal(target("last", 2, 9), 9);
});

test("the replay says whether it shows everything", () => {
  assert.equal(stepText(3, 40, true), "Step 3 of 40 · everything shown");
  assert.equal(stepText(0, 40, false), "Step 0 of 40 · as you saw it");
});
