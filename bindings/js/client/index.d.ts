// Types of tablegames/client, written by hand beside its modules and held
// to them by test/client_types.test.js (tsc --strict).
import type {
  BotSettings, Game, GameId, GameOptions, Json, Move, Observation, State,
} from '../index.js';

/** Who may take back moves (README.md, "Client layer"). */
export type UndoPolicy = 'never' | 'own-turn' | 'free';
/** Whether an undo past a roll lets it be rolled again. */
export type RerollPolicy = 'forbid' | 'allow';
export declare const UNDO_POLICIES: readonly UndoPolicy[];
export declare const REROLL_POLICIES: readonly RerollPolicy[];
/** The version of the messages, sent in the welcome. */
export declare const PROTOCOL: 1;

/** A seat number or the spectator, who sees what the whole table sees. */
export type Viewer = number | 'spectator';

/** What chooses the computer seats' moves; a BotWorker is one. */
export interface Thinker {
  choose(state: State, settings: BotSettings & { seat: number }): Promise<Move | number>;
}

export interface MasterOptions<Id extends GameId = GameId> {
  /** The seed of the state's RNG (the dice); default: a fresh random one. */
  seed?: number | bigint;
  /** Default 'own-turn'. */
  undo?: UndoPolicy;
  /** Default 'forbid'. */
  rerolls?: RerollPolicy;
  /** The computer seats: { seat: level or settings }. */
  bots?: Readonly<Record<number, BotSettings['level'] | BotSettings>>;
  /** Chooses the computer seats' moves; default: a BotWorker the master starts and stops. */
  thinker?: Thinker | null;
  /** Put the library's text drawing of the viewer's board in every view (view.text). */
  text?: boolean;
  /** The game's options, when the game is given by its id. */
  gameOptions?: string | Readonly<GameOptions<Id>>;
  /** What went wrong on the master's side (a library error, a bot worker's failure). */
  onError?: ((error: unknown) => void) | null;
}

export interface Turn {
  /** The seat to move, or null when the game is over. */
  readonly player: number | null;
  readonly over: boolean;
  readonly winners: readonly number[];
  /** The computer seat thinking, or null. */
  readonly thinking: number | null;
}

export interface MoveChoice {
  readonly id: number;
  readonly text: string;
}

/** What a viewer is shown at one version of the game. */
export interface View<Id extends GameId = GameId> {
  readonly version: number;
  readonly viewer: Viewer;
  /** The library's observation with the seat as viewer. */
  readonly observation: Observation<Id>;
  /** What the last decision did, as the viewer saw it. */
  readonly events: readonly Json[];
  readonly turn: Turn;
  /** The seat's moves on its turn; empty otherwise. */
  readonly moves: readonly MoveChoice[];
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** The library's text drawing, with the master's text option. */
  readonly text?: string;
}

/** One line of a viewer's log. */
export interface LogEntry {
  readonly version: number;
  readonly kind: 'move' | 'chance' | 'undo' | 'redo';
  /** Whose decision: a seat, or -1 for chance. */
  readonly player: number;
  /** The seat that asked for the undo or redo. */
  readonly by?: number;
  /** What the decision did, as the viewer saw it (empty for an undo). */
  readonly events: readonly Json[];
}

export interface SeatInfo {
  readonly seat: number;
  readonly kind: 'person' | 'bot';
  readonly level: string | null;
}

export interface GameSummary {
  readonly id: GameId;
  readonly name: string;
  readonly options: string;
  readonly players: number;
}

/** What a master calls after every change. */
export interface Change {
  readonly version: number;
  readonly kind: 'move' | 'chance' | 'undo' | 'redo';
  readonly player: number;
}

/** How a client and its master exchange messages (JSON-ready objects). */
export interface Transport {
  send(message: unknown): void;
  onMessage(fn: (message: unknown) => void): void;
  onClose?(fn: () => void): void;
  close?(): void;
}

export declare class Master<Id extends GameId = GameId> {
  constructor(game: Game<Id> | Id, options?: MasterOptions<Id>);
  readonly game: Game<Id>;
  readonly players: number;
  readonly seed: number | bigint;
  readonly version: number;
  readonly rules: { undo: UndoPolicy; rerolls: RerollPolicy };
  readonly seats: SeatInfo[];
  readonly isOver: boolean;
  readonly winners: number[];
  readonly closed: boolean;
  /** The whole true state, every secret in it: never for a seat. */
  save(): Uint8Array;
  connect(viewer: Viewer): Client<Id>;
  accept(transport: Transport, viewer: Viewer): { close(): void };
  subscribe(fn: (change: Change) => void): () => void;
  free(): void;
}

export declare function createMaster<Id extends GameId>(game: Game<Id> | Id, options?: MasterOptions<Id>): Master<Id>;

/** A request the master refused. */
export declare class ClientError extends Error {
  constructor(code: string, message: string);
  readonly name: 'ClientError';
  /** 'not_your_turn', 'illegal_move', 'stale', 'undo_forbidden', 'bad_message', 'closed', ... */
  readonly code: string;
}

export interface ClientOptions {
  /** What the master sent that the client does not understand. */
  onError?: ((error: ClientError) => void) | null;
}

export declare class Client<Id extends GameId = GameId> {
  constructor(transport: Transport, options?: ClientOptions);
  readonly ready: Promise<View<Id>>;
  readonly seat: Viewer | null;
  readonly game: GameSummary | null;
  readonly seats: readonly SeatInfo[];
  readonly rules: { readonly undo: UndoPolicy; readonly rerolls: RerollPolicy } | null;
  readonly closed: boolean;
  readonly log: LogEntry[];
  getView(): View<Id> | null;
  legalMoves(): readonly MoveChoice[];
  subscribe(fn: (view: View<Id>, client: Client<Id>) => void): () => void;
  move(move: number | string | { readonly id: number }): Promise<View<Id>>;
  undo(): Promise<View<Id>>;
  redo(): Promise<View<Id>>;
  sync(): Promise<View<Id>>;
  close(): void;
}

export declare function createClient<Id extends GameId = GameId>(transport: Transport, options?: ClientOptions): Client<Id>;

/** Two connected in-memory ends (what master.connect() uses). */
export declare function loopback(): [Transport, Transport];

/** What portTransport() talks to: a MessagePort, a Worker or a worker's scope. */
export interface PortLike {
  postMessage(message: unknown): void;
}
export declare function portTransport(port: PortLike): Transport;

/** What socketTransport() talks to: a browser WebSocket or one of its shape on a server. */
export interface SocketLike {
  send(text: string): void;
  close(): void;
}
export declare function socketTransport(socket: SocketLike, options?: { maxBytes?: number }): Transport;
