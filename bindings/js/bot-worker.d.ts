// Types of bot-worker.js (held to it by test/types.test.js).
import type { BotSettings, Move, State } from './index.js';

export interface WorkerBotSettings extends BotSettings {
  /** The seat the bot plays; default: the state's player to move. */
  seat?: number;
}

/** Anything BotWorker can talk to: a Web Worker or a worker_threads Worker. */
export interface WorkerLike {
  postMessage(message: unknown): void;
  terminate(): unknown;
}

export declare class BotWorker {
  constructor(worker: WorkerLike);
  static start(): Promise<BotWorker>;
  choose(state: State, settings?: WorkerBotSettings): Promise<Move>;
  hint(state: State, settings?: WorkerBotSettings): Promise<{ move: Move; score: number }[]>;
  terminate(): void;
}
