/**
 * Shared pieces of the order machines: the login gate's input, and the text of a failed add to
 * order.
 * @module
 */
import { isApiError } from '../api/errors.ts';
import { errorText } from '../api/response.ts';
import { ADD_TO_ORDER_MESSAGES } from '../domain/cart-calls.ts';
import { failureMessage } from '../domain/session.ts';

/**
 * The text of a failed add to order: a non-ok answer reads 'Failed to add
 * product to order' unless the server sent an error field, which is shown as-is; a network
 * exception shows its own message.
 * @example
 * addToOrderErrorText(new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 500 }));
 * // 'Failed to add product to order'
 */
export function addToOrderErrorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.kind === 'http' || error.kind === 'parse') return error.serverMessage ?? ADD_TO_ORDER_MESSAGES.failed;
    return error.message || ADD_TO_ORDER_MESSAGES.failed;
  }
  return errorText(error) || ADD_TO_ORDER_MESSAGES.failed;
}

/**
 * The text of a failed order load: the server's own words when it sent some (a 404 reads
 * 'Order not found.'), else the exception's message.
 */
export function orderLoadErrorText(error: unknown): string {
  if (isApiError(error) && error.serverMessage) return error.serverMessage;
  return failureMessage(error);
}
