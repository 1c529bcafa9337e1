// The lobby's words for the library's rule options: a label people read
// instead of the option's name ("Peek early" for early_peek), and its
// help, from the library's own description with seats counted from 1
// ("player 0" is "Player 1" wherever a person reads it). Words follow the
// rule pages (docs/rules/*.md); an option missing here keeps its name,
// made readable.

const LABELS = {
  first: "Who starts",
  witches: "Witches per player",
  entry: "A rolled 1 brings a witch",
  early_peek: "Peek early",
  princesses: "Princesses",
  wheel: "Wish holders on the wheel",
  tower: "Looking under a present",
  relook: "Look again",
  spin: "What a spin is",
  snap: "Snap chance",
  roller: "Key roller positions",
  retry: "After a failed key release",
  exact: "Exact roll to escape",
  invisible: "Kalmorda and invisible pawns",
  keysafe: "Safe key spaces",
  nofrog: "Frog rolled, nobody is a frog",
  cave: "Cave of Eternal Darkness",
  empty: "Empty-handed chance",
  pickup: "A key left lying",
  exact_free: "Exact escape: barred padlock",
  stops: "Stopping early",
  escape_steal: "Steal on an escape turn",
  hat_put: "Leave a book under an empty hat",
};

// "player 0" -> "Player 1" (the library counts seats from 0).
export function seatsFromOne(words) {
  return words.replace(/\bplayer (\d+)\b/gi, (_, n) => `Player ${Number(n) + 1}`)
    .replace(/\bplayer i plays princess i\b/gi, "the players play the princesses in seat order");
}

export function optionLabel(name) {
  let m;
  if ((m = /^snap(\d)$/.exec(name))) return `Player ${Number(m[1]) + 1}'s snap chance`;
  if (LABELS[name]) return LABELS[name];
  const words = name.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function optionHelp(opt) {
  const text = seatsFromOne(opt.description).replace(/\.$/, "");
  const cap = text.charAt(0).toUpperCase() + text.slice(1);
  if (opt.name === "first") return `${cap}.`;
  return `${cap}. (${opt.allowed.replace(/\|/g, ", ")})`;
}

// Whether an option names a seat (shown as a list of the table's seats).
export const namesSeat = (opt) => opt.name === "first";
