// A master's messages are hostile input: garbage of every shape, and
// well-formed requests for the wrong seat, version or move, are each
// answered with one refusal in words, and leave the game exactly as it was.
// The words are the master's own (what was sent, and public facts), never
// the library's, which may name what the seat cannot see.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { init } from '../index.js';
import { createMaster, socketTransport } from '../client/index.js';
import { rawConnection, settle } from './client_support.js';
import { seeded } from './support.js';

await init();

// Every refusal's words, as the master writes them.
const WORDS = [
  /^a request is a JSON object, not /,
  /^unknown field .{1,40} \(known: type, ref, seat, version, move\)$/,
  /^ref .* is not a number from 0 or a text of at most 64 characters$/,
  /^type .* is not one of move, undo, redo, sync$/,
  /^seat .* is not a seat number or "spectator"$/,
  /^a sync request has no version or move$/,
  /^version .* is not the version of a view \(a whole number from 0\)$/,
  /^(undo|redo) takes no move$/,
  /^move .* is not a move's id \(a whole number\) or its text \(1 to 200 characters\)$/,
  /^this connection plays seat \d, not .*$/,
  /^that was asked at version \d+; the game is at version \d+ now$/,
  /^it is player \d's turn, not yours$/,
  /^.{1,40} is not one of your moves now$/,
  /^the last move was player \d's; you may take back only your own last move$/,
  /^no one has made a move to take back$/,
  /^nothing was taken back$/,
  /^taking that move back would take back a roll, and rolling again is not allowed$/,
];

const GARBAGE = [
  undefined, null, 0, -1, 1.5, NaN, 'move', '', true, [], [{ type: 'move' }], 10n,
  {}, { type: 'jump' }, { type: 'move' }, { type: 'move', version: -1, move: 0 },
  { type: 'move', version: 0.5, move: 0 }, { type: 'move', version: '0', move: 0 },
  { type: 'move', version: 0, move: -3 }, { type: 'move', version: 0, move: 2 ** 32 },
  { type: 'move', version: 0, move: 1.25 }, { type: 'move', version: 0, move: '' },
  { type: 'move', version: 0, move: 'x'.repeat(201) }, { type: 'move', version: 0, move: { id: 1 } },
  { type: 'move', version: 0, move: null }, { type: 'undo', version: 0, move: 1 },
  { type: 'sync', version: 0 }, { type: 'move', version: 0, move: 0, extra: 1 },
  { type: 'move', version: 0, move: 0, ref: -1 }, { type: 'move', version: 0, move: 0, ref: 'r'.repeat(65) },
  { type: 'move', version: 0, move: 0, ref: {} }, { type: 'move', version: 0, move: 0, seat: -1 },
  { type: 'move', version: 0, move: 0, seat: 'public' }, { type: 'move', version: 0, move: 0, seat: 1.5 },
  { type: 'undo', version: Number.MAX_SAFE_INTEGER + 2 }, { type: 'redo', version: Infinity },
  JSON.parse('{"__proto__": {"type": "move"}, "version": 0}'), Object.create({ type: 'move', version: 0, move: 0 }),
  new Map([['type', 'move']]), new Date(0), () => 'move',
];

test('every piece of garbage gets one refusal in words and changes nothing', async (t) => {
  const master = createMaster('witches_dance', { gameOptions: { players: 3 }, seed: 2, undo: 'own-turn', rerolls: 'forbid' });
  t.after(() => master.free());
  const sent = [];
  const seat = rawConnection(master, 0, sent);
  await settle();
  assert.equal(sent.shift().type, 'welcome');
  const save = master.save();
  const { version } = master;
  for (const message of GARBAGE) {
    assert.doesNotThrow(() => seat.send(message));
    assert.equal(sent.length, 1, `one answer to ${String(message)}`);
    const answer = sent.shift();
    assert.equal(answer.type, 'refused');
    assert.equal(answer.code, 'bad_message');
    assert.ok(WORDS.some((re) => re.test(answer.message)), answer.message);
  }
  assert.deepEqual(master.save(), save);
  assert.equal(master.version, version);
});

test('well-formed requests for the wrong seat, version, turn or move are refused and change nothing', async (t) => {
  const master = createMaster('witches_dance', { gameOptions: { players: 3 }, seed: 2, undo: 'own-turn' });
  t.after(() => master.free());
  const sent = [[], [], []];
  const seats = sent.map((box, seat) => rawConnection(master, seat, box));
  await settle();
  const welcome = sent[0].shift();
  const { version, moves } = welcome.view;
  for (const box of sent) box.length = 0;
  const save = master.save();
  const cases = [
    [0, { type: 'move', version, move: moves[0].id, seat: 1, ref: 1 }, 'wrong_seat'],
    [0, { type: 'move', version: version + 1, move: moves[0].id, ref: 2 }, 'stale'],
    [0, { type: 'move', version, move: 9999, ref: 3 }, 'illegal_move'],
    [0, { type: 'move', version, move: 'fly away', ref: 'four' }, 'illegal_move'],
    [1, { type: 'move', version, move: moves[0].id, ref: 5 }, 'not_your_turn'],
    [1, { type: 'undo', version, ref: 6 }, 'nothing_to_undo'],
    [0, { type: 'redo', version, ref: 7 }, 'nothing_to_redo'],
  ];
  for (const [seat, message, code] of cases) {
    seats[seat].send(message);
    const answer = sent[seat].shift();
    assert.deepEqual([answer.type, answer.code, answer.ref], ['refused', code, message.ref], answer.message);
    assert.ok(WORDS.some((re) => re.test(answer.message)), answer.message);
    assert.equal(sent.flat().length, 0, 'a refusal goes to the asker alone');
  }
  assert.deepEqual(master.save(), save);
  // The same request, right, is played, and every seat is told.
  seats[0].send({ type: 'move', version, move: moves[0].text, ref: 8 });
  assert.deepEqual(sent[0].at(-1), { type: 'done', ref: 8, version: master.version });
  assert.ok(sent.every((box) => box.some((m) => m.type === 'view')));
});

test('random mutations of good requests never throw and never play what was not a legal request', async (t) => {
  const master = createMaster('bewitched', { gameOptions: { players: 2 }, seed: 4, undo: 'free', rerolls: 'allow' });
  t.after(() => master.free());
  const sent = [];
  const seat = rawConnection(master, 0, sent);
  await settle();
  const rng = seeded(77);
  const pick = (list) => list[Math.floor(rng() * list.length)];
  const values = [0, 1, -1, 2 ** 31, 0.5, '', 'x', null, true, [], {}, 'undo', 'move', 'sync', 'spectator'];
  for (let i = 0; i < 3000; i++) {
    const good = { type: pick(['move', 'undo', 'redo', 'sync']), version: master.version, move: 0, ref: i };
    const message = { ...good };
    for (let k = Math.floor(rng() * 3); k >= 0; k--) {
      const key = pick(['type', 'version', 'move', 'ref', 'seat', 'zzz']);
      if (rng() < 0.3) delete message[key];
      else message[key] = pick(values);
    }
    const before = master.version;
    sent.length = 0;
    assert.doesNotThrow(() => seat.send(message));
    const answers = sent.filter((m) => m.type === 'refused' || m.type === 'done' || m.type === 'welcome');
    assert.equal(answers.length, 1, JSON.stringify(message));
    const [answer] = answers;
    if (answer.type === 'refused') {
      assert.equal(master.version, before, JSON.stringify(message));
      assert.ok(WORDS.some((re) => re.test(answer.message)) || answer.code === 'game_over', answer.message);
    }
  }
});

test('socketTransport: frames that are not JSON, or too long, are refused in words', async (t) => {
  const master = createMaster('creepy_cauldron', { gameOptions: { players: 2 }, seed: 2 });
  t.after(() => master.free());
  const listeners = {};
  const out = [];
  const socket = {
    send: (text) => out.push(JSON.parse(text)),
    close() {},
    addEventListener: (name, fn) => { listeners[name] = fn; },
  };
  master.accept(socketTransport(socket, { maxBytes: 1000 }), 1);
  await settle();
  assert.equal(out.shift().type, 'welcome');
  for (const data of ['{"type":', 'x'.repeat(5000), new Uint8Array([0xff, 0xfe]), '[1,2]']) {
    listeners.message({ data });
    assert.equal(out.shift().code, 'bad_message');
  }
  listeners.message({ data: new TextEncoder().encode('{"type":"sync","ref":3}') });
  assert.deepEqual([out[0].type, out[0].ref], ['welcome', 3]);
});
