/**
 * Types of the prefetch machine (`prefetch.machine.ts`) and of its connect function.
 * @module
 */
import type { NotifyEmitted } from './account.helpers.ts';

/** The prefetch's state. */
export interface PrefetchContext {
  /** Parameters handed to the `prefetch` actor. */
  params: unknown;
  /** The answer, or null before it arrives. */
  data: unknown;
  /** Failed attempts of the current run. */
  failures: number;
  /** Retries allowed after the first attempt. */
  maxRetries: number;
  /** The last failure's own message (for logs), or null. */
  error: string | null;
  /** The text shown once retries are spent, or null. */
  message: string | null;
}

/** Parameters, optional prefetched `data` (starts done, no call), and the retry budget. */
export interface PrefetchInput {
  params?: unknown;
  data?: unknown;
  /**
   * Retries after the first attempt.
   * @default 3
   */
  maxRetries?: number;
}

/** Start a new run (after the final failure, or to refresh). */
export type PrefetchEvent = { type: 'prefetch.restart'; params?: unknown };

/** The final failure's message. */
export type PrefetchEmitted = NotifyEmitted;
