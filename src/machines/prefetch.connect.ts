/**
 * What a prefetch shows, from a snapshot of its machine: a pure function, tested without React;
 * `usePrefetch` returns it with its restart event.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import type { prefetchMachine } from './prefetch.machine.ts';

/** What a prefetch shows. */
export interface PrefetchView<T = unknown> {
  status: 'fetching' | 'waiting' | 'done' | 'failed';
  data: T | null;
  /** Failed attempts of the current run. */
  failures: number;
  /** 'Failed to prefetch data after multiple retries.' once retries are spent, else null. */
  message: string | null;
}

/**
 * The view of a snapshot ('start', the instant before the first call, shows as fetching).
 * @example connectPrefetch(actor.getSnapshot()).status; // 'fetching'
 */
export function connectPrefetch(snapshot: SnapshotFrom<typeof prefetchMachine>): PrefetchView {
  const value = snapshot.value as PrefetchView['status'] | 'start';
  const c = snapshot.context;
  return { status: value === 'start' ? 'fetching' : value, data: c.data ?? null, failures: c.failures, message: c.message };
}
