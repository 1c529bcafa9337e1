// What a board must be on phones and tablets (zoom.js), measured in the
// page: at rest the whole board fitted to the width with no text under
// 12 px showing and no space's number under a piece; zoomed in (after a
// tap where nothing may be played) every tap target at least 44 px and
// every text at least 12 px; and the view kept on the same place of the
// board when it is drawn again.
import assert from "node:assert/strict";
import { pressButton } from "./harness.mjs";

export const MIN_TARGET = 44;
export const MIN_TEXT = 12;

// Measured in the page: the board's tap targets and its texts that show,
// the page's texts and width, the board's box against the frame's and
// the window's. Returns what falls short (empty lists when all is well).
export function measureBoard({ minTarget, minText }) {
  const frame = document.getElementById("board");
  const svg = frame.querySelector("svg");
  const boxes = new Map();
  for (const node of svg.querySelectorAll("[data-key]")) {
    const r = node.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    const k = node.getAttribute("data-key");
    const b = boxes.get(k) || { l: Infinity, t: Infinity, r: -Infinity, b: -Infinity };
    boxes.set(k, { l: Math.min(b.l, r.left), t: Math.min(b.t, r.top), r: Math.max(b.r, r.right), b: Math.max(b.b, r.bottom) });
  }
  const targets = [...boxes].map(([key, b]) => ({ key, w: b.r - b.l, h: b.b - b.t }));
  const shows = (n) => getComputedStyle(n).visibility !== "hidden" && n.getBoundingClientRect().width > 0;
  const boardTexts = [...svg.querySelectorAll("text")].filter((t) => t.textContent.trim() && shows(t)).map((t) => {
    const m = t.getScreenCTM();
    return { text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b) };
  });
  const pageTexts = [];
  for (const node of document.querySelectorAll("body *")) {
    if (node.closest("svg")) continue;
    const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
    const r = node.getBoundingClientRect();
    if (!own || !r.width || !r.height || node.closest("[hidden]") || getComputedStyle(node).visibility === "hidden") continue;
    pageTexts.push({ text: node.textContent.trim().slice(0, 40), px: parseFloat(getComputedStyle(node).fontSize) });
  }
  // Names drawn in a box (Spinning Wishes' hands) stay inside it, the
  // whole name in the box's title.
  const clipped = [...svg.querySelectorAll(".hand")].filter((g) => shows(g.querySelector("text"))).map((g) => {
    const box = g.querySelector("rect").getBoundingClientRect(), t = g.querySelector("text").getBoundingClientRect();
    return { text: g.querySelector("text").textContent, title: g.querySelector("title")?.textContent || "", inside: t.left >= box.left && t.right <= box.right };
  }).filter((h) => !h.inside || !h.title.startsWith(h.text.replace(/…$/, "")));
  // A space's number painted under a piece (drawn before it, their boxes
  // crossing by more than a pixel) is hidden by it.
  const cross = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const pieces = [...svg.querySelectorAll(".pieces > *")].map((n) => ({ n, r: n.getBoundingClientRect() })).filter((p) => p.r.width > 0);
  const buried = [...svg.querySelectorAll("text.label")].filter(shows).flatMap((t) => {
    const r = t.getBoundingClientRect();
    const over = pieces.filter((p) => cross(p.r, r) && t.compareDocumentPosition(p.n) & Node.DOCUMENT_POSITION_FOLLOWING);
    return over.length ? [{ label: t.textContent, under: over.map((p) => p.n.getAttribute("data-key") || p.n.getAttribute("class")) }] : [];
  });
  const s = svg.getBoundingClientRect(), f = frame.getBoundingClientRect();
  return {
    buried,
    resting: frame.classList.contains("whole"), zoomed: frame.classList.contains("zoomed"),
    board: { width: s.width, left: s.left, right: s.right }, frame: { width: f.width },
    viewport: document.documentElement.clientWidth,
    targets: targets.length, smallTargets: targets.filter((t) => Math.min(t.w, t.h) < minTarget - 0.01),
    boardTexts: boardTexts.length, smallBoardTexts: boardTexts.filter((t) => t.px < minText - 0.01),
    smallPageTexts: pageTexts.filter((t) => t.px < minText - 0.01),
    pageWidth: document.documentElement.scrollWidth,
    symbols: document.querySelectorAll("#symbols li").length,
    clipped,
  };
}

const measure = (page) => page.evaluate(measureBoard, { minTarget: MIN_TARGET, minText: MIN_TEXT });

// At rest: the whole board, as wide as its frame, inside the window; no
// text under 12 px shows, on the board or around it; the page no wider
// than the window.
export async function checkRest(page, who) {
  const m = await measure(page);
  assert.ok(m.resting, `${who}: the board is not at rest`);
  assert.ok(Math.abs(m.board.width - m.frame.width) <= 1, `${who}: the board is ${m.board.width}px wide in a ${m.frame.width}px frame`);
  assert.ok(m.board.left >= -0.5 && m.board.right <= m.viewport + 0.5, `${who}: the board runs out of the window`);
  assert.deepEqual(m.smallBoardTexts, [], `${who}: board texts under ${MIN_TEXT}px at rest`);
  assert.deepEqual(m.smallPageTexts, [], `${who}: page texts under ${MIN_TEXT}px`);
  assert.ok(m.pageWidth <= m.viewport, `${who}: the page is ${m.pageWidth}px wide`);
  assert.deepEqual(m.clipped, [], `${who}: names cut by their box`);
  assert.deepEqual(m.buried, [], `${who}: space numbers under pieces`);
  return m;
}

// Zoomed in: every tap target at least 44 px, every text at least 12 px.
export async function checkZoomed(page, who) {
  const m = await measure(page);
  assert.ok(m.zoomed, `${who}: the board is not zoomed in`);
  assert.ok(m.targets > 10, `${who}: only ${m.targets} tap targets on the board`);
  assert.deepEqual(m.smallTargets, [], `${who}: tap targets under ${MIN_TARGET}px`);
  assert.ok(m.boardTexts > 5, `${who}: only ${m.boardTexts} texts on the board`);
  assert.deepEqual(m.smallBoardTexts, [], `${who}: board texts under ${MIN_TEXT}px`);
  assert.ok(m.pageWidth <= m.viewport, `${who}: the page is ${m.pageWidth}px wide`);
  return m;
}

// A point of the resting board (fractions x, y) where nothing that may be
// played is within reach of a finger, as near the middle as there is one:
// half a tap target away from the edge of each such thing. Nearer, the
// browser moves the tap onto it, as a phone does (touch adjustment: a tap
// just outside the cauldron's box arrived 8 px over, inside it, and played).
function emptyPoint({ minTarget }) {
  const svg = document.querySelector("#board svg");
  const s = svg.getBoundingClientRect();
  const near = [...svg.querySelectorAll(".can-move, .target, .selected")].map((n) => n.getBoundingClientRect());
  const m = minTarget / 2;
  const free = (x, y) => near.every((r) => x < r.left - m || x > r.right + m || y < r.top - m || y > r.bottom + m);
  const points = [];
  for (let i = 1; i < 20; i++) for (let j = 1; j < 20; j++) points.push([i / 20, j / 20]);
  points.sort((a, b) => Math.hypot(a[0] - 0.5, a[1] - 0.5) - Math.hypot(b[0] - 0.5, b[1] - 0.5));
  const p = points.find(([x, y]) => free(s.left + x * s.width, s.top + y * s.height));
  return p ? { x: s.left + p[0] * s.width, y: s.top + p[1] * s.height } : null;
}

// Taps the resting board where nothing may be played: it zooms in there.
export async function zoomIn(page, who) {
  await page.evaluate(() => document.getElementById("board").scrollIntoView({ block: "start" }));
  const at = await page.evaluate(emptyPoint, { minTarget: MIN_TARGET });
  assert.ok(at, `${who}: no place on the board to tap without playing`);
  const before = await page.evaluate(() => document.body.dataset.version);
  await page.touchscreen.tap(at.x, at.y);
  // Zoomed in, or the game moved on (the tap played, or a die was drawn
  // under it): say which at once rather than wait for a zoom that will
  // not come.
  const zoomed = await page.waitForFunction((v) => document.getElementById("board").classList.contains("zoomed") ||
    document.body.dataset.version !== v, before).then((h) => h.evaluate(() => document.getElementById("board").classList.contains("zoomed")));
  const after = await page.evaluate(() => document.body.dataset.version);
  assert.ok(zoomed, `${who}: a tap at (${Math.round(at.x)}, ${Math.round(at.y)}), where nothing may be played, did not zoom in; the game went from version ${before} to ${after}`);
}

export async function toRest(page) {
  await pressButton(page, page.locator("#zoom"), "Show the whole board");
  await page.waitForSelector("#board.whole");
}

// The place of the board (fractions) in the middle of the zoomed frame.
export function centreOf(page) {
  return page.evaluate(() => {
    const frame = document.getElementById("board"), svg = frame.querySelector("svg");
    return { x: (frame.scrollLeft + frame.clientWidth / 2) / svg.clientWidth, y: (frame.scrollTop + frame.clientHeight / 2) / svg.clientHeight };
  });
}
