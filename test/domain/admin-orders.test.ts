import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  ADMIN_FILTER_CHOICES, ADMIN_FORM_MESSAGES, adminRoleCan, checkAdminForm, checkFulfil, checkRefund, checkSetPassword, checkSignIn,
  formatAdminDate, formatAdminMoney, lowestStockFirst, oldestFirst, orderActions, orderFiltersSearch, ordersSummary, parseAmountCents, parseOrderFilters, startOfDayIso,
  unitsToRefund, unitsToShip, type AdminOrderFilters,
} from '../../src/domain/admin-orders.ts';

const filtersArb: fc.Arbitrary<AdminOrderFilters> = fc.record({
  status: fc.constantFrom(...ADMIN_FILTER_CHOICES.status),
  payment: fc.constantFrom(...ADMIN_FILTER_CHOICES.payment),
  fulfilment: fc.constantFrom(...ADMIN_FILTER_CHOICES.fulfilment),
  // what the parser keeps of a text: trimmed, at most 100 characters, not blank
  q: fc.string({ minLength: 1, maxLength: 100 }).map((s) => s.trim()).filter((s) => s !== ''),
  before: fc.tuple(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.integer({ min: 1, max: 10 ** 9 }))
    .map(([ms, id]) => `${new Date(ms).toISOString()}_${id}`),
}, { requiredKeys: [] });

describe('the order list\'s filters in the address', () => {
  test('read back what they wrote (round trip)', () => {
    fc.assert(fc.property(filtersArb, (filters) => {
      expect(parseOrderFilters(orderFiltersSearch(filters))).toEqual(filters);
    }));
  });

  test('never keep a value the API would refuse, whatever the address says', () => {
    fc.assert(fc.property(fc.dictionary(fc.constantFrom('status', 'payment', 'fulfilment', 'q', 'before', 'x'), fc.string()), (params) => {
      const filters = parseOrderFilters(`?${new URLSearchParams(params).toString()}`);
      for (const name of ['status', 'payment', 'fulfilment'] as const) {
        if (filters[name] !== undefined) expect(ADMIN_FILTER_CHOICES[name]).toContain(filters[name]);
      }
      if (filters.q !== undefined) {
        expect(filters.q.length).toBeGreaterThan(0);
        expect(filters.q.length).toBeLessThanOrEqual(100);
      }
      expect(Object.keys(filters)).not.toContain('x');
    }));
  });

  test('drop unknown values and trim the text', () => {
    expect(parseOrderFilters('?status=lost&payment=paid&q=%20%20ann%20&before=yesterday')).toEqual({ payment: 'paid', q: 'ann' });
  });
});

describe('money', () => {
  test('cents printed and read back are the same cents (round trip, no float arithmetic)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 99_999_999_999 }), (cents) => {
      expect(parseAmountCents(formatAdminMoney(cents))).toBe(cents);
    }));
  });

  test.each([
    [0, 'USD', '$0.00'], [5, 'USD', '$0.05'], [123450, 'USD', '$1,234.50'], [-250, 'USD', '-$2.50'], [1000, 'cad', 'CAD 10.00'],
  ])('prints %i %s as %s', (cents, currency, text) => {
    expect(formatAdminMoney(cents, currency)).toBe(text);
  });

  test.each([['12', 1200], ['12.5', 1250], ['$1,012.05', 101205], ['0', null], ['1.234', null], ['-3', null], ['abc', null], ['', null]])('reads %j as %j', (text, cents) => {
    expect(parseAmountCents(text)).toBe(cents);
  });
});

describe('times', () => {
  test.each([
    ['2026-11-27T20:38:05.000Z', 'Nov 27, 2026, 20:38 UTC'],
    ['2026-01-02T03:04:00Z', 'Jan 2, 2026, 03:04 UTC'],
    ['not a time', 'not a time'],
  ])('shows %s as %s, whatever the time zone of the machine (server and browser agree)', (iso, text) => {
    expect(formatAdminDate(iso)).toBe(text);
  });
});

describe('the forms\' checks', () => {
  const lines = [{ id: 1, quantity: 3, fulfilled: 1, refunded: 0 }, { id: 2, quantity: 1, fulfilled: 0, refunded: 1 }];

  test('sign-in asks for email and password; a code is 6 digits when given', () => {
    expect(checkSignIn({ email: ' ', password: 'x' })).toEqual({ ok: false, error: ADMIN_FORM_MESSAGES.email });
    expect(checkSignIn({ email: 'a@b.c', password: '' })).toEqual({ ok: false, error: ADMIN_FORM_MESSAGES.password });
    expect(checkSignIn({ email: 'a@b.c', password: 'p', code: '12 34' })).toEqual({ ok: false, error: ADMIN_FORM_MESSAGES.code });
    expect(checkSignIn({ email: ' a@b.c ', password: 'p', code: '123 456' })).toEqual({ ok: true, body: { email: 'a@b.c', password: 'p', code: '123456' } });
    expect(checkSignIn({ email: 'a@b.c', password: 'p' })).toEqual({ ok: true, body: { email: 'a@b.c', password: 'p' } });
  });

  test('set-password needs the link\'s token, 12 characters and the same password twice', () => {
    expect(checkSetPassword({ token: '', password: 'long enough pass', confirm: 'long enough pass' })).toEqual({ ok: false, error: ADMIN_FORM_MESSAGES.token });
    expect(checkSetPassword({ token: 't', password: 'short', confirm: 'short' })).toEqual({ ok: false, error: ADMIN_FORM_MESSAGES.passwordShort });
    expect(checkSetPassword({ token: 't', password: 'long enough pass', confirm: 'long enough pasS' })).toEqual({ ok: false, error: ADMIN_FORM_MESSAGES.passwordMismatch });
    expect(checkSetPassword({ token: 't', password: 'long enough pass', confirm: 'long enough pass' })).toEqual({ ok: true, body: { token: 't', password: 'long enough pass' } });
  });

  test('a fulfilment needs a tracking number, a named carrier for other, and units within what is left to ship', () => {
    expect(checkFulfil({ carrier: 'ups', trackingNumber: ' ', 'line.1': '2' }, lines)).toEqual({ ok: false, error: ADMIN_FORM_MESSAGES.tracking });
    expect(checkFulfil({ carrier: 'other', trackingNumber: 'T1', 'line.1': '2' }, lines)).toEqual({ ok: false, error: ADMIN_FORM_MESSAGES.carrierName });
    expect(checkFulfil({ carrier: 'ups', trackingNumber: 'T1', 'line.1': '3' }, lines)).toEqual({ ok: false, error: ADMIN_FORM_MESSAGES.tooManyToShip });
    expect(checkFulfil({ carrier: 'ups', trackingNumber: 'T1', 'line.1': '0' }, lines)).toEqual({ ok: false, error: ADMIN_FORM_MESSAGES.nothingToShip });
    expect(checkFulfil({ carrier: 'fedex', trackingNumber: ' T1 ', 'line.1': '2', 'line.2': '' }, lines))
      .toEqual({ ok: true, body: { carrier: 'fedex', trackingNumber: 'T1', lines: [{ lineId: 1, quantity: 2 }] } });
  });

  test('a checked fulfilment never ships more than is left of a line, nor nothing', () => {
    const lineArb = fc.record({ id: fc.integer({ min: 1, max: 50 }), quantity: fc.integer({ min: 1, max: 20 }), fulfilled: fc.nat(20), refunded: fc.nat(20) });
    fc.assert(fc.property(
      fc.uniqueArray(lineArb, { selector: (l) => l.id, minLength: 1, maxLength: 5 }).map((ls) => ls.map((l) => ({ ...l, fulfilled: Math.min(l.fulfilled, l.quantity) }))),
      fc.dictionary(fc.integer({ min: 1, max: 50 }).map((id) => `line.${id}`), fc.oneof(fc.nat(25).map(String), fc.string())),
      (ls, typed) => {
        const check = checkFulfil({ carrier: 'ups', trackingNumber: 'T', ...typed }, ls);
        if (!check.ok) return;
        expect(check.body.lines.length).toBeGreaterThan(0);
        for (const { lineId, quantity } of check.body.lines) {
          const line = ls.find((l) => l.id === lineId)!;
          expect(quantity).toBeGreaterThan(0);
          expect(quantity).toBeLessThanOrEqual(unitsToShip(line));
        }
      },
    ));
  });

  test('a refund by amount is at most what can be refunded; by lines, at most the units not refunded yet', () => {
    expect(checkRefund({ mode: 'amount', amount: '10.01' }, lines, 1000)).toEqual({ ok: false, error: ADMIN_FORM_MESSAGES.overRefund });
    expect(checkRefund({ mode: 'amount', amount: 'ten' }, lines, 1000)).toEqual({ ok: false, error: ADMIN_FORM_MESSAGES.amount });
    expect(checkRefund({ mode: 'amount', amount: '10', reason: ' damaged ' }, lines, 1000)).toEqual({ ok: true, body: { amountCents: 1000, reason: 'damaged' } });
    expect(checkRefund({ mode: 'lines', 'line.2': '1' }, lines, 1000)).toEqual({ ok: false, error: ADMIN_FORM_MESSAGES.tooManyToRefund });
    expect(checkRefund({ mode: 'lines' }, lines, 1000)).toEqual({ ok: false, error: ADMIN_FORM_MESSAGES.nothingToRefund });
    expect(checkRefund({ mode: 'lines', 'line.1': '3' }, lines, 1000)).toEqual({ ok: true, body: { lines: [{ lineId: 1, quantity: 3 }] } });
    expect(unitsToRefund(lines[1]!)).toBe(0);
  });

  test('a checked amount never exceeds what can be refunded', () => {
    fc.assert(fc.property(fc.string(), fc.nat(10_000_000), (amount, refundable) => {
      const check = checkRefund({ mode: 'amount', amount }, [], refundable);
      if (check.ok && 'amountCents' in check.body) {
        expect(check.body.amountCents).toBeGreaterThan(0);
        expect(check.body.amountCents).toBeLessThanOrEqual(refundable);
      }
    }));
  });

  test('checkAdminForm checks each kind with its own rule', () => {
    const subject = { lines, refundableCents: 0 };
    expect(checkAdminForm('cancel', { reason: '' }, subject)).toEqual({ ok: false, error: ADMIN_FORM_MESSAGES.reason });
    expect(checkAdminForm('cancel', { reason: 'Asked by the customer' }, subject)).toEqual({ ok: true, body: { reason: 'Asked by the customer' } });
    expect(checkAdminForm('refund', { mode: 'amount', amount: '1' }, subject)).toEqual({ ok: false, error: ADMIN_FORM_MESSAGES.overRefund });
  });
});

describe('roles and actions', () => {
  test('the fulfilment role ships and nothing else; owners and staff do everything', () => {
    expect(adminRoleCan('fulfilment')).toEqual({ manageOrders: false, readMail: false });
    expect(adminRoleCan('staff')).toEqual({ manageOrders: true, readMail: true });
    const order = { state: 'open', refundableCents: 500, lines: [{ id: 1, quantity: 2, fulfilled: 0, refunded: 0 }] };
    expect(orderActions(order, 'fulfilment')).toEqual({ fulfil: true, cancel: false, refund: false });
    expect(orderActions(order, 'owner')).toEqual({ fulfil: true, cancel: true, refund: true });
  });

  test('a shipped order cannot be cancelled, a cancelled one not shipped, and nothing refundable not refunded', () => {
    const shipped = { state: 'open', refundableCents: 0, lines: [{ id: 1, quantity: 2, fulfilled: 2, refunded: 0 }] };
    expect(orderActions(shipped, 'owner')).toEqual({ fulfil: false, cancel: false, refund: false });
    const cancelled = { state: 'cancelled', refundableCents: 0, lines: [{ id: 1, quantity: 2, fulfilled: 0, refunded: 0 }] };
    expect(orderActions(cancelled, 'owner')).toEqual({ fulfil: false, cancel: false, refund: false });
  });
});

describe('the dashboard\'s sums', () => {
  test('today\'s orders and revenue leave cancelled orders out', () => {
    expect(ordersSummary([
      { id: 1, createdAt: 'a', totalCents: 1000, state: 'open' },
      { id: 2, createdAt: 'b', totalCents: 700, state: 'cancelled' },
      { id: 3, createdAt: 'c', totalCents: 250, state: 'open' },
    ])).toEqual({ count: 2, revenueCents: 1250 });
  });

  test('oldest first is sorted by time then number, a permutation of the list, and leaves the list as it was', () => {
    const orderArb = fc.record({ id: fc.integer({ min: 1, max: 1000 }), createdAt: fc.integer({ min: 0, max: 10 ** 12 }).map((ms) => new Date(ms).toISOString()) });
    fc.assert(fc.property(fc.array(orderArb), (orders) => {
      const before = JSON.stringify(orders);
      const sorted = oldestFirst(orders);
      expect(JSON.stringify(orders)).toBe(before);
      expect([...sorted].sort((a, b) => a.id - b.id || a.createdAt.localeCompare(b.createdAt))).toEqual([...orders].sort((a, b) => a.id - b.id || a.createdAt.localeCompare(b.createdAt)));
      for (let i = 1; i < sorted.length; i += 1) {
        const [a, b] = [sorted[i - 1]!, sorted[i]!];
        expect(a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id <= b.id)).toBe(true);
      }
    }));
  });

  test('low stock is listed fewest units first (the lowest level\'s, else the total), a permutation of the list', () => {
    const productArb = fc.record({ id: fc.nat(100), title: fc.string({ maxLength: 5 }), stock: fc.nat(50), lowestStock: fc.option(fc.nat(50)) });
    fc.assert(fc.property(fc.array(productArb), (products) => {
      const sorted = lowestStockFirst(products);
      expect(sorted).toHaveLength(products.length);
      expect(new Set(sorted)).toEqual(new Set(products));
      const units = (p: (typeof products)[number]) => p.lowestStock ?? p.stock;
      for (let i = 1; i < sorted.length; i += 1) expect(units(sorted[i - 1]!)).toBeLessThanOrEqual(units(sorted[i]!));
    }));
    expect(lowestStockFirst([{ title: 'B', stock: 9, lowestStock: 1 }, { title: 'A', stock: 2, lowestStock: null }, { title: 'C', stock: 1, lowestStock: 1 }]).map((p) => p.title)).toEqual(['B', 'C', 'A']);
  });

  test.each([
    [Date.UTC(2026, 10, 27, 3), 300, '2026-11-26T05:00:00.000Z'],
    [Date.UTC(2026, 10, 27, 12), 0, '2026-11-27T00:00:00.000Z'],
    [Date.UTC(2026, 10, 27, 23, 30), -60, '2026-11-27T23:00:00.000Z'],
  ])('the start of the viewer\'s day of %i at offset %i is %s', (now, offset, iso) => {
    expect(startOfDayIso(now, offset)).toBe(iso);
  });

  test('the start of the day is at most a day before now and on a whole local midnight', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.integer({ min: -840, max: 720 }), (now, offset) => {
      const start = Date.parse(startOfDayIso(now, offset));
      expect(start).toBeLessThanOrEqual(now);
      expect(now - start).toBeLessThan(86_400_000);
      // (a start before 1970 leaves -0: the remainder's sign is the dividend's)
      expect(Math.abs((start - offset * 60_000) % 86_400_000)).toBe(0);
    }));
  });
});
