/**
 * An order's note form: the note goes into the order's timeline.
 * @module
 */
import { useId } from 'react';
import type { AdminOrder } from '../../api/admin-client.ts';
import { NOTE_MAX } from '../../domain/admin-office.ts';
import { useAdminForm } from '../../hooks/admin/useAdminForm.ts';
import { FormMessage } from './FormMessage.tsx';

/** Add a note to the order. */
export function NoteForm({ order, onDone }: { order: AdminOrder; onDone(message: string): void }) {
  const form = useAdminForm({ kind: 'note' }, { orderId: order.id, onDone: () => onDone('The note is added to the timeline.') });
  const id = useId();
  return (
    <form className="admin-card admin-form" aria-labelledby={`${id}-title`} noValidate onSubmit={(e) => { e.preventDefault(); form.submit(); }}>
      <h2 id={`${id}-title`}>Add a note</h2>
      <label htmlFor={`${id}-body`}>Note <span className="admin-hint">(operators only)</span></label>
      <textarea id={`${id}-body`} rows={3} maxLength={NOTE_MAX} value={form.fields.body ?? ''} onChange={(e) => form.set('body', e.target.value)} />
      <FormMessage error={form.error} />
      <button type="submit" className="admin-button" disabled={!form.canSubmit}>{form.busy ? 'Adding…' : 'Add note'}</button>
    </form>
  );
}
