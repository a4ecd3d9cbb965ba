/**
 * The back office's reads of discounts, customers and the audit log (keys and calls) over the
 * read cache, and the calls of this module's forms (returns, notes, discounts, customers) with
 * what each refreshes.
 * @module
 */
import type { AdminClient, AdminOperator } from '../../api/admin-client.ts';
import type {
  AdminAuditEntry, AdminCustomer, AdminCustomerSummary, AdminDiscount, AdminDiscountBody, AdminDiscountQuery, AdminReturnBody,
} from '../../api/admin-office.ts';
import { auditQueryOf, type AuditFilters, type DiscountEditBody, type OfficeFormKind, type ReceiveFormBody } from '../../domain/admin-office.ts';
import { invalidateReads, type Read, type ReadCache } from '../query/index.ts';
import { ADMIN_KEYS } from './reads.ts';

/** The keys of this module's reads (prefixes invalidate every read under them). */
export const OFFICE_KEYS = {
  discounts: ['admin', 'discounts'] as const,
  customers: ['admin', 'customers'] as const,
  customer: (id: number) => ['admin', 'customer', id] as const,
  audit: ['admin', 'audit'] as const,
  operators: ['admin', 'operators'] as const,
};

/** How many rows a page of discounts, customers or audit entries holds. @default 50 */
export const OFFICE_PAGE_SIZE = 50;

/** A page of discount codes. */
export function discountsRead(client: AdminClient, query: AdminDiscountQuery): Read<{ discounts: AdminDiscount[]; nextAfter: string | null }> {
  return { key: [...OFFICE_KEYS.discounts, query], fetch: (signal) => client.discounts(query, { signal }) };
}

/** A page of customers matching `q` (every customer, newest first, without). */
export function customersRead(client: AdminClient, query: { q?: string; before?: number; limit?: number }): Read<{ customers: AdminCustomerSummary[]; nextBefore: number | null }> {
  return { key: [...OFFICE_KEYS.customers, query], fetch: (signal) => client.customers(query, { signal }) };
}

/** One customer. */
export function customerRead(client: AdminClient, id: number): Read<AdminCustomer> {
  return { key: OFFICE_KEYS.customer(id), fetch: async (signal) => (await client.customer(id, { signal })).customer };
}

/** A page of the audit log with the filters of the page's URL. */
export function auditRead(client: AdminClient, filters: AuditFilters): Read<{ entries: AdminAuditEntry[]; nextBefore: number | null }> {
  const query = { ...auditQueryOf(filters), limit: OFFICE_PAGE_SIZE };
  return { key: [...OFFICE_KEYS.audit, query], fetch: (signal) => client.audit(query, { signal }) };
}

/** Every operator (owners): the audit log's operator filter. */
export function operatorsRead(client: AdminClient): Read<AdminOperator[]> {
  return { key: OFFICE_KEYS.operators, fetch: async (signal) => (await client.operators({ signal })).operators };
}

/** What an office form's call needs. */
export interface OfficeSendValues {
  client: AdminClient;
  queryClient: ReadCache;
  orderId: number | null;
  idempotencyKey: string;
  onDone?: ((answer: unknown) => void) | undefined;
}

/**
 * Sends a checked form of this module and refreshes what it changed: an order's write puts the
 * order as answered (and the lists and audit log are asked again), a discount's write the codes.
 */
export async function sendOfficeForm(values: OfficeSendValues, kind: OfficeFormKind, body: unknown, signal?: AbortSignal): Promise<unknown> {
  const { client, queryClient } = values;
  const call = signal ? { signal } : {};
  const done = (answer: unknown) => {
    values.onDone?.(answer);
    invalidateReads(queryClient, OFFICE_KEYS.audit);
    return answer;
  };
  if (kind === 'discount' || kind === 'discountEdit' || kind === 'discountAction') {
    const answer = kind === 'discount'
      ? await client.createDiscount(body as AdminDiscountBody, call)
      : kind === 'discountEdit'
        ? await client.updateDiscount((body as DiscountEditBody).code, (body as DiscountEditBody).patch, call)
        : await client.updateDiscount((body as { code: string }).code, { action: (body as { action: 'pause' | 'resume' | 'expire' }).action }, call);
    done(answer);
    invalidateReads(queryClient, OFFICE_KEYS.discounts);
    return answer;
  }
  if (kind === 'customerReset') {
    return done(await client.customerPasswordReset((body as { customerId: number }).customerId, call));
  }
  const id = values.orderId;
  if (id === null) throw new Error('useAdminForm: an order form needs its order');
  let answer: { order: unknown };
  if (kind === 'return') answer = await client.authoriseReturn(id, body as AdminReturnBody, { ...call, idempotencyKey: values.idempotencyKey });
  else if (kind === 'receive') {
    const { returnId, restock, refund } = body as ReceiveFormBody;
    answer = await client.receiveReturn(id, returnId, { restock, refund }, call);
  } else answer = await client.addNote(id, body as { body: string }, call);
  done(answer);
  queryClient.setQueryData(ADMIN_KEYS.order(id), answer.order);
  invalidateReads(queryClient, ADMIN_KEYS.orders);
  invalidateReads(queryClient, ADMIN_KEYS.dashboard);
  return answer;
}
