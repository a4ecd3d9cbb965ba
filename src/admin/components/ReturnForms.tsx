/**
 * An order's returns: the form that authorises the return of shipped lines with a reason (opened
 * or not, a restocking fee), the list of its returns, and for each return not received yet the
 * form that receives it (restock or not, refund on receipt). The store's return rules (no return
 * of opened chemicals or hazardous liquids, freight at the buyer's cost) are the server's: its
 * refusal (409) shows in its words.
 * @module
 */
import { useId } from 'react';
import type { AdminOrder } from '../../api/admin-client.ts';
import type { AdminOrderWithReturns, AdminReturn } from '../../api/admin-office.ts';
import { unitsToReturn } from '../../domain/admin-office.ts';
import { formatAdminDate, formatAdminMoney } from '../../domain/admin-orders.ts';
import { returnRefusal, soldByVolume } from '../../domain/order-operations/returns.ts';
import type { ReturnRuleFacts } from '../../domain/order-operations/state.ts';
import { useAdminForm } from '../../hooks/admin/useAdminForm.ts';
import { FormMessage } from './FormMessage.tsx';

/** Props of each form: the order, and what to say once it is done. */
export interface ReturnFormProps {
  order: AdminOrderWithReturns;
  onDone(message: string): void;
}

const subjectOf = (order: AdminOrder) => ({ lines: order.lines, refundableCents: order.refundableCents });

/** Whether the store's rules refuse a line's return even unopened (the server has the last word, 409). */
function hazardousLiquid(line: AdminOrder['lines'][number]): boolean {
  const rules: ReturnRuleFacts = { shipClass: line.shipClass as ReturnRuleFacts['shipClass'], notReturnableOnceOpened: line.notReturnableOnceOpened, liquid: soldByVolume(line.variantTitle) };
  return returnRefusal(rules, false) === 'hazardous-liquid';
}

/** Whether any unit of the order may still be returned. */
export function canReturn(order: AdminOrder): boolean {
  return order.lines.some((line) => unitsToReturn(line) > 0);
}

/** Authorise the return of shipped units with a reason. */
export function ReturnForm({ order, onDone }: ReturnFormProps) {
  const form = useAdminForm({ kind: 'return', fields: { fee: '0' }, subject: subjectOf(order) }, {
    orderId: order.id,
    onDone: () => onDone('The return is authorised; the customer gets the return instructions.'),
  });
  const id = useId();
  const lines = order.lines.filter((line) => unitsToReturn(line) > 0);
  return (
    <form className="admin-card admin-form" aria-labelledby={`${id}-title`} noValidate onSubmit={(e) => { e.preventDefault(); form.submit(); }}>
      <h2 id={`${id}-title`}>Authorise a return</h2>
      <p className="admin-hint">Opened chemicals and hazardous liquids cannot be returned; freight items return at the buyer's cost.</p>
      <fieldset className="admin-lines-fieldset">
        <legend>Units to return</legend>
        {lines.map((line) => (
          <div key={line.id} className="admin-return-line">
            <div className="admin-field admin-field-inline">
              <label htmlFor={`${id}-line-${line.id}`}>{line.title}{line.sku ? ` (${line.sku})` : ''} <span className="admin-hint">up to {unitsToReturn(line)}</span>{hazardousLiquid(line) ? <> <span className="admin-hint">(hazardous liquid: the store does not take it back)</span></> : null}</label>
              <input id={`${id}-line-${line.id}`} inputMode="numeric" size={4} value={form.fields[`line.${line.id}`] ?? ''} onChange={(e) => form.set(`line.${line.id}`, e.target.value)} />
            </div>
            <label className="admin-check">
              <input type="checkbox" checked={form.fields[`opened.${line.id}`] === 'yes'} onChange={(e) => form.set(`opened.${line.id}`, e.target.checked ? 'yes' : 'no')} />
              {' '}Opened{line.notReturnableOnceOpened ? <span className="admin-hint"> (not returnable once opened)</span> : null}
            </label>
          </div>
        ))}
      </fieldset>
      <label htmlFor={`${id}-reason`}>Reason</label>
      <input id={`${id}-reason`} value={form.fields.reason ?? ''} onChange={(e) => form.set('reason', e.target.value)} />
      <label htmlFor={`${id}-fee`}>Restocking fee (%)</label>
      <input id={`${id}-fee`} inputMode="numeric" value={form.fields.fee ?? ''} onChange={(e) => form.set('fee', e.target.value)} />
      <FormMessage error={form.error} />
      <button type="submit" className="admin-button" disabled={!form.canSubmit}>{form.busy ? 'Authorising…' : 'Authorise return'}</button>
    </form>
  );
}

/** Receive an authorised return: restock or not, refund or not. */
export function ReceiveForm({ order, ret, onDone }: ReturnFormProps & { ret: AdminReturn }) {
  const form = useAdminForm({ kind: 'receive', fields: { returnId: String(ret.id), refund: 'yes' }, subject: subjectOf(order) }, {
    orderId: order.id,
    onDone: () => onDone(`Return ${ret.id} is received.`),
  });
  const id = useId();
  return (
    <form className="admin-form admin-receive" aria-labelledby={`${id}-title`} noValidate onSubmit={(e) => { e.preventDefault(); form.submit(); }}>
      <h4 id={`${id}-title`} className="admin-visually-hidden">Receive return {ret.id}</h4>
      <fieldset className="admin-radios">
        <legend>Back in stock?</legend>
        <label><input type="radio" name={`${id}-restock`} value="yes" checked={form.fields.restock === 'yes'} onChange={() => form.set('restock', 'yes')} /> Restock</label>
        <label><input type="radio" name={`${id}-restock`} value="no" checked={form.fields.restock === 'no'} onChange={() => form.set('restock', 'no')} /> Do not restock</label>
      </fieldset>
      <label className="admin-check">
        <input type="checkbox" checked={form.fields.refund !== 'no'} onChange={(e) => form.set('refund', e.target.checked ? 'yes' : 'no')} />
        {' '}Refund on receipt{ret.feePercent > 0 ? ` (less the ${ret.feePercent}% restocking fee)` : ''}
      </label>
      <FormMessage error={form.error} />
      <button type="submit" className="admin-button" disabled={!form.canSubmit}>{form.busy ? 'Receiving…' : `Receive return ${ret.id}`}</button>
    </form>
  );
}

/** The order's returns, each with its lines and, while authorised, its receive form. */
export function ReturnsList({ order, onDone, manage }: ReturnFormProps & { manage: boolean }) {
  const returns = order.returns ?? [];
  if (returns.length === 0) return null;
  const titleOf = (lineId: number) => order.lines.find((line) => line.id === lineId)?.title ?? `Line ${lineId}`;
  return (
    <section aria-labelledby="order-returns" className="admin-card admin-span">
      <h2 id="order-returns">Returns</h2>
      <ul className="admin-returns">
        {returns.map((ret) => (
          <li key={ret.id}>
            <p>
              <strong>Return {ret.id}</strong> — {ret.status === 'received' ? 'received' : 'authorised'} <time dateTime={ret.authorisedAt}>{formatAdminDate(ret.authorisedAt)}</time>: {ret.reason}
              {ret.feePercent > 0 ? `; restocking fee ${ret.feePercent}%` : ''}
              {ret.buyerPaysFreight ? '; freight at the buyer\'s cost' : ''}
            </p>
            <ul className="admin-list">
              {ret.lines.map((line) => <li key={line.lineId}>{line.quantity} × {titleOf(line.lineId)}</li>)}
            </ul>
            {ret.status === 'received' ? (
              <p className="admin-hint">
                {ret.restocked ? 'Restocked' : 'Not restocked'}
                {ret.refundCents !== null ? `; refunded ${formatAdminMoney(ret.refundCents, order.currency)}` : ''}
                {ret.feeCents ? ` (fee ${formatAdminMoney(ret.feeCents, order.currency)})` : ''}
              </p>
            ) : manage ? <ReceiveForm order={order} ret={ret} onDone={onDone} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
