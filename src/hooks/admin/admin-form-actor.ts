/**
 * The back office's form machine with its call, over the latest values of the `useAdminForm`
 * that runs it: the client, the read cache and the order the form acts on. A successful call
 * refreshes what it changed: a sign-in puts the session in the cache, an order's write puts the
 * order as answered and invalidates the lists and the dashboard.
 * @module
 */
import { fromPromise } from 'xstate';
import type { AdminClient, AdminFulfilBody, AdminRefundBody, AdminSession, AdminWriteAnswer } from '../../api/admin-client.ts';
import type { AdminFormKind } from '../../domain/admin-orders.ts';
import { adminFormMachine } from '../../machines/admin-form.machine.ts';
import { actorValues } from '../actor-values.ts';
import { invalidateReads, type ReadCache } from '../query/index.ts';
import { sendAdminProductForm } from './admin-product-writes.ts';
import { ADMIN_KEYS } from './reads.ts';
import { sendOfficeForm } from './office-reads.ts';
import { isOfficeFormKind } from '../../domain/admin-office.ts';
import { isOperatorFormKind } from '../../domain/admin-imports.ts';
import { sendOperatorForm } from './operator-reads.ts';

/** The values of each `useAdminForm`'s actor tree. */
export interface AdminFormValues {
  client: AdminClient;
  queryClient: ReadCache;
  /** The order an order form acts on. */
  orderId: number | null;
  /** One key per operator action: a second try of the same form sends the same. */
  idempotencyKey: string;
  /**
   * Called with the answer of a successful call, before the cache is refreshed (a refreshed order
   * may take the form itself off the page, as a shipped order's fulfil form).
   */
  onDone?: ((answer: unknown) => void) | undefined;
  /** The file a picture form sends (the form's fields hold its name, type and size for the check). */
  file?: Blob | null | undefined;
}

/** The values of each `useAdminForm`'s actor tree. */
export const adminFormValues = actorValues<AdminFormValues>('useAdminForm');

/** Sends a checked form of `kind` and refreshes the cache. */
export async function sendAdminForm(values: AdminFormValues, kind: AdminFormKind, body: unknown, signal?: AbortSignal): Promise<unknown> {
  const { client, queryClient } = values;
  const call = signal ? { signal } : {};
  // a page rendered on the server started from the session in the cache: its CSRF token goes with the writes
  const session = queryClient.getQueryData<AdminSession | null>(ADMIN_KEYS.me);
  if (session && client.csrfToken() === null) client.setCsrfToken(session.csrfToken);
  if (kind === 'signIn') {
    const session = await client.signIn(body as { email: string; password: string; code?: string }, call);
    values.onDone?.(session);
    queryClient.setQueryData<AdminSession>(ADMIN_KEYS.me, session);
    invalidateReads(queryClient, ADMIN_KEYS.orders);
    invalidateReads(queryClient, ADMIN_KEYS.dashboard);
    return session;
  }
  if (kind === 'setPassword') {
    const answer = await client.setPassword(body as { token: string; password: string }, call);
    values.onDone?.(answer);
    return answer;
  }
  if (isOfficeFormKind(kind)) return await sendOfficeForm(values, kind, body, signal);
  if (isOperatorFormKind(kind)) return await sendOperatorForm(values, kind, body, signal);
  if (kind === 'productEdit' || kind === 'productBulk' || kind === 'productPicture') return sendAdminProductForm(values, kind, body, call);
  const id = values.orderId;
  if (id === null) throw new Error('useAdminForm: an order form needs its order');
  const keyed = { ...call, idempotencyKey: values.idempotencyKey };
  let answer: AdminWriteAnswer;
  if (kind === 'fulfil') answer = await client.fulfil(id, body as AdminFulfilBody, keyed);
  else if (kind === 'refund') answer = await client.refund(id, body as AdminRefundBody, keyed);
  else answer = await client.cancel(id, body as { reason: string }, call);
  values.onDone?.(answer);
  queryClient.setQueryData(ADMIN_KEYS.order(id), answer.order);
  invalidateReads(queryClient, ADMIN_KEYS.orders);
  invalidateReads(queryClient, ADMIN_KEYS.dashboard);
  return answer;
}

/** The machine with its call. */
export const providedAdminFormMachine = adminFormMachine.provide({
  actors: {
    submit: fromPromise(async ({ system, input, signal }) => sendAdminForm(adminFormValues.of(system), input.kind, input.body, signal)),
  },
});
