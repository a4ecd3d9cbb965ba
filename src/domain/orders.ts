/**
 * Order page rules (/orders.asp and /account/orders/:id, and adding a product to a placed
 * order): paths, the order id of a URL, totals rows, the
 * shipping address as lines, and which related products an order page offers.
 *
 * The spec names only the numeric orderId; the texts here are ours, written down once so the
 * views, machines and tests share them. Inputs are structural (the API's `Order` fits), because
 * the domain imports no layer above it.
 * @module
 */
import { FREE, formatPrice, fromCents, toCents, type Cents } from './money.ts';
import { dateFormatsByZone } from './date-formats.ts';
import { addressLines } from './address-format.ts';

/** The order list route. @default '/orders.asp' */
export const ORDERS_PATH = '/orders.asp';

/** The texts of the order pages (ours: the spec is silent). */
export const ORDER_TEXT = {
  listTitle: 'My Orders',
  detailTitle: (orderId: number) => `Order #${orderId}`,
  loadingList: 'Loading orders...',
  loadingOrder: 'Loading order...',
  noOrders: 'You have no orders yet.',
  notFound: 'Order not found.',
  related: 'Add to your order',
  relatedNote: 'Forgot something? Add it to this order and we will ship it with the rest.',
  noRelated: 'No related products for this order.',
  addedLater: 'Added after the order was placed',
  shippingAddress: 'Shipping address',
  payment: 'Payment',
  items: 'Items',
  viewOrder: 'View order',
  backToOrders: 'Back to orders',
} as const;

/**
 * The page of one order.
 * @example
 * orderPath(1024); // '/account/orders/1024'
 */
export function orderPath(orderId: number): string {
  return `/account/orders/${orderId}`;
}

/**
 * The order id of a route parameter: a whole number of digits (an orderId is numeric), else null, so a page never calls the server with 'abc' or '1e3'.
 * @example
 * parseOrderId('1024'); // 1024
 * parseOrderId('12x'); // null
 */
export function parseOrderId(param: string | null | undefined): number | null {
  const text = (param ?? '').trim();
  if (!/^\d{1,16}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The amounts of an order the totals block reads (decimal dollars, as the API carries them). */
export interface OrderAmounts {
  subtotalPrice: number;
  discountPrice: number;
  shippingPrice: number;
  totalPrice: number;
  discountCodes: readonly string[];
}

/** One row of the totals block. */
export interface TotalsRow {
  label: string;
  value: string;
  /** The last row (Total) is emphasised. */
  strong?: boolean;
}

/**
 * The totals block of an order: Subtotal, Discount (only when there is one, with its codes,
 * shown as a negative amount), Shipping ('FREE' at 0 or below, like the cart) and Total.
 * @example
 * orderTotalsRows({ subtotalPrice: 50, discountPrice: 5, shippingPrice: 0, totalPrice: 45, discountCodes: ['SPLASH10'] });
 * // Subtotal $50.00, Discount (SPLASH10) -$5.00, Shipping FREE, Total $45.00
 */
export function orderTotalsRows(order: OrderAmounts): TotalsRow[] {
  const rows: TotalsRow[] = [{ label: 'Subtotal', value: formatPrice(order.subtotalPrice) }];
  if (toCents(order.discountPrice) > 0) {
    const codes = order.discountCodes.filter((c) => c.trim() !== '');
    rows.push({ label: codes.length > 0 ? `Discount (${codes.join(', ')})` : 'Discount', value: formatPrice(-order.discountPrice) });
  }
  rows.push({ label: 'Shipping', value: toCents(order.shippingPrice) <= 0 ? FREE : formatPrice(order.shippingPrice) });
  rows.push({ label: 'Total', value: formatPrice(order.totalPrice), strong: true });
  return rows;
}

/**
 * A line's total (unit price times quantity), computed in cents.
 * @example
 * orderLineTotal({ unitPrice: 19.99, quantity: 3 }); // '$59.97'
 */
export function orderLineTotal(line: { unitPrice: number; quantity: number }): string {
  const cents: Cents = toCents(line.unitPrice) * line.quantity;
  return formatPrice(fromCents(cents));
}

/** Units in an order. */
export function orderItemCount(order: { lines: readonly { quantity: number }[] }): number {
  return order.lines.reduce((n, l) => n + l.quantity, 0);
}

/** A shipping address as an order keeps it. */
export interface OrderAddressLike {
  firstName: string;
  lastName: string;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string | null;
  zip: string;
  phone: string | null;
  countryCode: string;
  stateCode: string | null;
}

/**
 * The shipping address of an order as the lines of a label: {@link addressLines}, the one
 * printing rule of every address (state as its code, the country's name only outside the
 * United States).
 * @deprecated Call `addressLines` (address-format.ts) directly; this name stays for the
 * server's callers and the library's users until they move.
 * @example
 * orderAddressLines({ firstName: 'Pat', lastName: 'Pool', company: null, address1: '1 Lagoon Way', address2: null,
 *   city: 'Tacoma', zip: '98402', phone: null, countryCode: 'US', stateCode: 'WA' });
 * // ['Pat Pool', '1 Lagoon Way', 'Tacoma, WA 98402']
 */
export function orderAddressLines(a: OrderAddressLike): string[] {
  return addressLines(a);
}

/**
 * The date an order was placed, as 'Mar 4, 2026' (UTC, so the text does not depend on where the
 * page renders); the input as given when it is not a date.
 */
export function orderDateText(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return orderDateFormat('UTC').format(time);
}

/** The order list's date formatter (made once: the list shows a date per order). */
const orderDateFormat = dateFormatsByZone({ year: 'numeric', month: 'short', day: 'numeric' });

/**
 * The status badge of an order, on the transaction badge scale: PAID and FULFILLED success,
 * PENDING warning, CANCELLED and REFUNDED danger, anything else dark.
 */
export function orderStatusBadge(status: string | null | undefined): 'success' | 'warning' | 'danger' | 'dark' {
  switch ((status ?? '').trim().toUpperCase()) {
    case 'PAID':
    case 'FULFILLED':
    case 'SHIPPED':
      return 'success';
    case 'PENDING':
    case 'PARTIALLY SHIPPED':
      return 'warning';
    case 'CANCELLED':
    case 'REFUNDED':
      return 'danger';
    default:
      return 'dark';
  }
}

/** How many related products an order page offers. @default 8 */
export const ORDER_RELATED_LIMIT = 8;

/** How many of an order's products the page asks related products for. @default 3 */
export const ORDER_RELATED_SOURCES = 3;

/**
 * The products whose related lists an order page loads: the order's distinct products, in line
 * order, at most {@link ORDER_RELATED_SOURCES}.
 */
export function relatedSourceIds(order: { lines: readonly { productId: number }[] }, max: number = ORDER_RELATED_SOURCES): number[] {
  return [...new Set(order.lines.map((l) => l.productId))].slice(0, Math.max(0, max));
}

/**
 * The related products an order page offers: the lists merged in order, each product once,
 * without the products already in the order, at most `max`.
 * @example
 * relatedForOrder([[{ id: 2 }, { id: 3 }], [{ id: 3 }, { id: 1 }]], [1]); // [{ id: 2 }, { id: 3 }]
 */
export function relatedForOrder<T extends { id: number }>(lists: readonly (readonly T[])[], orderProductIds: readonly number[], max: number = ORDER_RELATED_LIMIT): T[] {
  const seen = new Set(orderProductIds);
  const out: T[] = [];
  for (const list of lists) {
    for (const product of list) {
      if (out.length >= max) return out;
      if (seen.has(product.id)) continue;
      seen.add(product.id);
      out.push(product);
    }
  }
  return out;
}
