// Clients behind a transport: a master in another thread (a Worker) serves
// the seats over MessagePorts and they play a whole game, each seeing only
// its own view; the loopback transport copies what it carries.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { test } from 'node:test';
import { MessageChannel, Worker } from 'node:worker_threads';
import { init } from '../index.js';
import { createClient, loopback, portTransport } from '../client/index.js';
import { playThrough } from './client_support.js';
import { seeded } from './support.js';

await init();

test('seats play a whole game with a master in another thread, over MessagePorts', async (t) => {
  const worker = new Worker(new URL('./client_remote_master.js', import.meta.url), {
    workerData: { game: 'spinning_wishes', options: { gameOptions: { players: 3 }, seed: 8, bots: { 2: 'random' } } },
  });
  t.after(() => worker.terminate());
  await once(worker, 'message');
  const clients = [0, 1, 'spectator'].map((seat) => {
    const { port1, port2 } = new MessageChannel();
    worker.postMessage({ seat, port: port2 }, [port2]);
    return createClient(portTransport(port1));
  });
  t.after(() => clients.forEach((client) => client.close()));
  await Promise.all(clients.map((client) => client.ready));
  assert.deepEqual(clients.map((client) => client.seat), [0, 1, 'spectator']);
  const stats = await playThrough(clients.slice(0, 2), seeded(8));
  assert.ok(stats.moves > 0);
  // The last views may still be on their way to the other clients.
  const views = await Promise.all(clients.map((client) => client.sync()));
  assert.ok(views.every((view) => view.turn.over));
  assert.deepEqual(views[0].turn.winners, views[2].turn.winners);
  // Each seat's own view: the observations name their viewer.
  assert.deepEqual(views.map((view) => view.observation.viewer), [0, 1, -2]);
  assert.equal(clients[0].log.length, clients[2].log.length);
});

test('loopback delivers later, in order, copies through JSON, and closes both ends', async () => {
  const [a, b] = loopback();
  const got = [];
  let closed = 0;
  b.onMessage((message) => got.push(message));
  b.onClose(() => { closed++; });
  a.onClose(() => { closed++; });
  const sent = { n: 1, nested: { list: [1, 2] }, gone: undefined };
  a.send(sent);
  a.send({ n: 2 });
  assert.deepEqual(got, [], 'not delivered at once');
  await null;
  await null;
  assert.deepEqual(got, [{ n: 1, nested: { list: [1, 2] } }, { n: 2 }]);
  assert.notEqual(got[0].nested, sent.nested);
  a.close();
  a.send({ n: 3 });
  await new Promise((resolve) => { setImmediate(resolve); });
  assert.equal(got.length, 2);
  assert.equal(closed, 2);
});
