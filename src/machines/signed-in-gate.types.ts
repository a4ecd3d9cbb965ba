/**
 * Types of the sign-in gate (`signed-in-gate.ts`) and of its connect function.
 * @module
 */
import type { AnyActorRef } from 'xstate';
import type { User } from '../domain/entities.ts';

/** The login state the gate takes as input and as its `login.changed` event. */
export interface LoginState {
  /** Whether the user call has answered. */
  fetched: boolean;
  user: User | null;
}

/** The gate's input: the login state, the page to come back to, and the page machine's own input (without its user). */
export interface SignedInGateInput<P extends object = object> {
  /** Whether the user call has answered. @default false */
  fetched?: boolean;
  user?: User | null;
  /** The page a signed-out visitor comes back to after signing in. @default null */
  returnPath?: string | null;
  /** The page machine's input; the gate adds the signed-in `user`. @default {} */
  page?: P;
}

/** The gate's state. */
export interface SignedInGateContext {
  fetched: boolean;
  user: User | null;
  returnPath: string | null;
  page: object;
  /** The running page actor while signed in, else null. */
  pageRef: AnyActorRef | null;
}

/**
 * Events of the gate: the login state changed, or an event the page emitted (relayed so the
 * hook hears it from the one root actor). Any other event goes to the page while it runs.
 */
export type SignedInGateEvent =
  | ({ type: 'login.changed' } & LoginState)
  | { type: 'page.emitted'; emitted: { type: string } }
  | { type: string; [key: string]: unknown };

/** What the gate shows before the page runs. */
export interface SignedInGateView {
  /** 'checking' until the user call answers, 'redirect' (to /login.asp) when signed out, 'ready' while the page runs. */
  gate: 'checking' | 'redirect' | 'ready';
  /** 'Checking login status...' while checking, else null. */
  checkingText: string | null;
}
