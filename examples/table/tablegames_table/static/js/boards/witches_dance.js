// Witches' Dance: a dance circle of 36 stones under the night sky, six
// coloured houses inside it (the start areas) and six broom strips
// leading out from the exits. Every hat in the circle looks the same: the
// observation says only "hat", and so does the drawing; a hat whose colour
// the viewer saw (known_color) gets a brim of that colour.
import { el, group, text, title, svgRoot, hat, dieBox, clear } from "../svg.js";
import { mark, whoKnows, revealed, SHOWN_AT_END } from "../knowledge.js";

const COLOURS = {
  yellow: "#f6c945", pink: "#f28cc0", red: "#e0473c",
  green: "#4fb35a", lightblue: "#7fd0f5", darkblue: "#3553b8",
};
const R = 220;          // radius of the dance circle
const STRIP_STEP = 42;  // from one strip slot to the next
const HOUSE_R = 0.64 * R;

// The board gives grid cells round a 10 x 10 square; the square's
// perimeter is spread evenly round a circle (36 cells, 10 degrees each).
function angleOf(x, y, cx, cy) {
  const dx = x - cx, dy = y - cy;
  const d = Math.max(Math.abs(dx), Math.abs(dy));
  if (d === 0) return 0;
  let t;
  if (dy === -d) t = (dx + d) / (2 * d);
  else if (dx === d) t = 1 + (dy + d) / (2 * d);
  else if (dy === d) t = 2 + (d - dx) / (2 * d);
  else t = 3 + (d - dy) / (2 * d);
  return (t / 4) * 2 * Math.PI - (3 * Math.PI) / 4;
}

const polar = (angle, r) => [r * Math.cos(angle), r * Math.sin(angle)];

function layout(board) {
  const cx = (board.width - 1) / 2, cy = (board.height - 1) / 2;
  const pos = new Map();
  const byId = new Map(board.spaces.map((s) => [s.id, s]));
  for (const s of board.spaces) {
    if (s.kind === "circle") pos.set(s.id, { angle: angleOf(s.x, s.y, cx, cy), r: R });
  }
  for (const s of board.spaces) {
    if (s.kind === "start") pos.set(s.id, { angle: pos.get(s.neighbours[0]).angle, r: HOUSE_R });
  }
  // Strips run out from their exit stone, one slot per link.
  for (const s of board.spaces) {
    if (s.kind !== "strip") continue;
    const exit = s.neighbours.find((n) => byId.get(n).kind === "circle");
    if (exit === undefined) continue;
    let cur = s, prev = exit, slot = 1;
    while (cur) {
      pos.set(cur.id, { angle: pos.get(exit).angle, r: R + slot * STRIP_STEP, slot });
      const next = cur.neighbours.find((n) => n !== prev && byId.get(n).kind === "strip");
      prev = cur.id;
      cur = next === undefined ? null : byId.get(next);
      slot += 1;
    }
  }
  for (const p of pos.values()) [p.x, p.y] = polar(p.angle, p.r);
  return { pos, byId };
}

function optionOf(table, name) {
  for (const part of table.options.split(",")) {
    const [k, v] = part.split("=");
    if (k === name) return v;
  }
  return undefined;
}

function create(board, table, seat) {
  const { pos, byId } = layout(board);
  const circle = board.spaces.filter((s) => s.kind === "circle");
  const entryOf = new Map(circle.filter((s) => s.entry).map((s) => [s.entry, s.id]));
  const startOf = new Map(board.spaces.filter((s) => s.kind === "start").map((s) => [s.color, s.id]));
  const stripSlots = new Map();   // colour -> strip space ids, nearest the circle first
  for (const s of board.spaces.filter((x) => x.kind === "strip")) {
    if (!stripSlots.has(s.color)) stripSlots.set(s.color, []);
    stripSlots.get(s.color).push(s.id);
  }
  for (const ids of stripSlots.values()) ids.sort((a, b) => pos.get(a).slot - pos.get(b).slot);
  const entryPast = optionOf(table, "entry") === "past";
  const extent = R + 4 * STRIP_STEP + 34;

  const svg = svgRoot(`${-extent} ${-extent} ${2 * extent} ${2 * extent}`, "Witches' Dance board");
  svg.classList.add("wd");
  const defs = el("defs", {}, svg);
  const sky = el("radialGradient", { id: "wd-sky" }, defs);
  el("stop", { offset: "0%", "stop-color": "#4a3b78" }, sky);
  el("stop", { offset: "70%", "stop-color": "#2a2150" }, sky);
  el("stop", { offset: "100%", "stop-color": "#1a1433" }, sky);
  el("rect", { x: -extent, y: -extent, width: 2 * extent, height: 2 * extent, rx: 36, fill: "url(#wd-sky)" }, svg);
  // A few stars, for the night of the dance.
  const stars = group(svg, { class: "stars" });
  for (let i = 0; i < 40; i++) {
    const a = i * 2.399, r = extent * (0.55 + 0.45 * ((i * 37) % 100) / 100);
    const [x, y] = polar(a, r);
    if (Math.abs(x) < extent - 8 && Math.abs(y) < extent - 8) el("circle", { cx: x, cy: y, r: 1.2 + (i % 3) * 0.6, fill: "#fff7d6", opacity: 0.7 }, stars);
  }
  // The dancing green in the middle.
  el("circle", { cx: 0, cy: 0, r: R - 26, fill: "#3f7d3a", stroke: "#2e5e2b", "stroke-width": 4 }, svg);
  // A bonfire in the middle: two logs and three flames.
  el("circle", { cx: 0, cy: 0, r: 50, fill: "#2e5e2b", opacity: 0.6 }, svg);
  for (const turn of [-25, 25]) el("rect", { x: -34, y: 8, width: 68, height: 12, rx: 6, fill: "#7a4a22", stroke: "#4a2a10", "stroke-width": 2, transform: `rotate(${turn} 0 14)` }, svg);
  for (const [dx, h, fill] of [[-13, 34, "#f57c00"], [13, 36, "#f57c00"], [0, 48, "#ffb300"], [0, 26, "#ffe082"]]) {
    el("path", { d: `M ${dx} 12 C ${dx - h * 0.42} ${12 - h * 0.3} ${dx - h * 0.18} ${12 - h * 0.75} ${dx} ${12 - h} C ${dx + h * 0.18} ${12 - h * 0.75} ${dx + h * 0.42} ${12 - h * 0.3} ${dx} 12 Z`, fill }, svg);
  }
  text(svg, 0, 64, "Witches' Dance", { class: "board-title", fill: "#f4efe0", "font-size": 22 });

  // Broom strips: a lane of four slots out from each exit. A strip is
  // one place to tap (a witch taken off goes to its first free slot):
  // its lane, its slots and the hats on them all carry its key.
  for (const [colour, ids] of stripSlots) {
    const first = pos.get(ids[0]), last = pos.get(ids[ids.length - 1]);
    const g = group(svg, { "data-key": `strip:${colour}`, class: "space strip" });
    el("line", { x1: first.x, y1: first.y, x2: last.x, y2: last.y, stroke: COLOURS[colour], "stroke-width": 40, "stroke-linecap": "round", opacity: 0.45 }, g);
    for (const id of ids) {
      const p = pos.get(id);
      el("circle", { cx: p.x, cy: p.y, r: 16, fill: "#f8f1de", stroke: COLOURS[colour], "stroke-width": 4 }, g);
    }
    title(g, `the ${colour} take-off strip`);
  }
  // The stones of the circle.
  for (const s of circle) {
    const p = pos.get(s.id);
    const g = group(svg, { "data-key": `space:${s.id}`, class: "space stone" });
    el("circle", { cx: p.x, cy: p.y, r: 18.5, fill: "transparent", class: "hit" }, g);
    el("circle", { cx: p.x, cy: p.y, r: 17, fill: "#efe4c8", stroke: s.entry ? COLOURS[s.entry] : "#b9a77c", "stroke-width": s.entry ? 6 : 2 }, g);
    if (s.exit) {
      const [ax, ay] = polar(p.angle, R + 24);
      el("path", { d: `M ${p.x} ${p.y} L ${ax} ${ay}`, stroke: COLOURS[s.exit], "stroke-width": 6 }, g);
      el("circle", { cx: p.x, cy: p.y, r: 7, fill: COLOURS[s.exit] }, g);
    }
    const [lx, ly] = polar(p.angle, R - 34);
    text(svg, lx, ly, String(s.id), { class: "label", "font-size": 13, fill: "#e9f2dc" });
    title(g, `space ${s.id}${s.entry ? `, ${s.entry} entry` : ""}${s.exit ? `, ${s.exit} exit` : ""}`);
  }
  // The houses (start areas).
  const inPlay = new Set();
  const houses = new Map();
  for (const [colour, id] of startOf) {
    const p = pos.get(id);
    const g = group(svg, { "data-key": `start:${colour}`, class: "space house" });
    el("rect", { x: p.x - 30, y: p.y - 8, width: 60, height: 34, rx: 4, fill: "#f8f1de", stroke: "#1b1026", "stroke-width": 2.5 }, g);
    el("path", { d: `M ${p.x - 36} ${p.y - 6} L ${p.x} ${p.y - 34} L ${p.x + 36} ${p.y - 6} Z`, fill: COLOURS[colour], stroke: "#1b1026", "stroke-width": 2.5, "stroke-linejoin": "round" }, g);
    title(g, `${colour} house`);
    houses.set(colour, g);
  }

  const pieces = group(svg, { class: "pieces" });

  function render(obs, events) {
    clear(pieces);
    inPlay.clear();
    for (const c of Object.keys(obs.start || {})) inPlay.add(c);
    for (const [colour, g] of houses) g.classList.toggle("unused", !inPlay.has(colour) && !(obs.neutrals || []).includes(colour));
    obs.circle.forEach((who, i) => {
      if (!who) return;
      const p = pos.get(i);
      // The table shows a plain hat (the replay after the end shows the
      // omniscient view, which names it: a hat in its colour);
      // a colour the viewer saw is a mark of its own, the hat's brim.
      const known = obs.known_color?.[i] || null;
      const g = hat(pieces, p.x, p.y + 2, 34, who !== "hat" ? COLOURS[who] : "#221a2e", {
        "data-key": `space:${i}`, "data-colour": known || "unknown", class: "piece hat",
      });
      const knownBy = obs.known_by?.[i] || [];
      if (known) {
        const how = revealed(obs) ? SHOWN_AT_END : `${seat >= 0 ? "You" : "The table"} saw it`;
        const m = mark(g, `hat:${i}`, known, `${how}: a ${known} witch (seen by ${whoKnows(knownBy, seat, table)})`);
        el("ellipse", { cx: 0, cy: 5.1, rx: 17, ry: 4.9, fill: COLOURS[known], stroke: "#1b1026", "stroke-width": 1.3 }, m);
        el("path", { d: "M -7.6 0.6 L 7.6 0.6", stroke: COLOURS[known], "stroke-width": 4.5 }, m);
      }
      if (obs.selected === i) g.classList.add("chosen");
      const others = knownBy.length ? `; ${whoKnows(knownBy, seat, table)} saw its colour` : "";
      title(g, known ? `a ${known} witch on ${i}` : `a hat on ${i}: whose is it?${others}`);
    });
    for (const [colour, count] of Object.entries(obs.start || {})) {
      const p = pos.get(startOf.get(colour));
      for (let k = 0; k < count; k++) {
        hat(pieces, p.x - 18 + (k % 4) * 12, p.y + 12 - Math.floor(k / 4) * 10, 14, COLOURS[colour], { "data-key": `start:${colour}`, "data-colour": colour, class: "piece home-hat" });
      }
      // How many wait, on the roof (below the house it covered a stone).
      if (count) {
        text(pieces, p.x, p.y - 15, String(count), { class: "count", "font-size": 14, "font-weight": "bold", fill: "#1b1026" });
      }
    }
    for (const [strip, witches] of Object.entries(obs.strips || {})) {
      witches.forEach((colour, k) => {
        const p = pos.get(stripSlots.get(strip)[k]);
        if (p) hat(pieces, p.x, p.y + 2, 26, COLOURS[colour], { "data-key": `strip:${strip}`, "data-colour": colour, class: "piece strip-hat" });
      });
    }
  }

  function landing(colour, die) {
    return (entryOf.get(colour) + die - 1 + (entryPast ? 1 : 0)) % 36;
  }

  function exitStrip(from, die) {
    for (let k = 0; k < die; k++) {
      const s = byId.get((from + k) % 36);
      if (s.exit) return s.exit;
    }
    return null;
  }

  function anchor(move, obs) {
    const t = move.text, die = obs.die, mine = obs.colors[seat];
    let m;
    if (/^\d+$/.test(t)) {
      const s = Number(t), to = (s + die) % 36;
      return { from: `space:${s}`, to: `space:${to}`, label: `Move the hat on ${s} to ${to}` };
    }
    if ((m = /^peek(\d+)$/.exec(t))) return { from: `space:${m[1]}`, label: `Peek under the hat on ${m[1]}` };
    if ((m = /^enter(?:-(\w+))?$/.exec(t))) {
      const colour = m[1] || mine;
      return { from: `start:${colour}`, to: `space:${landing(colour, die)}`, label: `Bring a ${colour} witch in` };
    }
    // The hat that passes the exit is chosen already (it is ringed): one
    // tap on the strip takes it off, one on the stone ahead dances on.
    if (t === "takeoff") {
      const strip = exitStrip(obs.selected, die);
      return { to: strip === null ? null : `strip:${strip}`, label: "Take the witch off" };
    }
    if (t === "dance") return { to: `space:${(obs.selected + die) % 36}`, label: "Dance on past the exit" };
    if ((m = /^neutral-(\w+)$/.exec(t))) return { to: `start:${m[1]}`, label: `Choose ${m[1]} as a neutral colour` };
    if (t === "pass") return { label: "Pass (nothing can move)" };
    return { label: t };
  }

  return {
    svg,
    render,
    anchor,
    seatColour: (p, obs) => COLOURS[obs?.colors?.[p]],
    seatDetail: (p, obs) => (obs ? `${obs.colors[p]} · ${obs.scores[p]} of ${obs.target} home` : ""),
    hint: (obs) => ({
      setup: "Click the house of a colour to make it neutral.",
      choose: "Click a hat (or your house), then the stone it goes to.",
      takeoff: "Click the strip to take off, or the stone to dance on.",
    })[obs.phase] || "",
    drawDice: (box, obs) => obs.die && (obs.phase === "choose" || obs.phase === "takeoff") && dieBox(box, obs.die),
    chanceQuestion: (obs, n) => ({ player: obs.player, text: `What did ${n.whom(obs.player)} roll?` }),
    legend: [
      { text: "A coloured brim: you saw that witch's colour (point at a hat: who else did)", draw: (g) => {
        hat(g, 0, 2, 26, "#221a2e");
        el("ellipse", { cx: 0, cy: 5.9, rx: 13, ry: 3.6, fill: COLOURS.yellow, stroke: "#1b1026", "stroke-width": 1.2 }, g);
      } },
      { text: "A plain hat: you do not know whose it is", draw: (g) => hat(g, 0, 2, 26, "#221a2e") },
    ],
    symbols: [
      { text: "A stone with a thick coloured ring: that colour's witches enter the circle here", draw: (g) => el("circle", { r: 11, fill: "#efe4c8", stroke: COLOURS.pink, "stroke-width": 4 }, g) },
      { text: "A coloured dot and arrow on a stone: that colour's exit; a witch passing it may fly off", draw: (g) => {
        el("circle", { r: 11, fill: "#efe4c8", stroke: "#b9a77c", "stroke-width": 1.5 }, g);
        el("path", { d: "M 0 0 L 15 0", stroke: COLOURS.green, "stroke-width": 4 }, g);
        el("circle", { r: 5, fill: COLOURS.green }, g);
      } },
      { text: "A house: a colour's witches waiting to enter (the number on the roof)", draw: (g) => {
        el("rect", { x: -10, y: -2, width: 20, height: 12, fill: "#f8f1de", stroke: "#1b1026", "stroke-width": 1.5 }, g);
        el("path", { d: "M -13 -1 L 0 -12 L 13 -1 Z", fill: COLOURS.yellow, stroke: "#1b1026", "stroke-width": 1.5 }, g);
      } },
      { text: "A take-off strip: witches that flew off, counting for their owner", draw: (g) => el("circle", { r: 9, fill: "#f8f1de", stroke: COLOURS.lightblue, "stroke-width": 4 }, g) },
      { text: "The stars and the bonfire: the night of the dance, only a picture", draw: (g) => {
        el("circle", { r: 14, fill: "#2a2150" }, g);
        for (const [x, y] of [[-7, -6], [6, -8], [8, 5]]) el("circle", { cx: x, cy: y, r: 1.6, fill: "#fff7d6" }, g);
        el("path", { d: "M 0 9 C -6 4 -3 -2 0 -6 C 3 -2 6 4 0 9 Z", fill: "#ffb300" }, g);
      } },
    ],
    outcomeLabel: (t) => (/^roll\d$/.test(t) ? `Rolled ${t.slice(4)}` : t),
  };
}

export default { create };
