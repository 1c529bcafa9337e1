// The lobby: pick a game, say who plays, set up the table, hand out links.
import { optionLabel, optionHelp, namesSeat } from "./option_words.js";
import { clockField, clockRequest } from "./clock.js";
const $ = (id) => document.getElementById(id);
const lobby = { catalogue: null, game: null };

function seatRow(index, kind = index === 0 ? "person" : "bot") {
  const row = document.createElement("div");
  row.className = "seat";
  const label = document.createElement("span");
  label.textContent = `Player ${index + 1}`;
  const who = document.createElement("select");
  who.className = "who";
  who.setAttribute("aria-label", `Player ${index + 1} is`);
  for (const [value, text] of [["person", "a person"], ["easy", "computer (easy)"], ["medium", "computer (medium)"], ["hard", "computer (hard)"]]) {
    const o = document.createElement("option");
    o.value = value;
    o.textContent = text;
    who.appendChild(o);
  }
  who.value = kind === "person" ? "person" : "easy";
  const name = document.createElement("input");
  name.className = "name";
  // The server counts 32 code points; maxLength counts UTF-16 units, and an
  // emoji outside the BMP takes two, so the field lets 64 through and the
  // server's answer names the limit.
  name.maxLength = 64;
  name.placeholder = "name";
  name.setAttribute("aria-label", `Player ${index + 1}'s name`);
  const sync = () => {
    name.hidden = who.value !== "person";
    refreshSeatOptions();
  };
  who.addEventListener("change", sync);
  name.addEventListener("input", refreshSeatOptions);
  sync();
  row.append(label, who, name);
  return row;
}

function setSeatCount(n) {
  const box = $("seats");
  while (box.children.length > n) box.lastChild.remove();
  while (box.children.length < n) box.appendChild(seatRow(box.children.length));
  refreshSeatOptions();
  $("add-seat").disabled = n >= lobby.game.max_players;
  $("remove-seat").disabled = n <= lobby.game.min_players;
}

// The seats as the option "first" offers them: "Player 1 (Ann)"...
function seatChoices(select) {
  const keep = select.value;
  select.replaceChildren();
  document.querySelectorAll("#seats .seat").forEach((row, i) => {
    const o = document.createElement("option");
    o.value = String(i);
    const name = row.querySelector(".who").value === "person" ? row.querySelector(".name").value.trim() : "computer";
    o.textContent = `Player ${i + 1}${name ? ` (${name})` : ""}`;
    select.appendChild(o);
  });
  select.value = keep && Number(keep) < select.options.length ? keep : "0";
}

function refreshSeatOptions() {
  for (const select of document.querySelectorAll("#options select[data-seats]")) seatChoices(select);
}

function optionField(opt) {
  const label = document.createElement("label");
  const name = document.createElement("span");
  name.textContent = optionLabel(opt.name);
  name.title = opt.name;
  let input;
  if (namesSeat(opt)) {
    input = document.createElement("select");
    input.dataset.seats = "yes";
  } else if (opt.type === "choice" || opt.type === "bool") {
    input = document.createElement("select");
    for (const c of opt.type === "bool" ? ["yes", "no"] : opt.choices) {
      const o = document.createElement("option");
      o.value = c;
      o.textContent = c;
      input.appendChild(o);
    }
  } else {
    input = document.createElement("input");
    input.type = "number";
    input.min = String(opt.min);
    input.max = String(opt.max);
    input.step = opt.type === "int" ? "1" : "any";
  }
  input.value = opt.default;
  input.dataset.option = opt.name;
  input.dataset.default = opt.default;
  const desc = document.createElement("span");
  desc.className = "desc";
  desc.textContent = optionHelp(opt);
  label.append(name, input, desc);
  return label;
}

function pickGame(game) {
  lobby.game = game;
  for (const card of document.querySelectorAll(".game-card")) card.setAttribute("aria-pressed", String(card.dataset.game === game.id));
  $("setup").hidden = false;
  $("links").hidden = true;
  $("seats").replaceChildren();
  setSeatCount(Math.min(Math.max(2, game.min_players), game.max_players));
  const opts = $("options");
  opts.replaceChildren(...game.options.map(optionField));
  refreshSeatOptions();
}

function request() {
  const seats = [...document.querySelectorAll("#seats .seat")].map((row) => {
    const who = row.querySelector(".who").value;
    const name = row.querySelector(".name").value.trim();
    return who === "person" ? (name ? { kind: "person", name } : { kind: "person" }) : { kind: "bot", level: who };
  });
  const options = {};
  for (const input of document.querySelectorAll("#options [data-option]")) {
    if (input.value !== input.dataset.default) options[input.dataset.option] = input.value;
  }
  const clock = clockRequest();
  return { game: lobby.game.id, seats, options, companion: $("companion").checked, ...(clock ? { clock } : {}) };
}

function showLinks(reply) {
  const list = $("link-list");
  list.replaceChildren();
  for (const s of reply.seats) {
    const url = new URL(s.link, location.origin).href;
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = url;
    a.textContent = `Play as ${s.name}`;
    a.dataset.seat = String(s.seat);
    const copy = document.createElement("input");
    copy.readOnly = true;
    copy.value = url;
    copy.setAttribute("aria-label", `${s.name}'s link`);
    copy.addEventListener("focus", () => copy.select());
    li.append(a, document.createElement("br"), copy);
    list.appendChild(li);
  }
  $("spectator-note").textContent = reply.spectating
    ? `Spectators: ${new URL(reply.spectator_link, location.origin).href}`
    : "Spectating is not available yet in this version.";
  $("links").hidden = false;
  $("links").scrollIntoView({ behavior: "smooth" });
}

async function create(event) {
  event.preventDefault();
  $("setup-error").textContent = "";
  const response = await fetch("/api/tables", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request()),
  });
  const reply = await response.json().catch(() => ({ message: "the server did not answer" }));
  if (!response.ok) {
    $("setup-error").textContent = reply.message || "the table could not be set up";
    return;
  }
  showLinks(reply);
}

async function main() {
  const reply = await fetch("/api/games");
  lobby.catalogue = await reply.json();
  const box = $("games");
  for (const game of lobby.catalogue.games) {
    const card = document.createElement("button");
    card.type = "button";
    card.className = "game-card";
    card.dataset.game = game.id;
    card.setAttribute("aria-pressed", "false");
    const name = document.createElement("strong");
    name.textContent = game.name;
    const summary = document.createElement("span");
    summary.textContent = `${game.summary} ${game.min_players}–${game.max_players} players.`;
    card.append(name, summary);
    card.addEventListener("click", () => pickGame(game));
    box.appendChild(card);
  }
  $("add-seat").addEventListener("click", () => setSeatCount($("seats").children.length + 1));
  $("remove-seat").addEventListener("click", () => setSeatCount($("seats").children.length - 1));
  $("setup").addEventListener("submit", create);
  $("options-box").before(clockField());
}

main();
