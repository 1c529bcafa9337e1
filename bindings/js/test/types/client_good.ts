// A consumer of every declared call of tablegames/client; tsc --strict must accept it.
import { Game, init } from 'tablegames';
import type { BewitchedObservation, Observation } from 'tablegames';
import {
  Client, ClientError, Master, PROTOCOL, REROLL_POLICIES, UNDO_POLICIES, createClient, createMaster, loopback,
  portTransport, socketTransport,
} from 'tablegames/client';
import type {
  Change, LogEntry, MasterOptions, MoveChoice, RerollPolicy, SeatInfo, Transport, UndoPolicy, View, Viewer,
} from 'tablegames/client';

await init();
const options: MasterOptions<'bewitched'> = {
  seed: 5n, undo: 'own-turn', rerolls: 'forbid', bots: { 1: 'easy', 2: { level: 'hard', seconds: 1 } },
  text: true, gameOptions: { players: 3 }, onError: (error) => console.error(error),
};
const master: Master<'bewitched'> = createMaster('bewitched', options);
const game = new Game('witches_dance', { players: 2 });
const other = new Master(game, { thinker: { choose: async () => 0 }, undo: 'free', rerolls: 'allow' });
const stop: () => void = master.subscribe((change: Change) => console.log(change.version, change.kind, change.player));
const seats: SeatInfo[] = master.seats;
const facts: number = master.version + master.players + (master.isOver ? 1 : 0) + master.winners.length;
const rules: { undo: UndoPolicy; rerolls: RerollPolicy } = master.rules;
const bytes: Uint8Array = master.save();

const alice: Client<'bewitched'> = master.connect(0);
const watcher = master.connect('spectator');
const first: View<'bewitched'> = await alice.ready;
const seen: BewitchedObservation = first.observation;
const any: Observation = watcher.getView()!.observation;
alice.subscribe((view, client) => {
  const moves: readonly MoveChoice[] = view.moves;
  const who: number | null = view.turn.player;
  console.log(moves.length, who, view.turn.over, view.turn.winners, view.turn.thinking, view.canUndo, view.canRedo,
    view.events, view.text, client.seat);
})();
const after: View = await alice.move(alice.legalMoves()[0]);
await alice.move(3);
await alice.move('pass');
await alice.undo();
await alice.redo();
await alice.sync();
const log: LogEntry[] = alice.log;
const by: number | undefined = log[0]?.by;
const seat: Viewer | null = alice.seat;
console.log(alice.game?.name, alice.seats.length, alice.rules?.undo, alice.closed, after.version);
try {
  await alice.move(999);
} catch (error) {
  if (error instanceof ClientError) console.log(error.code, error.message);
}

const [here, there]: [Transport, Transport] = loopback();
const served: { close(): void } = other.accept(there, 1);
const remote = createClient(here, { onError: (error: ClientError) => console.log(error.code) });
const viaSocket: Transport = socketTransport({ send: (text: string) => console.log(text), close() {} }, { maxBytes: 100 });
const viaPort: Transport = portTransport({ postMessage: (message: unknown) => console.log(message) });
const protocol: 1 = PROTOCOL;
console.log(UNDO_POLICIES, REROLL_POLICIES, seen, any, by, seat, seats, facts, rules, bytes, viaSocket, viaPort, protocol);
served.close();
remote.close();
stop();
master.free();
other.free();
game.free();
