// No seat's log contradicts what happened (node --test): whole random
// games of every title, as each seat and the spectator saw them
// (game_logs.py), worded by events_text.js with that page's names, held
// against the same events as the omniscient viewer saw them, worded with
// the same names:
//  - a sentence a seat reads may say less than the truth's, never the
//    opposite: where the seat's sentence denies ("not", "no", "nothing",
//    "cannot", ...) the truth's sentence for that event denies too
//    (Spinning Wishes once told every other seat "not the right one"
//    about the look that won the game: its words tested a field only the
//    looker's event carries);
//  - every sentence that says someone won names one of the game's
//    winners, and a seat's log says someone won wherever the truth does.
//
// Environment: PYTHONPATH and TABLEGAMES_LIBRARY (game_logs.py plays the
// games with the library; scripts/test.sh sets them).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { names } from "./page_names.mjs";
import { describeEvent } from "../../examples/table/tablegames_table/static/js/events_text.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const DENIES = /\b(not|no|nothing|cannot|could not|without|stayed stuck)\b/i;
const WON = /\b(won|wins)\b/;


function games() {
  const run = spawnSync(process.env.TG_PYTHON || "/usr/bin/python3", [path.join(here, "game_logs.py")],
    { encoding: "utf8", maxBuffer: 1 << 28 });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout.trim().split("\n").map((line) => JSON.parse(line));
}

test("no seat's log contradicts what happened", () => {
  const all = games();
  const titles = new Set(all.map((g) => g.game));
  assert.ok(titles.size >= 4, `finished games of only ${[...titles]}`);
  let sentences = 0;
  for (const g of all) {
    const viewers = [...Array(g.players).keys()].map(String).concat(["public"]);
    for (const viewer of viewers) {
      const seat = viewer === "public" ? -2 : Number(viewer);
      const ctx = names(seat);
      const who = `${g.game} (${g.players} players, won by ${g.winners}) viewer ${viewer}`;
      let seatWon = 0, truthWon = 0;
      g.decisions.forEach((d, n) => {
        const own = d.events[viewer], truth = d.events.omniscient;
        assert.deepEqual(own.map((e) => e.type), truth.map((e) => e.type), `${who}, decision ${n + 1}: other events than the truth's`);
        own.forEach((event, i) => {
          const said = describeEvent(g.game, event, ctx);
          const true_ = describeEvent(g.game, truth[i], ctx);
          sentences += 1;
          if (DENIES.test(said)) {
            assert.match(true_, DENIES, `${who}, decision ${n + 1}: "${said}" where the truth is "${true_}"`);
          }
          if (WON.test(said)) {
            seatWon += 1;
            assert.ok(g.winners.some((w) => said.includes(ctx.who(w)) || said.includes(ctx.whom(w))),
              `${who}: "${said}" names none of the winners`);
          }
          if (WON.test(true_)) truthWon += 1;
        });
      });
      assert.equal(seatWon, truthWon, `${who}: ${seatWon} sentences say someone won, the truth's ${truthWon}`);
    }
  }
  assert.ok(sentences > 10000, `only ${sentences} sentences`);
});
