// The board on phones and tablets: whole at rest, zoomed in where it is tapped.
//
// A whole board squeezed into 390 px has spaces 13-15 px wide and numbers
// 5-6 px tall. So on a narrow or touch screen the board rests fitted to
// the page's width, whole, with every text that would be under MIN_TEXT
// px hidden (what remains is readable). A tap on the resting board acts
// only when one thing that may be played lies within MIN_TARGET px of it
// (a piece that may move, a place it may go): the tap is then as good as
// a 44 px target. Any other tap zooms in where it landed, to the size
// where every tap target (all the drawing that shares a data-key: a stone
// with the hat on it, a piece with its invisible hit area) is MIN_TARGET
// px and every text MIN_TEXT px, in a frame a finger pans; nothing is
// played by the tap that zooms, so a tap too small to aim is never a
// move. "Show the whole board" goes back to rest, and so does every move
// played. Zoomed, the view stays on the same place of the board when the
// board is drawn again, even at another size (it never drifts). On a wide
// screen with a mouse nothing of this applies.

export const MIN_TARGET = 44;   // CSS px: the platforms' smallest tap target
export const MIN_TEXT = 12;     // CSS px
// Phones, and touch screens of any size (a tablet's whole board can be
// too small to aim at as well).
const NARROW = "(max-width: 800px), (pointer: coarse)";
const ACTIONABLE = ".can-move, .target, .selected";

// CSS px per board unit of a drawn svg.
const unitOf = (svg) => svg.getScreenCTM()?.a || 1;

// The boxes (CSS px) of every data-key of the drawing, each the union of
// its elements', for those matching selector (all by default).
function keyBoxes(svg, selector = "[data-key]") {
  const boxes = new Map();
  for (const node of svg.querySelectorAll(selector)) {
    const key = node.getAttribute("data-key");
    if (!key) continue;
    const r = node.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    const b = boxes.get(key);
    boxes.set(key, b
      ? { l: Math.min(b.l, r.left), t: Math.min(b.t, r.top), r: Math.max(b.r, r.right), b: Math.max(b.b, r.bottom) }
      : { l: r.left, t: r.top, r: r.right, b: r.bottom });
  }
  return boxes;
}

// A text's size in CSS px as drawn.
function textPx(t) {
  const m = t.getScreenCTM();
  return m ? parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b) : Infinity;
}

// The smallest tap target and text of a drawn board, in board units.
export function smallest(svg) {
  const unit = unitOf(svg);
  let target = Infinity;
  for (const b of keyBoxes(svg).values()) target = Math.min(target, Math.min(b.r - b.l, b.b - b.t) / unit);
  let text = Infinity;
  for (const t of svg.querySelectorAll("text")) {
    if (!t.textContent.trim() || !t.getBoundingClientRect().width) continue;
    text = Math.min(text, textPx(t) / unit);
  }
  return { target, text };
}

// The keys of the things that may be played whose box, grown to at least
// MIN_TARGET px each way about its centre, holds the point (x, y).
export function reachable(svg, x, y) {
  const keys = [];
  for (const [key, b] of keyBoxes(svg, ACTIONABLE)) {
    const cx = (b.l + b.r) / 2, cy = (b.t + b.b) / 2;
    const w = Math.max(MIN_TARGET, b.r - b.l) / 2, h = Math.max(MIN_TARGET, b.b - b.t) / 2;
    if (Math.abs(x - cx) <= w && Math.abs(y - cy) <= h) keys.push(key);
  }
  return keys;
}

export class BoardZoom {
  // frame: the element holding svg; button: "Show the whole board";
  // act(keys): plays what a tap on those keys plays (interact.js).
  constructor(frame, svg, button, act) {
    this.frame = frame;
    this.svg = svg;
    this.button = button;
    this.act = act;
    this.zoomed = false;
    this.query = matchMedia(NARROW);
    this.handlers = [[this.query, "change", () => this.fit(), false], [button, "click", () => this.rest(), false],
      [frame, "click", (e) => this.tapAtRest(e), true]];
    for (const [target, type, handler, capture] of this.handlers) target.addEventListener(type, handler, capture);
  }

  // Lets go of the frame and the button (another board takes them: the
  // device passed to the next person offline).
  detach() {
    for (const [target, type, handler, capture] of this.handlers) target.removeEventListener(type, handler, capture);
    this.frame.classList.remove("zoomable", "zoomed", "whole");
    this.button.hidden = true;
  }

  get zoomable() {
    return this.query.matches;
  }

  get resting() {
    return this.zoomable && !this.zoomed;
  }

  // A tap on the resting board: plays when one thing that may be played
  // is within reach, else zooms in there; never reaches the board itself.
  tapAtRest(e) {
    if (!this.resting) return;
    e.stopPropagation();
    e.preventDefault();
    const keys = reachable(this.svg, e.clientX, e.clientY);
    if (keys.length === 1) {
      this.act(keys);
      return;
    }
    const r = this.svg.getBoundingClientRect();
    this.zoomAt({ x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height });
  }

  zoomAt(at) {
    this.zoomed = true;
    this.fit(at);
  }

  rest() {
    this.zoomed = false;
    this.fit();
  }

  // After each drawing (and each change of mode): the size of the board,
  // the texts too small to show at rest, the view kept where it was.
  fit(at = null) {
    const { svg, frame } = this;
    const zoomed = this.zoomable && this.zoomed;
    const centre = at || (zoomed && frame.classList.contains("zoomed") ? this.centreNow() : null);
    frame.classList.toggle("zoomable", this.zoomable);
    frame.classList.toggle("zoomed", zoomed);
    frame.classList.toggle("whole", this.resting);
    this.button.hidden = !zoomed;
    svg.style.width = "";
    for (const t of svg.querySelectorAll("text.too-small")) t.classList.remove("too-small");
    if (this.resting) {
      // Fitted to the width; what would be unreadable is not shown.
      for (const t of svg.querySelectorAll("text")) if (textPx(t) < MIN_TEXT - 0.01) t.classList.add("too-small");
      return;
    }
    if (!zoomed) return;
    const need = smallest(svg);
    const scale = Math.max(MIN_TARGET / need.target, MIN_TEXT / need.text, unitOf(svg));
    const width = svg.viewBox.baseVal.width * scale;
    if (Number.isFinite(width)) svg.style.width = `${Math.ceil(width)}px`;
    if (centre) this.centre(centre);
  }

  // The point of the board (fractions) in the middle of the frame now.
  centreNow() {
    const { frame, svg } = this;
    return {
      x: (frame.scrollLeft + frame.clientWidth / 2) / (svg.clientWidth || 1),
      y: (frame.scrollTop + frame.clientHeight / 2) / (svg.clientHeight || 1),
    };
  }

  // Scrolls so that the point (fractions of the board) is in the middle.
  centre({ x, y }) {
    const { frame, svg } = this;
    frame.scrollLeft = x * svg.clientWidth - frame.clientWidth / 2;
    frame.scrollTop = y * svg.clientHeight - frame.clientHeight / 2;
  }

  // Zoomed: brings the first of the nodes into view when none of them is in it.
  show(nodes) {
    if (!this.zoomable || !this.zoomed || !nodes.length) return;
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
