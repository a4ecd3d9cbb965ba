/**
 * One back-office form (sign-in, set-password, fulfil, cancel, refund) over `adminFormMachine`.
 * @module
 */
import { useState } from 'react';
import { connectAdminForm, type AdminFormView } from '../../machines/admin-form.connect.ts';
import type { AdminFormInput, AdminFormSubject } from '../../machines/admin-form.types.ts';
import { useLatest } from '../useLatest.ts';
import { useMachineView } from '../useMachineView.ts';
import { useAdmin } from './AdminProvider.tsx';
import { adminFormValues, providedAdminFormMachine } from './admin-form-actor.ts';

export type { AdminFormView } from '../../machines/admin-form.connect.ts';

/** What {@link useAdminForm} returns: the form's view and its events. */
export interface AdminFormApi extends AdminFormView {
  /** A field typed. */
  set(name: string, value: string): void;
  /** The form sent (its check first). */
  submit(): void;
  /** Starts the form again (after a success, or with the order as it is now). */
  reset(fields?: Record<string, string>, subject?: AdminFormSubject): void;
}

function newKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * A form of the back office.
 * @example
 * const form = useAdminForm({ kind: 'cancel' }, { orderId: order.id, onDone: () => say('Cancelled.') });
 * <input value={form.fields.reason ?? ''} onChange={(e) => form.set('reason', e.target.value)} />
 * <button disabled={!form.canSubmit} onClick={form.submit}>Cancel order</button>
 */
/** Options of {@link useAdminForm}. */
export interface AdminFormOptions {
  /** The order an order form acts on. @default null */
  orderId?: number | null;
  /** Called with the answer of each successful call (before the reads it changed are refreshed). */
  onDone?: (answer: unknown) => void;
  /** The file a picture form sends. @default null */
  file?: Blob | null;
}

export function useAdminForm(input: AdminFormInput, options: AdminFormOptions = {}): AdminFormApi {
  const { client, queryClient } = useAdmin();
  // one key per action: a retry of a refused or lost call sends the same; a reset makes a new one
  const [idempotencyKey, setKey] = useState(newKey);
  const values = useLatest({ client, queryClient, orderId: options.orderId ?? null, idempotencyKey, onDone: options.onDone, file: options.file ?? null });
  const { view, actor } = useMachineView(providedAdminFormMachine, connectAdminForm, { input, values: [adminFormValues, values] });
  return {
    ...view,
    set: (name, value) => actor.send({ type: 'field.changed', name, value }),
    submit: () => actor.send({ type: 'form.submit' }),
    reset: (fields, subject) => {
      setKey(newKey());
      actor.send({ type: 'form.reset', ...(fields ? { fields } : {}), ...(subject ? { subject } : {}) });
    },
  };
}
