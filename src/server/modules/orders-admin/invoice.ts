/**
 * The printable invoice of an order (GET /admin/orders/{id}/invoice): the store, the order number
 * and date, who bought it (billed and shipped to the order's address, with the e-mail), each line
 * with its SKU, units, unit price and amount, then the amounts as charged (the domain's
 * `invoiceOf`: subtotal, discount with its codes, shipping, sales tax, total; refunds and what was
 * paid after them once money went back). It prints like the packing slip (the same style) and
 * its Print button runs with the page's script nonce.
 * @module
 */
import { addressLines } from '../../../domain/address-format.ts';
import { formatAdminMoney } from '../../../domain/admin-orders.ts';
import type { Invoice } from '../../../domain/order-operations/index.ts';
import type { OrderAddressLike } from '../../../domain/orders.ts';
import { esc, PRINT_STYLE } from './packing-slip.ts';

/** What the page names besides the invoice. */
export interface InvoicePage {
  storeName: string;
  orderId: number;
  placedText: string;
  buyer: OrderAddressLike | null;
  email: string;
  currency: string;
  /** The order's payment state in words ('Paid', 'Refunded', ...). */
  paymentText: string;
  invoice: Invoice;
  nonce: string;
}

/** The invoice's HTML. */
export function invoiceHtml(p: InvoicePage): string {
  const money = (cents: number) => esc(formatAdminMoney(cents, p.currency));
  const address = p.buyer ? addressLines(p.buyer).map(esc).join('<br>') : '';
  const rows = p.invoice.rows.map((r) => `<tr>
      <td>${esc(r.sku)}</td>
      <td>${esc(r.item)}</td>
      <td class="n">${r.quantity}</td>
      <td class="n">${money(r.unitCents)}</td>
      <td class="n">${money(r.amountCents)}</td>
    </tr>`).join('');
  const amounts = p.invoice.amounts.map((a) => {
    const cell = a.strong ? `<strong>${money(a.cents)}</strong>` : money(a.cents);
    return `<tr><th scope="row" colspan="4" class="n">${a.strong ? `<strong>${esc(a.label)}</strong>` : esc(a.label)}</th><td class="n">${cell}</td></tr>`;
  }).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Invoice · order #${p.orderId} · ${esc(p.storeName)}</title>
<style>${PRINT_STYLE} tfoot th{background:#fff;font-weight:400}</style>
</head>
<body>
<header>
  <div><h1>Invoice</h1><p>${esc(p.storeName)}</p></div>
  <div><p><strong>Order #${p.orderId}</strong><br>Placed ${esc(p.placedText)}<br>${esc(p.paymentText)}</p></div>
</header>
<section aria-labelledby="bill-to"><h2 id="bill-to">Billed and shipped to</h2><address>${address}<br>${esc(p.email)}</address></section>
<table>
  <caption class="visually-hidden">Items and amounts of order #${p.orderId}</caption>
  <thead><tr><th scope="col">SKU</th><th scope="col">Item</th><th scope="col">Qty</th><th scope="col">Unit price</th><th scope="col">Amount</th></tr></thead>
  <tbody>${rows}</tbody>
  <tfoot>${amounts}</tfoot>
</table>
<button type="button" class="print" id="print">Print</button>
<script nonce="${esc(p.nonce)}">document.getElementById('print').addEventListener('click',function(){window.print()});</script>
</body>
</html>`;
}
