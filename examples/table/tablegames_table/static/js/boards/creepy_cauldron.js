// Creepy Cauldron: a castle corridor of 32 flagstones round the bubbling
// cauldron, each colour's corner with its key and padlock, the players'
// spell books inside the walls. Nothing is hidden in this game; the
// drawing shows the observation as it is, with no knowledge marks.
import { el, group, text, title, svgRoot, dieBox, clear } from "../svg.js";

const COLOURS = { red: "#e0473c", blue: "#3f7be0", green: "#49b04f", yellow: "#f2c230" };
const C = 72;
const at = (v) => (v + 0.5) * C;
const CREATURE_COLOURS = { spider: "#3a2f3f", bat: "#6a4c93", rat: "#8d8d8d", snake: "#4caf50" };

// A small picture of each creature, drawn round (x, y).
function creature(parent, kind, x, y, size, attrs = {}) {
  const g = group(parent, { transform: `translate(${x} ${y}) scale(${size / 20})`, class: `creature ${kind}`, ...attrs });
  const ink = CREATURE_COLOURS[kind];
  el("circle", { cx: 0, cy: 0, r: 10, fill: "#fff8e7", stroke: ink, "stroke-width": 1.5 }, g);
  if (kind === "spider") {
    for (const s of [-1, 1]) for (const dy of [-3, 0, 3]) el("path", { d: `M 0 ${dy / 2} L ${s * 7} ${dy - 2} L ${s * 8} ${dy + 1}`, fill: "none", stroke: ink, "stroke-width": 1.3 }, g);
    el("circle", { cx: 0, cy: 0, r: 3.5, fill: ink }, g);
  } else if (kind === "bat") {
    el("path", { d: "M 0 -1 C -3 -5 -6 -5 -8 -2 C -6 -1 -5 1 -6 3 C -3 1 -2 2 0 4 C 2 2 3 1 6 3 C 5 1 6 -1 8 -2 C 6 -5 3 -5 0 -1 Z", fill: ink }, g);
  } else if (kind === "rat") {
    el("ellipse", { cx: -1, cy: 1, rx: 6, ry: 3.8, fill: ink }, g);
    el("path", { d: "M 5 2 Q 9 6 7 -4", fill: "none", stroke: ink, "stroke-width": 1.3 }, g);
    el("circle", { cx: -6, cy: -2, r: 1.8, fill: ink }, g);
  } else {
    el("path", { d: "M -7 4 Q -4 -4 0 1 Q 4 6 7 -3", fill: "none", stroke: ink, "stroke-width": 2.6, "stroke-linecap": "round" }, g);
    el("circle", { cx: 7, cy: -3, r: 2, fill: ink }, g);
  }
  title(g, `a ${kind}`);
  return g;
}

function cauldron(parent, x, y, r) {
  const g = group(parent, { class: "cauldron" });
  el("ellipse", { cx: x, cy: y + r * 0.15, rx: r, ry: r * 0.85, fill: "#26222b", stroke: "#000", "stroke-width": 3 }, g);
  el("ellipse", { cx: x, cy: y - r * 0.45, rx: r * 0.92, ry: r * 0.28, fill: "#7bd34f", stroke: "#1b1b1b", "stroke-width": 4 }, g);
  for (const [dx, dy, rr] of [[-0.3, -0.5, 0.1], [0.2, -0.45, 0.13], [0.45, -0.55, 0.07], [-0.05, -0.6, 0.06]]) {
    el("circle", { cx: x + dx * r, cy: y + dy * r, r: rr * r, fill: "#b6f28f" }, g);
  }
  el("path", { d: `M ${x - r * 0.8} ${y - r * 0.6} Q ${x} ${y - r * 1.6} ${x + r * 0.8} ${y - r * 0.6}`, fill: "none", stroke: "#9e9e9e", "stroke-width": 4 }, g);
  return g;
}

function keyShape(parent, x, y, attrs = {}) {
  const g = group(parent, { transform: `translate(${x} ${y})`, class: "key", ...attrs });
  for (const [colour, width] of [["#4a3500", 6], ["#f5c518", 3.2]]) {
    el("circle", { cx: -6, cy: 0, r: 5, fill: "none", stroke: colour, "stroke-width": width }, g);
    el("path", { d: "M -1 0 L 10 0 M 6 0 L 6 4 M 9 0 L 9 4", stroke: colour, "stroke-width": width, fill: "none" }, g);
  }
  title(g, "the key");
  return g;
}

function pawn(parent, x, y, colour, attrs) {
  const g = group(parent, { transform: `translate(${x} ${y})`, class: "piece pawn", ...attrs });
  el("circle", { cx: 0, cy: 0, r: 20, fill: "transparent", class: "hit" }, g);
  const shape = "M -14 16 Q -14 2 -6 -2 A 9 9 0 1 1 6 -2 Q 14 2 14 16 Z";
  el("path", { d: shape, fill: "none", stroke: "#ffffff", "stroke-width": 7, "stroke-linejoin": "round" }, g);
  el("path", { d: shape, fill: colour, stroke: "#1a1a1a", "stroke-width": 2.5 }, g);
  return g;
}

function create(board, table, seat) {
  const n = Math.max(...board.spaces.map((s) => Math.max(s.x, s.y))) + 1;
  const W = n * C, H = n * C;
  const pos = new Map(board.spaces.map((s) => [s.id, [at(s.x), at(s.y)]]));
  const colours = board.books.map((b) => b.colour);
  const svg = svgRoot(`0 0 ${W} ${H}`, "Creepy Cauldron board");
  svg.classList.add("cc");
  el("rect", { x: 0, y: 0, width: W, height: H, rx: 26, fill: "#3c3447" }, svg);
  el("rect", { x: C * 0.85, y: C * 0.85, width: W - 1.7 * C, height: H - 1.7 * C, rx: 18, fill: "#5a4e6b", stroke: "#2a2333", "stroke-width": 4 }, svg);
  for (const s of board.spaces) {
    const [x, y] = pos.get(s.id);
    const g = group(svg, { "data-key": `space:${s.id}`, class: `space ${s.kind}` });
    const fill = { cauldron: "#a5d67e", footprint: "#cbb8ec", plain: "#e6dcc6", witch_start: "#c9a7e8" }[s.kind] || COLOURS[s.colour];
    el("rect", { x: x - C * 0.46, y: y - C * 0.46, width: C * 0.92, height: C * 0.92, rx: 10, fill, stroke: "#2a2333", "stroke-width": 2.5 }, g);
    if (s.kind === "cauldron") {
      cauldron(g, x - 6, y + 6, 13);
      text(g, x + 18, y - 18, String(s.attempts), { "font-size": 16, "font-weight": "bold", fill: "#1b4d12" });
    } else if (s.kind === "footprint") {
      for (const [dx, dy] of [[-9, 8], [7, -8]]) {
        el("ellipse", { cx: x + dx, cy: y + dy, rx: 5, ry: 9, fill: "#5e4a86" }, g);
        el("circle", { cx: x + dx, cy: y + dy - 12, r: 2.2, fill: "#5e4a86" }, g);
      }
    } else if (s.kind === "key") {
      keyShape(g, x, y - 14);
    } else if (s.kind === "padlock") {
      el("rect", { x: x - 10, y: y - 12, width: 20, height: 16, rx: 3, fill: "#3b3b3b" }, g);
      el("path", { d: `M ${x - 6} ${y - 12} v -5 a 6 6 0 0 1 12 0 v 5`, fill: "none", stroke: "#3b3b3b", "stroke-width": 3 }, g);
    } else if (s.kind === "witch_start") {
      el("path", { d: `M ${x - 18} ${y + 14} L ${x + 16} ${y - 12}`, stroke: "#6d4c41", "stroke-width": 4 }, g);
      el("path", { d: `M ${x - 18} ${y + 14} l -8 2 l 4 -8 Z`, fill: "#d7a54a" }, g);
    }
    title(g, `space ${s.id}: ${s.kind.replace("_", " ")}${s.colour ? ` (${s.colour})` : ""}${s.attempts ? `, ${s.attempts} attempt${s.attempts > 1 ? "s" : ""}` : ""}`);
  }
  const [cx, cy] = [at(board.cauldron.x), at(board.cauldron.y)];
  const big = group(svg, { "data-key": "cauldron", class: "space big-cauldron" });
  cauldron(big, cx, cy + 8, 52);
  title(big, "the cauldron");
  for (const f of board.frog_figures) {
    const [x, y] = [at(f.x), at(f.y)];
    el("ellipse", { cx: x, cy: y + 4, rx: 12, ry: 9, fill: "#66bb6a", stroke: "#1b5e20", "stroke-width": 2 }, svg);
    for (const dx of [-5, 5]) el("circle", { cx: x + dx, cy: y - 4, r: 3.5, fill: "#66bb6a", stroke: "#1b5e20", "stroke-width": 1.5 }, svg);
  }
  // Spell books sit in the inner corners, each by its colour's corner.
  const bookPlace = (colour) => {
    const b = board.books.find((x) => x.colour === colour);
    const [kx, ky] = pos.get(b.key_space);
    return [kx < W / 2 ? 1.05 * C : W - 3.2 * C, ky < H / 2 ? 1.05 * C : H - 2.25 * C];
  };

  const pieces = group(svg, { class: "pieces" });
  // The spaces' numbers above the pieces, with a light halo: a pawn
  // standing in a corner would hide them.
  const labels = group(svg, { class: "labels" });
  for (const s of board.spaces) {
    const [x, y] = pos.get(s.id);
    text(labels, x - C * 0.33, y + C * 0.34, String(s.id), {
      "font-size": 12, fill: "#2a2333", stroke: "#ffffffb0", "stroke-width": 2.5, "paint-order": "stroke", class: "label",
    });
  }
  let lastFace = null;

  function drawBook(p, pawnObs) {
    const [x, y] = bookPlace(pawnObs.colour);
    const g = group(pieces, { class: "spell-book", transform: `translate(${x} ${y})` });
    el("rect", { x: 0, y: 0, width: 2.15 * C, height: 1.25 * C, rx: 8, fill: "#fbf3dd", stroke: COLOURS[pawnObs.colour], "stroke-width": 5 }, g);
    text(g, 8, 13, "wants", { "font-size": 11, fill: "#7a6a4a", "text-anchor": "start" });
    text(g, 8, 0.62 * C + 4, "holds", { "font-size": 11, fill: "#7a6a4a", "text-anchor": "start" });
    const held = [...pawnObs.creatures];
    pawnObs.book.forEach((kind, k) => {
      const i = held.indexOf(kind);
      const have = i >= 0;
      if (have) held.splice(i, 1);
      const c = creature(g, kind, 56 + k * 30, 16, 24, { opacity: have ? 1 : 0.4 });
      if (have) el("path", { d: "M 4 6 l 3 3 l 6 -7", stroke: "#2e7d32", "stroke-width": 2.5, fill: "none" }, c);
    });
    pawnObs.creatures.forEach((kind, k) => {
      // A hit area as wide as the creatures' spacing (they are tapped to
      // put back or to steal).
      const t = group(g, { "data-key": `tray:${p}:${kind}` });
      el("rect", { x: 5 + k * 30, y: 0.62 * C + 11, width: 30, height: 30, fill: "transparent", class: "hit" }, t);
      creature(t, kind, 20 + k * 30, 0.62 * C + 26, 26);
    });
    title(g, `${pawnObs.colour}'s spell book: wants ${pawnObs.book.join(", ")}; holds ${pawnObs.creatures.join(", ") || "nothing"}`);
  }

  function render(obs, events) {
    clear(pieces);
    for (const e of events || []) if (e.type === "roll") lastFace = e.face;
    obs.pawns.forEach((pw, p) => drawBook(p, pw));
    // The cauldron's creatures, counted round its rim.
    Object.entries(obs.cauldron).forEach(([kind, count], k) => {
      const x = cx - 60 + k * 40, y = cy + 1.45 * C;
      creature(pieces, kind, x, y, 24);
      text(pieces, x, y + 22, `×${count}`, { "font-size": 13, fill: "#fff", "font-weight": "bold" });
    });
    const [wx, wy] = pos.get(obs.witch);
    const witch = group(pieces, { class: "piece witch", transform: `translate(${wx} ${wy})` });
    el("path", { d: "M -16 12 L 0 -26 L 16 12 Z", fill: "#4a148c", stroke: "#12002b", "stroke-width": 2 }, witch);
    el("ellipse", { cx: 0, cy: 12, rx: 22, ry: 6, fill: "#4a148c", stroke: "#12002b", "stroke-width": 2 }, witch);
    text(witch, 0, 0, "K", { "font-size": 12, fill: "#f5c518", "font-weight": "bold" });
    title(witch, "Kalmorda");
    const occupied = new Map();
    obs.pawns.forEach((pw, p) => {
      if (pw.space === null) return;
      const k = occupied.get(pw.space) || 0;
      occupied.set(pw.space, k + 1);
      const [x, y] = pos.get(pw.space);
      const g = pawn(pieces, x + (k ? 12 : 0), y + (k ? 6 : 0), COLOURS[pw.colour], {
        "data-key": `pawn:${p}`, "data-at": `space:${pw.space}`,
      });
      if (pw.invisible) g.classList.add("invisible");
      if (pw.frog) {
        el("ellipse", { cx: 0, cy: -12, rx: 12, ry: 8, fill: "#66bb6a", stroke: "#1b5e20", "stroke-width": 2 }, g);
        for (const dx of [-5, 5]) el("circle", { cx: dx, cy: -19, r: 3, fill: "#fff", stroke: "#1b5e20" }, g);
      }
      if (pw.key) keyShape(g, 14, 8);
      if (pw.miss) text(g, 0, 6, "zz", { "font-size": 11, fill: "#fff", "font-weight": "bold" });
      title(g, `${pw.colour}${pw.invisible ? ", invisible" : ""}${pw.frog ? ", a frog" : ""}${pw.key ? ", carrying the key" : ""}${pw.miss ? ", misses a turn" : ""}`);
    });
    if (obs.key.at === "space") {
      const [x, y] = pos.get(obs.key.space);
      keyShape(pieces, x + 14, y + 20);
    } else if (obs.key.at === "handle") {
      keyShape(pieces, cx, cy - 54);
    }
  }

  function anchor(move, obs) {
    const t = move.text;
    let m;
    if (t === "fish") return { to: "cauldron", label: "Fish again" };
    if (t === "pass") return { label: "Stop fishing" };
    if (t === "vanish") return { to: `pawn:${seat}`, label: "Turn invisible" };
    if (t === "stay") return { label: "Stay visible" };
    if (t === "nosteal") return { label: "Take nothing" };
    if ((m = /^return-(\w+)$/.exec(t))) return { to: `tray:${seat}:${m[1]}`, label: `Put a ${m[1]} back` };
    if ((m = /^steal-(\w+)$/.exec(t))) return { to: `tray:${obs.victim}:${m[1]}`, label: `Take a ${m[1]} from ${obs.pawns[obs.victim]?.colour}` };
    return { label: t };
  }

  return {
    svg,
    render,
    anchor,
    seatColour: (p, obs) => COLOURS[obs?.pawns?.[p]?.colour || colours[p]],
    seatDetail: (p, obs) => {
      const pw = obs.pawns[p];
      const have = pw.book.filter((k) => pw.creatures.includes(k)).length;
      return `${pw.colour} · ${have} of 3 creatures${pw.key ? " · has the key" : ""}${pw.frog ? " · a frog" : ""}`;
    },
    hint: (obs) => ({
      again: "Click the cauldron to fish again, or stop.", vanish: "Click your pawn to turn invisible, or stay visible.",
      return: "Click a creature in your book to put it back.", steal: "Click a creature to take it.",
    })[obs.phase] || "",
    drawDice: (box) => lastFace && dieBox(box, /^\d$/.test(lastFace) ? Number(lastFace) : lastFace),
    chanceQuestion: (obs, n) => {
      const who = n.whom(obs.turn);
      const text = {
        roll: `What did ${who} roll?`,
        fish: `What did ${who} fish out of the cauldron?`,
        roller: `${n.who(obs.turn) === "You" ? "You work" : `${who} works`} the roller: did the key come free?`,
      }[obs.phase];
      return text ? { player: obs.turn, text } : null;
    },
    legend: [],
    symbols: [
      { text: "Footprints: end a move here to turn invisible, or visible again", draw: (g) => {
        for (const [dx, dy] of [[-5, 4], [4, -4]]) {
          el("ellipse", { cx: dx, cy: dy, rx: 3, ry: 5.5, fill: "#5e4a86" }, g);
          el("circle", { cx: dx, cy: dy - 7.5, r: 1.5, fill: "#5e4a86" }, g);
        }
      } },
      { text: "A small cauldron with a number: a cauldron space, with that many fishing attempts", draw: (g) => cauldron(g, 0, 3, 9) },
      { text: "A padlock: a colour's padlock space; reach your own carrying the key to win", draw: (g) => {
        el("rect", { x: -8, y: -4, width: 16, height: 12, rx: 2, fill: "#3b3b3b" }, g);
        el("path", { d: "M -5 -4 v -4 a 5 5 0 0 1 10 0 v 4", fill: "none", stroke: "#3b3b3b", "stroke-width": 2.5 }, g);
      } },
      { text: "A key: a colour's key space (Kalmorda does not catch a pawn standing on one)", draw: (g) => keyShape(g, -2, 0) },
      { text: "A broom: where Kalmorda (the hat with K) starts; a rolled witch sends her on to the next free cauldron space", draw: (g) => {
        el("path", { d: "M -10 8 L 10 -8", stroke: "#6d4c41", "stroke-width": 3 }, g);
        el("path", { d: "M -10 8 l -5 1 l 2 -5 Z", fill: "#d7a54a" }, g);
      } },
      { text: "Spell book: the creatures a player wants (faint until held, ticked when held) and holds", draw: (g) => el("rect", { x: -12, y: -8, width: 24, height: 16, rx: 3, fill: "#fbf3dd", stroke: COLOURS.red, "stroke-width": 3 }, g) },
      { text: "A frog on a pawn: that player is a frog; zz: misses a turn; faint: invisible", draw: (g) => pawn(g, 0, 2, COLOURS.blue, {}) },
    ],
    outcomeLabel: (t) => ({ snap: "Snap!", key: "The key comes free", nokey: "No key", frog: "Frog", witch: "Witch", nothing: "Nothing" })[t] || (/^[a-z]+$/.test(t) ? `a ${t}` : t),
  };
}

export default { create };
