// What the viewer knows: the place for knowledge marks.
//
// A later library version adds knowledge fields to observations (issue
// 17): which hat colours a seat has seen, which pages and snakes it has
// learnt about. When an observation carries them, the board module's
// knowledge(obs.knowledge) draws them (a board without that method shows
// none). Until then boards show only what the observation states outright
// (a peek's colour in its event, a page a frog has looked at).
export function showKnowledge(view, obs) {
  if (obs && obs.knowledge !== undefined && typeof view.knowledge === "function") {
    view.knowledge(obs.knowledge, obs);
  }
}
