// Small helpers for building SVG without a library.
export const NS = "http://www.w3.org/2000/svg";

// el("circle", {cx: 1, r: 2}, parent) makes an element, sets its
// attributes and appends it to parent when one is given.
export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null) node.setAttribute(key, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

// Text that is part of the drawing (always set with textContent, never
// as markup, so names typed by players cannot inject anything).
export function text(parent, x, y, content, attrs = {}) {
  const node = el("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, parent);
  node.textContent = content;
  return node;
}

// Shortens a drawn text with "…" until it is at most width units wide
// (a long name in a narrow box); whoever shows it keeps the whole text in
// a title. Needs the node in the page, to measure it.
export function fitText(node, width) {
  const whole = node.textContent;
  if (!node.getComputedTextLength || node.getComputedTextLength() <= width) return whole;
  // Whole characters as people see them: "👩‍👧" is one, never cut in two.
  const chars = typeof Intl !== "undefined" && Intl.Segmenter
    ? [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(whole)].map((g) => g.segment)
    : [...whole];
  let n = chars.length;
  while (n > 1 && node.getComputedTextLength() > width) {
    n -= 1;
    node.textContent = `${chars.slice(0, n).join("").trimEnd()}…`;
  }
  return whole;
}

export function title(parent, content) {
  const node = el("title", {}, parent);
  node.textContent = content;
  return node;
}

export function group(parent, attrs = {}) {
  return el("g", attrs, parent);
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

export function svgRoot(viewBox, label) {
  const svg = el("svg", { viewBox, role: "img", "aria-label": label, class: "board-svg" });
  title(svg, label);
  return svg;
}

// A witch's hat: the shape of every piece in Witches' Dance and of the
// hats in Bewitched. size is the brim's width.
export function hat(parent, x, y, size, fill, attrs = {}) {
  const g = group(parent, { transform: `translate(${x} ${y})`, ...attrs });
  const s = size / 2;
  el("path", { d: `M ${-s * 0.55} ${s * 0.25} L ${s * 0.1} ${-s * 1.25} L ${s * 0.55} ${s * 0.25} Z`, fill, stroke: "#1b1026", "stroke-width": s * 0.08, "stroke-linejoin": "round", class: "hat-cone" }, g);
  el("ellipse", { cx: 0, cy: s * 0.3, rx: s, ry: s * 0.28, fill, stroke: "#1b1026", "stroke-width": s * 0.08, class: "hat-brim" }, g);
  return g;
}

// Pips of a die face (1..6) inside a square of side size at x, y (top left).
export function dieFace(parent, x, y, size, value, attrs = {}) {
  const g = group(parent, { transform: `translate(${x} ${y})`, class: "die", ...attrs });
  el("rect", { x: 0, y: 0, width: size, height: size, rx: size * 0.18, fill: "#fffdf6", stroke: "#3b2f2f", "stroke-width": size * 0.05 }, g);
  const spots = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]], 5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] }[value];
  if (spots) {
    for (const [i, j] of spots) el("circle", { cx: (i * size) / 4, cy: (j * size) / 4, r: size * 0.09, fill: "#3b2f2f" }, g);
  } else {
    const word = String(value ?? "?");
    const label = text(g, size / 2, size / 2, word, { "font-size": size * (word.length > 2 ? 0.8 / word.length : 0.42), "font-weight": "bold", fill: "#3b2f2f" });
    label.classList.add("die-label");
  }
  return g;
}

// A die showing value in the dice panel (box is an HTML element).
export function dieBox(box, value, label = `die: ${value}`) {
  const s = el("svg", { viewBox: "0 0 60 60", width: 56, height: 56, role: "img", "aria-label": label }, box);
  dieFace(s, 4, 4, 52, value);
  return s;
}
