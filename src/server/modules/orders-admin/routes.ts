/**
 * The back office's order routes (HTTP only; the rules are in service.ts and the domain):
 *
 * | call | who | answer |
 * |---|---|---|
 * | GET /api/admin/orders | owner, staff, fulfilment | { orders, nextBefore }: filters status, payment, fulfilment, from, to, q |
 * | GET /api/admin/orders/{id} | owner, staff, fulfilment | { order }: lines, addresses, payments, fulfilments, refunds, returns, notes, timeline |
 * | POST /api/admin/orders/{id}/fulfilments | owner, staff, fulfilment | { fulfilment, order, warnings }; the shopper's shipped mail |
 * | POST /api/admin/orders/{id}/cancel | owner, staff | { order, warnings }: stock back, payment voided or refunded |
 * | POST /api/admin/orders/{id}/refunds | owner, staff | { refund, order, warnings }: 409 above what may be refunded |
 * | POST /api/admin/orders/{id}/returns | owner, staff | { return, order, warnings }: 409 for lines never shipped or not returnable |
 * | POST /api/admin/orders/{id}/returns/{rid}/receive | owner, staff | { order, warnings }: restock or not, refund on receipt |
 * | POST /api/admin/orders/{id}/notes | owner, staff | { order, warnings } |
 * | GET /admin/orders/{id}/packing-slip | owner, staff, fulfilment | the printable packing slip (HTML) |
 * | GET /admin/orders/{id}/invoice | owner, staff, fulfilment | the printable invoice (HTML): lines, prices, discount, shipping, tax, total, refunds |
 *
 * Every route sits behind the operator guard (sessions with their CSRF token, scoped API tokens,
 * ADMIN_TOKEN): reading, fulfilling and the packing slip need the `orders` permission; the routes
 * that move money, take goods back or write notes need `orders:manage`, which the fulfilment role
 * lacks (an API token with the `orders` scope holds both). Writes
 * take an optional Idempotency-Key: the same key answers what the first request made.
 * @module
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { Outbox } from '../mail/outbox.ts';
import { scriptNonce } from '../../platform/http/headers.ts';
import { operatorGuard, type OperatorAccess } from '../../platform/http/operator-access.ts';
import { auditWho } from '../admin/index.ts';
import type { PaymentsService } from '../payments/service.ts';
import { invoiceOf } from '../../../domain/order-operations/index.ts';
import { statusWords } from '../../../domain/admin-orders.ts';
import { invoiceHtml } from './invoice.ts';
import { packingSlipHtml } from './packing-slip.ts';
import * as s from './schemas.ts';
import {
  OrdersAdminService, RefundPendingError, requestKey,
  type FulfilInput, type OrderListQuery, type RefundInput, type ReturnInput,
} from './service.ts';

/** Options of {@link ordersAdminRoutes}. */
export interface OrdersAdminRoutesOptions {
  db: Db;
  /** Who may call the routes (the operators' access with its accounts). */
  operators: OperatorAccess;
  /** The payments module's service. */
  payments: () => PaymentsService | null;
  /** The outbox of the shopper's mails. */
  outbox: () => Outbox | null;
  /** Announces stock put back (the catalogue change feed). */
  reindex: (ids: readonly number[], version?: number) => Promise<void>;
  /** The store's public origin. */
  publicUrl: () => string;
  /** A service of the caller's (tests); built from the options otherwise. */
  service?: OrdersAdminService;
}

const TAGS = ['orders'];
const config = { operatorPermission: 'orders' as const };
/** The routes that cancel, refund, take returns or write notes (not the fulfilment role's). */
const manage = { operatorPermission: 'orders:manage' as const };

/**
 * The plugin.
 * @example
 * await app.register(ordersAdminRoutes, { db, operators, payments: () => app.payments, outbox: () => app.accounts.outbox, reindex, publicUrl: () => app.accounts.publicUrl });
 */
export const ordersAdminRoutes: FastifyPluginAsync<OrdersAdminRoutesOptions> = async (app, options) => {
  const service = options.service ?? new OrdersAdminService({
    db: options.db, payments: options.payments, outbox: options.outbox, reindex: options.reindex, publicUrl: options.publicUrl,
  });
  app.addHook('onRequest', operatorGuard(options.operators));
  // a refund whose provider call did not answer (the service's RefundPendingError) answers 503
  // with Retry-After rather than 500; every other error goes on to the app's handler
  app.setErrorHandler((err, _request, reply) => (err instanceof RefundPendingError
    ? reply.code(503).header('retry-after', '5').send({ error: err.message })
    : reply.send(err)));
  const schema = (summary: string, extra: Record<string, unknown>, ok: object) => ({ schema: { tags: TAGS, summary, ...extra, response: { 200: ok, ...s.orderErrors } } });
  const key = (request: FastifyRequest) => requestKey(request.headers['idempotency-key']);

  app.get<{ Querystring: OrderListQuery }>('/api/admin/orders', {
    config, ...schema('Orders, newest first: filter by status, payment, fulfilment, date and text (number, email, name, SKU); page with before = nextBefore', { querystring: s.listQuery }, s.listAnswer),
  }, async (request) => await service.list(request.query));

  app.get<{ Params: { id: number } }>('/api/admin/orders/:id', {
    config, ...schema('One order: lines, address, payment records, fulfilments, refunds, returns, notes and its timeline', { params: s.orderParams }, s.orderAnswer),
  }, async (request) => ({ order: await service.detail(request.params.id) }));

  app.post<{ Params: { id: number }; Body: FulfilInput }>('/api/admin/orders/:id/fulfilments', {
    config, bodyLimit: 65_536,
    ...schema('Ship some or all lines with a carrier and tracking number (the shopper gets the shipped mail; an authorised payment is captured)', { params: s.orderParams, headers: s.idempotencyHeaders, body: s.fulfilBody }, s.fulfilAnswer),
  }, async (request) => {
    const id = request.params.id;
    const done = await service.fulfil(auditWho(request), id, request.body, key(request));
    const order = await service.detail(id);
    return { fulfilment: order.fulfilments.find((f) => f.id === done.fulfilmentId), order, warnings: done.warnings, replayed: done.replayed };
  });

  app.post<{ Params: { id: number }; Body: { reason: string } }>('/api/admin/orders/:id/cancel', {
    config: manage, bodyLimit: 8192,
    ...schema('Cancel an order with nothing shipped: its stock goes back, its payment is voided or refunded', { params: s.orderParams, body: s.cancelBody }, s.writeAnswer),
  }, async (request) => {
    const id = request.params.id;
    const { warnings } = await service.cancel(auditWho(request), id, request.body.reason);
    return { order: await service.detail(id), warnings };
  });

  app.post<{ Params: { id: number }; Body: RefundInput }>('/api/admin/orders/:id/refunds', {
    config: manage, bodyLimit: 65_536,
    ...schema('Refund lines or an amount through the order\'s payment provider, never more than captured less refunded (409)', { params: s.orderParams, headers: s.idempotencyHeaders, body: s.refundBody }, s.refundAnswer),
  }, async (request) => {
    const id = request.params.id;
    const done = await service.refund(auditWho(request), id, request.body, key(request));
    const order = await service.detail(id);
    return { refund: order.refunds.find((r) => r.id === done.refundId), order, warnings: [], replayed: done.replayed };
  });

  app.post<{ Params: { id: number }; Body: ReturnInput }>('/api/admin/orders/:id/returns', {
    config: manage, bodyLimit: 65_536,
    ...schema('Authorise the return of shipped lines with a reason (the store\'s return rules; the shopper gets the return\'s mail)', { params: s.orderParams, headers: s.idempotencyHeaders, body: s.returnBody }, s.returnAnswer),
  }, async (request) => {
    const id = request.params.id;
    const done = await service.authoriseReturn(auditWho(request), id, request.body, key(request));
    const order = await service.detail(id);
    return { return: order.returns.find((r) => r.id === done.returnId), order, warnings: [], replayed: done.replayed };
  });

  app.post<{ Params: { id: number; rid: number }; Body: { restock: boolean; refund?: boolean } }>('/api/admin/orders/:id/returns/:rid/receive', {
    config: manage, bodyLimit: 4096,
    ...schema('Receive a return: restock or not, and refund its items less the restocking fee', { params: s.returnParams, body: s.receiveBody }, s.writeAnswer),
  }, async (request) => {
    const { id, rid } = request.params;
    const { warnings } = await service.receiveReturn(auditWho(request), id, rid, request.body);
    return { order: await service.detail(id), warnings };
  });

  app.post<{ Params: { id: number }; Body: { body: string } }>('/api/admin/orders/:id/notes', {
    config: manage, bodyLimit: 16_384,
    ...schema('Add a note to the order\'s timeline', { params: s.orderParams, body: s.noteBody }, s.writeAnswer),
  }, async (request) => {
    const id = request.params.id;
    await service.addNote(auditWho(request), id, request.body.body);
    return { order: await service.detail(id), warnings: [] };
  });

  app.get<{ Params: { id: number } }>('/admin/orders/:id/packing-slip', {
    config,
    schema: { tags: TAGS, summary: 'The order\'s printable packing slip (HTML): lines, bins, hazmat and freight notes', params: s.orderParams, response: s.packingSlipResponse, produces: ['text/html'] },
  }, async (request, reply) => {
    const p = await service.packingSlip(request.params.id);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(packingSlipHtml({ storeName: p.storeName, orderId: p.order.id, placedText: p.placedText, shipTo: p.shipTo, email: p.order.email, slip: p.slip, nonce: scriptNonce(reply) }));
  });

  app.get<{ Params: { id: number } }>('/admin/orders/:id/invoice', {
    config,
    schema: { tags: TAGS, summary: 'The order\'s printable invoice (HTML): lines with prices, discount, shipping, sales tax, total and refunds', params: s.orderParams, response: s.invoiceResponse, produces: ['text/html'] },
  }, async (request, reply) => {
    const slip = await service.packingSlip(request.params.id);
    const o = await service.detail(request.params.id);
    const invoice = invoiceOf({
      lines: o.lines.map((l) => ({ title: l.title, variantTitle: l.variantTitle, sku: l.sku, quantity: l.quantity, unitCents: l.unitCents })),
      subtotalCents: o.subtotalCents, discountCents: o.discountCents, discountCodes: o.discountCodes, shippingCents: o.shippingCents,
      taxCents: o.taxCents, totalCents: o.totalCents, refundedCents: o.refundedCents,
    });
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(invoiceHtml({
        storeName: slip.storeName, orderId: o.id, placedText: slip.placedText, buyer: slip.shipTo, email: o.email, currency: o.currency,
        paymentText: `Payment: ${statusWords(o.paymentStatus).toLowerCase()}`, invoice, nonce: scriptNonce(reply),
      }));
  });
};
