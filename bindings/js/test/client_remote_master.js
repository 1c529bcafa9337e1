// A master in a worker_threads Worker, for client_transport.test.js: the
// test's clients reach it only through MessagePorts (portTransport), as an
// app's would reach a master on a server through its own transport.
import { parentPort, workerData } from 'node:worker_threads';
import { init } from '../index.js';
import { createMaster, portTransport } from '../client/index.js';
import { mainThreadThinker } from './client_support.js';

await init();
const master = createMaster(workerData.game, { ...workerData.options, thinker: mainThreadThinker() });
parentPort.on('message', ({ seat, port }) => master.accept(portTransport(port), seat));
parentPort.postMessage('ready');
