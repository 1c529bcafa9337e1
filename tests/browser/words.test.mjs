// The words of the browser table, without a browser (node --test): every
// kind of event the library emits, as each seat and the spectator see it,
// gets a sentence of its own that names people ("You", "Ann") and never
// counts seats from 0 ("player 1"), and says no colour its fields do not
// hold (the sentence is built from the seat's own event, nothing else).
// The lobby's option labels count seats from 1.
//
// Environment: PYTHONPATH and TABLEGAMES_LIBRARY (event_samples.py plays
// random games with the library; scripts/test.sh sets them).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { names } from "./page_names.mjs";
import { describeEvent, withNames, hasWords } from "../../examples/table/tablegames_table/static/js/events_text.js";
import { optionLabel, optionHelp } from "../../examples/table/tablegames_table/static/js/option_words.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const COLOURS = ["yellow", "pink", "red", "green", "lightblue", "darkblue", "blue"];


function samples() {
  const run = spawnSync(process.env.TG_PYTHON || "/usr/bin/python3", [path.join(here, "event_samples.py")], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout.trim().split("\n").map((line) => JSON.parse(line));
}

test("every event is told with names, from its own fields", () => {
  const all = samples();
  assert.ok(all.length > 60, `only ${all.length} kinds of event`);
  for (const { game, viewer, event } of all) {
    const ctx = names(viewer);
    const sentence = describeEvent(game, event, ctx);
    const what = `${game} ${event.type} for viewer ${viewer}: "${sentence}"`;
    assert.ok(hasWords(game, event.type), `${game}'s event ${event.type} has no words of the table's own (library: "${event.text}")`);
    assert.ok(typeof sentence === "string" && sentence.length > 5, what);
    assert.doesNotMatch(sentence, /\bplayers? \d/i, what);
    if (Number.isInteger(event.player) && event.type !== "select") {
      const p = event.player;
      assert.ok([ctx.who(p), ctx.whom(p), ctx.whose(p)].some((n) => sentence.includes(n)), `${what} does not name the player`);
    }
    const fields = JSON.stringify({ ...event, text: undefined });
    const words = sentence.replace(/\b(dark|light) (\w)/g, "$1$2");     // "dark blue" is darkblue
    for (const colour of COLOURS) {
      if (new RegExp(`\\b${colour}\\b`).test(words)) assert.ok(fields.includes(`"${colour}"`), `${what} says ${colour}, which its fields do not`);
    }
  }
});

test("the library's own sentences get names", () => {
  assert.equal(withNames("Player 0 (red) rolled a 4.", names(0)), "You (red) rolled a 4.");
  assert.equal(withNames("Player 1 (blue) took a rat from player 0.", names(0)), "Bob (blue) took a rat from you.");
  assert.equal(withNames("The handle snapped up under player 2's (green) hand.", names(0)), "The handle snapped up under Cat's (green) hand.");
  assert.equal(withNames("Players 0, 1 tied with the highest start roll, 4, and roll again.", names(1)), "Ann and you tied with the highest start roll, 4, and roll again.");
  // An unknown event type falls back to the library's sentence, named.
  assert.equal(describeEvent("witches_dance", { type: "new_kind", player: 1, text: "Player 1 did something new." }, names(0)), "Bob did something new.");
});

test("lobby options read as words, seats counted from 1", () => {
  assert.equal(optionLabel("early_peek"), "Peek early");
  assert.equal(optionLabel("snap1"), "Player 2's snap chance");
  assert.equal(optionLabel("some_new_option"), "Some new option");
  const help = optionHelp({ name: "snap0", description: "snap chance of player 0 (a steadier or clumsier hand); -1 uses snap", allowed: "-1 or 0..0.95" });
  assert.match(help, /^Snap chance of Player 1 /);
  assert.doesNotMatch(help, /player 0/i);
  assert.match(optionHelp({ name: "entry", description: "Where a rolled 1 puts an entering witch.", allowed: "on|past" }), /\(on, past\)$/);
});
