// The board on a phone: big enough to tap, in a frame a finger pans.
//
// A whole board squeezed into 390 px has spaces 13-15 px wide and numbers
// 5-6 px tall. On a narrow screen the board is drawn instead at the size
// where its smallest tap target (all elements sharing one data-key
// together: a stone and the hat on it are one target) is MIN_TARGET CSS px
// and its smallest text MIN_TEXT px, inside a frame that scrolls both
// ways. "Whole board" shows all of it at once; a tap on the whole board
// then zooms in there and plays nothing, so a tap too small to aim is
// never a move. On a wide screen with a mouse nothing changes.

export const MIN_TARGET = 44;   // CSS px: the platforms' smallest tap target
export const MIN_TEXT = 12;     // CSS px
// Phones, and touch screens of any size (a tablet's board beside the
// side panel can be too small to tap as well).
const NARROW = "(max-width: 800px), (pointer: coarse)";

// The smallest tap target and text of a drawn board, in board units.
export function smallest(svg) {
  const unit = svg.getScreenCTM()?.a || 1;     // CSS px per board unit now
  const boxes = new Map();
  for (const node of svg.querySelectorAll("[data-key]")) {
    const r = node.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    const key = node.getAttribute("data-key");
    const b = boxes.get(key);
    boxes.set(key, b
      ? { l: Math.min(b.l, r.left), t: Math.min(b.t, r.top), r: Math.max(b.r, r.right), b: Math.max(b.b, r.bottom) }
      : { l: r.left, t: r.top, r: r.right, b: r.bottom });
  }
  let target = Infinity;
  for (const b of boxes.values()) target = Math.min(target, Math.min(b.r - b.l, b.b - b.t) / unit);
  let text = Infinity;
  for (const t of svg.querySelectorAll("text")) {
    if (!t.textContent.trim() || !t.getBoundingClientRect().width) continue;
    const m = t.getScreenCTM();
    if (m) text = Math.min(text, (parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b)) / unit);
  }
  return { target, text };
}

export class BoardZoom {
  // frame: the scrolling element holding svg; button: the switch.
  constructor(frame, svg, button) {
    this.frame = frame;
    this.svg = svg;
    this.button = button;
    this.scale = 0;                // CSS px per unit that the zoom needs
    this.whole = localStorage.getItem("tablegames.zoom") === "whole";
    this.query = matchMedia(NARROW);
    this.query.addEventListener("change", () => this.fit());
    button.addEventListener("click", () => this.setWhole(!this.whole));
    // On the whole board a tap zooms in where it lands, and goes no further.
    frame.addEventListener("click", (e) => {
      if (!this.zoomable || !this.whole) return;
      e.stopPropagation();
      e.preventDefault();
      const r = svg.getBoundingClientRect();
      this.setWhole(false, { x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height });
    }, true);
  }

  get zoomable() {
    return this.query.matches;
  }

  get zoomed() {
    return this.zoomable && !this.whole;
  }

  setWhole(whole, at = null) {
    this.whole = whole;
    localStorage.setItem("tablegames.zoom", whole ? "whole" : "zoom");
    this.fit();
    if (!whole) this.centre(at || { x: 0.5, y: 0.5 });
  }

  // After each drawing: the size the board needs (it only grows, so the
  // board does not jump when a small piece comes and goes).
  fit() {
    const { svg, frame } = this;
    frame.classList.toggle("zoomable", this.zoomable);
    frame.classList.toggle("zoomed", this.zoomed);
    frame.classList.toggle("whole", this.zoomable && this.whole);
    this.button.hidden = !this.zoomable;
    this.button.textContent = this.whole ? "Zoom in to play" : "Show the whole board";
    if (!this.zoomed) {
      svg.style.width = "";
      return;
    }
    const need = smallest(svg);
    this.scale = Math.max(this.scale, MIN_TARGET / need.target, MIN_TEXT / need.text);
    const width = svg.viewBox.baseVal.width * this.scale;
    if (Number.isFinite(width) && width > frame.clientWidth) svg.style.width = `${Math.ceil(width)}px`;
  }

  // Scrolls so that the point (fractions of the board) is in the middle.
  centre({ x, y }) {
    const { frame, svg } = this;
    frame.scrollLeft = x * svg.clientWidth - frame.clientWidth / 2;
    frame.scrollTop = y * svg.clientHeight - frame.clientHeight / 2;
  }

  // Brings the first of the nodes into view when none of them is in it.
  show(nodes) {
    if (!this.zoomed || !nodes.length) return;
    const f = this.frame.getBoundingClientRect();
    const inside = (n) => {
      const r = n.getBoundingClientRect();
      return r.right > f.left && r.left < f.right && r.bottom > f.top && r.top < f.bottom;
    };
    if (nodes.some(inside)) return;
    const r = nodes[0].getBoundingClientRect(), s = this.svg.getBoundingClientRect();
    this.centre({ x: (r.left + r.width / 2 - s.left) / s.width, y: (r.top + r.height / 2 - s.top) / s.height });
  }
}
