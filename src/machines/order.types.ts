/**
 * Types of the order machine (`order.machine.ts`) and of its connect function.
 * @module
 */
import type { AddToOrderResponse, Order, OrderResponse } from '../api/types.ts';
import type { ProductCardData, User } from '../domain/entities.ts';
import type { NotifyTone } from './account.helpers.ts';

/** A message shown beside the related products (and as a toast). */
export interface OrderNotice {
  tone: NotifyTone;
  message: string;
}

/** The order page's state. */
export interface OrderContext {
  fetched: boolean;
  user: User | null;
  /** The route's order id, or null when it is not a number. */
  orderId: number | null;
  order: Order | null;
  related: ProductCardData[];
  /** The product whose add is in flight, or null. */
  addingProductId: number | null;
  notice: OrderNotice | null;
  /** The failure text of the order load, or null. */
  error: string | null;
  preloaded: boolean;
  /** The page to come back to after signing in (the redirect's `returnTo`), or null. */
  returnPath: string | null;
}

/** Login state, the order id and an optional preloaded order. */
export interface OrderInput {
  /** Whether the user call has answered. @default false */
  fetched?: boolean;
  user?: User | null;
  orderId: number | null;
  order?: Order;
  /** The page a signed-out visitor comes back to after signing in. @default null */
  returnPath?: string | null;
}

/** Events the page sends. */
export type OrderEvent =
  | { type: 'login.changed'; fetched: boolean; user: User | null }
  | { type: 'order.add'; productId: number }
  | { type: 'notice.dismiss' };

/** Inputs and outputs of the order page's call actors. */
export interface OrderActors {
  /** GET /api/orders/{orderId}. */
  fetchOrder: { input: { orderId: number }; output: OrderResponse };
  /** GET /api/products/{id}/related for each id, in order. */
  fetchRelated: { input: { productIds: number[] }; output: ProductCardData[][] };
  /** POST /api/orders/{orderId}/relatedProducts/{productId}. */
  addToOrder: { input: { orderId: number; productId: number }; output: AddToOrderResponse };
}
