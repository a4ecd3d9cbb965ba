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
  /** The signed-in customer. */
  user: User;
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
}

/** The signed-in customer (the sign-in gate gives it), the order id and an optional preloaded order. */
export interface OrderInput {
  user: User;
  orderId: number | null;
  order?: Order;
}

/** Events the page sends. */
export type OrderEvent =
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
