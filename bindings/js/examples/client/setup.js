// The setup form: the game, its number of players, who plays each seat
// (a person, or the computer at a level), the undo and dice policies and
// an optional seed. Any field may be preset in the address:
// ?game=bewitched&players=3&seats=person,person,easy&undo=free&rerolls=allow&seed=4
import { games } from '../../index.js';

const $ = (id) => document.getElementById(id);
const KINDS = [['person', 'A person'], ['easy', 'Computer, easy'], ['medium', 'Computer, medium'],
  ['hard', 'Computer, hard'], ['random', 'Computer, random']];

function options(select, pairs, value) {
  select.replaceChildren(...pairs.map(([v, text]) => new Option(text, v)));
  if (value !== null && pairs.some(([v]) => v === value)) select.value = value;
}

function seatRows(count, preset) {
  $('seats').replaceChildren($('seats').firstElementChild, ...Array.from({ length: count }, (_, seat) => {
    const label = document.createElement('label');
    const select = document.createElement('select');
    select.id = `seat-${seat}`;
    options(select, KINDS, preset[seat] ?? (seat === count - 1 ? 'easy' : 'person'));
    label.append(`Player ${seat}`, select);
    return label;
  }));
}

/** Fills the form (from the address's presets) and calls onStart(config) when it is sent. */
export function setUp(onStart) {
  const params = new URLSearchParams(location.search);
  const preset = (params.get('seats') ?? '').split(',').filter(Boolean);
  const catalogue = games();
  options($('game'), catalogue.map((info) => [info.id, info.name]), params.get('game'));
  const players = () => {
    const info = catalogue.find((g) => g.id === $('game').value);
    options($('players'), info.playerCounts().map((n) => [String(n), String(n)]),
      params.get('players') ?? String(info.minPlayers));
    seatRows(Number($('players').value), preset);
  };
  $('game').addEventListener('change', players);
  $('players').addEventListener('change', () => seatRows(Number($('players').value), preset));
  players();
  for (const [param, id] of [['undo', 'undo-rule'], ['rerolls', 'rerolls-rule'], ['seed', 'seed']]) {
    if (params.has(param)) $(id).value = params.get(param);
  }
  $('setup').addEventListener('submit', (event) => {
    event.preventDefault();
    const count = Number($('players').value);
    const kinds = Array.from({ length: count }, (_, seat) => $(`seat-${seat}`).value);
    const seed = $('seed').value.trim();
    onStart({
      game: $('game').value,
      players: count,
      bots: Object.fromEntries(kinds.map((kind, seat) => [seat, kind]).filter(([, kind]) => kind !== 'person')),
      undo: $('undo-rule').value,
      rerolls: $('rerolls-rule').value,
      seed: /^\d+$/.test(seed) ? BigInt(seed) : undefined,
    });
  });
}
