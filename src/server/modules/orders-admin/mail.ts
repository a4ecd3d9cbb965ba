/**
 * The mails an order's operations send the shopper, written to the outbox in the operation's own
 * transaction: shipped (with the carrier, the tracking number and its link), refunded (the amount
 * and what it was for), and return authorised (the return number, the items, the reason and the
 * store's return instructions: freight at the buyer's cost, the restocking fee).
 * @module
 */
import { formatPrice, fromCents } from '../../../domain/money.ts';
import { returnInstructions } from '../../../domain/order-operations/index.ts';
import type { EmailMessage } from '../mail/outbox.ts';

/** The outbox kinds of the mails. */
export const ORDER_MAIL_KINDS = { shipped: 'order-shipped', refunded: 'order-refunded', returnAuthorised: 'order-return-authorised' } as const;

const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const money = (cents: number): string => formatPrice(fromCents(cents));

/** What every mail names: the order, where the shopper sees it, the store. */
export interface MailContext {
  orderId: number;
  email: string;
  storeName: string;
  /** The shopper's order page. */
  orderUrl: string;
}

/** Units of an item, as a mail lists them. */
export interface MailItem {
  title: string;
  quantity: number;
}

function compose(ctx: MailContext, subject: string, paragraphs: string[], items: MailItem[], link?: { text: string; url: string }): EmailMessage {
  const list = items.map((i) => `${i.title} × ${i.quantity}`);
  const text = [...paragraphs, '', ...list.map((l) => `- ${l}`), '', ...(link ? [`${link.text}: ${link.url}`] : []), `Your order: ${ctx.orderUrl}`, '', ctx.storeName].join('\n');
  const html = `${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('')}
<ul>${list.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>
${link ? `<p><a href="${esc(link.url)}">${esc(link.text)}</a></p>` : ''}<p><a href="${esc(ctx.orderUrl)}">Your order #${ctx.orderId}</a></p><p>${esc(ctx.storeName)}</p>`;
  return { to: ctx.email, subject, text, html };
}

/**
 * The shipped mail: what left, by which carrier, the tracking number and its link.
 * @example
 * shippedMail(ctx, { carrierName: 'UPS', trackingNumber: '1Z...', trackingUrl: 'https://www.ups.com/track?tracknum=1Z...' }, [{ title: 'Pump', quantity: 1 }]);
 */
export function shippedMail(ctx: MailContext, shipment: { carrierName: string; trackingNumber: string; trackingUrl: string | null }, items: MailItem[], rest: number): EmailMessage {
  return compose(
    ctx,
    `Your ${ctx.storeName} order #${ctx.orderId} has shipped`,
    [
      `Good news: items of your order #${ctx.orderId} are on their way with ${shipment.carrierName}.`,
      `Tracking number: ${shipment.trackingNumber}`,
      ...(rest > 0 ? [`${rest} more item${rest === 1 ? '' : 's'} will follow in another shipment.`] : []),
    ],
    items,
    shipment.trackingUrl ? { text: `Track your package with ${shipment.carrierName}`, url: shipment.trackingUrl } : undefined,
  );
}

/** The refunded mail: the amount and what it was for. */
export function refundedMail(ctx: MailContext, refund: { amountCents: number; reason: string | null; kind: 'manual' | 'cancel' | 'return' }, items: MailItem[]): EmailMessage {
  const why = refund.kind === 'cancel' ? 'Your order was cancelled.' : refund.kind === 'return' ? 'We received your return.' : null;
  return compose(
    ctx,
    `Refund of ${money(refund.amountCents)} for your ${ctx.storeName} order #${ctx.orderId}`,
    [
      ...(why ? [why] : []),
      `We refunded ${money(refund.amountCents)} to the card you paid with for order #${ctx.orderId}.`,
      ...(refund.reason ? [`Reason: ${refund.reason}`] : []),
      'Your bank may take 5 to 10 business days to show it on your statement.',
    ],
    items,
  );
}

/** The return-authorised mail: the return number, the items, the reason and how to send them back. */
export function returnAuthorisedMail(ctx: MailContext, ret: { id: number; reason: string; feePercent: number; buyerPaysFreight: boolean }, items: MailItem[]): EmailMessage {
  return compose(
    ctx,
    `Return #${ret.id} authorised for your ${ctx.storeName} order #${ctx.orderId}`,
    [
      `We authorised the return of these items of order #${ctx.orderId} (return #${ret.id}).`,
      `Reason: ${ret.reason}`,
      ...returnInstructions(ret.buyerPaysFreight, ret.feePercent),
    ],
    items,
  );
}
