/**
 * The discount forms: create or edit a code (percent, amount or free shipping; minimum subtotal;
 * start and end; total uses; once per customer) and a code's pause, resume and expire buttons. Each is a
 * `useAdminForm`: the domain checks and parses the typed money, percents and dates before anything
 * is sent; a refusal (a code that exists: 409) shows the server's words.
 * @module
 */
import { useId } from 'react';
import type { AdminDiscount } from '../../api/admin-office.ts';
import { discountActions, discountFormFields } from '../../domain/admin-office.ts';
import { useAdminForm } from '../../hooks/admin/useAdminForm.ts';
import { FormMessage } from './FormMessage.tsx';

/** Create a discount code, or (with `discount`) edit one: every field but the code. */
export function DiscountCreateForm({ onDone, discount, onCancel }: { onDone(message: string): void; discount?: AdminDiscount; onCancel?: () => void }) {
  const editing = discount !== undefined;
  const form = useAdminForm(editing ? { kind: 'discountEdit', fields: discountFormFields(discount) } : { kind: 'discount', fields: { kind: 'percentage' } }, {
    onDone: (answer) => {
      const code = (answer as { discount?: AdminDiscount }).discount?.code ?? '';
      onDone(editing ? `Code ${code} is saved.` : `Code ${code} is created.`);
    },
  });
  const id = useId();
  const kind = form.fields.kind ?? 'percentage';
  const field = (name: string, label: string, extra: { hint?: string; placeholder?: string; inputMode?: 'decimal' | 'numeric'; readOnly?: boolean } = {}) => (
    <div className="admin-field">
      <label htmlFor={`${id}-${name}`}>{label}{extra.hint ? <> <span className="admin-hint">{extra.hint}</span></> : null}</label>
      <input id={`${id}-${name}`} inputMode={extra.inputMode} placeholder={extra.placeholder} autoComplete="off" readOnly={extra.readOnly} value={form.fields[name] ?? ''} onChange={(e) => form.set(name, e.target.value)} />
    </div>
  );
  return (
    <form className="admin-card admin-form admin-wide" aria-labelledby={`${id}-title`} noValidate onSubmit={(e) => { e.preventDefault(); form.submit(); }}>
      <h2 id={`${id}-title`}>{editing ? `Edit ${discount.code}` : 'New discount code'}</h2>
      <div className="admin-form-grid">
        {field('code', 'Code', editing ? { hint: '(a code cannot be renamed)', readOnly: true } : { placeholder: 'SPRING15' })}
        <div className="admin-field">
          <label htmlFor={`${id}-kind`}>Kind</label>
          <select id={`${id}-kind`} value={kind} onChange={(e) => form.set('kind', e.target.value)}>
            <option value="percentage">Percent off</option>
            <option value="fixed">Amount off</option>
            <option value="free_shipping">Free shipping</option>
          </select>
        </div>
        {kind === 'percentage' ? field('value', 'Percent', { placeholder: '15', inputMode: 'numeric' }) : null}
        {kind === 'fixed' ? field('value', 'Amount', { placeholder: '10.00', inputMode: 'decimal' }) : null}
        {field('minSubtotal', 'Minimum subtotal', { hint: '(optional)', placeholder: '0.00', inputMode: 'decimal' })}
        {field('startsAt', 'Starts', { hint: '(YYYY-MM-DD, UTC)', placeholder: '2026-12-01' })}
        {field('endsAt', 'Ends', { hint: '(YYYY-MM-DD, UTC)', placeholder: '2026-12-31' })}
        {field('maxUses', 'Total uses', { hint: '(blank: no limit)', inputMode: 'numeric' })}
      </div>
      <label className="admin-check">
        <input type="checkbox" checked={form.fields.oncePerCustomer === 'yes'} onChange={(e) => form.set('oncePerCustomer', e.target.checked ? 'yes' : 'no')} />
        {' '}Once per customer (and per IP address)
      </label>
      <FormMessage error={form.error} />
      <div className="admin-row-actions">
        <button type="submit" className="admin-button" disabled={!form.canSubmit}>{editing ? (form.busy ? 'Saving…' : 'Save code') : form.busy ? 'Creating…' : 'Create code'}</button>
        {onCancel ? <button type="button" className="admin-button admin-button-quiet" onClick={onCancel}>Cancel</button> : null}
      </div>
    </form>
  );
}

function ActionButton({ code, action, label, onDone }: { code: string; action: 'pause' | 'resume' | 'expire'; label: string; onDone(message: string): void }) {
  const form = useAdminForm({ kind: 'discountAction', fields: { code, action } }, {
    onDone: () => onDone(`${code} is ${action === 'pause' ? 'paused' : action === 'resume' ? 'resumed' : 'expired'}.`),
  });
  return (
    <form noValidate onSubmit={(e) => { e.preventDefault(); form.submit(); }}>
      <button type="submit" className={`admin-button ${action === 'expire' ? 'admin-button-danger' : 'admin-button-quiet'}`} disabled={!form.canSubmit} aria-label={`${label} ${code}`}>
        {form.busy ? '…' : label}
      </button>
      {form.error ? <FormMessage error={form.error} /> : null}
    </form>
  );
}

/** A code's pause, resume and expire buttons, as its state allows. */
export function DiscountActions({ discount, onDone }: { discount: AdminDiscount; onDone(message: string): void }) {
  const can = discountActions(discount.status);
  if (!can.pause && !can.resume && !can.expire) return <span className="admin-hint">None (ended)</span>;
  return (
    <div className="admin-row-actions">
      {can.pause ? <ActionButton code={discount.code} action="pause" label="Pause" onDone={onDone} /> : null}
      {can.resume ? <ActionButton code={discount.code} action="resume" label="Resume" onDone={onDone} /> : null}
      {can.expire ? <ActionButton code={discount.code} action="expire" label="Expire" onDone={onDone} /> : null}
    </div>
  );
}
