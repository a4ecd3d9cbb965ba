/**
 * Types of the exit intent machine (`exit-intent.machine.ts`) and of its connect function.
 * @module
 */
import type { EXIT_INTENT } from '../domain/exit-intent.ts';
import type { ScrollRun } from '../domain/listing.ts';

/** Context of {@link exitIntentMachine}. */
export interface ExitIntentContext {
  /** Whether the visitor is signed in; null while the user call has not answered. */
  loggedIn: boolean | null;
  /** Whether the popup has shown (stored flag, or opened in this visit). */
  alreadyShown: boolean;
  /** Whether the mobile layout applies (scroll trigger) rather than the desktop one (pointer). */
  mobile: boolean;
  /** The current upward scroll run (mobile trigger). */
  scroll: ScrollRun | null;
}

/** Events of {@link exitIntentMachine}, forwarded by the hook from browser events. */
export type ExitIntentEvent =
  | { type: 'pointer.leave'; clientY: number }
  | { type: 'scroll'; scrollY: number; pageHeight: number; viewportHeight: number }
  | { type: 'layout'; mobile: boolean }
  | { type: 'login.changed'; loggedIn: boolean | null }
  | { type: 'key.escape' }
  | { type: 'popup.close' };

/** Input of {@link exitIntentMachine}. */
export interface ExitIntentInput {
  /** The login state; null (unknown) never shows the popup. @default null */
  loggedIn?: boolean | null;
  /** The value stored under exitIntentPopUpShown (null when absent). @default null */
  storedFlag?: string | null;
  /** Whether the mobile layout applies. @default false */
  mobile?: boolean;
}

/** What the machine emits: the 'shown' flag to store when the popup opens. */
export type ExitIntentEmitted = { type: 'storage.set'; key: typeof EXIT_INTENT.storageKey; value: typeof EXIT_INTENT.shownValue };
