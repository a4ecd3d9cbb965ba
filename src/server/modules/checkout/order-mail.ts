/**
 * The order confirmation mail: the order number, the lines, each shipment (what ships together,
 * by which service, the arrival range), the notices, and the totals with sales tax as its own row,
 * all from the quote the order was charged by, so the mail says what the checkout said.
 * @module
 */
import { formatPrice, fromCents } from '../../../domain/money.ts';
import { addressLines } from '../../../domain/address-format.ts';
import { orderLineTotal, orderTotalsRows } from '../../../domain/orders.ts';
import type { Order } from '../../../api/types.ts';
import type { EmailMessage } from '../mail/outbox.ts';

/** The outbox kind of the confirmation. */
export const ORDER_MAIL_KIND = 'order-confirmation';

const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The totals rows of an order: subtotal, discount, shipping, sales tax when there is a quote, total. */
export function orderMailTotals(order: Order): { label: string; value: string }[] {
  const rows = orderTotalsRows(order).map((r) => ({ label: r.label, value: r.value }));
  if (order.shippingQuote) {
    const tax = order.shippingQuote.tax;
    const label = tax.collected && tax.ratePpm > 0 ? `Sales tax (${tax.state} ${tax.rateText})` : 'Sales tax';
    rows.splice(rows.length - 1, 0, { label, value: formatPrice(order.taxPrice ?? fromCents(order.shippingQuote.totals.taxCents)) });
  }
  return rows;
}

/** The shipments of an order as lines of text: 'Shipment 1 of 2: Parcels by Ground, Arrives Tue, Dec 2 – Thu, Dec 4'. */
export function orderMailShipments(order: Order): { heading: string; items: string[]; notes: string[] }[] {
  const quote = order.shippingQuote;
  if (!quote) return [];
  return quote.shipments.map((s, i) => ({
    heading: `Shipment ${i + 1} of ${quote.shipments.length}: ${s.title} by ${s.serviceName}. ${s.dates.arrivalText}${s.dates.dated ? '' : ' (estimated, not guaranteed)'}`,
    items: s.lineIds.map((id) => order.lines.find((l) => String(l.inventoryLevelId) === id)).filter((l) => l !== undefined).map((l) => `${l.title} × ${l.quantity}`),
    notes: s.notes,
  }));
}

/**
 * The confirmation mail of a placed order.
 * @example
 * outbox.in(tx).enqueue(ORDER_MAIL_KIND, orderConfirmationMail(order, 'Skimmer'));
 */
export function orderConfirmationMail(order: Order, storeName: string): EmailMessage {
  const shipments = orderMailShipments(order);
  const totals = orderMailTotals(order);
  const notices = order.shippingQuote?.notices.map((n) => n.text) ?? [];
  const text = [
    `Thank you for your order #${order.orderId}.`,
    '',
    ...order.lines.map((l) => `${l.title} × ${l.quantity}: ${orderLineTotal(l)}`),
    '',
    ...shipments.flatMap((s) => [s.heading, ...s.items.map((i) => `  - ${i}`), ...s.notes.map((n) => `  ${n}`)]),
    ...(shipments.length ? [''] : []),
    ...notices,
    ...(notices.length ? [''] : []),
    ...totals.map((r) => `${r.label}: ${r.value}`),
    '',
    'Shipping to:',
    ...addressLines(order.shippingAddress),
    '',
    storeName,
  ].join('\n');
  const html = `<h1>Thank you for your order #${order.orderId}</h1>
<ul>${order.lines.map((l) => `<li>${esc(l.title)} × ${l.quantity}: ${esc(orderLineTotal(l))}</li>`).join('')}</ul>
${shipments.map((s) => `<h2>${esc(s.heading)}</h2><ul>${s.items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>${s.notes.map((n) => `<p>${esc(n)}</p>`).join('')}`).join('')}
${notices.map((n) => `<p><strong>${esc(n)}</strong></p>`).join('')}
<table>${totals.map((r) => `<tr><th>${esc(r.label)}</th><td>${esc(r.value)}</td></tr>`).join('')}</table>
<p>Shipping to:<br>${addressLines(order.shippingAddress).map(esc).join('<br>')}</p><p>${esc(storeName)}</p>`;
  return { to: order.email, subject: `Your ${storeName} order #${order.orderId}`, text, html };
}
