/**
 * The account's reads (the customer with its saved addresses, the wallet's lists, the orders):
 * cache key and call, so a page that reads them and a write that changes them name the same data
 * the same way. Every key starts with 'account', so signing out forgets them all at once.
 * @module
 */
import type { ApiClient } from '../../api/client.ts';
import type { CustomerResponse, UserResponse, OrderResponse, OrdersResponse, PaymentMethodsResponse, TransactionsResponse } from '../../api/types.ts';
import type { QueryKey, Read } from './index.ts';

/**
 * The keys of the account's reads; a write invalidates the prefix of what it changed.
 * @example invalidateReads(queryClient, ACCOUNT_KEYS.paymentMethods(42));
 */
export const ACCOUNT_KEYS = {
  all: ['account'] as QueryKey,
  customer: ['account', 'customer'] as QueryKey,
  /** The signed-in user (its recovery email). */
  user: ['account', 'user'] as QueryKey,
  paymentMethods: (userId: number): QueryKey => ['account', 'payment-methods', userId],
  transactions: (userId: number): QueryKey => ['account', 'transactions', userId],
  orders: ['account', 'orders'] as QueryKey,
  order: (orderId: number): QueryKey => ['account', 'order', orderId],
};

/** The signed-in user (its recovery email and whether it is verified). */
export function userRead(client: ApiClient): Read<UserResponse> {
  return { key: ACCOUNT_KEYS.user, fetch: (signal) => client.user({ signal }) };
}

/** The signed-in customer with the saved addresses. */
export function customerRead(client: ApiClient): Read<CustomerResponse> {
  return { key: ACCOUNT_KEYS.customer, fetch: (signal) => client.customer({ signal }) };
}

/** The user's payment methods with the add target. */
export function paymentMethodsRead(client: ApiClient, userId: number): Read<PaymentMethodsResponse> {
  return { key: ACCOUNT_KEYS.paymentMethods(userId), fetch: (signal) => client.paymentMethods(userId, { signal }) };
}

/** The user's transactions, filtered by a displayable id (null: all). */
export function transactionsRead(client: ApiClient, userId: number, displayableId: string | null): Read<TransactionsResponse> {
  return { key: [...ACCOUNT_KEYS.transactions(userId), displayableId], fetch: (signal) => client.transactions(userId, displayableId ?? undefined, { signal }) };
}

/** The signed-in customer's orders, newest first. */
export function ordersRead(client: ApiClient): Read<OrdersResponse> {
  return { key: ACCOUNT_KEYS.orders, fetch: (signal) => client.orders({ signal }) };
}

/** One of the signed-in customer's orders. */
export function orderRead(client: ApiClient, orderId: number): Read<OrderResponse> {
  return { key: ACCOUNT_KEYS.order(orderId), fetch: (signal) => client.order(orderId, { signal }) };
}
