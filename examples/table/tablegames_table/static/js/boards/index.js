// The board module of each game: one file per game, same shape.
//
// create(board, table, seat) returns a view:
//   svg                      the drawing (static spaces plus a piece layer)
//   render(obs, events)      draws the pieces of an observation
//   anchor(move, obs)        {from, to, label}: the board keys a legal move
//                            is clicked on (see interact.js)
//   seatColour(p, obs), seatDetail(p, obs), hint(obs), drawDice(box, obs),
//   outcomeLabel(text), logContext(obs, whose)
//   chanceQuestion(obs, names) {player, text} at a chance point people
//                            enter: whose roll it is and the question
//                            ("What did Ann roll?"); names: who/whom/whose
//   legend                   [{text, draw(g)}]: the knowledge marks explained
//   symbols                  [{text, draw(g)}]: every other symbol explained
// Every element a tap may land on has a data-key; a small piece gets an
// invisible hit area (class "hit") so that zoom.js can make it big enough.
// render() draws what the viewer knows with knowledge.js's marks.
import witchesDance from "./witches_dance.js";
import bewitched from "./bewitched.js";
import creepyCauldron from "./creepy_cauldron.js";
import spinningWishes from "./spinning_wishes.js";

const BOARDS = {
  witches_dance: witchesDance,
  bewitched,
  creepy_cauldron: creepyCauldron,
  spinning_wishes: spinningWishes,
};

export function boardFor(gameId) {
  const board = BOARDS[gameId];
  if (!board) throw new Error(`no board drawing for ${gameId}`);
  return board;
}
