// tablegames/client: one game played by several seats, on one device or
// behind a transport the app supplies. A master holds the true state,
// plays chance and the computer seats (in a Worker), and each client gets
// its own seat's view and log, nothing more.
//
//     import { Game, init } from 'tablegames';
//     import { createMaster } from 'tablegames/client';
//     await init();
//     const master = createMaster('witches_dance', {
//       gameOptions: { players: 3 }, undo: 'own-turn', rerolls: 'forbid', bots: { 2: 'easy' },
//     });
//     const alice = master.connect(0);
//     alice.subscribe((view) => draw(view));
//     await alice.ready;
//     await alice.move(alice.legalMoves()[0]);
//     master.free();
export { Master, createMaster } from './master.js';
export { Client, ClientError, createClient } from './client.js';
export { loopback, portTransport, socketTransport } from './transport.js';
export { PROTOCOL } from './protocol.js';
export { REROLL_POLICIES, UNDO_POLICIES } from './undo.js';
