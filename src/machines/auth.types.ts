/**
 * Types of the auth machine (`auth.machine.ts`) and of its connect function.
 * @module
 */
import type { Customer, User } from '../domain/entities.ts';
import type { LogEmitted, NotifyEmitted } from './account.helpers.ts';

/** What the machine knows about the visitor. */
export interface AuthContext {
  /** The user the user call returned, or null (not called yet, failed, or signed out). */
  user: User | null;
  /** The customer object ({} when signed out), or null until the customer call answers. */
  customer: Customer | null;
  /** True once the user call has answered, whether it succeeded or failed. */
  fetched: boolean;
  /** True when the user call returned a user. */
  loggedIn: boolean;
  /** Logged in, or a non-empty customer object. */
  signedIn: boolean;
}

/**
 * Initial data, for server rendering: a given `user` (null for signed out)
 * skips the user call and starts fetched; a given `customer` skips the
 * customer call. Leave a field out to fetch it.
 */
export interface AuthInput {
  user?: User | null;
  customer?: Customer | null;
}

/**
 * Events: refresh both calls (after sign-in), or forget the visitor (after
 * sign-out; no call is made).
 */
export type AuthEvent = { type: 'auth.refresh' } | { type: 'auth.signedOut' };

/** What the machine emits: the danger notice of a failed user call, the log of a failed customer call. */
export type AuthEmitted = NotifyEmitted | LogEmitted;
