import { startServer, launchChromium, playMove } from "/work/wt/js-offline/tests/browser/harness.mjs";
const { child, base } = await startServer("/tmp/js-offline-debug.sqlite3");
const browser = await launchChromium();
const context = await browser.newContext();
const page = await context.newPage();
page.on("console", (m) => console.log("console", m.type(), m.text()));
page.on("pageerror", (e) => console.log("pageerror", e.message));
await page.goto(base + "/static/offline/play.html?test&pace=0");
await page.waitForSelector('body[data-page="setup"]');
await page.locator('.game-card[data-game="witches_dance"]').click();
await page.locator("#seats .seat").nth(1).locator(".who").selectOption("easy");
await page.locator("#start").click();
for (let i = 0; i < 40; i++) { await page.waitForTimeout(300); const d = await page.evaluate(() => ({...document.body.dataset, turn: document.getElementById("turn").textContent})); console.log(JSON.stringify(d));
  if (d.waiting === "move") { const ids = await page.locator("#moves button").evaluateAll((bs) => bs.map((b) => b.dataset.move)); await playMove(page, ids[Math.floor(Math.random() * ids.length)]); } }
await browser.close(); child.kill();
