// Bewitched: a pond of lily leaves joined by reeds, four lily pads for
// the frog-princes, four witch hats in the middle hiding the spell books.
// Snakes look alike until one bites, books show their page only to a seat
// that has looked (the observation's "page"), frogs show a magnet only
// once bitten: the drawing shows exactly what the observation says. What
// the viewer knows is marked (knowledge.js): an eye on a page it has seen,
// dots in the colours of the players who looked at a book, dots beside a
// snake for the frogs it touched without biting, a magnet on a bitten frog.
import { el, group, text, title, svgRoot, hat, dieFace, clear } from "../svg.js";
import { mark, eye, dots, whoKnows, revealed, SHOWN_AT_END } from "../knowledge.js";

const COLOURS = { red: "#e0473c", blue: "#3f7be0", green: "#49b04f", yellow: "#f2c230" };
const LETTER = { r: "red", b: "blue", g: "green", y: "yellow" };
const C = 48;                      // one grid cell
const at = (v) => (v + 0.5) * C;   // grid coordinate -> drawing coordinate

function frogShape(parent, x, y, colour, number, attrs) {
  const g = group(parent, { transform: `translate(${x} ${y})`, class: "piece frog", ...attrs });
  el("circle", { cx: 0, cy: 0, r: 19, fill: "#ffffff", opacity: 0.85 }, g);
  el("ellipse", { cx: 0, cy: 3, rx: 15, ry: 12, fill: colour, stroke: "#17331a", "stroke-width": 2 }, g);
  for (const dx of [-7, 7]) {
    el("circle", { cx: dx, cy: -8, r: 5.5, fill: colour, stroke: "#17331a", "stroke-width": 2 }, g);
    el("circle", { cx: dx, cy: -8, r: 2.4, fill: "#111" }, g);
  }
  text(g, 0, 6, String(number), { "font-size": 12, "font-weight": "bold", fill: colour === COLOURS.yellow ? "#3b2f00" : "#fff" });
  return g;
}

function bookShape(parent, x, y, book, pageKnown, attrs = {}) {
  const g = group(parent, { transform: `translate(${x} ${y})`, class: "book", "data-book": book, "data-page": pageKnown || "unknown", ...attrs });
  el("rect", { x: -8, y: -10, width: 16, height: 20, rx: 2, fill: pageKnown === "prince" ? "#f5c518" : pageKnown === "frog" ? "#8bc34a" : "#8d5a2b", stroke: "#3b2412", "stroke-width": 1.5 }, g);
  text(g, 0, 0, String(book + 1), { "font-size": 11, "font-weight": "bold", fill: "#fff" });
  title(g, `book ${book + 1}${pageKnown ? `: ${pageKnown === "prince" ? "the prince's page" : "a frog page"}` : ""}`);
  return g;
}

function catShape(parent, x, y, n, attrs) {
  const g = group(parent, { transform: `translate(${x} ${y})`, class: "piece cat", ...attrs });
  el("circle", { cx: 0, cy: 0, r: 19, fill: "transparent", class: "hit" }, g);
  el("path", { d: "M -12 -4 L -10 -16 L -3 -9 L 3 -9 L 10 -16 L 12 -4 A 12 11 0 1 1 -12 -4 Z", fill: "#1f1f24", stroke: "#000", "stroke-width": 1.5 }, g);
  for (const dx of [-5, 5]) el("ellipse", { cx: dx, cy: -1, rx: 2.5, ry: 3.2, fill: "#f4e04d" }, g);
  title(g, `cat ${n + 1}`);
  return g;
}

function create(board, table, seat) {
  const W = board.width * C, H = board.height * C;
  const pos = new Map(board.spaces.map((s) => [s.id, [at(s.x), at(s.y)]]));
  const padPos = new Map(board.pads.map((p) => [p.colour, [at(p.x), at(p.y)]]));
  const hatPos = board.hats.map((h) => [at(h.x), at(h.y)]);
  const svg = svgRoot(`0 0 ${W} ${H}`, "Bewitched board");
  svg.classList.add("bw");
  const defs = el("defs", {}, svg);
  const water = el("radialGradient", { id: "bw-water" }, defs);
  el("stop", { offset: "0%", "stop-color": "#5fb3b3" }, water);
  el("stop", { offset: "100%", "stop-color": "#23606e" }, water);
  el("rect", { x: 0, y: 0, width: W, height: H, rx: 30, fill: "url(#bw-water)" }, svg);
  for (let i = 0; i < 18; i++) {
    const x = 40 + (((i * 151) % 100) / 100) * (W - 80), y = 20 + (((i * 67) % 100) / 100) * (H - 40);
    el("ellipse", { cx: x, cy: y, rx: 26, ry: 6, fill: "none", stroke: "#ffffff30", "stroke-width": 2 }, svg);
  }
  // Reeds between linked leaves (and to the pads).
  const reeds = group(svg, { class: "links" });
  const place = (n) => (typeof n === "string" ? padPos.get(n) : pos.get(n));
  for (const s of board.spaces) {
    for (const n of s.neighbours) {
      if (typeof n === "number" && n < s.id) continue;
      const [x1, y1] = pos.get(s.id), [x2, y2] = place(n);
      el("line", { x1, y1, x2, y2, stroke: "#d8e8a8", "stroke-width": 7, "stroke-linecap": "round", opacity: 0.8 }, reeds);
    }
  }
  // The hats' circle in the middle.
  const [hx, hy] = [at(6.5), at(6.5)];
  el("circle", { cx: hx, cy: hy, r: C * 1.25, fill: "#4a2d6b", stroke: "#f5c518", "stroke-width": 3 }, svg);
  for (const p of board.pads) {
    const [x, y] = padPos.get(p.colour);
    const g = group(svg, { "data-key": `pad:${p.colour}`, class: "space pad" });
    el("circle", { cx: x, cy: y, r: 34, fill: "#3f9a3c", stroke: COLOURS[p.colour], "stroke-width": 7 }, g);
    el("path", { d: `M ${x} ${y} L ${x + 30} ${y - 14} A 33 33 0 0 1 ${x + 33} ${y} Z`, fill: "#23606e" }, g);
    title(g, `${p.colour} lily pad`);
  }
  const snakeMarks = new Map();
  for (const s of board.spaces) {
    const [x, y] = pos.get(s.id);
    const g = group(svg, { "data-key": `space:${s.id}`, class: `space ${s.kind}` });
    el("circle", { cx: x, cy: y, r: 19, fill: s.kind === "hat" ? "#9ccc65" : "#6cbf5a", stroke: s.kind === "hat" ? "#f5c518" : "#2e7d32", "stroke-width": s.kind === "hat" ? 4 : 2 }, g);
    if (s.kind === "paw") {
      el("ellipse", { cx: x, cy: y + 4, rx: 6, ry: 5, fill: "#3e2723", opacity: 0.7 }, g);
      for (const [dx, dy] of [[-7, -4], [-2.5, -8], [2.5, -8], [7, -4]]) el("circle", { cx: x + dx, cy: y + dy, r: 2.3, fill: "#3e2723", opacity: 0.7 }, g);
    } else if (s.kind === "flower") {
      for (let k = 0; k < 6; k++) {
        const a = (k / 6) * Math.PI * 2;
        el("circle", { cx: x + 8 * Math.cos(a), cy: y + 8 * Math.sin(a), r: 6, fill: "#f48fb1" }, g);
      }
      el("circle", { cx: x, cy: y, r: 5, fill: "#ffeb3b" }, g);
    } else if (s.kind === "snake") {
      snakeMarks.set(s.id, [x, y]);
    }
    title(g, `space ${s.id} (${s.kind})`);
  }
  const hatGroups = board.hats.map((h, i) => {
    const [x, y] = hatPos[i];
    const g = group(svg, { "data-key": `hat:${h.hat}`, class: "space witch-hat" });
    hat(g, x, y + 6, 44, "#7b3fb2");
    title(g, `hat ${h.hat + 1}`);
    return g;
  });

  const pieces = group(svg, { class: "pieces" });
  // The spaces' numbers above the pieces, each with a halo of the leaf's
  // green: a frog or a cat is larger than its leaf and would hide them.
  const labels = group(svg, { class: "labels" });
  for (const s of board.spaces) {
    const [x, y] = pos.get(s.id);
    text(labels, x + 14, y + 15, String(s.id), {
      "font-size": 11, fill: "#12361a", stroke: "#dcefc8", "stroke-width": 3, "paint-order": "stroke", class: "label",
    });
  }

  // The knowledge marks of a book (g is the book's group, centred on it).
  function bookMarks(g, info, obs) {
    if (!info) return;
    const seatColour = (p) => COLOURS[obs.frogs.find((f) => f.player === p)?.colour];
    if (info.page) {
      const what = info.page === "prince" ? "the prince's page" : "a frog page";
      const how = info.seen_by.includes(seat) ? "You have looked at it"
        : revealed(obs) ? SHOWN_AT_END : "Everyone saw it come home";
      eye(mark(g, `page:${info.book}`, info.page, `${how}: book ${info.book + 1} is ${what}`), 9, -11, 8);
    }
    if (info.seen_by.length) {
      dots(mark(g, `read:${info.book}`, info.seen_by.join(","), `Book ${info.book + 1} was looked at by ${whoKnows(info.seen_by, seat, table)}`),
        0, 15, info.seen_by.map(seatColour), 4);
    }
  }

  function render(obs) {
    clear(pieces);
    for (const s of obs.snakes) {
      if (!s.in_play) continue;
      const [x, y] = snakeMarks.get(s.space) || pos.get(s.space);
      const deadly = s.deadly === true ? "yes" : s.deadly === false ? "no" : "unknown";
      const g = group(pieces, { class: "snake", "data-snake": s.snake, "data-deadly": deadly, "data-at": `space:${s.space}` });
      el("path", { d: `M ${x - 12} ${y + 6} q 6 -12 12 0 t 12 0`, fill: "none", stroke: deadly === "yes" ? "#c62828" : "#8a5a12", "stroke-width": 5, "stroke-linecap": "round" }, g);
      el("circle", { cx: x + 12, cy: y + 6, r: 3.5, fill: deadly === "yes" ? "#c62828" : "#8a5a12" }, g);
      title(g, deadly === "yes" ? "a deadly snake" : deadly === "no" ? "a harmless snake" : "a snake: deadly or harmless?");
      if (deadly === "yes") mark(g, `deadly:${s.snake}`, "deadly", `${revealed(obs) ? SHOWN_AT_END : "It bit"}: a deadly snake`);
      if (s.touched_by.length) {
        const frogs = s.touched_by.map((f) => obs.frogs[f]);
        const names = frogs.map((f) => `${f.colour} frog ${f.frog}`).join(", ");
        dots(mark(g, `touched:${s.snake}`, s.touched_by.join(","), `Touched by ${names} without a bite: not both deadly and magnetic`),
          x, y - 11, frogs.map((f) => COLOURS[f.colour]), 4.2, true);
      }
    }
    obs.hats.forEach((book, h) => {
      hatGroups[h].setAttribute("data-holds", book === null ? "none" : `book ${book + 1}`);
      if (book === null) return;
      const info = obs.books.find((b) => b.book === book);
      const [x, y] = hatPos[h];
      bookMarks(bookShape(pieces, x + 16, y - 14, book, info?.page, { "data-at": `hat:${h}` }), info, obs);
    });
    for (const b of obs.books) {
      if (b.where !== "ground") continue;
      const [x, y] = pos.get(b.at);
      bookMarks(bookShape(pieces, x - 10, y - 10, b.book, b.page, { "data-at": `space:${b.at}` }), b, obs);
    }
    obs.cats.forEach((space, n) => {
      const [x, y] = pos.get(space);
      catShape(pieces, x, y, n, { "data-key": `cat:${n}`, "data-at": `space:${space}` });
    });
    const onPad = new Map();
    obs.frogs.forEach((f, i) => {
      if (f.at === null) return;
      let x, y;
      if (typeof f.at === "string") {
        const k = onPad.get(f.at) || 0;
        onPad.set(f.at, k + 1);
        [x, y] = padPos.get(f.at);
        x += [-13, 13, 0][k];
        y += [-8, -8, 14][k];
      } else {
        [x, y] = pos.get(f.at);
      }
      const magnetic = f.magnetic === true ? "yes" : f.magnetic === false ? "no" : "unknown";
      const g = frogShape(pieces, x, y, COLOURS[f.colour], f.frog, {
        "data-key": `frog:${i}`, "data-at": typeof f.at === "string" ? `pad:${f.at}` : `space:${f.at}`, "data-magnetic": magnetic,
      });
      if (f.must_move || f.must_move_next) g.classList.add("chosen");
      if (magnetic === "yes") {
        const m = mark(g, `magnetic:${i}`, "magnetic", `${revealed(obs) ? SHOWN_AT_END : "Bitten and saved"}: ${f.colour} frog ${f.frog} is magnetic`);
        el("path", { d: "M -16 -14 a 5 5 0 0 1 10 0", fill: "none", stroke: "#c62828", "stroke-width": 3 }, m);
      }
      if (f.book !== null) {
        const info = obs.books.find((b) => b.book === f.book);
        bookMarks(bookShape(g, 13, -10, f.book, info?.page), info, obs);
      }
      title(g, `${f.colour} frog ${f.frog}${f.book !== null ? `, carrying book ${f.book + 1}` : ""}${magnetic === "yes" ? ", magnetic" : ""}`);
    });
  }

  function routeEnd(route, mine) {
    const last = route.split("-").pop();
    return last === "home" ? `pad:${mine}` : `space:${last}`;
  }

  function anchor(move, obs) {
    const t = move.text;
    const mover = obs.player;
    const mine = obs.frogs.find((f) => f.player === mover)?.colour;
    let m;
    if ((m = /^(\d)([fc])(\d+):(.+)$/.exec(t))) {
      const [, die, kind, n, route] = m;
      const to = routeEnd(route, mine);
      const via = route === "home" ? "straight home" : `via ${route.replace(/-/g, " ")}`;
      if (kind === "f") {
        const i = obs.frogs.findIndex((f) => f.player === mover && f.frog === Number(n));
        return { from: `frog:${i}`, to, label: `Die ${die}: frog ${n} ${via}` };
      }
      return { from: `cat:${Number(n) - 1}`, to, label: `Die ${die}: cat ${n} ${via}` };
    }
    if ((m = /^steal:([rbgy])(\d)$/.exec(t))) {
      const i = obs.frogs.findIndex((f) => f.colour === LETTER[m[1]] && f.frog === Number(m[2]));
      const own = obs.frogs[i]?.player === mover;
      return { to: `frog:${i}`, label: own ? `Swap books with your frog ${m[2]}` : `Take the book of the ${LETTER[m[1]]} frog ${m[2]}` };
    }
    const words = {
      skip: "Give up the other die", nosteal: "Take no book", swap: "Swap books with the hat",
      keep: "Keep your book", pickup: "Pick up the book", leave: "Leave the book", put: "Leave your book under the hat",
    };
    return { label: words[t] || t };
  }

  return {
    svg,
    render,
    anchor,
    seatColour: (p, obs) => COLOURS[obs?.frogs?.find((f) => f.player === p)?.colour],
    seatDetail: (p, obs) => {
      const frogs = obs.frogs.filter((f) => f.player === p);
      const left = frogs.filter((f) => f.at !== null).length;
      return `${frogs[0].colour} · ${left} frog${left === 1 ? "" : "s"}${obs.antidotes[p] ? " · antidote" : ""}`;
    },
    hint: (obs) => ({
      action: "Click a frog or a cat, then where it goes.",
      escape_move: "Click a frog or a cat, then where it goes.",
      steal: "Click a frog to take its book, or take none.",
      hat: "Swap books with the hat or keep yours: choose below.",
      pickup: "Pick up the book or leave it: choose below.",
    })[obs.stage] || "Choose below.",
    chanceQuestion: (obs, n) => {
      const who = n.whom(obs.player);
      if (obs.stage === "roll") return { player: obs.player, text: `Which two dice did ${who} roll?` };
      if (obs.stage === "escape_roll") return { player: obs.player, text: `What did ${who} roll for the escaping frog?` };
      return null;
    },
    symbols: [
      { text: "Paw prints: where the cats start", draw: (g) => {
        el("ellipse", { cx: 0, cy: 4, rx: 5, ry: 4, fill: "#3e2723" }, g);
        for (const [dx, dy] of [[-6, -3], [-2, -7], [2, -7], [6, -3]]) el("circle", { cx: dx, cy: dy, r: 2, fill: "#3e2723" }, g);
      } },
      { text: "A magic flower: a frog stopping here gives its player an antidote against one bite", draw: (g) => {
        for (let k = 0; k < 6; k++) el("circle", { cx: 7 * Math.cos(k * 1.047), cy: 7 * Math.sin(k * 1.047), r: 5, fill: "#f48fb1" }, g);
        el("circle", { r: 4, fill: "#ffeb3b" }, g);
      } },
      { text: "A wavy line: a snake; deadly or harmless is hidden until it bites (red: it bit)", draw: (g) => el("path", { d: "M -12 2 q 6 -12 12 0 t 12 0", fill: "none", stroke: "#8a5a12", "stroke-width": 4, "stroke-linecap": "round" }, g) },
      { text: "A gold-ringed leaf: a space beside a hat, where a frog can take, leave or swap a book", draw: (g) => el("circle", { r: 11, fill: "#9ccc65", stroke: "#f5c518", "stroke-width": 3 }, g) },
      { text: "Purple hats in the middle: the spell books lie under them (a numbered book)", draw: (g) => hat(g, 0, 4, 26, "#7b3fb2") },
      { text: "A lily pad: a colour's home; bring the prince's page here to win", draw: (g) => el("circle", { r: 12, fill: "#3f9a3c", stroke: COLOURS.red, "stroke-width": 4 }, g) },
      { text: "A numbered frog: a player's frog (a ring: it must move)", draw: (g) => frogShape(g, 0, 2, COLOURS.green, 1, {}) },
    ],
    drawDice: (box, obs) => {
      if (!obs.dice || !obs.dice[0]) return;
      const s = el("svg", { viewBox: "0 0 124 60", width: 116, height: 56, role: "img", "aria-label": `dice: ${obs.dice.join(" and ")}` }, box);
      obs.dice.forEach((d, k) => {
        const face = dieFace(s, 4 + k * 62, 4, 52, d);
        if (obs.dice_used[k]) face.setAttribute("opacity", "0.35");
      });
      const cap = document.createElement("span");
      cap.className = "caption";
      cap.textContent = obs.dice_used.every(Boolean) ? "both dice used" : obs.dice_used.some(Boolean) ? "one die left" : "";
      box.appendChild(cap);
    },
    legend: [
      { text: "An eye on a book: you know its page (gold: the prince's, green: a frog's)", draw: (g) => eye(g, 0, 0, 11) },
      { text: "Dots under a book: the players who have looked at it", draw: (g) => dots(g, 0, 0, [COLOURS.red, COLOURS.green], 5) },
      { text: "Struck dots by a snake: frogs it touched without biting, so not both deadly and magnetic", draw: (g) => dots(g, 0, 0, [COLOURS.blue], 6, true) },
      { text: "A red arc on a frog: bitten and saved, so magnetic", draw: (g) => el("path", { d: "M -9 4 a 9 9 0 0 1 18 0", fill: "none", stroke: "#c62828", "stroke-width": 4 }, g) },
    ],
    outcomeLabel: (t) => t.replace(/^roll:(\d)-(\d)$/, "Rolled $1 and $2").replace(/^escape:(\d)$/, "Escape die $1"),
    logContext: (obs, whose) => ({
      frog: (i) => {
        const f = obs?.frogs?.[i];
        return f ? `${whose(f.player)} frog ${f.frog}` : `frog ${i + 1}`;
      },
      place: (x) => (typeof x === "string" ? `the ${x} pad` : String(x)),
      snakeSpace: (n) => String(obs?.snakes?.[n]?.space ?? "?"),
    }),
  };
}

export default { create };
