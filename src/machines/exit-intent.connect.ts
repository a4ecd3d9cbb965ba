/**
 * What the exit-intent popup shows, from a snapshot of its machine: a pure function, tested without
 * React; `useExitIntent` returns it with the popup's texts and its close event.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import type { exitIntentMachine } from './exit-intent.machine.ts';

/** What the exit-intent popup shows. */
export interface ExitIntentView {
  /** Whether the popup is showing. */
  open: boolean;
  /** The popup has shown or was shown before: nothing listens for the exit any more. */
  done: boolean;
}

/**
 * The view of a snapshot.
 * @example connectExitIntent(actor.getSnapshot()).open; // false
 */
export function connectExitIntent(snapshot: SnapshotFrom<typeof exitIntentMachine>): ExitIntentView {
  return { open: snapshot.matches('open'), done: snapshot.status === 'done' };
}
