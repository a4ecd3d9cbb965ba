/**
 * The order operations' rules, case by case: fulfil, cancel, refund, returns with the store's
 * return rules, the statuses and their declared transitions, tracking links and the packing slip.
 * (Random sequences of operations are in order-operations.model.test.ts.)
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  FULFILMENT_STATUS_PREDECESSORS, PAYMENT_STATUS_PREDECESSORS, authoriseReturn, cancel, carrierName, fulfil, mayFollow, normalTrackingNumber,
  orderStatuses, packingSlip, receiveReturn, refund, restockingFeeCents, returnRefusal, shopperStatusWord, soldByVolume, trackingLink,
  trackingNumberProblem, trackingUrlProblem, type OrderState,
} from '../../src/domain/order-operations/index.ts';
import { HAZMAT_HANDLING_TEXT } from '../../src/domain/shipping/notices.ts';
import { authorisedOrder, line, orderArb, paidOrder } from './order-operations.helpers.ts';

const value = <T>(o: { ok: true; value: T } | { ok: false; refusal: { message: string } }): T => {
  if (!o.ok) throw new Error(`refused: ${o.refusal.message}`);
  return o.value;
};

const pump = line(1, 2, 50_000, { title: 'Super Pump' });
const basket = line(2, 3, 1_000, { title: 'Skimmer Basket' });
const order = paidOrder([pump, basket], 2_500);

describe('fulfil', () => {
  test('ships named units; the rest stays to ship; the order is partially fulfilled', () => {
    const out = value(fulfil(order, [{ lineId: 1, quantity: 1 }, { lineId: 2, quantity: 3 }]));
    expect(out.shipped).toEqual([{ lineId: 1, quantity: 1 }, { lineId: 2, quantity: 3 }]);
    expect(orderStatuses(out.state)).toEqual({ status: 'open', payment: 'paid', fulfilment: 'partially_fulfilled' });
    expect(out.capture).toBe(false);
  });

  test('without lines it ships every unit left', () => {
    const first = value(fulfil(order, [{ lineId: 1, quantity: 1 }])).state;
    const out = value(fulfil(first));
    expect(out.shipped).toEqual([{ lineId: 1, quantity: 1 }, { lineId: 2, quantity: 3 }]);
    expect(orderStatuses(out.state).fulfilment).toBe('fulfilled');
    expect(fulfil(out.state)).toEqual({ ok: false, refusal: { code: 'nothing-to-ship', message: 'Every item of this order has shipped already.' } });
  });

  test('more than is left to ship is refused with what is left, naming the line twice counts twice', () => {
    const first = value(fulfil(order, [{ lineId: 1, quantity: 1 }])).state;
    expect(fulfil(first, [{ lineId: 1, quantity: 2 }])).toEqual({
      ok: false, refusal: { code: 'over-fulfil', message: 'Only 1 of Super Pump left to ship (2 ordered, 1 shipped); 2 cannot ship.' },
    });
    expect(fulfil(order, [{ lineId: 1, quantity: 1 }, { lineId: 1, quantity: 2 }])).toMatchObject({ ok: false, refusal: { code: 'over-fulfil' } });
  });

  test.each([
    [[{ lineId: 9, quantity: 1 }], 'unknown-line'],
    [[{ lineId: 1, quantity: 0 }], 'bad-quantity'],
    [[{ lineId: 1, quantity: 1.5 }], 'bad-quantity'],
  ])('%j is refused (%s)', (lines, code) => {
    expect(fulfil(order, lines)).toMatchObject({ ok: false, refusal: { code } });
  });

  test('a payment only authorised is captured when goods first ship', () => {
    const auth = authorisedOrder([pump]);
    expect(value(fulfil(auth, [{ lineId: 1, quantity: 1 }])).capture).toBe(true);
  });

  test('a cancelled order ships nothing', () => {
    expect(fulfil(value(cancel(order)).state)).toMatchObject({ ok: false, refusal: { code: 'cancelled' } });
  });
});

describe('cancel', () => {
  test('an unfulfilled paid order: every unit back to stock, what was captured refunded', () => {
    const out = value(cancel(order));
    expect(out.restock).toEqual([{ lineId: 1, levelId: 101, quantity: 2 }, { lineId: 2, levelId: 102, quantity: 3 }]);
    expect(out.payment).toEqual({ kind: 'refund', amountCents: 105_500 });
    expect(orderStatuses(out.state)).toEqual({ status: 'cancelled', payment: 'refunded', fulfilment: 'unfulfilled' });
    expect(shopperStatusWord(orderStatuses(out.state))).toBe('CANCELLED');
  });

  test('an authorised payment is voided; a partly refunded one refunds the rest; a line without a level restocks nothing', () => {
    expect(value(cancel(authorisedOrder([pump]))).payment).toEqual({ kind: 'void' });
    const partly = value(refund(order, { amountCents: 500 })).state;
    expect(value(cancel(partly)).payment).toEqual({ kind: 'refund', amountCents: 105_000 });
    expect(value(cancel(paidOrder([line(1, 2, 100, { levelId: null })]))).restock).toEqual([]);
    expect(orderStatuses(value(cancel(authorisedOrder([pump]))).state).payment).toBe('voided');
  });

  test('only an order with nothing shipped may be cancelled, and only once', () => {
    const shipped = value(fulfil(order, [{ lineId: 2, quantity: 1 }])).state;
    expect(cancel(shipped)).toMatchObject({ ok: false, refusal: { code: 'shipped' } });
    expect(cancel(value(cancel(order)).state)).toMatchObject({ ok: false, refusal: { code: 'cancelled', message: 'This order is cancelled already.' } });
  });
});

describe('refund', () => {
  test('lines refund at their price, once per unit; an amount refunds that amount', () => {
    const out = value(refund(order, { lines: [{ lineId: 2, quantity: 2 }] }));
    expect(out).toMatchObject({ amountCents: 2_000, lines: [{ lineId: 2, quantity: 2, amountCents: 2_000 }] });
    expect(refund(out.state, { lines: [{ lineId: 2, quantity: 2 }] })).toEqual({
      ok: false, refusal: { code: 'line-refunded', message: 'Only 1 of Skimmer Basket may still be refunded (3 ordered, 2 refunded).' },
    });
    expect(value(refund(out.state, { amountCents: 2_500 })).state.payment?.refundedCents).toBe(4_500);
    expect(orderStatuses(out.state).payment).toBe('partially_refunded');
  });

  test('units of a line for an amount of the operator\'s choice', () => {
    expect(value(refund(order, { lines: [{ lineId: 1, quantity: 1 }], amountCents: 10_000 }))).toMatchObject({ amountCents: 10_000, lines: [{ lineId: 1, quantity: 1 }] });
  });

  test('never more than captured less refunded, in words with the figures', () => {
    const most = value(refund(order, { amountCents: 105_000 })).state;
    expect(refund(most, { amountCents: 501 })).toEqual({
      ok: false, refusal: { code: 'over-refund', message: 'A refund of $5.01 is more than may still be refunded: $5.00 (captured $1,055.00, refunded $1,050.00).' },
    });
    const all = value(refund(most, { amountCents: 500 })).state;
    expect(orderStatuses(all).payment).toBe('refunded');
    expect(shopperStatusWord(orderStatuses(all))).toBe('REFUNDED');
  });

  test.each([
    [{}, 'bad-amount'],
    [{ amountCents: 0 }, 'bad-amount'],
    [{ amountCents: 12.5 }, 'bad-amount'],
    [{ lines: [] }, 'bad-quantity'],
  ])('%j is refused (%s)', (request, code) => {
    expect(refund(order, request)).toMatchObject({ ok: false, refusal: { code } });
  });

  test('nothing captured or no payment on record: refused', () => {
    expect(refund(authorisedOrder([pump]), { amountCents: 100 })).toMatchObject({ ok: false, refusal: { code: 'not-captured' } });
    expect(refund({ ...order, payment: null }, { amountCents: 100 })).toMatchObject({ ok: false, refusal: { code: 'no-payment' } });
  });
});

describe('returns', () => {
  const shipped = value(fulfil(order)).state;

  test('only shipped units not already back or under return; never-shipped lines are refused in words', () => {
    const partly = value(fulfil(order, [{ lineId: 2, quantity: 1 }])).state;
    expect(authoriseReturn(partly, { returnId: 1, lines: [{ lineId: 1, quantity: 1 }] })).toEqual({
      ok: false, refusal: { code: 'never-shipped', message: 'Super Pump never shipped: there is nothing of it to return.' },
    });
    const one = value(authoriseReturn(partly, { returnId: 1, lines: [{ lineId: 2, quantity: 1 }] })).state;
    expect(authoriseReturn(one, { returnId: 2, lines: [{ lineId: 2, quantity: 1 }] })).toMatchObject({
      ok: false, refusal: { code: 'never-shipped', message: 'Only 0 of Skimmer Basket shipped and are not already back or under return (1 shipped); 1 cannot be returned.' },
    });
  });

  test('received with restock: back in stock, refunded at the price less the operator\'s fee', () => {
    const auth = value(authoriseReturn(shipped, { returnId: 7, lines: [{ lineId: 1, quantity: 1 }], feePercent: 15 }));
    expect(auth.return).toEqual({ id: 7, status: 'authorised', lines: [{ lineId: 1, quantity: 1 }], feePercent: 15, buyerPaysFreight: false });
    const got = value(receiveReturn(auth.state, { returnId: 7, restock: true }));
    expect(got).toMatchObject({ restock: [{ lineId: 1, levelId: 101, quantity: 1 }], feeCents: 7_500, refundCents: 42_500 });
    expect(orderStatuses(got.state)).toEqual({ status: 'open', payment: 'partially_refunded', fulfilment: 'partially_returned' });
    expect(receiveReturn(got.state, { returnId: 7, restock: true })).toMatchObject({ ok: false, refusal: { code: 'return-received' } });
  });

  test('received without restock: nothing back in stock; units refunded before are not refunded again', () => {
    const refunded = value(refund(shipped, { lines: [{ lineId: 2, quantity: 2 }] })).state;
    const auth = value(authoriseReturn(refunded, { returnId: 1, lines: [{ lineId: 2, quantity: 3 }] })).state;
    const got = value(receiveReturn(auth, { returnId: 1, restock: false }));
    expect(got).toMatchObject({ restock: [], refundCents: 1_000, refundLines: [{ lineId: 2, quantity: 1, amountCents: 1_000 }] });
  });

  test('every shipped unit back: returned', () => {
    const auth = value(authoriseReturn(shipped, { returnId: 1, lines: [{ lineId: 1, quantity: 2 }, { lineId: 2, quantity: 3 }] })).state;
    const got = value(receiveReturn(auth, { returnId: 1, restock: true })).state;
    expect(shopperStatusWord(orderStatuses(got))).toBe('RETURNED');
  });

  test('the store\'s rules: no opened chemical, no hazardous liquid, freight at the buyer\'s cost', () => {
    const chlorine = line(1, 1, 3_999, { title: 'Liquid Chlorine', rules: { shipClass: 'hazmat-ground', notReturnableOnceOpened: true, liquid: true } });
    const tabs = line(2, 1, 10_999, { title: 'Trichlor Tablets', rules: { shipClass: 'hazmat-ground', notReturnableOnceOpened: true, liquid: false } });
    const algae = line(3, 1, 1_999, { title: 'Algaecide', rules: { shipClass: 'parcel', notReturnableOnceOpened: true, liquid: true } });
    const filter = line(4, 1, 114_999, { title: 'Sand Filter', rules: { shipClass: 'freight', notReturnableOnceOpened: false, liquid: false } });
    const all = value(fulfil(paidOrder([chlorine, tabs, algae, filter]))).state;
    const ret = (lineId: number, opened = false) => authoriseReturn(all, { returnId: 1, lines: [{ lineId, quantity: 1, opened }] });
    expect(ret(1)).toEqual({ ok: false, refusal: { code: 'not-returnable', message: 'Liquid Chlorine is a hazardous liquid: it cannot be returned (no carrier takes it back from a home).' } });
    expect(ret(2, true)).toEqual({ ok: false, refusal: { code: 'not-returnable', message: 'Trichlor Tablets is a pool chemical: it cannot be returned once opened.' } });
    expect(ret(3, true)).toMatchObject({ ok: false, refusal: { code: 'not-returnable' } });
    expect(value(ret(2)).return.buyerPaysFreight).toBe(false);
    expect(value(ret(3)).return.buyerPaysFreight).toBe(false);
    expect(value(ret(4, true)).return.buyerPaysFreight).toBe(true);
  });

  test.each([-1, 101, 2.5])('a restocking fee of %s%% is refused', (feePercent) => {
    expect(authoriseReturn(shipped, { returnId: 1, lines: [{ lineId: 1, quantity: 1 }], feePercent })).toMatchObject({ ok: false, refusal: { code: 'bad-fee' } });
  });

  test('a return received when nothing may be refunded any more refunds nothing and marks no unit refunded', () => {
    const all = value(refund(shipped, { amountCents: shipped.payment!.capturedCents })).state;
    const auth = value(authoriseReturn(all, { returnId: 1, lines: [{ lineId: 2, quantity: 1 }] })).state;
    const got = value(receiveReturn(auth, { returnId: 1, restock: true }));
    expect(got).toMatchObject({ refundCents: 0, feeCents: 0, refundLines: [] });
    expect(got.state.lines.find((l) => l.id === 2)?.refundedUnits).toBe(0);
  });
});

describe('return rule helpers', () => {
  test.each([
    ['1 gal', true], ['2.5 gal', true], ['1 qt', true], ['32 fl oz', true], ['5 L', true], ['25 lb', false], ['4-Pack', false], ['Default Title', false], [null, false],
  ])('soldByVolume(%j) is %s', (title, expected) => {
    expect(soldByVolume(title)).toBe(expected);
  });

  test('a non-hazmat liquid may come back unopened; a parcel may come back opened', () => {
    expect(returnRefusal({ shipClass: 'parcel', notReturnableOnceOpened: true, liquid: true }, false)).toBeNull();
    expect(returnRefusal({ shipClass: 'parcel', notReturnableOnceOpened: false, liquid: false }, true)).toBeNull();
  });

  test('the restocking fee is the percent of the value, rounded half up to the cent, never above it', () => {
    expect(restockingFeeCents(10_999, 15)).toBe(1_650);
    expect(restockingFeeCents(1, 50)).toBe(1);
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 100 }), (cents, pct) => {
      const fee = restockingFeeCents(cents, pct);
      return fee >= 0 && fee <= cents && Math.abs(fee - (cents * pct) / 100) <= 0.5;
    }));
  });
});

describe('statuses', () => {
  test('shipping word of each status', () => {
    expect(shopperStatusWord({ status: 'open', payment: 'authorised', fulfilment: 'unfulfilled' })).toBe('PAID');
    expect(shopperStatusWord({ status: 'open', payment: 'paid', fulfilment: 'partially_fulfilled' })).toBe('PARTIALLY SHIPPED');
    expect(shopperStatusWord({ status: 'open', payment: 'partially_refunded', fulfilment: 'partially_returned' })).toBe('PARTIALLY RETURNED');
  });

  test('the declared transitions allow staying and the listed predecessors only', () => {
    expect(mayFollow(PAYMENT_STATUS_PREDECESSORS, 'paid', 'paid')).toBe(true);
    expect(mayFollow(PAYMENT_STATUS_PREDECESSORS, 'refunded', 'partially_refunded')).toBe(false);
    expect(mayFollow(PAYMENT_STATUS_PREDECESSORS, 'voided', 'paid')).toBe(false);
    expect(mayFollow(FULFILMENT_STATUS_PREDECESSORS, 'fulfilled', 'unfulfilled')).toBe(false);
  });

  test('a refused operation is pure: the state it was given is unchanged', () => {
    fc.assert(fc.property(orderArb, (o: OrderState) => {
      const before = JSON.stringify(o);
      fulfil(o, [{ lineId: 1, quantity: 99 }]);
      refund(o, { amountCents: 10 ** 9 });
      cancel(o);
      return JSON.stringify(o) === before;
    }));
  });
});

describe('tracking', () => {
  test('known carriers link to their tracking page; another carrier to the operator\'s https link', () => {
    expect(trackingLink('ups', '1Z999AA10123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingLink('usps', '9400111899223197428490')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490');
    expect(trackingLink('fedex', '123456789012')).toBe('https://www.fedex.com/fedextrack/?trknbr=123456789012');
    expect(trackingLink('other', 'PRO123456', 'https://freight.example/t?p=PRO123456')).toBe('https://freight.example/t?p=PRO123456');
    expect(trackingLink('other', 'PRO123456', 'javascript:alert(1)')).toBeNull();
    expect(trackingLink('other', 'PRO123456')).toBeNull();
    expect(carrierName('other', ' Estes Express ')).toBe('Estes Express');
    expect(carrierName('dhl')).toBe('DHL Express');
  });

  test('tracking numbers are normalised and checked; links must be https without credentials', () => {
    expect(normalTrackingNumber(' 1z 999-aa1 0123 ')).toBe('1Z999AA10123');
    expect(trackingNumberProblem('1Z999AA10123')).toBeNull();
    expect(trackingNumberProblem('12')).not.toBeNull();
    expect(trackingNumberProblem('<script>')).not.toBeNull();
    expect(trackingUrlProblem('http://x.example/')).not.toBeNull();
    expect(trackingUrlProblem('https://u:p@x.example/')).not.toBeNull();
    expect(trackingUrlProblem('https://x.example/t/1')).toBeNull();
  });
});

describe('packing slip', () => {
  test('rows in bin order with where to find them, marks and the lines\' notes', () => {
    const slip = packingSlip([
      { id: 1, title: 'Cal-Hypo Shock', sku: 'CH-1', variantTitle: '25 lb', ordered: 2, fulfilled: 1, location: 'Main', bin: 'C-10', shipClass: 'hazmat-ground', notReturnableOnceOpened: true },
      { id: 2, title: 'Sand Filter', sku: null, variantTitle: 'Default Title', ordered: 1, fulfilled: 0, location: null, bin: null, shipClass: 'freight', notReturnableOnceOpened: false },
      { id: 3, title: 'Basket', sku: 'B-1', variantTitle: null, ordered: 1, fulfilled: 0, location: 'Main', bin: 'C-9', shipClass: 'parcel', notReturnableOnceOpened: false },
    ]);
    expect(slip.rows.map((r) => [r.id, r.title, r.where, r.toPack, r.marks])).toEqual([
      [3, 'Basket', 'Main · Bin C-9', 1, []],
      [1, 'Cal-Hypo Shock (25 lb)', 'Main · Bin C-10', 1, ['HAZMAT', 'NO RETURN ONCE OPENED']],
      [2, 'Sand Filter', '', 1, ['FREIGHT']],
    ]);
    expect(slip.unitsToPack).toBe(3);
    expect(slip.notes[0]).toEqual({ text: HAZMAT_HANDLING_TEXT, titles: ['Cal-Hypo Shock'] });
    expect(slip.notes.map((n) => n.titles)).toEqual([['Cal-Hypo Shock'], ['Sand Filter'], ['Cal-Hypo Shock']]);
  });
});
