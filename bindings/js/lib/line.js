// Line: which position of its game a State is at, as far as Moves need
// to know. A Move the state hands out (legalMoves(), apply(id),
// applyChance()) names its position by a Position of the line, and renders
// its notation only when `text` is first read: rendering every legal
// move's text (the game's printf) cost 25 to 90 times a decision of the
// step loop. Read after the state moved on, the text is rendered on a
// copy of the state taken back to that position, which is possible while
// the position lies on the state's present history.
//
// Positions are made only when a Move needs one, so a loop of step()
// calls pays an integer increment per decision and nothing else. A
// decision appended since the last Position is counted (ahead); undo
// counts back; anything that replaces the history (reset, copyFrom,
// resample) starts a new line, whose Positions know nothing of the old.

/**
 * A position on a line: depth decisions after the line's start, which the
 * Moves made there hold (move.js). What they need of it, their texts and
 * what they were made for (the position's key, for the checks of apply()),
 * is asked of the state when needed, or kept here when the state leaves
 * the position for good.
 */
class Position {
  #origin; // what moveOrigin() gives, once asked for or kept
  #texts = null; // id -> text, kept when the state left for good

  constructor(state, line, parent, depth) {
    this.state = state;
    this.line = line;
    this.parent = parent;
    this.depth = depth;
  }

  /** The text of id here. */
  text(id) {
    const kept = this.#texts?.get(id);
    return kept !== undefined ? kept : this.state._textAt(this, id);
  }

  /** { game, keyLow, keyHigh, moveNumber }, or null once it can no longer be known. */
  origin() {
    if (this.#origin === undefined) this.#origin = this.state._originAt(this);
    return this.#origin;
  }

  /** Whether keep() was called. */
  get kept() { return this.#texts !== null; }

  /** Keeps what the state can no longer tell once it leaves. */
  keep(origin, texts) {
    this.#origin = origin;
    this.#texts = texts;
  }
}

/** Decisions from `from` back to its ancestor `to`, or -1 if `to` is not one. */
export function stepsBack(from, to) {
  if (from.line !== to.line) return -1;
  let at = from;
  while (at !== null && at.depth > to.depth) at = at.parent;
  return at === to ? from.depth - to.depth : -1;
}

export class Line {
  #state;
  #id = {}; // the line's identity: a new object at each restart
  #last = null; // the newest Position made, on the way to where the state is
  #ahead = 0; // decisions after #last (or after the line's start)

  /** state: the State whose positions these are (a Move's way back to it). */
  constructor(state) {
    this.#state = state;
  }

  /** The state appended n decisions. */
  appended(n) {
    this.#ahead += n;
  }

  /** The state took back its last decision. */
  undone() {
    if (this.#ahead > 0) {
      this.#ahead--;
      return;
    }
    const last = this.#last;
    if (last === null || last.depth === 0) {
      this.restart(); // back past where the line began
      return;
    }
    const parent = last.parent;
    this.#last = parent;
    this.#ahead = last.depth - 1 - (parent === null ? 0 : parent.depth);
  }

  /** The history was replaced: Positions made so far are off the line. */
  restart() {
    this.#last = null;
    this.#ahead = 0;
    this.#id = {};
  }

  /** The Position the state is at (the same object until it moves). */
  here() {
    if (this.#ahead === 0 && this.#last !== null) return this.#last;
    const last = this.#last;
    const position = new Position(this.#state, this.#id, last, (last === null ? 0 : last.depth) + this.#ahead);
    this.#last = position;
    this.#ahead = 0;
    return position;
  }

  /** The Position made where the state is now, or null if none was. */
  current() {
    return this.#ahead === 0 ? this.#last : null;
  }

  /** Whether position is where the state is now. */
  isHere(position) {
    return this.#ahead === 0 && this.#last === position;
  }

  /**
   * Decisions to take back to reach position from where the state is:
   * 0 when it is here, -1 when it is not on the state's present history.
   */
  distanceTo(position) {
    if (position.line !== this.#id) return -1;
    let at = this.#last;
    const depth = (at === null ? 0 : at.depth) + this.#ahead;
    if (position.depth > depth) return -1;
    while (at !== null && at.depth > position.depth) at = at.parent;
    return at === position ? depth - position.depth : -1;
  }
}
