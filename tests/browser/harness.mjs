// What the browser tests share: the table's server as a child process and
// Debian's chromium driven by playwright-core (which never downloads a
// browser of its own).
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import assert from "node:assert/strict";

export const python = process.env.TG_PYTHON || "/usr/bin/python3";
const chromiumPath = process.env.TG_CHROMIUM || "/usr/bin/chromium";

// The server on a free port; resolves with { child, base } once it listens.
export function startServer(db) {
  const child = spawn(python, ["-m", "tablegames_table", "--port", "0", "--db", db, "--pace", "0", "--seed", "5", "--quiet"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once("line", (line) => {
      const m = /open (http:\/\/\S+?)\/? /.exec(line);
      if (!m) reject(new Error(`server said: ${line}`));
      else resolve({ child, base: m[1] });
    });
    child.once("exit", (code) => reject(new Error(`server exited (${code})`)));
  });
}

// A JSON-lines helper process (the referees): ask(request) resolves with
// its answer's result.
export function startHelper(args) {
  const child = spawn(python, args, { stdio: ["pipe", "pipe", "inherit"] });
  const waiting = [];
  createInterface({ input: child.stdout }).on("line", (line) => waiting.shift()(JSON.parse(line)));
  const ask = (request) => new Promise((resolve, reject) => {
    waiting.push((reply) => (reply.ok ? resolve(reply.result) : reject(new Error(`referee: ${reply.error}`))));
    child.stdin.write(JSON.stringify(request) + "\n");
  });
  return { child, ask };
}

export function launchChromium() {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

// ---- clicking ----------------------------------------------------------------

async function clickKey(page, key) {
  // The element drawn last is on top; a real click lands on it.
  const nodes = page.locator(`#board [data-key="${key}"]`);
  const n = await nodes.count();
  assert.ok(n > 0, `nothing on the board is ${key}`);
  await nodes.nth(n - 1).click({ force: true });
}

async function chooseIfAsked(page, id) {
  const choice = page.locator(`#chooser:not([hidden]) button[data-move="${id}"]`);
  if (await choice.count()) await choice.click();
}

// Plays move id the way a person does: on the board when it has a place
// there, else with its button among the choices.
export async function playMove(page, id) {
  const entry = page.locator(`#moves button[data-move="${id}"]`);
  await entry.waitFor({ state: "attached" });
  const from = await entry.getAttribute("data-from");
  const to = await entry.getAttribute("data-to");
  if (from) {
    await clickKey(page, from);
    if (to) {
      await clickKey(page, to);
      await chooseIfAsked(page, id);
    } else {
      await page.locator(`#actions button[data-move="${id}"]`).click();
    }
    return "board";
  }
  if (to) {
    await clickKey(page, to);
    await chooseIfAsked(page, id);
    return "board";
  }
  await page.locator(`#actions button[data-move="${id}"]`).click();
  return "button";
}
