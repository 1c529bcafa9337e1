// A page refused for too many connections (issue 30), as a person sees
// it: the server runs with --connections-per-address 2; Ann's page and a
// spectator's page are open, so Bob's page (the third from this address)
// is refused. It must show the server's words (why, the limit, that it
// tries again by itself), say it is waiting for a place rather than
// "Could not join" or "Connection lost", and join by itself once the
// spectator's page closes (it tries again 30 s after the refusal; the
// wait is for the join, failing only after STALL). Screenshots:
// $TG_BROWSER_OUT/screens/connections-waiting.png and
// connections-joined.png.
//
// Environment: as table.test.mjs (harness.mjs).
import path from "node:path";
import assert from "node:assert/strict";
import { out, runChecks, newContext, PERSON, STALL } from "./harness.mjs";

const PHONE = { width: 390, height: 844 };
const PER_ADDRESS = 2;

async function page(browser, base, link) {
  const context = await newContext(browser, { viewport: PHONE });
  const p = await context.newPage();
  const errors = [];
  p.on("pageerror", (e) => errors.push(e.message));
  await p.goto(base + link);
  return { context, page: p, errors };
}

async function refusedThenJoined({ base, browser }) {
  const res = await fetch(`${base}/api/tables`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ game: "witches_dance", seats: [PERSON("Ann"), PERSON("Bob")] }) });
  assert.equal(res.status, 201);
  const table = await res.json();
  const ann = await page(browser, base, table.seats[0].link);
  await ann.page.waitForSelector("body[data-seat='0']", { timeout: STALL });
  const watcher = await page(browser, base, table.spectator_link);
  await watcher.page.waitForSelector("body[data-seat]", { timeout: STALL });

  const bob = await page(browser, base, table.seats[1].link);
  // "waiting" is set when the refused connection closes: from then on
  // nothing but the server's words may be on the page.
  await bob.page.waitForFunction(() => document.body.dataset.connection === "waiting", null, { timeout: STALL });
  const notice = await bob.page.textContent("#notice");
  assert.match(notice, /^Too many connections from your network/, notice);
  assert.match(notice, new RegExp(`at most ${PER_ADDRESS}\\b`), notice);
  assert.match(notice, /tries again by itself in 30 seconds\.$/, notice);
  assert.equal(await bob.page.textContent("#turn"), "Waiting for a place at the server…");
  assert.notEqual(await bob.page.evaluate(() => document.body.dataset.page), "refused");
  await bob.page.screenshot({ path: path.join(out, "screens", "connections-waiting.png") });

  // A place frees: Bob's page joins by itself, the words are gone.
  await watcher.context.close();
  await bob.page.waitForSelector("body[data-seat='1']", { timeout: STALL });
  assert.equal(await bob.page.evaluate(() => document.getElementById("notice").hidden), true, "the words stay after joining");
  await bob.page.screenshot({ path: path.join(out, "screens", "connections-joined.png") });
  for (const p of [ann, bob]) {
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
  return "refused in words, joined by itself when a place was free";
}

await runChecks([["too many connections", refusedThenJoined]],
  { serverArgs: ["--connections-per-address", String(PER_ADDRESS)] });
