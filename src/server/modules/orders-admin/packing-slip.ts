/**
 * The printable packing slip of an order (GET /admin/orders/{id}/packing-slip): a plain HTML page
 * that prints cleanly on A4 or Letter (black on white, no navigation, the table's header repeated
 * on each page, rows never split), from the domain's slip: the order number and date, where it
 * ships, each line with its SKU, the units to pack and where they sit (location and bin), and
 * the handling notes of its lines (hazardous materials, freight, chemicals not returnable once
 * opened). A Print button, hidden in print, runs with the page's script nonce.
 * @module
 */
import type { OrderAddressLike } from '../../../domain/orders.ts';
import { addressLines } from '../../../domain/address-format.ts';
import type { PackingSlip } from '../../../domain/order-operations/index.ts';

/** Escapes text for the printable pages' HTML. */
export const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The printable pages' style (the packing slip, the invoice): black on white, headers repeated, rows never split. */
export const PRINT_STYLE = `
  *{box-sizing:border-box}
  body{font:12pt/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#000;background:#fff;margin:24px}
  header{display:flex;justify-content:space-between;align-items:flex-start;gap:24px;border-bottom:2px solid #000;padding-bottom:8px}
  h1{font-size:18pt;margin:0}
  h2{font-size:13pt;margin:16px 0 4px}
  address{font-style:normal}
  table{width:100%;border-collapse:collapse;margin-top:12px}
  th,td{border:1px solid #000;padding:4px 6px;text-align:left;vertical-align:top}
  th{background:#eee}
  td.n,th.n{text-align:right;white-space:nowrap}
  .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
  @media (max-width:600px){body{margin:12px;font-size:10.5pt}header{flex-direction:column;gap:4px}th,td{padding:3px 4px}}
  td.pack{font-weight:700;font-size:14pt}
  .marks{font-weight:700;font-size:9pt;letter-spacing:.04em}
  .notes li{margin-bottom:4px}
  .print{margin-top:16px;padding:8px 16px;font:inherit}
  @page{margin:12mm}
  @media print{
    body{margin:0}
    .print{display:none}
    thead{display:table-header-group}
    tr{break-inside:avoid;page-break-inside:avoid}
    th{background:#fff}
  }
`;

/** What the page names besides the slip. */
export interface PackingSlipPage {
  storeName: string;
  orderId: number;
  placedText: string;
  shipTo: OrderAddressLike | null;
  email: string;
  slip: PackingSlip;
  /** The answer's script nonce (the Print button's handler). */
  nonce: string;
}

/**
 * The slip's HTML.
 * @example
 * reply.type('text/html; charset=utf-8').send(packingSlipHtml({ storeName, orderId, placedText, shipTo, email, slip, nonce }));
 */
export function packingSlipHtml(p: PackingSlipPage): string {
  const address = p.shipTo ? addressLines(p.shipTo).map(esc).join('<br>') : '';
  const rows = p.slip.rows.map((r) => `<tr>
      <td>${esc(r.sku)}</td>
      <td>${esc(r.title)}${r.marks.length > 0 ? `<div class="marks">${r.marks.map(esc).join(' · ')}</div>` : ''}</td>
      <td>${esc(r.where)}</td>
      <td class="n">${r.ordered}</td>
      <td class="n">${r.shipped}</td>
      <td class="n pack">${r.toPack}</td>
      <td class="n" aria-label="Packed">☐</td>
    </tr>`).join('');
  const notes = p.slip.notes.map((n) => `<li><strong>${n.titles.map(esc).join(', ')}:</strong> ${esc(n.text)}</li>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Packing slip · order #${p.orderId} · ${esc(p.storeName)}</title>
<style>${PRINT_STYLE}</style>
</head>
<body>
<header>
  <div><h1>Packing slip</h1><p>${esc(p.storeName)}</p></div>
  <div><p><strong>Order #${p.orderId}</strong><br>Placed ${esc(p.placedText)}<br>${p.slip.unitsToPack} unit${p.slip.unitsToPack === 1 ? '' : 's'} to pack</p></div>
</header>
<section aria-labelledby="ship-to"><h2 id="ship-to">Ship to</h2><address>${address}<br>${esc(p.email)}</address></section>
<table>
  <caption class="visually-hidden">Items of order #${p.orderId}</caption>
  <thead><tr><th scope="col">SKU</th><th scope="col">Item</th><th scope="col">Location / bin</th><th scope="col">Ordered</th><th scope="col">Shipped</th><th scope="col">To pack</th><th scope="col">Packed</th></tr></thead>
  <tbody>${rows}</tbody>
</table>
${notes ? `<section aria-labelledby="notes"><h2 id="notes">Handling notes</h2><ul class="notes">${notes}</ul></section>` : ''}
<button type="button" class="print" id="print">Print</button>
<script nonce="${esc(p.nonce)}">document.getElementById('print').addEventListener('click',function(){window.print()});</script>
</body>
</html>`;
}
