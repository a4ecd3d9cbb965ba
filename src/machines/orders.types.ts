/**
 * Types of the orders machine (`orders.machine.ts`) and of its connect function.
 * @module
 */
import type { Order } from '../api/types.ts';
import type { User } from '../domain/entities.ts';

/** The order list's state. */
export interface OrdersContext {
  fetched: boolean;
  user: User | null;
  orders: Order[];
  /** The failure text of the last load, or null. */
  error: string | null;
  preloaded: boolean;
  /** The page to come back to after signing in (the redirect's `returnTo`), or null. */
  returnPath: string | null;
}

/** Login state and optional preloaded orders. */
export interface OrdersInput {
  /** Whether the user call has answered. @default false */
  fetched?: boolean;
  user?: User | null;
  orders?: Order[];
  /** The page a signed-out visitor comes back to after signing in. @default null */
  returnPath?: string | null;
}

/** Events the page sends. */
export type OrdersEvent = { type: 'login.changed'; fetched: boolean; user: User | null } | { type: 'orders.reload' };
