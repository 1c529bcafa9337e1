// Each event of the log told in words: the one place that words events.
//
// Every event is worded here from its fields, with the table's names for
// the people ("You", "Ann", "Player 2": ctx.who and ctx.whom). The
// library's own "text" field counts seats from 0 ("player 1 takes it
// off") and knows no names, so it is only the fallback for an event type
// this file does not know, and then its "player N" become names too.
// Events are the seat's own view (the server sends nothing else) and a
// sentence says only what its fields say, so wording them cannot reveal
// a secret.

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

// "darkblue" -> "dark blue" (the library's colour names are single words).
const colour = (c) => String(c).replace(/^(dark|light)(?=\w)/, "$1 ");

const WD = {
  roll: (e, c) => `${c.who(e.player)} rolled a ${e.value}.`,
  neutral: (e, c) => `${c.who(e.player)} chose ${colour(e.color)} as a neutral colour.`,
  enter: (e, c) => `${c.who(e.player)} brought a ${colour(e.color)} witch onto space ${e.to}.`,
  move: (e, c) => `${c.who(e.player)} moved the hat on ${e.from} to ${e.to}.`,
  select: (e, c) => `The hat on ${e.at} passes the ${colour(e.exit)} exit: ${c.whom(e.player)} may take it off or dance on.`,
  push: (e) => `Crash! A ${colour(e.color)} witch is pushed back from ${e.from} to ${e.to}.`,
  takeoff: (e, c) => `${c.who(e.player)} flew a ${colour(e.color)} witch off at the ${colour(e.exit)} exit; it counts for ${c.whom(e.for)}.`,
  peek: (e, c) => (e.color
    ? `${c.who(e.player)} peeked under the hat on ${e.at}: it is ${colour(e.color)}.`
    : `${c.who(e.player)} peeked under the hat on ${e.at}.`),
  pass: (e, c) => `${c.who(e.player)} could not move.`,
};

const page = (p) => (p === "prince" ? " It holds the prince's page!" : p === "frog" ? " It holds a frog page." : "");
const BW = {
  setup: (e) => (e.step === 0 ? "The books go under the hats, the frogs to their pads and the snakes onto the board." : null),
  roll: (e, c) => `${c.who(e.player)} rolled ${e.dice[0]} and ${e.dice[1]}.`,
  escape_roll: (e, c) => `${cap(c.frog(e.frog))} escapes with a ${e.die}.`,
  move: (e, c) => (e.piece === "cat"
    ? `A cat prowled from ${c.place(e.from)} to ${c.place(e.to)}.`
    : `${cap(c.frog(e.id))} hopped from ${c.place(e.from)} to ${c.place(e.to)}.`),
  touch: (e, c) => `${cap(c.frog(e.frog))} touched the snake on ${c.snakeSpace(e.snake)}: no bite.`,
  bite: (e, c) => `The snake on ${c.snakeSpace(e.snake)} bit ${c.frog(e.frog)}! ${e.saved ? "An antidote saved it." : "The frog is out of the game."}`,
  drop: (e, c) => `${cap(c.frog(e.frog))} dropped book ${e.book + 1} on ${e.space}.${page(e.page)}`,
  bump: (e, c) => `${e.piece === "cat" ? "A cat" : cap(c.frog(e.id))} bumped on from ${c.place(e.from)} to ${c.place(e.to)}.`,
  antidote: (e, c) => `${c.who(e.player)} picked an antidote from the flower.`,
  take: (e, c) => `${cap(c.frog(e.frog))} took book ${e.book + 1} from hat ${e.hat + 1}.${page(e.page)}`,
  hat_swap: (e, c) => `${cap(c.frog(e.frog))} swapped book ${e.left + 1} for book ${e.book + 1} at hat ${e.hat + 1}.${page(e.page)}`,
  keep: (e, c) => `${cap(c.frog(e.frog))} kept its book.`,
  put: (e, c) => `${cap(c.frog(e.frog))} left book ${e.book + 1} under hat ${e.hat + 1}.`,
  steal: (e, c) => `${cap(c.frog(e.frog))} took book ${e.book + 1} from ${c.frog(e.from)}${e.given === null || e.given === undefined ? "" : `, giving book ${e.given + 1}`}.${page(e.page)}`,
  nosteal: (e, c) => `${cap(c.frog(e.frog))} took no book.`,
  pickup: (e, c) => `${cap(c.frog(e.frog))} picked up a book.`,
  leave: (e, c) => `${cap(c.frog(e.frog))} left the book lying.`,
  home: (e, c) => (e.book === null || e.book === undefined
    ? `${cap(c.frog(e.frog))} is home.`
    : `${cap(c.frog(e.frog))} came home with book ${e.book + 1}.${page(e.page)}`),
  win: (e, c) => `${c.who(e.player)} brought the prince's page home and won!`,
  skip: (e, c) => `${c.who(e.player)} gave up the ${e.die}.`,
  extra_turn: (e, c) => `${c.who(e.player)} rolled a double and may play again.`,
  end: () => "Nobody can reach the prince's page any more: the game ends without a winner.",
};

const CC = {
  roll: (e, c) => `${c.who(e.player)} rolled ${/^\d$/.test(e.face) ? `a ${e.face}` : `the ${e.face}`}.`,
  move: (e, c) => `${c.who(e.player)} walked from ${e.from} to ${e.to}.`,
  stuck: (e, c) => `${c.who(e.player)} cannot use the ${e.face}: it would overshoot.`,
  fish: (e, c) => `${c.who(e.player)} fished a ${e.creature} out of the cauldron.`,
  fish_nothing: (e, c) => `${c.who(e.player)} fished in the cauldron and brought up nothing.`,
  snap: (e, c) => `Snap! The handle sprang up on ${c.whom(e.player)}.`,
  frog: (e, c) => `${c.who(e.player)} turned into a frog${e.freed === null || e.freed === undefined ? "" : `; ${c.whom(e.freed)} is free again`}.`,
  unfrog: (e, c) => `${c.who(e.player)} changed back from a frog.`,
  return: (e, c) => `${c.who(e.player)} put a ${e.creature} back.`,
  vanish: (e, c) => `${c.who(e.player)} turned invisible.`,
  appear: (e, c) => `${c.who(e.player)} became visible again${e.cause === "witch" ? " as Kalmorda flew over" : e.cause === "footprint" ? " on a footprint space" : ""}.`,
  steal: (e, c) => `${c.who(e.player)} sneaked a ${e.creature} from ${c.whom(e.victim)}.`,
  witch: (e) => `Kalmorda flew from ${e.from} to ${e.to}.`,
  cave: (e, c) => `Kalmorda flew over ${c.whom(e.player)}: off to the Cave of Eternal Darkness for a turn.`,
  key_release: (e, c) => `${c.who(e.player)} freed the key!`,
  key_fail: (e, c) => `${c.who(e.player)} worked the roller, but the key stayed stuck.`,
  key_taken: (e, c) => `${c.who(e.player)} snatched the key from ${c.whom(e.from)}.`,
  key_drop: (e, c) => `${c.who(e.player)} dropped the key on ${e.space}.`,
  key_pickup: (e, c) => `${c.who(e.player)} picked up the key on ${e.space}.`,
  key_leave: (e, c) => `${c.who(e.player)} left the key lying on ${e.space}.`,
  skip: (e, c) => `${c.who(e.player)} ${c.who(e.player) === "You" ? "miss" : "misses"} this turn.`,
  win: (e, c) => `${c.who(e.player)} escaped through the door with the key and won!`,
};

const SW = {
  pick: (e, c) => `${c.who(e.player)} chose ${c.princess(e.princess)}.`,
  deal: () => "The presents are hidden in the towers.",
  place: (e, c) => `${c.who(e.player)} put ${c.princess(e.wish)}'s wish holder on slot ${e.slot + 1} of the wheel.`,
  start_roll: (e, c) => `${c.who(e.player)} rolled ${e.value} to start.`,
  tie: (e, c) => `A tie at ${e.value} between ${e.players.map((p) => c.whom(p)).join(" and ")}: they roll again.`,
  first: (e, c) => `${c.who(e.player)} starts with a ${e.value}.`,
  roll: (e, c) => `${c.who(e.player)} rolled a ${e.value}.`,
  move: (e, c) => `${c.who(e.player)} moved from ${e.from} to ${e.to}.`,
  miss_turn: (e, c) => `${c.who(e.player)} will miss a turn.`,
  roll_again: (e, c) => `${c.who(e.player)} may roll again.`,
  lost_turn: (e, c) => `${c.who(e.player)} missed a turn.`,
  take: (e, c) => `${c.who(e.player)} took ${c.princess(e.wish)}'s wish from the wheel.`,
  swap: (e, c) => `${c.who(e.player)} swapped ${c.princess(e.gave)}'s wish for ${c.princess(e.took)}'s${e.slot === undefined ? "" : ` on slot ${e.slot + 1}`}.`,
  trade: (e, c) => `${c.who(e.player)} traded ${c.princess(e.gave)}'s wish for ${c.princess(e.took)}'s with ${c.whom(e.with)}.`,
  // Every seat's look says whether it was the right one ("found"); only
  // the looker's (and the end's) says whose present it is.
  look: (e, c) => {
    const head = `${c.who(e.player)} looked under the present in tower ${e.tower + 1}`;
    const whose = e.present ? `it is for ${c.princess(e.present)}` : null;
    if (e.found) return `${head}: ${whose ? `${whose}, ` : ""}the right one!`;
    return `${head}: ${whose ? `${whose}, ` : ""}not the right one.`;
  },
  spin: (e, c) => `The Wishing Wheel turned for ${c.whom(e.player)}.`,
  win: (e, c) => `${c.who(e.player)} found ${c.princess(e.present)}'s present in tower ${e.tower + 1} and won!`,
};

const WORDS = { witches_dance: WD, bewitched: BW, creepy_cauldron: CC, spinning_wishes: SW };

// Whether this file words an event type of a game itself.
export const hasWords = (gameId, type) => Boolean(WORDS[gameId]?.[type]);

// The library's sentence with its seat numbers (counted from 0) made
// names: "Player 1 (blue) took…" -> "Bob (blue) took…", "Players 0, 1" ->
// "you and Bob".
export function withNames(sentence, ctx) {
  return sentence
    .replace(/\b([Pp])layers (\d+(?:, \d+)+)/g, (_, P, list) => {
      const names = list.split(", ").map((n) => ctx.whom(Number(n)));
      const joined = `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
      return P === "P" ? cap(joined) : joined;
    })
    .replace(/\b([Pp])layer (\d+)('s)?/g, (_, P, n, s) => {
      const p = Number(n);
      if (s) return P === "P" ? cap(ctx.whose(p)) : ctx.whose(p);
      return P === "P" ? ctx.who(p) : ctx.whom(p);
    });
}

function fallback(event) {
  const fields = Object.entries(event)
    .filter(([k]) => k !== "type")
    .map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`);
  return `${event.type.replace(/_/g, " ")}${fields.length ? ": " + fields.join(", ") : ""}.`;
}

// The sentence for one event, or null for an event not worth a line.
// ctx: { who(p), whom(p), whose(p), frog(i), place(x), snakeSpace(n),
// princess(k) }: who starts a sentence ("You", "Ann"), whom is inside one
// ("you", "Ann"), whose is possessive ("your", "Ann's").
export function describeEvent(gameId, event, ctx) {
  const library = typeof event.text === "string" && event.text ? withNames(event.text, ctx) : null;
  const word = WORDS[gameId]?.[event.type];
  if (!word) return library || fallback(event);
  try {
    return word(event, ctx);
  } catch {
    return library || fallback(event);
  }
}

export { cap, plural };
