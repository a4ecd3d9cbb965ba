/**
 * What a back-office form shows, from a snapshot of its machine: a pure function, tested without
 * React; `useAdminForm` returns it with the form's events.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import type { adminFormMachine } from './admin-form.machine.ts';

/** A form's state name. */
export type AdminFormStatus = 'editing' | 'submitting' | 'done';

/** What a back-office form shows. */
export interface AdminFormView {
  status: AdminFormStatus;
  fields: Record<string, string>;
  /** The message under the form (the check's or the server's), or null. */
  error: string | null;
  /** The submit button is enabled (not while a call is under way). */
  canSubmit: boolean;
  /** The call is under way (the button says so). */
  busy: boolean;
  /** The last call succeeded. */
  done: boolean;
  /** The last successful call's answer. */
  result: unknown;
}

/**
 * The view of a snapshot.
 * @example connectAdminForm(actor.getSnapshot()).canSubmit; // true
 */
export function connectAdminForm(snapshot: SnapshotFrom<typeof adminFormMachine>): AdminFormView {
  const status = snapshot.value as AdminFormStatus;
  return {
    status,
    fields: snapshot.context.fields,
    error: snapshot.context.error,
    canSubmit: snapshot.can({ type: 'form.submit' }),
    busy: status === 'submitting',
    done: status === 'done',
    result: snapshot.context.result,
  };
}
