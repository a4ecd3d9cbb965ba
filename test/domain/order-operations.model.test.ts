/**
 * Model-based and property tests of an order's life after placing: fast-check drives random
 * sequences of fulfil, cancel, refund, return and receive against a store simulator built on the
 * domain's operations (it applies their effects: stock put back, the capture when goods ship),
 * and checks each answer against a plain model of counters (which operations must be accepted),
 * and after every step the laws:
 * - refunded ≤ captured ≤ authorised;
 * - per line: shipped ≤ ordered, back + under return ≤ shipped, refunded units and restocked ≤ ordered;
 * - stock conserved: each level holds what it held before the order, less what was ordered from
 *   it, plus what was put back, and nothing is put back that did not come back or was cancelled;
 * - each status (order, payment, fulfilment, each return) only follows its declared predecessors;
 * and over all runs every status is reached (the transitions checked are not vacuous).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  FULFILMENT_STATUSES, FULFILMENT_STATUS_PREDECESSORS, ORDER_STATUSES, ORDER_STATUS_PREDECESSORS, PAYMENT_STATUSES, PAYMENT_STATUS_PREDECESSORS,
  RETURN_STATUSES, RETURN_STATUS_PREDECESSORS, authoriseReturn, cancel, fulfil, isChemical, mayFollow, orderStatuses, receiveReturn, refund,
  refundableCents, type OrderState, type Outcome, type Restock, type ReturnStatus,
} from '../../src/domain/order-operations/index.ts';
import { orderArb } from './order-operations.helpers.ts';

/** Stock each level held before the order was placed. */
const STOCK_BEFORE = 50;

/** The store simulator: the domain state, the stock levels and every status seen. */
class Store {
  state: OrderState;
  stock = new Map<number, number>();
  nextReturn = 1;

  constructor(readonly start: OrderState) {
    this.state = start;
    // placing took the ordered units
    for (const l of start.lines) if (l.levelId !== null) this.stock.set(l.levelId, (this.stock.get(l.levelId) ?? STOCK_BEFORE) - l.ordered);
  }

  putBack(restock: readonly Restock[]): void {
    for (const r of restock) this.stock.set(r.levelId, (this.stock.get(r.levelId) ?? 0) + r.quantity);
  }

  /** Applies an outcome's state (and effects) when accepted; answers whether it was. */
  apply<T extends { state: OrderState }>(outcome: Outcome<T>, effects: (v: T) => void = () => undefined): boolean {
    if (!outcome.ok) return false;
    effects(outcome.value);
    this.state = outcome.value.state;
    return true;
  }
}

/** The plain model: counters by line, money, the order's flags. */
interface Model {
  ordered: number[];
  shipped: number[];
  back: number[];
  underReturn: number[];
  refundedUnits: number[];
  captured: number;
  refunded: number;
  hasPayment: boolean;
  voided: boolean;
  cancelled: boolean;
  returns: { status: ReturnStatus; lines: { index: number; quantity: number }[] }[];
}

const seen = { status: new Set<string>(), payment: new Set<string>(), fulfilment: new Set<string>(), returns: new Set<string>() };

/** Checks the laws on the simulator after a step, and the transitions from the state before it. */
function checkLaws(store: Store, before: OrderState): void {
  const s = store.state;
  const p = s.payment;
  if (p) {
    expect(p.refundedCents).toBeLessThanOrEqual(p.capturedCents);
    expect(p.capturedCents).toBeLessThanOrEqual(p.authorisedCents);
    expect(p.refundedCents).toBeGreaterThanOrEqual(0);
  }
  const byLevel = new Map<number, { ordered: number; restocked: number }>();
  for (const l of s.lines) {
    expect(l.fulfilled).toBeGreaterThanOrEqual(0);
    expect(l.fulfilled).toBeLessThanOrEqual(l.ordered);
    expect(l.returned + l.returning).toBeLessThanOrEqual(l.fulfilled);
    expect(l.refundedUnits).toBeLessThanOrEqual(l.ordered);
    expect(l.restocked).toBeLessThanOrEqual(l.returned + (s.cancelled ? l.ordered : 0));
    if (l.levelId !== null) {
      const agg = byLevel.get(l.levelId) ?? { ordered: 0, restocked: 0 };
      byLevel.set(l.levelId, { ordered: agg.ordered + l.ordered, restocked: agg.restocked + l.restocked });
    }
  }
  for (const [level, agg] of byLevel) expect(store.stock.get(level)).toBe(STOCK_BEFORE - agg.ordered + agg.restocked);
  const from = orderStatuses(before);
  const to = orderStatuses(s);
  expect(mayFollow(ORDER_STATUS_PREDECESSORS, from.status, to.status), `${from.status} -> ${to.status}`).toBe(true);
  expect(mayFollow(PAYMENT_STATUS_PREDECESSORS, from.payment, to.payment), `${from.payment} -> ${to.payment}`).toBe(true);
  expect(mayFollow(FULFILMENT_STATUS_PREDECESSORS, from.fulfilment, to.fulfilment), `${from.fulfilment} -> ${to.fulfilment}`).toBe(true);
  for (const r of s.returns) {
    const was = before.returns.find((x) => x.id === r.id);
    if (was) expect(mayFollow(RETURN_STATUS_PREDECESSORS, was.status, r.status)).toBe(true);
    else expect(r.status).toBe('authorised');
    seen.returns.add(r.status);
  }
  seen.status.add(to.status);
  seen.payment.add(to.payment);
  seen.fulfilment.add(to.fulfilment);
}

type Real = Store;
type Cmd = fc.Command<Model, Real>;

/** Runs an operation on the simulator, checks acceptance against the model's expectation and the laws. */
function step(real: Real, expected: boolean, run: () => boolean): void {
  const before = real.state;
  const accepted = run();
  expect(accepted).toBe(expected);
  if (!accepted) expect(real.state).toBe(before);
  checkLaws(real, before);
}

class Fulfil implements Cmd {
  constructor(readonly index: number | null, readonly quantity: number) {}
  check = () => true;
  run(m: Model, real: Real): void {
    const lines = m.ordered.map((_, i) => i);
    const named = this.index === null ? null : this.index % lines.length;
    const left = (i: number) => m.ordered[i]! - m.shipped[i]!;
    const expected = !m.cancelled && (named === null ? lines.some((i) => left(i) > 0) : this.quantity <= left(named));
    step(real, expected, () => real.apply(fulfil(real.state, named === null ? undefined : [{ lineId: real.state.lines[named]!.id, quantity: this.quantity }]), (v) => {
      // the server captures the authorised payment when goods first ship
      if (v.capture && v.state.payment) v.state = { ...v.state, payment: { ...v.state.payment, capturedCents: v.state.payment.authorisedCents } };
    }));
    if (!expected) return;
    for (const i of lines) {
      if (named === null) m.shipped[i] = m.ordered[i]!;
      else if (i === named) m.shipped[i]! += this.quantity;
    }
    if (m.hasPayment && !m.voided && m.captured === 0) m.captured = real.state.payment!.authorisedCents;
  }
  toString = () => `fulfil(${this.index ?? 'all'}, ${this.quantity})`;
}

class Cancel implements Cmd {
  check = () => true;
  run(m: Model, real: Real): void {
    const expected = !m.cancelled && m.shipped.every((n) => n === 0);
    step(real, expected, () => real.apply(cancel(real.state), (v) => real.putBack(v.restock)));
    if (!expected) return;
    m.cancelled = true;
    if (m.hasPayment) {
      if (m.captured === 0) m.voided = true;
      else m.refunded = m.captured;
    }
  }
  toString = () => 'cancel';
}

class RefundAmount implements Cmd {
  constructor(readonly share: number) {}
  check = () => true;
  run(m: Model, real: Real): void {
    // an amount around what may still be refunded: within it, at it, or just above it
    const left = m.captured - m.refunded;
    const amount = Math.max(1, Math.round(left * this.share));
    const expected = m.hasPayment && !m.voided && m.captured > 0 && amount <= left;
    step(real, expected, () => real.apply(refund(real.state, { amountCents: amount })));
    if (expected) m.refunded += amount;
  }
  toString = () => `refundAmount(${this.share})`;
}

class RefundLine implements Cmd {
  constructor(readonly index: number, readonly quantity: number) {}
  check = () => true;
  run(m: Model, real: Real): void {
    const i = this.index % m.ordered.length;
    const value = this.quantity * real.state.lines[i]!.unitCents;
    const expected = m.hasPayment && !m.voided && m.captured > 0 && this.quantity <= m.ordered[i]! - m.refundedUnits[i]! && value <= m.captured - m.refunded;
    step(real, expected, () => real.apply(refund(real.state, { lines: [{ lineId: real.state.lines[i]!.id, quantity: this.quantity }] })));
    if (!expected) return;
    m.refundedUnits[i]! += this.quantity;
    m.refunded += value;
  }
  toString = () => `refundLine(${this.index}, ${this.quantity})`;
}

class Return implements Cmd {
  constructor(readonly index: number, readonly quantity: number, readonly opened: boolean, readonly fee: number) {}
  check = () => true;
  run(m: Model, real: Real): void {
    const i = this.index % m.ordered.length;
    const rules = real.start.lines[i]!.rules;
    const allowed = !(rules.shipClass === 'hazmat-ground' && rules.liquid) && !(this.opened && isChemical(rules));
    const expected = !m.cancelled && allowed && this.quantity <= m.shipped[i]! - m.back[i]! - m.underReturn[i]!;
    const returnId = real.nextReturn;
    step(real, expected, () => real.apply(authoriseReturn(real.state, { returnId, lines: [{ lineId: real.state.lines[i]!.id, quantity: this.quantity, opened: this.opened }], feePercent: this.fee })));
    if (!expected) return;
    real.nextReturn++;
    m.underReturn[i]! += this.quantity;
    m.returns.push({ status: 'authorised', lines: [{ index: i, quantity: this.quantity }] });
  }
  toString = () => `return(${this.index}, ${this.quantity}, opened ${this.opened}, fee ${this.fee}%)`;
}

/** Returns every unit shipped and not back of the lines that may come back (nothing opened). */
class ReturnAll implements Cmd {
  check = () => true;
  run(m: Model, real: Real): void {
    const named = m.ordered.map((_, i) => i).filter((i) => {
      const rules = real.start.lines[i]!.rules;
      return m.shipped[i]! - m.back[i]! - m.underReturn[i]! > 0 && !(rules.shipClass === 'hazmat-ground' && rules.liquid);
    });
    const lines = named.map((i) => ({ lineId: real.state.lines[i]!.id, quantity: m.shipped[i]! - m.back[i]! - m.underReturn[i]! }));
    const expected = !m.cancelled && named.length > 0;
    const returnId = real.nextReturn;
    step(real, expected, () => real.apply(authoriseReturn(real.state, { returnId, lines })));
    if (!expected) return;
    real.nextReturn++;
    for (const i of named) m.underReturn[i] = m.shipped[i]! - m.back[i]!;
    m.returns.push({ status: 'authorised', lines: named.map((i, k) => ({ index: i, quantity: lines[k]!.quantity })) });
  }
  toString = () => 'returnAll';
}

class Receive implements Cmd {
  constructor(readonly which: number, readonly restock: boolean) {}
  check = () => true;
  run(m: Model, real: Real): void {
    const r = m.returns.length === 0 ? undefined : m.returns[this.which % m.returns.length];
    const returnId = r ? m.returns.indexOf(r) + 1 : 999;
    const expected = r !== undefined && r.status === 'authorised';
    let refunded = 0;
    step(real, expected, () => real.apply(receiveReturn(real.state, { returnId, restock: this.restock }), (v) => {
      real.putBack(v.restock);
      refunded = v.refundCents;
      // the refund never takes the total above what was captured
      expect(v.refundCents).toBeLessThanOrEqual(refundableCents(real.state));
    }));
    if (!expected || !r) return;
    r.status = 'received';
    for (const { index, quantity } of r.lines) {
      m.underReturn[index]! -= quantity;
      m.back[index]! += quantity;
      // money went back: the units received count as refunded (those not refunded before)
      if (refunded > 0) m.refundedUnits[index]! += Math.min(quantity, m.ordered[index]! - m.refundedUnits[index]!);
    }
    m.refunded += refunded;
  }
  toString = () => `receive(${this.which}, restock ${this.restock})`;
}

const commands = [
  fc.tuple(fc.option(fc.nat(3), { freq: 4 }), fc.integer({ min: 1, max: 6 })).map(([i, q]) => new Fulfil(i, q)),
  fc.constant(new Cancel()),
  fc.constantFrom(0.25, 0.5, 1, 1.01, 2).map((s) => new RefundAmount(s)),
  fc.tuple(fc.nat(3), fc.integer({ min: 1, max: 6 })).map(([i, q]) => new RefundLine(i, q)),
  fc.tuple(fc.nat(3), fc.integer({ min: 1, max: 6 }), fc.boolean(), fc.constantFrom(0, 10, 15, 100)).map(([i, q, o, f]) => new Return(i, q, o, f)),
  fc.constant(new ReturnAll()),
  fc.tuple(fc.nat(5), fc.boolean()).map(([w, r]) => new Receive(w, r)),
];

function modelOf(o: OrderState): Model {
  const zeros = () => o.lines.map(() => 0);
  return {
    ordered: o.lines.map((l) => l.ordered), shipped: zeros(), back: zeros(), underReturn: zeros(), refundedUnits: zeros(),
    captured: o.payment?.capturedCents ?? 0, refunded: 0, hasPayment: o.payment !== null, voided: false, cancelled: false, returns: [],
  };
}

describe('an order under any sequence of operations', () => {
  test('every answer is the model\'s and every law holds after every step', () => {
    fc.assert(
      fc.property(orderArb, fc.commands(commands, { maxCommands: 40 }), (order, cmds) => {
        fc.modelRun(() => ({ model: modelOf(order), real: new Store(order) }), cmds);
      }),
      { numRuns: 400 },
    );
  });

  test('over the runs every status of every declared process is reached', () => {
    expect([...seen.status].sort()).toEqual([...ORDER_STATUSES].sort());
    expect([...seen.payment].sort()).toEqual([...PAYMENT_STATUSES].sort());
    expect([...seen.fulfilment].sort()).toEqual([...FULFILMENT_STATUSES].sort());
    expect([...seen.returns].sort()).toEqual([...RETURN_STATUSES].sort());
  });
});

describe('counter examples', () => {
  test('units refunded on a return\'s receipt count against the line: refunding the whole line after it is refused', () => {
    const order: OrderState = {
      cancelled: false,
      lines: [
        { id: 1, title: 'Item 1', sku: 'SKU-1', ordered: 3, unitCents: 1, fulfilled: 0, returning: 0, returned: 0, refundedUnits: 0, restocked: 0, levelId: null, rules: { shipClass: 'parcel', notReturnableOnceOpened: false, liquid: false } },
        { id: 2, title: 'Item 2', sku: 'SKU-2', ordered: 1, unitCents: 1, fulfilled: 0, returning: 0, returned: 0, refundedUnits: 0, restocked: 0, levelId: null, rules: { shipClass: 'parcel', notReturnableOnceOpened: false, liquid: false } },
      ],
      payment: { authorisedCents: 4, capturedCents: 4, refundedCents: 0, voided: false },
      returns: [],
    };
    fc.modelRun(() => ({ model: modelOf(order), real: new Store(order) }), [new Fulfil(null, 1), new Return(0, 1, false, 0), new Receive(0, false), new RefundLine(0, 3), new RefundLine(0, 2)]);
  });

  test('a return received after the whole capture was refunded puts units back but refunds nothing', () => {
    const order: OrderState = {
      cancelled: false,
      lines: [{ id: 1, title: 'A', sku: null, ordered: 2, unitCents: 100, fulfilled: 0, returning: 0, returned: 0, refundedUnits: 0, restocked: 0, levelId: 1, rules: { shipClass: 'parcel', notReturnableOnceOpened: false, liquid: false } }],
      payment: { authorisedCents: 200, capturedCents: 200, refundedCents: 0, voided: false },
      returns: [],
    };
    fc.modelRun(() => ({ model: modelOf(order), real: new Store(order) }), [new Fulfil(null, 1), new RefundAmount(1), new Return(0, 2, false, 0), new Receive(0, true)]);
  });
});
