// What the viewer knows, drawn alike on every board.
//
// The library's observation carries the knowledge marks of its viewer
// (Witches' Dance known_color and known_by, Bewitched page, seen_by,
// deadly, magnetic and touched_by, Spinning Wishes present and not_for).
// Each board reads them where it draws the piece they belong to and draws
// them through these helpers, so a mark looks the same on every board and
// every mark is one element the browser test can find: a group with class
// "known", data-known (what it is about, e.g. "hat:14") and data-value
// (what the viewer knows of it), with a <title> in words for people and
// screen readers. Nothing else on a board may say a hidden fact.
import { el, group, title } from "./svg.js";

const INK = "#1b1026";

// The legend: one line per kind of mark, its icon drawn by draw(g) round
// 0, 0 in a 32 x 32 box (outside the board, so never taken for a mark).
export function showLegend(box, list, items) {
  list.replaceChildren();
  for (const { text, draw } of items || []) {
    const li = document.createElement("li");
    const svg = el("svg", { viewBox: "-16 -16 32 32", width: 28, height: 28, "aria-hidden": "true" }, li);
    draw(svg);
    li.append(text);
    list.appendChild(li);
  }
  box.hidden = list.childElementCount === 0;
}

// The switch that hides every mark (a family that plays from memory);
// the choice is kept for this browser.
export function marksSwitch(input, board) {
  const apply = () => board.classList.toggle("no-marks", !input.checked);
  input.checked = localStorage.getItem("tablegames.marks") !== "off";
  input.addEventListener("change", () => {
    localStorage.setItem("tablegames.marks", input.checked ? "on" : "off");
    apply();
  });
  apply();
}

// A mark: the group the board draws the decoration into.
export function mark(parent, key, value, label, attrs = {}) {
  const g = group(parent, { class: "known", "data-known": key, "data-value": value, ...attrs });
  title(g, label);
  return g;
}

// "You have seen this": a small eye on a white disc at x, y.
export function eye(parent, x, y, r = 7) {
  el("circle", { cx: x, cy: y, r, fill: "#ffffff", stroke: INK, "stroke-width": r * 0.18 }, parent);
  el("path", { d: `M ${x - r * 0.72} ${y} Q ${x} ${y - r * 0.75} ${x + r * 0.72} ${y} Q ${x} ${y + r * 0.75} ${x - r * 0.72} ${y} Z`, fill: "none", stroke: INK, "stroke-width": r * 0.16 }, parent);
  el("circle", { cx: x, cy: y, r: r * 0.28, fill: INK }, parent);
}

// Who has learnt something (public): a row of small dots in their
// colours, centred on x, y.
export function dots(parent, x, y, colours, r = 3.6, struck = false) {
  const step = r * 2.4;
  colours.forEach((fill, k) => {
    const cx = x + (k - (colours.length - 1) / 2) * step;
    el("circle", { cx, cy: y, r, fill, stroke: INK, "stroke-width": 1 }, parent);
    if (struck) el("path", { d: `M ${cx - r} ${y + r} L ${cx + r} ${y - r}`, stroke: INK, "stroke-width": 1.4 }, parent);
  });
}

// "you", "Bob", "you and Bob", "everyone" for a list of players (seat
// numbers), named as the table names its seats.
export function whoKnows(players, viewer, table) {
  const count = table.seats.length;
  if (players.length === count && count > 1) return "everyone";
  const names = players.map((p) => (p === viewer ? "you" : table.seats[p]?.name || `Player ${p + 1}`));
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
