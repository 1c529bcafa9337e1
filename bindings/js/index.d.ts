// Types of the tablegames package, written by hand beside index.js and
// held to it by test/types.test.js (a consumer that must type-check under
// tsc --strict, and one whose wrong calls must not).
/// <reference lib="esnext.disposable" />
import type { GameId, GameOptionsById } from './catalogue.js';
import type { ObservationById } from './observation.js';

export type * from './catalogue.js';
export type * from './observation.js';

/**
 * Loads the WebAssembly library: every other call needs it done (they
 * throw TG_E_NOT_READY before). Returns the same promise every time.
 */
export declare function init(options?: InitOptions): Promise<void>;
/** Whether init() has finished. */
export declare function isReady(): boolean;

export interface InitOptions {
  /**
   * Where the .wasm is, when not at dist/ beside the package's index.js
   * (a bundle, a CDN): its URL or path, its bytes, a Response (or a
   * promise of one) or a compiled WebAssembly.Module.
   */
  wasm?: string | { readonly href: string } | ArrayBuffer | ArrayBufferView | ResponseLike
    | PromiseLike<ResponseLike> | CompiledModule;
}

/** What init() reads of a fetch() Response (the DOM's types need not be loaded). */
export interface ResponseLike {
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** WebAssembly.Module where the program's types declare it (DOM or Node). */
export type CompiledModule = typeof globalThis extends {
  WebAssembly: { Module: abstract new (...args: never[]) => infer M };
} ? M : never;

/** The library's status codes (tg_status), by the name after TG_E_. */
export declare const Status: Readonly<{
  OK: 0;
  INVALID_ARGUMENT: -1;
  UNKNOWN_GAME: -2;
  BAD_OPTION: -3;
  ILLEGAL_MOVE: -4;
  WRONG_PHASE: -5;
  BUFFER_TOO_SMALL: -6;
  PARSE: -7;
  CORRUPT: -8;
  VERSION: -9;
  MISMATCH: -10;
  NO_MEMORY: -11;
  NOTHING_TO_UNDO: -12;
  TOO_LARGE: -13;
}>;

/** The code of the error a freed handle gives. */
export declare const CLOSED: 'TG_E_CLOSED';
/** The code of the error every call gives before init() has finished. */
export declare const NOT_READY: 'TG_E_NOT_READY';

/** A TablegamesError's code: the library's status names and the binding's two. */
export type ErrorCode =
  | `TG_E_${Exclude<keyof typeof Status, 'OK'>}`
  | typeof CLOSED
  | typeof NOT_READY;

/** Every failure: the library's status, its name as code, and its message. */
export declare class TablegamesError extends Error {
  constructor(message: string, status: number | null, code: ErrorCode);
  readonly name: 'TablegamesError';
  /** The C status (negative), or null for the binding's own codes (CLOSED, NOT_READY). */
  readonly status: number | null;
  /** The status's name, e.g. "TG_E_ILLEGAL_MOVE", or "TG_E_CLOSED". */
  readonly code: ErrorCode;
}

/** currentPlayer at a chance point. */
export declare const CHANCE: -1;
/** currentPlayer when the game is over. */
export declare const TERMINAL: -2;
/** The viewer who sees everything. */
export declare const OMNISCIENT: 'omniscient';
/** The viewer who sees what the whole table sees. */
export declare const PUBLIC: 'public';
/** Seats a table has at most. */
export declare const MAX_PLAYERS: 8;

/** A seat number, OMNISCIENT or PUBLIC (never CHANCE or TERMINAL). */
export type Viewer = number | typeof OMNISCIENT | typeof PUBLIC;

export interface OptionInfo {
  readonly name: string;
  readonly type: 'int' | 'bool' | 'choice' | 'number' | 'unknown';
  readonly default: string;
  readonly allowed: string;
  readonly description: string;
  readonly min: number;
  readonly max: number;
  readonly choices: readonly string[];
}

export interface GameInfo {
  readonly id: GameId;
  readonly name: string;
  readonly summary: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly options: readonly OptionInfo[];
  playerCounts(): number[];
  option(name: string): OptionInfo | undefined;
}

/** Every game of the catalogue. */
export declare function games(): GameInfo[];
/** One game's entry; throws TG_E_UNKNOWN_GAME. */
export declare function gameInfo(id: GameId): GameInfo;
/** The C library's version, e.g. "1.2.0". */
export declare function libraryVersion(): string;
/** Bytes the WebAssembly heap has handed out and not had back. */
export declare function heapInUse(): number;
/** The size of the WebAssembly memory, in bytes (it grows, and never shrinks). */
export declare function memorySize(): number;
/** The most the WebAssembly memory may grow to, in bytes. */
export declare function memoryLimit(): number;

/** The layouts a program may store (TG_FORMAT_*), for Game.formatVersion(). */
export declare const Format: Readonly<{
  OBSERVATION_TENSOR: 0; INFORMATION_KEY: 1; OBSERVATION_JSON: 2; INFORMATION_TENSOR: 3;
}>;
export type FormatLayout = (typeof Format)[keyof typeof Format];

/**
 * How a game that ends with no winner is scored (library 1.4): 'zero'
 * gives each player 0 (as returns), 'shared' 1/n each (constant-sum).
 */
export type Draw = 'zero' | 'shared';
/** The C values of the draws (TG_DRAW_*). */
export declare const DRAWS: Readonly<{ zero: 0; shared: 1 }>;
/** The options of State.utilities() and Game.utilitySum(); another key is refused at run time too. */
export interface DrawOptions {
  draw?: Draw;
}

/** An option's value: a number, a yes/no or a choice's word. */
export type OptionValue = number | boolean | string;

/** The options of game Id, as an object (each game's names and values: catalogue.d.ts). */
export type GameOptions<Id extends GameId = GameId> = GameOptionsById[Id];
/** What State.observation() returns for game Id: a union told apart by `game` for any game. */
export type Observation<Id extends GameId = GameId> = ObservationById[Id];

/** What every object owning WebAssembly memory has. */
declare abstract class Handle implements Disposable {
  /** Whether free() was called. */
  readonly closed: boolean;
  /** Releases the memory now; later calls throw TG_E_CLOSED. */
  free(): void;
  [Symbol.dispose](): void;
}

/**
 * A game of the catalogue with its options. The id and the options are
 * checked against the catalogue (catalogue.d.ts): a misspelt id, option
 * or value fails to compile; the options string ("players=3") is checked
 * at run time only.
 */
export declare class Game<Id extends GameId = GameId> extends Handle {
  constructor(id: Id, options?: string | Readonly<GameOptions<Id>>);
  readonly id: Id;
  readonly info: GameInfo;
  readonly name: string;
  readonly optionsString: string;
  readonly options: Record<string, string>;
  readonly players: number;
  readonly moveCount: number;
  readonly maxLegalMoves: number;
  readonly maxChanceOutcomes: number;
  readonly maxLength: number;
  readonly stateSize: number;
  readonly tensorSize: number;
  /** Research calls (library 1.3). */
  readonly playerMoveCount: number;
  readonly chanceOutcomeCount: number;
  moveIsChance(move: MoveLike): boolean;
  readonly observationTensorShape: number[];
  readonly lengthBound: number;
  readonly utilityRange: [number, number];
  readonly hasHiddenInformation: boolean;
  formatVersion(layout: FormatLayout): number;
  readonly formatVersions: Record<keyof typeof Format, number>;
  /** Actions and utilities (library 1.4): a player's actions are its move ids in increasing order. */
  readonly informationTensorSize: number;
  /** The move id of seat who's action, or with who CHANCE of a chance outcome's number. */
  actionMove(who: number, action: number): number;
  /** The action (a player's id) or outcome number (a chance id) of a move. */
  moveAction(move: MoveLike): number;
  /** The sum of every finished game's utilities, or null when it is not the same in every game. */
  utilitySum(options?: DrawOptions): number | null;
  board(): Record<string, unknown>;
  newState(seed?: number | bigint): State<Id>;
  equals(other: unknown): boolean;
}

/**
 * A move id with its notation. A Move a state hands out is made for that
 * state's position: apply() and step() refuse it in another position
 * (TG_E_ILLEGAL_MOVE) or game (TG_E_MISMATCH). One made by hand is checked
 * only against what its id means where it is played. A state's Moves
 * render their text when it is first read.
 */
export declare class Move {
  constructor(id: number, text: string);
  readonly id: number;
  readonly text: string;
  valueOf(): number;
  toString(): string;
  toJSON(): { id: number; text: string };
}

/** A move as the calls take it: an id, a Move, or (apply, isLegal) its text. */
export type MoveLike = number | Move;

/** The decision a state is at, rewritten by every step(). */
export declare class StepView implements Iterable<number> {
  private constructor();
  /** Who decides: a seat, CHANCE or TERMINAL. */
  readonly player: number;
  /** How many moves or chance outcomes. */
  readonly length: number;
  /** What the last step played (the outcome drawn, for a chance step); null after stepView(). */
  readonly applied: number | null;
  at(index: number): number | undefined;
  includes(id: number): boolean;
  toArray(): number[];
  [Symbol.iterator](): Iterator<number>;
}

export type Json = Record<string, unknown>;

export declare class State<Id extends GameId = GameId> extends Handle {
  constructor(game: Game<Id>, seed?: number | bigint);
  static load(data: Uint8Array | ArrayBuffer | ArrayBufferView): State;
  static fromJson(json: string | Json): State;
  readonly game: Game<Id>;
  readonly players: number;
  readonly currentPlayer: number;
  readonly isChance: boolean;
  readonly isTerminal: boolean;
  readonly moveNumber: number;
  readonly winners: number[];
  readonly returns: number[];
  readonly lastError: string;
  readonly history: number[];
  readonly historyLength: number;
  legalMoveIds(): number[];
  legalMoves(): Move[];
  isLegal(move: MoveLike | string): boolean;
  moveText(move: MoveLike): string;
  parseMove(text: string): Move;
  apply(move: MoveLike | string): Move;
  applyId(id: number): void;
  anyMoveText(move: MoveLike): string;
  legalMask(out?: Uint8Array): Uint8Array;
  /** Learning calls (library 1.4): 1 for each legal action of the player to move (game.playerMoveCount bytes). */
  actionMask(out?: Uint8Array): Uint8Array;
  /** player's information-state tensor (game.informationTensorSize floats). */
  informationTensor(player: number, out?: Float32Array): Float32Array;
  /** Each player's utility: 0 before the end, 1 shared among the winners, a game with no winner by draw. */
  utilities(options?: DrawOptions): number[];
  /** Whether the length cap, not the rules, ended the game. */
  readonly isTruncated: boolean;
  historyPlayer(index: number): number;
  historyPlayers(): number[];
  chanceOutcomes(): { move: Move; probability: number }[];
  chanceWeights(): { outcomes: { move: Move; weight: number }[]; total: number };
  sampleChance(rng?: () => number): Move;
  applyChance(notation?: true): Move;
  applyChance(notation: false): number;
  playout(maxDecisions?: number): number;
  stepView(): StepView;
  step(move?: MoveLike | null): StepView;
  undo(): void;
  /** Whether undo() rewinds the RNG, so that a re-roll draws the same outcome (default false). */
  undoRewindsRng: boolean;
  clone(): State<Id>;
  copyFrom(other: State): void;
  reset(seed?: number | bigint): void;
  seed(seed: number | bigint): void;
  equals(other: unknown): boolean;
  observation(viewer: Viewer): Observation<Id>;
  events(viewer: Viewer): Json[];
  toText(viewer?: Viewer): string;
  tensorSize(): number;
  observationTensor(viewer: Viewer, out?: Float32Array): Float32Array;
  informationJson(seat: number): string;
  informationKey(seat: number): bigint;
  resample(seat: number): void;
  save(): Uint8Array;
  toJson(): string;
  toString(): string;
}

export type BotLevel = 'random' | 'easy' | 'medium' | 'hard';
export type BotMemory = 'default' | 'full' | 'last';

export declare const BOT_LEVELS: Readonly<Record<BotLevel, number>>;
export declare const BOT_MEMORY: Readonly<Record<BotMemory, number>>;

/** A Bot's settings; a key not listed here is refused at run time too. */
export interface BotSettings {
  level?: BotLevel;
  simulations?: number;
  /** Time limit per decision; 0: none. */
  seconds?: number;
  seed?: number | bigint;
  memory?: BotMemory;
}

export declare class Bot extends Handle {
  constructor(game: Game, seat: number, settings?: BotSettings);
  readonly game: Game;
  readonly seat: number;
  readonly level: BotLevel;
  readonly lastSimulations: number;
  readonly settings: Required<BotSettings>;
  choose(state: State): Move;
  hint(state: State): { move: Move; score: number }[];
  stop(): void;
}

/** What a Batch row's done entry says (TG_BATCH_*). */
export declare const BatchDone: Readonly<{ RUNNING: 0; ENDED: 1; TRUNCATED: 2 }>;

/** new Batch()'s options; another key is refused at run time too. */
export interface BatchOptions {
  /** Slots (1 .. 1,048,576). */
  size: number;
  /** Slot i's first game is seeded seed + i (default 0). */
  seed?: number | bigint;
  /** How a game with no winner is scored in rewards (default 'zero'). */
  draw?: Draw;
  /** Whether the rows carry observation tensors (default true). */
  observation?: boolean;
  /** Whether the rows carry information-state tensors (default false). */
  information?: boolean;
  /**
   * Whether the rows carry the observation tensors as bytes (default
   * false): the same values, each a whole number 0 .. 255, in a quarter of
   * the memory.
   */
  observationU8?: boolean;
  /**
   * Whether the rows carry the masks as bits too (default false): eight
   * actions to a byte, an eighth of the byte mask's memory.
   */
  maskBits?: boolean;
}

/**
 * One row per slot, packed (row i of k entries per slot starts at i * k):
 * the Batch's own arrays, rewritten by its next call (copies of the
 * library's, never views of the WebAssembly memory).
 */
export interface BatchRows {
  /** The player to move in each slot. */
  readonly player: Int32Array;
  /** size x game.playerMoveCount: 1 for each legal action. */
  readonly mask: Uint8Array;
  /** size x game.tensorSize, or null when not asked for. */
  readonly observation: Float32Array | null;
  /** size x game.informationTensorSize, or null when not asked for. */
  readonly information: Float32Array | null;
  /** size x game.players: utilities of the games that ended in this step, else 0. */
  readonly rewards: Float64Array;
  /** A BatchDone value per slot. */
  readonly done: Uint8Array;
  /** size x game.tensorSize bytes, or null when not asked for. */
  readonly observationU8: Uint8Array | null;
  /**
   * size x ceil(game.playerMoveCount / 8) bytes, or null when not asked
   * for: action a of slot i is bit a % 8 (least significant first) of
   * byte i * stride + (a >> 3); the bits past the last action are 0.
   */
  readonly maskBits: Uint8Array | null;
}

/** size games of one game stepped by one call, each always at a player's decision (auto-reset). */
export declare class Batch<Id extends GameId = GameId> extends Handle {
  constructor(game: Game<Id>, options: BatchOptions);
  /** The batch's own Game, freed with it. */
  readonly game: Game<Id>;
  readonly size: number;
  /** What the last call wrote. */
  readonly rows: BatchRows;
  observe(): BatchRows;
  reset(seed?: number | bigint): BatchRows;
  /** One action per slot; an illegal one refuses the whole step (TG_E_ILLEGAL_MOVE). */
  step(actions: Int32Array | Uint32Array | readonly number[]): BatchRows;
  /** The seed of the game slot is playing. */
  seedOf(slot: number): bigint;
  /** A copy of slot's state (free it). */
  cloneState(slot: number): State<Id>;
}
