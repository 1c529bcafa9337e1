// Playing by clicking on the board: click a piece, then its destination.
//
// Every legal move is anchored by the board module to the keys of board
// elements ("space:14", "frog:3", ...): `from` (the piece that moves) and
// `to` (where it goes). Moves with only a `to` are played by clicking
// that element; moves with only a `from` become buttons once the piece is
// selected; moves with neither are buttons in the choices area. When
// several moves share the clicked piece and destination (two dice, two
// routes), a chooser asks which one.

function keysOf(node) {
  const keys = [];
  for (let n = node; n && n.getAttribute; n = n.parentNode) {
    for (const attr of ["data-key", "data-at"]) {
      const k = n.getAttribute(attr);
      if (k && !keys.includes(k)) keys.push(k);
    }
  }
  return keys;
}

export class Interaction {
  constructor(svg, { onPlay, chooser, actions }) {
    this.svg = svg;
    this.onPlay = onPlay;
    this.chooser = chooser;
    this.actions = actions;
    this.moves = [];
    this.selected = null;
    svg.addEventListener("click", (e) => this.click(keysOf(e.target)));
    svg.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        this.click(keysOf(e.target));
      }
    });
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.select(null);
    });
  }

  setMoves(moves) {
    this.moves = moves;
    this.selected = null;
    this.render();
  }

  fromKeys() {
    return new Set(this.moves.filter((m) => m.from).map((m) => m.from));
  }

  click(keys) {
    if (!this.moves.length || !keys.length) return;
    const froms = this.fromKeys();
    if (this.selected) {
      for (const key of keys) {
        const hits = this.moves.filter((m) => m.from === this.selected && m.to === key);
        if (hits.length) return this.play(hits);
      }
    }
    for (const key of keys) {
      if (froms.has(key)) return this.select(this.selected === key ? null : key);
    }
    for (const key of keys) {
      const hits = this.moves.filter((m) => !m.from && m.to === key);
      if (hits.length) return this.play(hits);
    }
    this.select(null);
  }

  select(key) {
    this.selected = key;
    this.render();
  }

  play(hits) {
    if (hits.length === 1) {
      this.hideChooser();
      this.onPlay(hits[0].id);
      return;
    }
    this.showChooser(hits);
  }

  showChooser(hits) {
    const box = this.chooser;
    box.replaceChildren();
    const heading = document.createElement("p");
    heading.textContent = "Which one?";
    box.appendChild(heading);
    for (const m of hits) box.appendChild(this.button(m, "choice"));
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "cancel";
    cancel.textContent = "Cancel";
    cancel.addEventListener("click", () => this.hideChooser());
    box.appendChild(cancel);
    box.hidden = false;
    box.querySelector("button")?.focus();
  }

  hideChooser() {
    this.chooser.hidden = true;
    this.chooser.replaceChildren();
  }

  button(move, cls) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = cls;
    b.dataset.move = String(move.id);
    b.textContent = move.label;
    b.title = move.text;
    b.addEventListener("click", () => {
      this.hideChooser();
      this.onPlay(move.id);
    });
    return b;
  }

  mark(key, cls) {
    for (const node of this.svg.querySelectorAll(`[data-key="${CSS.escape(key)}"]`)) {
      node.classList.add(cls);
      node.setAttribute("tabindex", "0");
    }
  }

  render() {
    for (const node of this.svg.querySelectorAll(".can-move, .selected, .target")) {
      node.classList.remove("can-move", "selected", "target");
      node.removeAttribute("tabindex");
    }
    this.hideChooser();
    for (const key of this.fromKeys()) this.mark(key, "can-move");
    for (const m of this.moves) if (!m.from && m.to) this.mark(m.to, "target");
    if (this.selected) {
      this.mark(this.selected, "selected");
      for (const m of this.moves) if (m.from === this.selected && m.to) this.mark(m.to, "target");
    }
    this.actions.replaceChildren();
    const loose = this.moves.filter((m) => !m.to && (!m.from || m.from === this.selected));
    for (const m of loose) this.actions.appendChild(this.button(m, "action"));
  }
}
