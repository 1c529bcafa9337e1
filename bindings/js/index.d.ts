// Types of the tablegames package, written by hand beside index.js and
// held to it by test/types.test.js (a consumer that must type-check under
// tsc --strict, and one whose wrong calls must not).
/// <reference lib="esnext.disposable" />

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

/** Every failure: the library's status, its name as code, and its message. */
export declare class TablegamesError extends Error {
  constructor(message: string, status: number | null, code: string);
  readonly name: 'TablegamesError';
  /** The C status (negative), or null for a freed handle. */
  readonly status: number | null;
  /** The status's name, e.g. "TG_E_ILLEGAL_MOVE", or "TG_E_CLOSED". */
  readonly code: string;
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
  readonly id: string;
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
export declare function gameInfo(id: string): GameInfo;
/** The C library's version, e.g. "1.2.0". */
export declare function libraryVersion(): string;
/** Bytes the WebAssembly heap has handed out and not had back. */
export declare function heapInUse(): number;
/** The size of the WebAssembly memory, in bytes. */
export declare function memorySize(): number;

/** The layouts a program may store (TG_FORMAT_*), for Game.formatVersion(). */
export declare const Format: Readonly<{ OBSERVATION_TENSOR: 0; INFORMATION_KEY: 1; OBSERVATION_JSON: 2 }>;
export type FormatLayout = (typeof Format)[keyof typeof Format];

/** An option's value: a number, a yes/no or a choice's word. */
export type OptionValue = number | boolean | string;

/** What every object owning WebAssembly memory has. */
declare abstract class Handle implements Disposable {
  /** Whether free() was called. */
  readonly closed: boolean;
  /** Releases the memory now; later calls throw TG_E_CLOSED. */
  free(): void;
  [Symbol.dispose](): void;
}

export declare class Game extends Handle {
  constructor(id: string, options?: string | Readonly<Record<string, OptionValue>>);
  readonly id: string;
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
  board(): Record<string, unknown>;
  newState(seed?: number | bigint): State;
  equals(other: unknown): boolean;
}

/**
 * A move id with its notation. A Move a state hands out is made for that
 * state's position: apply() and step() refuse it in another position
 * (TG_E_ILLEGAL_MOVE) or game (TG_E_MISMATCH). One made by hand is checked
 * only against what its id means where it is played.
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

export declare class State extends Handle {
  constructor(game: Game, seed?: number | bigint);
  static load(data: Uint8Array | ArrayBuffer | ArrayBufferView): State;
  static fromJson(json: string | Json): State;
  readonly game: Game;
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
  clone(): State;
  copyFrom(other: State): void;
  reset(seed?: number | bigint): void;
  seed(seed: number | bigint): void;
  equals(other: unknown): boolean;
  observation(viewer: Viewer): Json;
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
