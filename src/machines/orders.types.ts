/**
 * Types of the orders machine (`orders.machine.ts`) and of its connect function.
 * @module
 */
import type { Order } from '../api/types.ts';
import type { User } from '../domain/entities.ts';

/** The order list's state. */
export interface OrdersContext {
  /** The signed-in customer. */
  user: User;
  orders: Order[];
  /** The failure text of the last load, or null. */
  error: string | null;
  preloaded: boolean;
}

/** The signed-in customer (the sign-in gate gives it) and optional preloaded orders. */
export interface OrdersInput {
  user: User;
  orders?: Order[];
}

/** Events the page sends. */
export type OrdersEvent = { type: 'orders.reload' };
