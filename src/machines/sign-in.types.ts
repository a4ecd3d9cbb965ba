/**
 * Types of the sign in machine (`sign-in.machine.ts`) and of its connect function.
 * @module
 */
import type { SignInErrors, SignInField, SignInFlow, SignInValues } from '../domain/sign-in.ts';

/** What the flow's call resolves: `signedIn` when the visitor is now signed in. */
export interface SignInOutput {
  signedIn?: boolean;
}

/** The flow's state. */
export interface SignInContext {
  flow: SignInFlow;
  /** The emailed link's token ('' when none). */
  token: string;
  values: SignInValues;
  /** Problems next to their fields (the checks, or a server message about one field). */
  errors: SignInErrors;
  /** A message about the whole form (a failed sign-in, a spent link, a network failure), or null. */
  formError: string | null;
  /** How many submits failed: the view moves focus to the first problem after each. */
  failures: number;
  /** What the call resolved, once it succeeded. */
  output: SignInOutput | null;
}

/** The flow and, for emailed links, the token. */
export interface SignInInput {
  flow: SignInFlow;
  /** @default '' */
  token?: string;
  /** Values to start with (a server render, or an email carried over between pages). */
  values?: SignInValues;
}

/** Events the page sends. */
export type SignInEvent = { type: 'field.changed'; field: SignInField; value: string } | { type: 'form.submit' };

/** Emitted once the call succeeded (the hook then refreshes the login state or navigates). */
export type SignInEmitted = { type: 'signIn.succeeded'; flow: SignInFlow; output: SignInOutput };
