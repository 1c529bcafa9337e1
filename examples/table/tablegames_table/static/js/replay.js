// The replay: once the game is over, anyone at the table steps through it
// from the start. The server answers each step with what this page saw
// then (a seat its own view, a spectator the public one); before the end
// it refuses, so the controls appear only then.

/** The step a control leads to, from step of steps. */
export function target(control, step, steps) {
  switch (control) {
    case "first": return 0;
    case "back": return Math.max(0, step - 1);
    case "next": return Math.min(steps, step + 1);
    case "last": return steps;
    default: return step;
  }
}

const CONTROLS = [["first", "⏮", "To the start"], ["back", "◀", "One step back"],
  ["next", "▶", "One step on"], ["last", "⏭", "To the end"]];

export class ReplayControls {
  /**
   * box: the section to fill. hooks: send(msg) → bool, render(observation,
   * events) draws the board, describe(events) → sentences, leave() puts the
   * live game back on the board.
   */
  constructor(box, hooks) {
    this.box = box;
    this.hooks = hooks;
    this.step = null;
    this.steps = null;
    this.build();
  }

  build() {
    const title = document.createElement("h2");
    title.textContent = "Replay";
    const bar = document.createElement("div");
    bar.className = "replay-bar";
    this.buttons = {};
    for (const [name, symbol, label] of CONTROLS) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = symbol;
      b.title = label;
      b.setAttribute("aria-label", label);
      b.dataset.replay = name;
      b.addEventListener("click", () => this.go(name));
      this.buttons[name] = b;
      bar.appendChild(b);
    }
    this.where = document.createElement("p");
    this.where.className = "replay-step";
    this.where.textContent = "Step through the game from the start.";
    this.said = document.createElement("ul");
    this.said.className = "replay-events";
    const leave = document.createElement("button");
    leave.type = "button";
    leave.textContent = "Back to the end";
    leave.className = "replay-leave";
    leave.addEventListener("click", () => {
      this.step = null;
      this.where.textContent = "Step through the game from the start.";
      this.said.replaceChildren();
      this.hooks.leave();
    });
    this.box.replaceChildren(title, bar, this.where, this.said, leave);
  }

  /** With every state message: the controls show once the game is over. */
  gameOver(over) {
    this.box.hidden = !over;
  }

  go(control) {
    // Not replaying yet: "to the end" asks for any step past it (the
    // server answers with the last), every other control starts at 0.
    const step = this.step === null ? (control === "last" ? 2 ** 31 : 0)
      : target(control, this.step, this.steps);
    this.hooks.send({ type: "replay", step });
  }

  /** A "replay" message from the server. */
  show(msg) {
    this.step = msg.step;
    this.steps = msg.steps;
    this.hooks.render(msg.observation, msg.events);
    this.where.textContent = `Step ${msg.step} of ${msg.steps}`;
    this.said.replaceChildren(...this.hooks.describe(msg.events).map((text) => {
      const li = document.createElement("li");
      li.textContent = text;
      return li;
    }));
    this.buttons.first.disabled = this.buttons.back.disabled = msg.step === 0;
    this.buttons.next.disabled = this.buttons.last.disabled = msg.step === msg.steps;
  }
}
