// The turn clock (a table made with one): the time left of the seat to
// move, counting down on every page and for spectators. The server sends
// the time left with each state; the page counts down from the moment it
// arrived, so a page that was away shows the server's time, not its own.

/** "1:05" for 65 seconds (rounded up: 0:00 only when the time is out). */
export function formatLeft(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** What the clock line says: whose time, how much left; or, before
 * everyone has joined, whom the clock waits for. */
export function clockText(clock, left, nameOf, mySeat) {
  if (clock.waiting_for) {
    const names = clock.waiting_for.map((p) => (p === mySeat ? "you" : nameOf(p)));
    const who = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
    return `Turn clock: ${clock.seconds} seconds a turn, from when ${who} ${names.length === 1 && names[0] !== "you" ? "has" : "have"} joined.`;
  }
  const who = clock.seat === mySeat ? "Your time" : `${nameOf(clock.seat)}'s time`;
  return `${who}: ${formatLeft(left)}`;
}

/** The words of a time that ran out (the notice and the log line). */
export function ranOutText(seat, nameOf, mySeat) {
  return `${seat === mySeat ? "Your" : `${nameOf(seat)}'s`} time ran out; the table moved for ${seat === mySeat ? "you" : nameOf(seat)}.`;
}

export class ClockView {
  /** box: the element to fill; nameOf(seat) names a seat; seat: this page's seat. */
  constructor(box, nameOf, seat, now = () => performance.now()) {
    this.box = box;
    this.nameOf = nameOf;
    this.seat = seat;
    this.now = now;
    this.clock = null;
    this.timer = null;
  }

  /** Called with every state message. */
  update(msg) {
    this.clock = msg.clock ? { ...msg.clock, at: this.now() } : null;
    // Said until a person decides again (the server sends it until then).
    this.ranOut = msg.ran_out ? ranOutText(msg.ran_out.seat, this.nameOf, this.seat) : null;
    const counting = Boolean(this.clock && !this.clock.waiting_for);
    if (counting && !this.timer) this.timer = setInterval(() => this.draw(), 250);
    if (!counting && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    this.draw();
  }

  left() {
    return this.clock ? this.clock.left - (this.now() - this.clock.at) / 1000 : 0;
  }

  draw() {
    const lines = [];
    if (this.ranOut) lines.push(this.ranOut);
    if (this.clock) lines.push(clockText(this.clock, this.left(), this.nameOf, this.seat));
    this.box.textContent = lines.join(" ");
    this.box.hidden = lines.length === 0;
    this.box.classList.toggle("low", Boolean(this.clock) && !this.clock.waiting_for && this.left() <= 10);
    this.box.classList.toggle("mine", Boolean(this.clock) && this.clock.seat === this.seat);
  }
}

const CLOCK_CHOICES = [[0, "no clock"], [10, "10 seconds"], [20, "20 seconds"], [30, "30 seconds"],
  [60, "1 minute"], [120, "2 minutes"], [300, "5 minutes"]];

/** The lobby's field: a turn clock or none, and what happens when it runs out. */
export function clockField() {
  const label = document.createElement("label");
  label.className = "clock-field";
  const name = document.createElement("span");
  name.textContent = "Turn clock";
  const seconds = document.createElement("select");
  seconds.id = "turn-clock";
  seconds.setAttribute("aria-label", "Time to decide");
  for (const [value, text] of CLOCK_CHOICES) seconds.add(new Option(text, String(value)));
  const out = document.createElement("select");
  out.id = "turn-clock-out";
  out.setAttribute("aria-label", "When the time runs out");
  out.add(new Option("then the computer moves", "computer"));
  out.add(new Option("then pass (or the computer moves)", "pass"));
  const desc = document.createElement("span");
  desc.className = "desc";
  desc.textContent = "A person's time to decide, shown to everyone.";
  label.append(name, seconds, out, desc);
  return label;
}

/** The create request's "clock", or null for none. */
export function clockRequest(root = document) {
  const seconds = Number(root.getElementById("turn-clock")?.value || 0);
  if (!seconds) return null;
  return { seconds, on_timeout: root.getElementById("turn-clock-out").value };
}
