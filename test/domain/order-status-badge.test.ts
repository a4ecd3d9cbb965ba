/**
 * The colour of an order's status badge: done (paid, fulfilled, shipped) is success, waiting or
 * half done (pending, partially shipped) is warning, undone (cancelled, refunded) is danger, any
 * other status (returned, one the store does not know) is dark; case and spaces do not matter.
 */
import { expect, test } from 'vitest';
import { orderStatusBadge } from '../../src/domain/orders.ts';

test.each([
  ['PAID', 'success'], ['fulfilled', 'success'], [' SHIPPED ', 'success'],
  ['PENDING', 'warning'], ['Partially Shipped', 'warning'],
  ['CANCELLED', 'danger'], ['REFUNDED', 'danger'],
  ['RETURNED', 'dark'], ['ON HOLD', 'dark'], ['', 'dark'], [null, 'dark'], [undefined, 'dark'],
] as const)('%s is %s', (status, badge) => {
  expect(orderStatusBadge(status)).toBe(badge);
});
