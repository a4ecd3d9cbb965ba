/**
 * The order operations of the back office, as pure functions of an {@link OrderState}: fulfil
 * some or all lines, cancel an unfulfilled order, refund lines or an amount, authorise the
 * return of shipped lines, receive a return. Each answers the new state with what the server
 * must do besides (stock to put back, money to capture, void or refund), or the reason it is
 * refused, in words an operator reads (the API answers them with 409).
 *
 * The laws (property- and model-tested): refunded never exceeds captured; shipped never exceeds
 * ordered; units back or under return never exceed units shipped; stock put back never exceeds
 * what was taken; each status is reached only from its declared predecessors.
 * @module
 */
import { formatPrice, fromCents, type Cents } from '../money.ts';
import {
  MAX_RESTOCKING_FEE_PERCENT, buyerPaysFreight, restockingFeeCents, returnRefusal, returnRefusalText,
} from './returns.ts';
import { refundableCents, unitsReturnable, unitsToShip, type OrderLineState, type OrderState, type ReturnState } from './state.ts';

/** Why an operation is refused. */
export type RefusalCode =
  | 'cancelled'
  | 'unknown-line'
  | 'bad-quantity'
  | 'nothing-to-ship'
  | 'over-fulfil'
  | 'shipped'
  | 'no-payment'
  | 'not-captured'
  | 'bad-amount'
  | 'over-refund'
  | 'line-refunded'
  | 'never-shipped'
  | 'not-returnable'
  | 'bad-fee'
  | 'unknown-return'
  | 'return-received';

/** A refusal: its code and the sentence the operator reads. */
export interface Refusal {
  code: RefusalCode;
  message: string;
}

/** An operation's outcome. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

/** Units of one line an operation names. */
export interface LineQuantity {
  lineId: number;
  quantity: number;
}

/** Units put back into a stock level. */
export interface Restock {
  lineId: number;
  levelId: number;
  quantity: number;
}

const refuse = (code: RefusalCode, message: string): { ok: false; refusal: Refusal } => ({ ok: false, refusal: { code, message } });
const money = (cents: Cents): string => formatPrice(fromCents(cents));
const withLine = (state: OrderState, id: number, change: (l: OrderLineState) => OrderLineState): OrderState => ({
  ...state,
  lines: state.lines.map((l) => (l.id === id ? change(l) : l)),
});

/**
 * The named lines merged by line (one line named twice adds up), each checked to exist and to be
 * a whole number of units above 0; null lines: every line with `fallback(line)` units left.
 */
function namedUnits(state: OrderState, lines: readonly LineQuantity[] | undefined, fallback: (l: OrderLineState) => number): Outcome<{ line: OrderLineState; quantity: number }[]> {
  if (lines === undefined) {
    return { ok: true, value: state.lines.map((line) => ({ line, quantity: fallback(line) })).filter((x) => x.quantity > 0) };
  }
  const merged = new Map<number, number>();
  for (const l of lines) {
    if (!Number.isSafeInteger(l.quantity) || l.quantity < 1) return refuse('bad-quantity', 'Each line needs a whole number of units above 0.');
    merged.set(l.lineId, (merged.get(l.lineId) ?? 0) + l.quantity);
  }
  const out: { line: OrderLineState; quantity: number }[] = [];
  for (const [lineId, quantity] of merged) {
    const line = state.lines.find((l) => l.id === lineId);
    if (!line) return refuse('unknown-line', `This order has no line ${lineId}.`);
    out.push({ line, quantity });
  }
  return { ok: true, value: out };
}

/** What {@link fulfil} answers. */
export interface Fulfilment {
  state: OrderState;
  shipped: LineQuantity[];
  /** The payment is only authorised: capture it now that goods ship. */
  capture: boolean;
}

/**
 * Ships some lines (`lines`), or every unit not shipped yet (no `lines`). Refused for a cancelled
 * order, an unknown line, more units than remain to ship, or nothing left to ship.
 * @example
 * fulfil(state, [{ lineId: 1, quantity: 2 }]); // { ok: true, value: { shipped: [{ lineId: 1, quantity: 2 }], ... } }
 */
export function fulfil(state: OrderState, lines?: readonly LineQuantity[]): Outcome<Fulfilment> {
  if (state.cancelled) return refuse('cancelled', 'This order is cancelled: nothing ships.');
  const named = namedUnits(state, lines, unitsToShip);
  if (!named.ok) return named;
  if (named.value.length === 0) return refuse('nothing-to-ship', 'Every item of this order has shipped already.');
  let next = state;
  for (const { line, quantity } of named.value) {
    const left = unitsToShip(line);
    if (quantity > left) {
      return refuse('over-fulfil', `Only ${left} of ${line.title} left to ship (${line.ordered} ordered, ${line.fulfilled} shipped); ${quantity} cannot ship.`);
    }
    next = withLine(next, line.id, (l) => ({ ...l, fulfilled: l.fulfilled + quantity }));
  }
  const p = state.payment;
  return {
    ok: true,
    value: { state: next, shipped: named.value.map(({ line, quantity }) => ({ lineId: line.id, quantity })), capture: p !== null && !p.voided && p.capturedCents === 0 },
  };
}

/** What {@link cancel} answers. */
export interface Cancellation {
  state: OrderState;
  /** Every ordered unit back to its level. */
  restock: Restock[];
  /** void: release the authorisation; refund: give back what was captured and not refunded; none: nothing to do. */
  payment: { kind: 'void' } | { kind: 'refund'; amountCents: Cents } | { kind: 'none' };
}

/**
 * Cancels an order none of whose units shipped: every unit goes back to stock, and the payment is
 * voided (only authorised) or refunded (what was captured and not refunded yet).
 */
export function cancel(state: OrderState): Outcome<Cancellation> {
  if (state.cancelled) return refuse('cancelled', 'This order is cancelled already.');
  if (state.lines.some((l) => l.fulfilled > 0)) {
    return refuse('shipped', 'Items of this order have shipped: only an order with nothing shipped can be cancelled. Refund it or take a return instead.');
  }
  const restock: Restock[] = [];
  const lines = state.lines.map((l) => {
    const quantity = l.ordered - l.restocked;
    if (l.levelId === null || quantity <= 0) return l;
    restock.push({ lineId: l.id, levelId: l.levelId, quantity });
    return { ...l, restocked: l.restocked + quantity };
  });
  const p = state.payment;
  let payment: Cancellation['payment'] = { kind: 'none' };
  let nextPayment = p;
  if (p && !p.voided) {
    if (p.capturedCents === 0) {
      payment = { kind: 'void' };
      nextPayment = { ...p, voided: true };
    } else if (p.capturedCents > p.refundedCents) {
      payment = { kind: 'refund', amountCents: p.capturedCents - p.refundedCents };
      nextPayment = { ...p, refundedCents: p.capturedCents };
    }
  }
  return { ok: true, value: { state: { ...state, cancelled: true, lines, payment: nextPayment }, restock, payment } };
}

/** What {@link refund} answers. */
export interface Refund {
  state: OrderState;
  amountCents: Cents;
  /** The units refunded by line, with their value. */
  lines: (LineQuantity & { amountCents: Cents })[];
}

/** What may be refunded, in words: '$12.00 (captured $50.00, refunded $38.00)'. */
function refundableText(state: OrderState): string {
  const p = state.payment;
  return `${money(refundableCents(state))} (captured ${money(p?.capturedCents ?? 0)}, refunded ${money(p?.refundedCents ?? 0)})`;
}

/**
 * Refunds units of lines (their price each; units refunded once only) or an amount, or units
 * for a given amount (both). Never more than captured and not refunded yet; refused for an
 * order without a payment or with nothing captured (void it by cancelling instead).
 * @example
 * refund(state, { lines: [{ lineId: 1, quantity: 1 }] }); // refunds one unit of line 1 at its price
 * refund(state, { amountCents: 500 }); // refunds $5.00
 */
export function refund(state: OrderState, request: { lines?: readonly LineQuantity[]; amountCents?: number }): Outcome<Refund> {
  const p = state.payment;
  if (!p) return refuse('no-payment', 'This order has no payment on record to refund.');
  if (p.voided || p.capturedCents === 0) return refuse('not-captured', 'Nothing was captured for this order: cancel it to release the payment instead.');
  if (request.lines === undefined && request.amountCents === undefined) return refuse('bad-amount', 'Name the lines or the amount to refund.');
  let next = state;
  const refunded: Refund['lines'] = [];
  if (request.lines !== undefined) {
    if (request.lines.length === 0) return refuse('bad-quantity', 'Name at least one line to refund.');
    const named = namedUnits(state, request.lines, () => 0);
    if (!named.ok) return named;
    for (const { line, quantity } of named.value) {
      const left = line.ordered - line.refundedUnits;
      if (quantity > left) return refuse('line-refunded', `Only ${left} of ${line.title} may still be refunded (${line.ordered} ordered, ${line.refundedUnits} refunded).`);
      next = withLine(next, line.id, (l) => ({ ...l, refundedUnits: l.refundedUnits + quantity }));
      refunded.push({ lineId: line.id, quantity, amountCents: quantity * line.unitCents });
    }
  }
  const amountCents = request.amountCents ?? refunded.reduce((n, l) => n + l.amountCents, 0);
  if (!Number.isSafeInteger(amountCents) || amountCents < 1) return refuse('bad-amount', 'A refund is a whole number of cents above 0.');
  const left = refundableCents(state);
  if (amountCents > left) return refuse('over-refund', `A refund of ${money(amountCents)} is more than may still be refunded: ${refundableText(state)}.`);
  return { ok: true, value: { state: { ...next, payment: { ...p, refundedCents: p.refundedCents + amountCents } }, amountCents, lines: refunded } };
}

/** One line of a return request. */
export interface ReturnLineRequest extends LineQuantity {
  /** The shopper opened it (a chemical then may not come back). @default false */
  opened?: boolean;
}

/** What {@link authoriseReturn} answers. */
export interface ReturnAuthorisation {
  state: OrderState;
  return: ReturnState;
}

/**
 * Authorises the return of shipped units with a reason: only units shipped and not already back
 * or under return, never a hazardous liquid nor an opened chemical; the operator's restocking fee
 * (a whole percent, 0–100); freight lines come back at the buyer's cost.
 */
export function authoriseReturn(
  state: OrderState,
  request: { returnId: number; lines: readonly ReturnLineRequest[]; feePercent?: number },
): Outcome<ReturnAuthorisation> {
  if (state.cancelled) return refuse('cancelled', 'This order is cancelled: nothing shipped to return.');
  const feePercent = request.feePercent ?? 0;
  if (!Number.isInteger(feePercent) || feePercent < 0 || feePercent > MAX_RESTOCKING_FEE_PERCENT) {
    return refuse('bad-fee', `A restocking fee is a whole percent from 0 to ${MAX_RESTOCKING_FEE_PERCENT}.`);
  }
  if (request.lines.length === 0) return refuse('bad-quantity', 'Name at least one line to return.');
  const named = namedUnits(state, request.lines, () => 0);
  if (!named.ok) return named;
  let next = state;
  for (const { line, quantity } of named.value) {
    const opened = request.lines.some((l) => l.lineId === line.id && l.opened === true);
    const refusal = returnRefusal(line.rules, opened);
    if (refusal) return refuse('not-returnable', returnRefusalText(refusal, line.title));
    const left = unitsReturnable(line);
    if (quantity > left) {
      return refuse('never-shipped', line.fulfilled === 0
        ? `${line.title} never shipped: there is nothing of it to return.`
        : `Only ${left} of ${line.title} shipped and are not already back or under return (${line.fulfilled} shipped); ${quantity} cannot be returned.`);
    }
    next = withLine(next, line.id, (l) => ({ ...l, returning: l.returning + quantity }));
  }
  const ret: ReturnState = {
    id: request.returnId,
    status: 'authorised',
    lines: named.value.map(({ line, quantity }) => ({ lineId: line.id, quantity })),
    feePercent,
    buyerPaysFreight: buyerPaysFreight(named.value.map((x) => x.line)),
  };
  return { ok: true, value: { state: { ...next, returns: [...next.returns, ret] }, return: ret } };
}

/** What {@link receiveReturn} answers. */
export interface ReturnReceipt {
  state: OrderState;
  restock: Restock[];
  /** The value of the units not refunded before, less the fee, within what may still be refunded. */
  refundCents: Cents;
  feeCents: Cents;
  /** Units the refund covers, by line. */
  refundLines: (LineQuantity & { amountCents: Cents })[];
}

/**
 * Receives an authorised return: its units count as back, go back to stock when `restock`, and
 * are refunded at their price less the return's restocking fee (units refunded before are not
 * refunded again; never more than may still be refunded).
 */
export function receiveReturn(state: OrderState, request: { returnId: number; restock: boolean }): Outcome<ReturnReceipt> {
  const ret = state.returns.find((r) => r.id === request.returnId);
  if (!ret) return refuse('unknown-return', `This order has no return ${request.returnId}.`);
  if (ret.status !== 'authorised') return refuse('return-received', 'This return was received already.');
  let next = state;
  const restock: Restock[] = [];
  const refundLines: ReturnReceipt['refundLines'] = [];
  for (const { lineId, quantity } of ret.lines) {
    const line = next.lines.find((l) => l.id === lineId);
    if (!line) return refuse('unknown-line', `This order has no line ${lineId}.`);
    const units = Math.min(quantity, line.ordered - line.refundedUnits);
    const put = request.restock && line.levelId !== null ? Math.min(quantity, line.ordered - line.restocked) : 0;
    if (put > 0 && line.levelId !== null) restock.push({ lineId, levelId: line.levelId, quantity: put });
    if (units > 0) refundLines.push({ lineId, quantity: units, amountCents: units * line.unitCents });
    next = withLine(next, lineId, (l) => ({
      ...l, returning: l.returning - quantity, returned: l.returned + quantity, restocked: l.restocked + put, refundedUnits: l.refundedUnits + units,
    }));
  }
  const gross = refundLines.reduce((n, l) => n + l.amountCents, 0);
  const feeCents = restockingFeeCents(gross, ret.feePercent);
  const p = next.payment;
  const refundCents = p && !p.voided ? Math.max(0, Math.min(gross - feeCents, refundableCents(next))) : 0;
  if (refundCents === 0) {
    // no money goes back (nothing captured, or all of it refunded already): no unit counts as refunded
    for (const r of refundLines) next = withLine(next, r.lineId, (l) => ({ ...l, refundedUnits: l.refundedUnits - r.quantity }));
    refundLines.length = 0;
  }
  const payment = p && refundCents > 0 ? { ...p, refundedCents: p.refundedCents + refundCents } : p;
  const returns = next.returns.map((r) => (r.id === ret.id ? { ...r, status: 'received' as const } : r));
  return { ok: true, value: { state: { ...next, payment, returns }, restock, refundCents, feeCents: refundCents === 0 ? 0 : feeCents, refundLines } };
}
