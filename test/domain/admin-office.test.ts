import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  OFFICE_FORM_MESSAGES, auditChanges, checkDiscountEdit, discountFormFields, auditFiltersSearch, auditQueryOf, centsText, checkDiscount, checkDiscountAction, checkNote, checkOfficeForm,
  checkReceive, checkReturn, discountActions, officeRoleCan, parseAdminDate, parseAuditFilters, parseMoneyCents, parsePercent, unitsToReturn,
  type AuditFilters, type ReturnLineUnits,
} from '../../src/domain/admin-office.ts';
import { checkAdminForm } from '../../src/domain/admin-orders.ts';

const lineArb: fc.Arbitrary<ReturnLineUnits> = fc.record({
  id: fc.integer({ min: 1, max: 10_000 }),
  quantity: fc.integer({ min: 1, max: 20 }),
}).chain(({ id, quantity }) => fc.integer({ min: 0, max: quantity }).chain((fulfilled) => fc.integer({ min: 0, max: fulfilled }).chain((returned) =>
  fc.integer({ min: 0, max: fulfilled - returned }).map((returning) => ({ id, quantity, fulfilled, refunded: 0, returned, returning })))));
const linesArb = fc.uniqueArray(lineArb, { selector: (l) => l.id, minLength: 1, maxLength: 5 });
const dayArb = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

describe('typed money, percents and dates', () => {
  test('money reads back what centsText writes, for every amount (round trip)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 999_999_999_99 }), (cents) => {
      expect(parseMoneyCents(centsText(cents))).toBe(cents);
      expect(parseMoneyCents(`$${centsText(cents)}`)).toBe(cents);
    }));
  });

  test('money takes thousands separators and refuses more than two decimals or a sign', () => {
    expect(parseMoneyCents('$1,012.5')).toBe(101250);
    expect(parseMoneyCents('0')).toBe(0);
    expect(parseMoneyCents('1.005')).toBeNull();
    expect(parseMoneyCents('-3')).toBeNull();
    expect(parseMoneyCents('abc')).toBeNull();
  });

  test('a percent is a whole number from its minimum to 100, with or without %', () => {
    fc.assert(fc.property(fc.integer({ min: -50, max: 200 }), fc.boolean(), (n, sign) => {
      const parsed = parsePercent(`${n}${sign ? '%' : ''}`);
      expect(parsed).toBe(n >= 1 && n <= 100 ? n : null);
    }));
    expect(parsePercent('0', 0)).toBe(0);
    expect(parsePercent('12.5')).toBeNull();
  });

  test('a typed day is that day at midnight UTC, and an impossible day is refused', () => {
    fc.assert(fc.property(dayArb, (day) => {
      expect(parseAdminDate(day)).toBe(`${day}T00:00:00.000Z`);
    }));
    expect(parseAdminDate('2026-12-01 09:30')).toBe('2026-12-01T09:30:00.000Z');
    expect(parseAdminDate('2026-02-30')).toBeNull();
    expect(parseAdminDate('2026-13-01')).toBeNull();
    expect(parseAdminDate('01/12/2026')).toBeNull();
  });
});

describe('the return form', () => {
  test('never asks to return more units of a line than were shipped and not returned', () => {
    fc.assert(fc.property(linesArb, fc.array(fc.integer({ min: 0, max: 25 }), { minLength: 5, maxLength: 5 }), fc.integer({ min: 0, max: 150 }), (lines, typed, fee) => {
      const fields: Record<string, string> = { reason: 'Wrong size', fee: String(fee) };
      lines.forEach((line, i) => { fields[`line.${line.id}`] = String(typed[i]); });
      const check = checkReturn(fields, lines);
      if (!check.ok) return;
      expect(check.body.restockingFeePercent).toBe(fee);
      expect(fee).toBeLessThanOrEqual(100);
      expect(check.body.lines.length).toBeGreaterThan(0);
      for (const sent of check.body.lines) {
        const line = lines.find((l) => l.id === sent.lineId)!;
        expect(sent.quantity).toBeGreaterThan(0);
        expect(sent.quantity).toBeLessThanOrEqual(unitsToReturn(line));
      }
    }));
  });

  test('sends exactly the units typed when each is within what may be returned', () => {
    fc.assert(fc.property(linesArb, (lines) => {
      const fields: Record<string, string> = { reason: 'Damaged' };
      for (const line of lines) fields[`line.${line.id}`] = String(unitsToReturn(line));
      const check = checkReturn(fields, lines);
      const expected = lines.filter((l) => unitsToReturn(l) > 0).map((l) => ({ lineId: l.id, quantity: unitsToReturn(l), opened: false }));
      if (expected.length === 0) expect(check).toEqual({ ok: false, error: OFFICE_FORM_MESSAGES.nothingToReturn });
      else expect(check).toEqual({ ok: true, body: { lines: expected, reason: 'Damaged', restockingFeePercent: 0 } });
    }));
  });

  test.each([
    [{ 'line.1': '1' }, OFFICE_FORM_MESSAGES.reason],
    [{ 'line.1': '1', reason: 'x', fee: '120' }, OFFICE_FORM_MESSAGES.fee],
    [{ 'line.1': '3', reason: 'x' }, OFFICE_FORM_MESSAGES.tooManyToReturn],
    [{ 'line.1': 'two', reason: 'x' }, OFFICE_FORM_MESSAGES.tooManyToReturn],
    [{ 'line.1': '0', reason: 'x' }, OFFICE_FORM_MESSAGES.nothingToReturn],
  ])('refuses %j with its message', (fields, message) => {
    expect(checkReturn(fields, [{ id: 1, quantity: 3, fulfilled: 2, refunded: 0 }])).toEqual({ ok: false, error: message });
  });

  test('marks the opened lines (the server refuses opened chemicals)', () => {
    const check = checkReturn({ reason: 'x', 'line.1': '1', 'opened.1': 'yes', 'line.2': '1' }, [
      { id: 1, quantity: 1, fulfilled: 1, refunded: 0 }, { id: 2, quantity: 1, fulfilled: 1, refunded: 0 },
    ]);
    expect(check).toEqual({ ok: true, body: { reason: 'x', restockingFeePercent: 0, lines: [{ lineId: 1, quantity: 1, opened: true }, { lineId: 2, quantity: 1, opened: false }] } });
  });

  test('receiving needs the restock choice; refunding is the default', () => {
    expect(checkReceive({ returnId: '4' })).toEqual({ ok: false, error: OFFICE_FORM_MESSAGES.restock });
    expect(checkReceive({ returnId: '4', restock: 'no' })).toEqual({ ok: true, body: { returnId: 4, restock: false, refund: true } });
    expect(checkReceive({ returnId: '4', restock: 'yes', refund: 'no' })).toEqual({ ok: true, body: { returnId: 4, restock: true, refund: false } });
    expect(checkReceive({ restock: 'yes' })).toEqual({ ok: false, error: OFFICE_FORM_MESSAGES.returnId });
  });

  test('a note is 1 to 2000 characters, trimmed', () => {
    fc.assert(fc.property(fc.string({ maxLength: 2100 }), (text) => {
      const check = checkNote({ body: text });
      const trimmed = text.trim();
      if (trimmed === '' || [...trimmed].length > 2000) expect(check.ok).toBe(false);
      else expect(check).toEqual({ ok: true, body: { body: trimmed } });
    }));
  });
});

describe('the discount form', () => {
  const base = { code: 'spring-15', kind: 'percentage', value: '15%' };

  test('sends a checked body the API accepts: an upper-case code, a value for its kind, an end after the start', () => {
    fc.assert(fc.property(
      fc.constantFrom('percentage', 'fixed', 'free_shipping'), fc.string({ maxLength: 8 }), fc.option(dayArb, { nil: undefined }), fc.option(dayArb, { nil: undefined }),
      fc.option(fc.integer({ min: -3, max: 2_000_000_000 }).map(String), { nil: undefined }), fc.boolean(),
      (kind, value, startsAt, endsAt, maxUses, once) => {
        const fields = { code: 'SALE', kind, value, ...(startsAt ? { startsAt } : {}), ...(endsAt ? { endsAt } : {}), ...(maxUses ? { maxUses } : {}), oncePerCustomer: once ? 'yes' : 'no' };
        const check = checkDiscount(fields);
        if (!check.ok) return;
        const body = check.body;
        expect(body.code).toMatch(/^[A-Z0-9][A-Z0-9_-]{0,63}$/);
        if (body.kind === 'percentage') expect(body.value).toBeGreaterThanOrEqual(1);
        if (body.kind === 'percentage') expect(body.value).toBeLessThanOrEqual(100);
        if (body.kind === 'fixed') expect(body.value).toBeGreaterThanOrEqual(1);
        if (body.kind === 'free_shipping') expect(body.value).toBeUndefined();
        if (body.startsAt && body.endsAt) expect(Date.parse(body.endsAt)).toBeGreaterThan(Date.parse(body.startsAt));
        if (body.maxUses !== null) expect(body.maxUses).toBeGreaterThanOrEqual(1);
        expect(body.oncePerCustomer).toBe(once);
        expect(body.oncePerIp).toBe(once);
      },
    ));
  });

  test('reads a typed amount and minimum in cents', () => {
    expect(checkDiscount({ code: 'TEN', kind: 'fixed', value: '$10', minSubtotal: '50.00', maxUses: '100', oncePerCustomer: 'yes', startsAt: '2026-12-01', endsAt: '2026-12-31 23:59' })).toEqual({
      ok: true,
      body: { code: 'TEN', kind: 'fixed', value: 1000, minSubtotalCents: 5000, startsAt: '2026-12-01T00:00:00.000Z', endsAt: '2026-12-31T23:59:00.000Z', maxUses: 100, oncePerCustomer: true, oncePerIp: true },
    });
    expect(checkDiscount({ code: 'SHIP', kind: 'free_shipping' })).toEqual({
      ok: true, body: { code: 'SHIP', kind: 'free_shipping', minSubtotalCents: 0, startsAt: null, endsAt: null, maxUses: null, oncePerCustomer: false, oncePerIp: false },
    });
  });

  test.each([
    [{ ...base, code: '-bad' }, OFFICE_FORM_MESSAGES.code],
    [{ ...base, value: '0' }, OFFICE_FORM_MESSAGES.percent],
    [{ ...base, value: '101' }, OFFICE_FORM_MESSAGES.percent],
    [{ ...base, kind: 'fixed', value: '0' }, OFFICE_FORM_MESSAGES.amount],
    [{ ...base, minSubtotal: 'lots' }, OFFICE_FORM_MESSAGES.minSubtotal],
    [{ ...base, startsAt: '2026-02-30' }, OFFICE_FORM_MESSAGES.date],
    [{ ...base, startsAt: '2026-12-02', endsAt: '2026-12-01' }, OFFICE_FORM_MESSAGES.endBeforeStart],
    [{ ...base, maxUses: '0' }, OFFICE_FORM_MESSAGES.uses],
  ])('refuses %j with its message', (fields, message) => {
    expect(checkDiscount(fields)).toEqual({ ok: false, error: message });
  });

  test('a code\'s actions follow its state', () => {
    expect(discountActions('active')).toEqual({ pause: true, resume: false, expire: true });
    expect(discountActions('paused')).toEqual({ pause: false, resume: true, expire: true });
    expect(discountActions('ended')).toEqual({ pause: false, resume: false, expire: false });
    expect(checkDiscountAction({ code: 'A', action: 'stop' })).toEqual({ ok: false, error: OFFICE_FORM_MESSAGES.action });
  });

  test('the one form machine\'s check reaches these forms', () => {
    expect(checkAdminForm('note', { body: ' hi ' }, { lines: [], refundableCents: 0 })).toEqual({ ok: true, body: { body: 'hi' } });
    expect(checkOfficeForm('customerReset', { customerId: '7' }, { lines: [], refundableCents: 0 })).toEqual({ ok: true, body: { customerId: 7 } });
  });
});

describe('the audit log\'s filters and changes', () => {
  const filtersArb: fc.Arbitrary<AuditFilters> = fc.record({
    action: fc.string({ minLength: 1, maxLength: 64 }).map((s) => s.trim()).filter((s) => s !== ''),
    actorId: fc.integer({ min: 1, max: 999_999_999 }),
    from: dayArb,
    to: dayArb,
    before: fc.integer({ min: 1, max: 999_999_999 }),
  }, { requiredKeys: [] });

  test('read back what they wrote (round trip)', () => {
    fc.assert(fc.property(filtersArb, (filters) => {
      expect(parseAuditFilters(auditFiltersSearch(filters))).toEqual(filters);
    }));
  });

  test('a day filter covers the whole day in UTC', () => {
    expect(auditQueryOf({ from: '2026-11-01', to: '2026-11-02', actorId: 3 })).toEqual({
      from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T23:59:59.999Z', actorId: 3, actorKind: 'operator',
    });
  });

  test('shows only the fields that changed, each once', () => {
    fc.assert(fc.property(fc.dictionary(fc.string({ maxLength: 5 }), fc.integer()), fc.dictionary(fc.string({ maxLength: 5 }), fc.integer()), (before, after) => {
      const lines = auditChanges(before, after, 1000);
      const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => before[k] !== after[k]);
      expect(lines).toHaveLength(changed.length);
    }));
    expect(auditChanges({ status: 'active', code: 'A' }, { status: 'paused', code: 'A' })).toEqual(['status: active → paused']);
    expect(auditChanges(null, { code: 'A' })).toEqual(['code: A']);
    expect(auditChanges({ code: 'A' }, null)).toEqual(['code: A (removed)']);
    expect(auditChanges({ n: 1 }, { n: 1, m: 2 })).toEqual(['m: — → 2']);
  });

  test('only owners read the audit log; fulfilment sees neither discounts nor customers', () => {
    expect(officeRoleCan('owner')).toEqual({ discounts: true, customers: true, audit: true, manageOrders: true });
    expect(officeRoleCan('staff')).toEqual({ discounts: true, customers: true, audit: false, manageOrders: true });
    expect(officeRoleCan('fulfilment')).toEqual({ discounts: false, customers: false, audit: false, manageOrders: false });
  });
});

describe('the discount edit form', () => {
  const minute = fc.integer({ min: Date.UTC(2020, 0, 1) / 60_000, max: Date.UTC(2040, 0, 1) / 60_000 }).map((m) => new Date(m * 60_000).toISOString());
  const code = fc.record({
    code: fc.stringMatching(/^[A-Z0-9][A-Z0-9_-]{0,20}$/),
    kind: fc.constantFrom('percentage' as const, 'fixed' as const, 'free_shipping' as const),
    percent: fc.integer({ min: 1, max: 100 }),
    cents: fc.integer({ min: 1, max: 100_000_000 }),
    minSubtotalCents: fc.integer({ min: 0, max: 100_000_000 }),
    startsAt: fc.option(minute, { nil: null }),
    endsAt: fc.option(minute, { nil: null }),
    maxUses: fc.option(fc.integer({ min: 1, max: 1_000_000_000 }), { nil: null }),
    oncePerCustomer: fc.boolean(),
  }).filter((d) => d.startsAt === null || d.endsAt === null || d.endsAt > d.startsAt)
    .map(({ percent, cents, ...d }) => ({ ...d, value: d.kind === 'percentage' ? percent : d.kind === 'fixed' ? cents : 0 }));

  test('a code\'s fields, unchanged, check back to the code as it is', () => {
    fc.assert(fc.property(code, (d) => {
      const checked = checkDiscountEdit(discountFormFields(d));
      expect(checked).toEqual({
        ok: true,
        body: {
          code: d.code,
          patch: {
            kind: d.kind, ...(d.kind === 'free_shipping' ? {} : { value: d.value }), minSubtotalCents: d.minSubtotalCents, startsAt: d.startsAt, endsAt: d.endsAt,
            maxUses: d.maxUses, oncePerCustomer: d.oncePerCustomer, oncePerIp: d.oncePerCustomer,
          },
        },
      });
    }));
  });
});
