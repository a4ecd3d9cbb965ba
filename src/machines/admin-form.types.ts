/**
 * Types of the back office's form machine (`admin-form.machine.ts`) and of its connect function.
 * @module
 */
import type { AdminFormKind, AdminFormSubject } from '../domain/admin-orders.ts';

export type { AdminFormKind, AdminFormSubject } from '../domain/admin-orders.ts';

/** What the machine knows. */
export interface AdminFormContext {
  kind: AdminFormKind;
  /** The fields as typed (text), by name; order lines as `line.<id>`. */
  fields: Record<string, string>;
  /** What the order forms are checked against. */
  subject: AdminFormSubject;
  /** The message shown: the check's, or the server's `{ error }` of a refused call. */
  error: string | null;
  /** The last successful call's answer. */
  result: unknown;
}

/** The machine's input. */
export interface AdminFormInput {
  kind: AdminFormKind;
  /** The fields to start with. @default {} */
  fields?: Record<string, string>;
  /** @default no lines, nothing refundable */
  subject?: AdminFormSubject;
}

/** Events: a field typed, the form sent, the form started again (after a success, or a new order). */
export type AdminFormEvent =
  | { type: 'field.changed'; name: string; value: string }
  | { type: 'form.submit' }
  | { type: 'form.reset'; fields?: Record<string, string>; subject?: AdminFormSubject };

/** The `submit` actor's input: the form's kind and the checked body. */
export interface AdminSubmitInput {
  kind: AdminFormKind;
  body: unknown;
}
