/**
 * An order's action forms: fulfil (carrier, tracking number, units of each line), cancel (a
 * reason) and refund (an amount or units of lines). Each is a `useAdminForm`: the domain checks
 * it before anything is sent, and a refusal shows the server's words.
 * @module
 */
import { useId } from 'react';
import type { AdminOrder } from '../../api/admin-client.ts';
import {
  formatAdminMoney, initialLineFields, unitsToRefund, unitsToShip, type AdminFormSubject,
} from '../../domain/admin-orders.ts';
import { useAdminForm, type AdminFormApi } from '../../hooks/admin/useAdminForm.ts';
import { FormMessage } from './FormMessage.tsx';

/** Props of each form: the order, and what to say once it is done. */
export interface OrderFormProps {
  order: AdminOrder;
  onDone(message: string): void;
}

const subjectOf = (order: AdminOrder): AdminFormSubject => ({ lines: order.lines, refundableCents: order.refundableCents });

function LineUnits({ order, form, units, legend, idPrefix }: { order: AdminOrder; form: AdminFormApi; units: (l: AdminOrder['lines'][number]) => number; legend: string; idPrefix: string }) {
  return (
    <fieldset className="admin-lines-fieldset">
      <legend>{legend}</legend>
      {order.lines.filter((line) => units(line) > 0).map((line) => (
        <div key={line.id} className="admin-field admin-field-inline">
          <label htmlFor={`${idPrefix}-line-${line.id}`}>{line.title}{line.sku ? ` (${line.sku})` : ''} <span className="admin-hint">up to {units(line)}</span></label>
          <input id={`${idPrefix}-line-${line.id}`} inputMode="numeric" size={4} value={form.fields[`line.${line.id}`] ?? ''} onChange={(e) => form.set(`line.${line.id}`, e.target.value)} />
        </div>
      ))}
    </fieldset>
  );
}

/** Ship units with a carrier and a tracking number. */
export function FulfilForm({ order, onDone }: OrderFormProps) {
  const form = useAdminForm({ kind: 'fulfil', fields: { carrier: 'ups', ...initialLineFields(order.lines, unitsToShip) }, subject: subjectOf(order) }, {
    orderId: order.id,
    onDone: (answer) => onDone(`Shipped with tracking number ${(answer as { fulfilment?: { trackingNumber?: string } }).fulfilment?.trackingNumber ?? ''}.`),
  });
  const id = useId();
  return (
    <form className="admin-card admin-form" aria-labelledby={`${id}-title`} noValidate onSubmit={(e) => { e.preventDefault(); form.submit(); }}>
      <h2 id={`${id}-title`}>Fulfil</h2>
      <label htmlFor={`${id}-carrier`}>Carrier</label>
      <select id={`${id}-carrier`} value={form.fields.carrier ?? 'ups'} onChange={(e) => form.set('carrier', e.target.value)}>
        <option value="ups">UPS</option>
        <option value="usps">USPS</option>
        <option value="fedex">FedEx</option>
        <option value="dhl">DHL</option>
        <option value="other">Other</option>
      </select>
      {form.fields.carrier === 'other' ? (
        <>
          <label htmlFor={`${id}-carrier-name`}>Carrier name</label>
          <input id={`${id}-carrier-name`} value={form.fields.carrierName ?? ''} onChange={(e) => form.set('carrierName', e.target.value)} />
        </>
      ) : null}
      <label htmlFor={`${id}-tracking`}>Tracking number</label>
      <input id={`${id}-tracking`} autoComplete="off" value={form.fields.trackingNumber ?? ''} onChange={(e) => form.set('trackingNumber', e.target.value)} />
      <LineUnits order={order} form={form} units={unitsToShip} legend="Units to ship" idPrefix={id} />
      <FormMessage error={form.error} />
      <button type="submit" className="admin-button" disabled={!form.canSubmit}>{form.busy ? 'Shipping…' : 'Mark shipped'}</button>
    </form>
  );
}

/** Cancel an order with nothing shipped. */
export function CancelForm({ order, onDone }: OrderFormProps) {
  const form = useAdminForm({ kind: 'cancel', subject: subjectOf(order) }, { orderId: order.id, onDone: () => onDone('The order is cancelled.') });
  const id = useId();
  return (
    <form className="admin-card admin-form" aria-labelledby={`${id}-title`} noValidate onSubmit={(e) => { e.preventDefault(); form.submit(); }}>
      <h2 id={`${id}-title`}>Cancel order</h2>
      <p className="admin-hint">Its stock goes back and its payment is voided or refunded.</p>
      <label htmlFor={`${id}-reason`}>Reason</label>
      <input id={`${id}-reason`} value={form.fields.reason ?? ''} onChange={(e) => form.set('reason', e.target.value)} />
      <FormMessage error={form.error} />
      <button type="submit" className="admin-button admin-button-danger" disabled={!form.canSubmit}>{form.busy ? 'Cancelling…' : 'Cancel order'}</button>
    </form>
  );
}

/** Refund an amount or units of lines. */
export function RefundForm({ order, onDone }: OrderFormProps) {
  const form = useAdminForm({ kind: 'refund', fields: { mode: 'amount' }, subject: subjectOf(order) }, { orderId: order.id, onDone: () => onDone('The refund is on its way.') });
  const id = useId();
  const mode = form.fields.mode ?? 'amount';
  return (
    <form className="admin-card admin-form" aria-labelledby={`${id}-title`} noValidate onSubmit={(e) => { e.preventDefault(); form.submit(); }}>
      <h2 id={`${id}-title`}>Refund</h2>
      <p className="admin-hint">Up to {formatAdminMoney(order.refundableCents, order.currency)} can be refunded.</p>
      <fieldset className="admin-radios">
        <legend>Refund by</legend>
        <label><input type="radio" name={`${id}-mode`} value="amount" checked={mode === 'amount'} onChange={() => form.set('mode', 'amount')} /> Amount</label>
        <label><input type="radio" name={`${id}-mode`} value="lines" checked={mode === 'lines'} onChange={() => form.set('mode', 'lines')} /> Lines</label>
      </fieldset>
      {mode === 'amount' ? (
        <>
          <label htmlFor={`${id}-amount`}>Amount</label>
          <input id={`${id}-amount`} inputMode="decimal" placeholder="0.00" value={form.fields.amount ?? ''} onChange={(e) => form.set('amount', e.target.value)} />
        </>
      ) : (
        <LineUnits order={order} form={form} units={unitsToRefund} legend="Units to refund" idPrefix={id} />
      )}
      <label htmlFor={`${id}-reason`}>Reason <span className="admin-hint">(optional)</span></label>
      <input id={`${id}-reason`} value={form.fields.reason ?? ''} onChange={(e) => form.set('reason', e.target.value)} />
      <FormMessage error={form.error} />
      <button type="submit" className="admin-button" disabled={!form.canSubmit}>{form.busy ? 'Refunding…' : 'Refund'}</button>
    </form>
  );
}
