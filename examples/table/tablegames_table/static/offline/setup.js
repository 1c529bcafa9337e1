// The offline setup: a game from the library's catalogue, who sits where
// (people or computers) and the rule options, as in the online lobby.
const $ = (id) => document.getElementById(id);
const KINDS = [["person", "a person"], ["easy", "computer (easy)"], ["medium", "computer (medium)"], ["hard", "computer (hard)"]];

function choice(values, value, label) {
  const select = document.createElement("select");
  select.setAttribute("aria-label", label);
  for (const [v, text] of values) select.add(new Option(text, v));
  select.value = value;
  return select;
}

// Offline, two people share the screen by default (pass-and-play).
function seatRow(i) {
  const row = document.createElement("div");
  row.className = "seat";
  const who = choice(KINDS, i < 2 ? "person" : "easy", `Player ${i + 1} is`);
  who.className = "who";
  const name = Object.assign(document.createElement("input"), { className: "name", maxLength: 24, placeholder: "name" });
  name.setAttribute("aria-label", `Player ${i + 1}'s name`);
  who.addEventListener("change", () => { name.hidden = who.value !== "person"; });
  row.append(Object.assign(document.createElement("span"), { textContent: `Player ${i + 1}` }), who, name);
  return row;
}

function optionInput(opt) {
  if (opt.type === "choice" || opt.type === "bool") {
    const values = (opt.type === "bool" ? ["yes", "no"] : opt.choices).map((c) => [c, c]);
    return choice(values, opt.default, opt.name);
  }
  return Object.assign(document.createElement("input"), {
    type: "number", min: String(opt.min), max: String(opt.max), step: opt.type === "int" ? "1" : "any", value: opt.default,
  });
}

export class Setup {
  constructor(games, onStart) {
    this.games = games;
    this.game = null;
    for (const game of games) {
      const card = document.createElement("button");
      Object.assign(card, { type: "button", className: "game-card" });
      card.dataset.game = game.id;
      card.setAttribute("aria-pressed", "false");
      card.append(Object.assign(document.createElement("strong"), { textContent: game.name }),
        Object.assign(document.createElement("span"), { textContent: `${game.summary} ${game.min_players}–${game.max_players} players.` }));
      card.addEventListener("click", () => this.pick(game));
      $("games").appendChild(card);
    }
    $("add-seat").addEventListener("click", () => this.seatCount($("seats").children.length + 1));
    $("remove-seat").addEventListener("click", () => this.seatCount($("seats").children.length - 1));
    $("setup").addEventListener("submit", (event) => {
      event.preventDefault();
      $("setup-error").textContent = "";
      onStart(this.request());
    });
  }

  pick(game) {
    this.game = game;
    for (const card of document.querySelectorAll(".game-card")) card.setAttribute("aria-pressed", String(card.dataset.game === game.id));
    $("setup").hidden = false;
    $("seats").replaceChildren();
    this.seatCount(Math.min(Math.max(2, game.min_players), game.max_players));
    $("options").replaceChildren(...game.options.map((opt) => {
      const label = document.createElement("label");
      const input = optionInput(opt);
      input.dataset.option = opt.name;
      input.dataset.default = opt.default;
      label.append(Object.assign(document.createElement("span"), { textContent: opt.name }), input,
        Object.assign(document.createElement("span"), { className: "desc", textContent: `${opt.description} (${opt.allowed})` }));
      return label;
    }));
  }

  seatCount(n) {
    const box = $("seats");
    while (box.children.length > n) box.lastChild.remove();
    while (box.children.length < n) box.appendChild(seatRow(box.children.length));
    $("add-seat").disabled = n >= this.game.max_players;
    $("remove-seat").disabled = n <= this.game.min_players;
  }

  // { game, options: the library's options string, seats }.
  request() {
    const seats = [...document.querySelectorAll("#seats .seat")].map((row) => {
      const who = row.querySelector(".who").value;
      const name = row.querySelector(".name").value.trim();
      return who === "person" ? { kind: "person", name } : { kind: "bot", level: who };
    });
    const pairs = [`players=${seats.length}`];
    for (const input of document.querySelectorAll("#options [data-option]")) {
      if (input.value !== input.dataset.default) pairs.push(`${input.dataset.option}=${input.value}`);
    }
    return { game: this.game.id, options: pairs.join(","), seats };
  }

  error(message) {
    $("setup-error").textContent = message;
  }
}
