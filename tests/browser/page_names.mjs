// The names a table page uses in sentences (table.js), for the tests of
// the log's words without a browser: "You" for the page's own seat, the
// table's names for the others, and a board's own words made plain.
export const NAMES = ["Ann", "Bob", "Cat"];

export function names(viewer) {
  const name = (p) => NAMES[p] ?? `Player ${p + 1}`;
  return {
    who: (p) => (p === viewer ? "You" : name(p)),
    whom: (p) => (p === viewer ? "you" : name(p)),
    whose: (p) => (p === viewer ? "your" : `${name(p)}'s`),
    frog: (i) => `frog ${i + 1}`,
    place: (x) => String(x),
    snakeSpace: (n) => String(n),
    princess: (k) => k,
  };
}
