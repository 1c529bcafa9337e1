// Spinning Wishes: a path of forty spaces round the castle, the castle's
// ring of halls, paths and towers, the four presents in the courtyards
// and the Wishing Wheel turning in the middle. A present shows whose it is
// only when the observation says so (the seat looked, or someone won):
// an eye marks it, and struck dots name the princesses who looked under
// it and found it was not theirs (knowledge.js).
import { el, group, text, title, svgRoot, dieBox, clear, fitText } from "../svg.js";
import { mark, eye, dots, revealed, SHOWN_AT_END } from "../knowledge.js";

const PRINCESSES = ["snow", "cinder", "belle", "beauty"];
const NAMES = { snow: "Snow White", cinder: "Cinderella", belle: "Belle", beauty: "Sleeping Beauty" };
const INITIALS = { snow: "SW", cinder: "C", belle: "B", beauty: "SB" };
const SHORT = { snow: "Snow White", cinder: "Cinderella", belle: "Belle", beauty: "Beauty" };
const COLOURS = { snow: "#d8413f", cinder: "#5aa9e6", belle: "#f2b705", beauty: "#e772b0" };
const KIND_FILL = {
  gate: "#ffffff", blank: "#fdf3e1", wheel: "#ffd6ec", trade: "#d4ebff", roll_again: "#d8f5c8",
  miss_turn: "#e2d8f7", hall: "#f6efff", path: "#ece3d3", tower: "#f7d2e2",
};
const C = 58;
const HANDS = 1.9 * C;      // room under the board for the players' hands
const at = (v) => (v + 0.5) * C;

function star(parent, x, y, r, fill, attrs = {}) {
  const pts = [];
  for (let k = 0; k < 10; k++) {
    const a = -Math.PI / 2 + (k * Math.PI) / 5, rr = k % 2 ? r * 0.45 : r;
    pts.push(`${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a)).toFixed(1)}`);
  }
  return el("polygon", { points: pts.join(" "), fill, stroke: "#5b3a00", "stroke-width": 1.2, ...attrs }, parent);
}

function crown(parent, x, y, w, fill) {
  const h = w * 0.6;
  return el("path", { d: `M ${x - w / 2} ${y + h / 2} L ${x - w / 2} ${y - h / 3} L ${x - w / 4} ${y} L ${x} ${y - h / 2} L ${x + w / 4} ${y} L ${x + w / 2} ${y - h / 3} L ${x + w / 2} ${y + h / 2} Z`, fill, stroke: "#5b3a00", "stroke-width": 1.5 }, parent);
}

function kindMark(g, kind, x, y) {
  if (kind === "wheel") star(g, x, y, 11, "#ff8fc8");
  else if (kind === "trade") {
    el("path", { d: `M ${x - 11} ${y - 4} h 18 l -5 -5 M ${x + 11} ${y + 4} h -18 l 5 5`, fill: "none", stroke: "#2f6fb0", "stroke-width": 2.5 }, g);
  } else if (kind === "roll_again") {
    el("path", { d: `M ${x + 9} ${y} A 9 9 0 1 1 ${x + 3} ${y - 8.5}`, fill: "none", stroke: "#3c8d2f", "stroke-width": 3 }, g);
    el("path", { d: `M ${x + 1} ${y - 13} l 5 5 l -6 3 Z`, fill: "#3c8d2f" }, g);
  } else if (kind === "miss_turn") {
    el("path", { d: `M ${x + 4} ${y - 10} A 10 10 0 1 0 ${x + 8} ${y + 6} A 8 8 0 1 1 ${x + 4} ${y - 10} Z`, fill: "#6a55a8" }, g);
  } else if (kind === "tower") {
    el("path", { d: `M ${x - 8} ${y + 9} v -12 h 3 v 3 h 3 v -3 h 4 v 3 h 3 v -3 h 3 v 12 Z`, fill: "#c2577f" }, g);
  }
}

function create(board, table, seat) {
  const size = Math.max(...board.spaces.map((s) => Math.max(s.x, s.y))) + 1;
  const W = size * C, H = size * C + HANDS;
  const pos = new Map(board.spaces.map((s) => [s.id, [at(s.x), at(s.y)]]));
  const gateOf = new Map(board.spaces.filter((s) => s.princess).map((s) => [s.princess, s.id]));
  const wheel = board.wheel;
  const [wx, wy] = [at(wheel.x), at(wheel.y)];
  const WR = 1.45 * C;
  // Angles clockwise from the direction of Snow White's gate.
  const snowGate = pos.get(gateOf.get("snow"));
  const base = Math.atan2(snowGate[1] - wy, snowGate[0] - wx);
  const dir = (deg) => base + (deg * Math.PI) / 180;

  const svg = svgRoot(`0 0 ${W} ${H}`, "Spinning Wishes board");
  svg.classList.add("sw");
  el("rect", { x: 0, y: 0, width: W, height: H, rx: 28, fill: "#fbe9f3" }, svg);
  el("rect", { x: C * 0.9, y: C * 0.9, width: W - 1.8 * C, height: size * C - 1.8 * C, rx: 20, fill: "#b7e4a5", stroke: "#7cb36a", "stroke-width": 3 }, svg);
  el("rect", { x: C * 1.55, y: C * 1.55, width: W - 3.1 * C, height: size * C - 3.1 * C, rx: 10, fill: "#d9d2e9", stroke: "#8f86a8", "stroke-width": 4 }, svg);
  el("rect", { x: C * 2.5, y: C * 2.5, width: W - 5 * C, height: size * C - 5 * C, rx: 8, fill: "#f4f0fb" }, svg);
  for (const s of board.spaces) {
    const [x, y] = pos.get(s.id);
    const g = group(svg, { "data-key": `space:${s.id}`, class: `space ${s.kind}` });
    const r = s.kind === "gate" ? C * 0.47 : C * 0.42;
    el("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: s.kind === "gate" ? 14 : 9, fill: s.kind === "gate" ? COLOURS[s.princess] : KIND_FILL[s.kind] || "#fff", stroke: "#8f6a8f", "stroke-width": 2 }, g);
    if (s.kind === "gate") {
      crown(g, x, y - 6, 26, "#ffe36e");
      text(g, x, y + 15, SHORT[s.princess], { "font-size": 8.5, fill: "#fff", "font-weight": "bold" });
    } else {
      kindMark(g, s.kind, x, y);
    }
    if (s.kind !== "gate") text(svg, x + r - 9, y + r - 8, s.id, { "font-size": 10, fill: "#6d4e6d" });
    title(g, `space ${s.id}: ${s.kind.replace("_", " ")}${s.princess ? ` (${NAMES[s.princess]}'s gate)` : ""}`);
  }
  // Towers' courtyards, each with its present.
  const presentGroups = board.towers.map((t) => {
    const [x, y] = [at(t.courtyard_x), at(t.courtyard_y)];
    const g = group(svg, { class: "present", "data-tower": t.tower, "data-present": "unknown" });
    return { g, x, y };
  });
  // The Wishing Wheel: four rays of light, twelve holders.
  const rays = group(svg, { class: "rays" });
  for (const ray of wheel.rays) {
    const a1 = dir(ray.centre_degrees - wheel.ray_width_degrees / 2), a2 = dir(ray.centre_degrees + wheel.ray_width_degrees / 2);
    const R2 = WR + 16;
    el("path", { d: `M ${wx} ${wy} L ${wx + R2 * Math.cos(a1)} ${wy + R2 * Math.sin(a1)} A ${R2} ${R2} 0 0 1 ${wx + R2 * Math.cos(a2)} ${wy + R2 * Math.sin(a2)} Z`, fill: COLOURS[ray.princess], opacity: 0.28 }, rays);
  }
  el("circle", { cx: wx, cy: wy, r: WR, fill: "#fff6fb", stroke: "#d36ba6", "stroke-width": 4 }, svg);
  const wheelLayer = group(svg, { class: "wheel" });
  const handsTop = size * C;
  text(svg, W / 2, handsTop + 12, "Wishes in hand", { "font-size": 13, fill: "#7a4a7a", "font-weight": "bold" });

  const pieces = group(svg, { class: "pieces" });
  let lastRoll = null;

  const seatsOf = (obs) => obs.princesses || [];

  function render(obs, events) {
    clear(pieces);
    clear(wheelLayer);
    for (const e of events || []) if (e.type === "roll" || e.type === "start_roll" || e.type === "first") lastRoll = e.value;
    const rot = obs.wheel.rotation;
    obs.wheel.slots.forEach((wish, s) => {
      const a = dir(s * (360 / wheel.slots) + rot * wheel.degrees_per_rotation_step);
      const x = wx + (WR - 20) * Math.cos(a), y = wy + (WR - 20) * Math.sin(a);
      const g = group(wheelLayer, { "data-key": `slot:${s}`, class: "slot" });
      el("circle", { cx: x, cy: y, r: 16.5, fill: "transparent", class: "hit" }, g);
      el("circle", { cx: x, cy: y, r: 14, fill: wish ? "#ffffff" : "#f3e6ee", stroke: "#c58bb0", "stroke-width": 2 }, g);
      if (wish) star(g, x, y, 11, COLOURS[wish]);
      title(g, wish ? `slot ${s + 1}: ${NAMES[wish]}'s wish` : `slot ${s + 1}: empty`);
    });
    star(wheelLayer, wx, wy, 16, "#ffd54f");
    obs.towers.forEach((t, i) => {
      const { g, x, y } = presentGroups[i];
      clear(g);
      const known = t.present;
      g.setAttribute("data-present", known || "unknown");
      el("rect", { x: x - 17, y: y - 14, width: 34, height: 28, rx: 4, fill: known ? COLOURS[known] : "#9575cd", stroke: "#4a2d6b", "stroke-width": 2 }, g);
      el("path", { d: `M ${x} ${y - 14} v 28 M ${x - 17} ${y} h 34`, stroke: "#ffe36e", "stroke-width": 4 }, g);
      el("path", { d: `M ${x} ${y - 14} q -10 -12 -12 0 M ${x} ${y - 14} q 10 -12 12 0`, fill: "none", stroke: "#ffe36e", "stroke-width": 3 }, g);
      text(g, x, y + 24, known ? SHORT[known] : "?", { "font-size": 11, fill: "#4a2d6b", "font-weight": "bold" });
      title(g, known ? `tower ${i + 1}: ${NAMES[known]}'s present` : `tower ${i + 1}: a present${t.not_for.length ? `, not for ${t.not_for.map((p) => NAMES[p]).join(" or ")}` : ""}`);
      if (known) {
        const looked = seatsOf(obs)[seat]?.looked?.includes(i);
        eye(mark(g, `present:${i}`, known, `${looked ? "You looked under it" : revealed(obs) ? SHOWN_AT_END : "It won the game"}: tower ${i + 1} holds ${NAMES[known]}'s present`), x + 17, y - 14, 10);
      }
      if (t.not_for.length) {
        dots(mark(g, `not_for:${i}`, t.not_for.join(","), `Looked under and not theirs: not for ${t.not_for.map((p) => NAMES[p]).join(" or ")}`),
          x, y + 40, t.not_for.map((p) => COLOURS[p]), 6, true);
      }
    });
    const players = seatsOf(obs);
    const here = new Map();
    players.forEach((p, i) => {
      if (!p.princess || p.space === null || p.space === undefined) return;
      const [x0, y0] = pos.get(p.space);
      const k = here.get(p.space) || 0;
      here.set(p.space, k + 1);
      const x = x0 + (k ? 10 : 0), y = y0 + (k ? 8 : 0);
      const g = group(pieces, { class: "piece princess", "data-key": `princess:${i}`, "data-at": `space:${p.space}` });
      el("circle", { cx: x, cy: y, r: 17, fill: COLOURS[p.princess], stroke: "#3b1d3b", "stroke-width": 2.5 }, g);
      crown(g, x, y - 2, 18, "#ffe36e");
      text(g, x, y + 9, INITIALS[p.princess], { "font-size": 10, fill: "#3b1d3b", "font-weight": "bold" });
      title(g, `${NAMES[p.princess]}${p.miss_turn ? ", misses a turn" : ""}`);
    });
    // Hands: one row per player under the board.
    const colW = W / Math.max(players.length, 1);
    players.forEach((p, i) => {
      const x0 = i * colW + 12, y0 = handsTop + 30;
      const label = p.princess ? NAMES[p.princess] : `Player ${i + 1}`;
      const person = table.seats[i] ? ` (${i === seat ? "you" : table.seats[i].name || `Player ${i + 1}`})` : "";
      const hand = group(pieces, { class: "hand" });
      el("rect", { x: x0 - 6, y: y0 - 10, width: colW - 12, height: HANDS - 36, rx: 10, fill: "#fff", stroke: p.princess ? COLOURS[p.princess] : "#ccc", "stroke-width": 3 }, hand);
      const name = text(hand, x0 + (colW - 24) / 2, y0 + 4, `${label}${person}`, { "font-size": 12, fill: "#4a2d6b", "font-weight": "bold" });
      title(hand, fitText(name, colW - 24));
      (p.wishes || []).forEach((w, k) => {
        const g = group(pieces, { "data-key": `hand:${i}:${w}`, class: "wish" });
        el("rect", { x: x0 + 1.5 + k * 34, y: y0 + 19.5, width: 33, height: 33, fill: "transparent", class: "hit" }, g);
        star(g, x0 + 18 + k * 34, y0 + 36, 14, COLOURS[w]);
        title(g, `${NAMES[w]}'s wish`);
      });
    });
  }

  function anchor(move, obs) {
    const t = move.text;
    let m;
    if (/^c?\d+$/.test(t)) return { from: `princess:${seat}`, to: `space:${t}`, label: `Move to ${t}` };
    if ((m = /^place:(\d+)$/.exec(t))) return { to: `slot:${m[1]}`, label: `Put a holder on slot ${Number(m[1]) + 1}` };
    if ((m = /^take:(\d+)$/.exec(t))) {
      const wish = obs.wheel.slots[Number(m[1])];
      return { to: `slot:${m[1]}`, label: `Take ${NAMES[wish] || "the"} wish from slot ${Number(m[1]) + 1}` };
    }
    if ((m = /^swap:(\w+):(\d+)$/.exec(t))) return { from: `hand:${seat}:${m[1]}`, to: `slot:${m[2]}`, label: `Swap ${NAMES[m[1]]}'s wish for slot ${Number(m[2]) + 1}` };
    if ((m = /^trade:(\w+):(\w+):(\w+)$/.exec(t))) {
      const other = seatsOf(obs).findIndex((p) => p.princess === m[3]);
      return { from: `hand:${seat}:${m[1]}`, to: `hand:${other}:${m[2]}`, label: `Give ${NAMES[m[1]]}'s wish to ${NAMES[m[3]]} for ${NAMES[m[2]]}'s` };
    }
    if ((m = /^pick:(\w+)$/.exec(t))) return { to: `space:${gateOf.get(m[1])}`, label: `Be ${NAMES[m[1]]}` };
    if (t === "pass") return { label: "Take nothing" };
    return { label: t };
  }

  return {
    svg,
    render,
    anchor,
    seatColour: (p, obs) => COLOURS[seatsOf(obs || {})[p]?.princess] || null,
    seatDetail: (p, obs) => {
      const pl = seatsOf(obs)[p];
      if (!pl || !pl.princess) return "choosing a princess";
      return `${NAMES[pl.princess]} · ${pl.wishes.length} wish${pl.wishes.length === 1 ? "" : "es"}${pl.own_three ? " · to the castle!" : ""}${pl.miss_turn ? " · misses a turn" : ""}`;
    },
    hint: (obs) => ({
      pick: "Click the gate of the princess you want to be.",
      place: "Click a free holder on the wheel.",
      move: "Click your princess, then where she goes.",
      // (With wishes in hand, a wish of the hand may go for one of the wheel's.)
      take: seatsOf(obs)[obs.turn]?.wishes?.length
        ? "Click a wish on the wheel to take it, or one in your hand, then one on the wheel, to swap them; or take nothing."
        : "Click a wish on the wheel, or take nothing.",
      swap: "Click a wish in your hand, then one on the wheel.",
      trade: "Click a wish in your hand, then one in another hand.",
    })[obs.phase] || "",
    drawDice: (box) => lastRoll && dieBox(box, lastRoll),
    chanceQuestion: (obs, n) => {
      const who = n.whom(obs.turn);
      const text = {
        start: `What did ${who} roll to start?`,
        roll: `What did ${who} roll?`,
        spin: `The Wishing Wheel stopped for ${who}: which wishes lie in ${NAMES[seatsOf(obs)[obs.turn]?.princess] || "her"}'s ray?`,
        place: `Where did ${n.whose(obs.turn)} wish holder land?`,
      }[obs.phase];
      return text ? { player: obs.turn, text } : null;
    },
    symbols: [
      { text: "A star: a Wishing Wheel space (the wheel is spun; take a wish lying in your ray)", draw: (g) => star(g, 0, 0, 11, "#ff8fc8") },
      { text: "Two arrows: Trade a Wish (give one of your wishes for one of another princess's)", draw: (g) => kindMark(g, "trade", 0, 0) },
      { text: "A round arrow: Roll Again (another turn)", draw: (g) => kindMark(g, "roll_again", 0, 0) },
      { text: "A moon: Miss a Turn (the next turn is skipped)", draw: (g) => kindMark(g, "miss_turn", 0, 0) },
      { text: "A tower space: with her own three wishes, a princess reaching one looks under that tower's present", draw: (g) => kindMark(g, "tower", 0, 0) },
      { text: "A gate in a princess's colour: her corner of the path, where she starts", draw: (g) => el("rect", { x: -11, y: -11, width: 22, height: 22, rx: 6, fill: COLOURS.cinder }, g) },
      { text: "A princess with a crown: a player's piece (initials: SW, C, B, SB)", draw: (g) => { el("circle", { r: 12, fill: COLOURS.belle, stroke: "#3b1d3b", "stroke-width": 2 }, g); crown(g, 0, -1, 13, "#ffe36e"); } },
      { text: "Coloured light on the wheel: each princess's ray; a spin gives her the wishes in it", draw: (g) => el("path", { d: "M -12 10 L 0 -12 L 12 10 Z", fill: COLOURS.snow, opacity: 0.35 }, g) },
    ],
    legend: [
      { text: "An eye on a present: you know whose it is", draw: (g) => eye(g, 0, 0, 11) },
      { text: "Struck dots: princesses who looked under it and found it was not theirs", draw: (g) => dots(g, 0, 0, [COLOURS.snow, COLOURS.belle], 5.5, true) },
    ],
    outcomeLabel: (t) => {
      const ray = /^ray:(.*)$/.exec(t);
      if (ray) {
        const held = ray[1].split(",").filter(Boolean).map((w) => /^([a-z]+)(\d+)$/.exec(w)).filter(Boolean);
        return held.length ? held.map(([, k, n]) => `${SHORT[k] || k} (slot ${Number(n) + 1})`).join(", ") : "Nothing in the ray";
      }
      return t.replace(/^roll:(\d)$/, "Rolled $1").replace(/^spin:(\d+)$/, (_, n) => `Wheel stops at ${n}`)
        .replace(/^(?:place|slot):? ?(\d+)$/, (_, n) => `Holder on slot ${Number(n) + 1}`);
    },
    logContext: () => ({ princess: (k) => NAMES[k] || k }),
  };
}

export default { create };
