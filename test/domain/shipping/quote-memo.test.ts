/**
 * The quote memory (a page shown again does not quote again) answers exactly what quoteShipment
 * answers: the same quote for the same inputs within a clock window, with quotedAt the instant
 * asked; a new quote across a cut-off, a midnight or a minute of the countdown; distinct inputs
 * that JSON would write alike (NaN and null) kept apart. And the wall clock's remembered offsets
 * read every zone as Intl does.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { QuoteMemo, quoteClockWindow, quoteInputKey } from '../../../src/domain/shipping/quote-memo.ts';
import { quoteShipment, type QuoteLine, type QuoteOptions } from '../../../src/domain/shipping/quote.ts';
import { dayNumber } from '../../../src/domain/shipping/calendar.ts';
import { zonedClock } from '../../../src/domain/shipping/zoned-time.ts';
import { quoteBasketArb, quoteInstantArb, shippingDestinationArb } from '../../../src/domain/testing/shipping.ts';
import { BASKET, CHLORINE, FILTER, PUMP, seedTables } from './shipping.helpers.ts';

const tables = seedTables();
const SAN_DIEGO = { zip: '92101', state: 'CA', address1: '1200 Harbor Dr', phone: '(619) 555-0142' };
/** Tue, Nov 24 2026, 10:46:30 am in Los Angeles: 2 h 13 min 30 s before the 1 pm cut-off. */
const MORNING = Date.UTC(2026, 10, 24, 18, 46, 30);

describe('a remembered quote', () => {
  test('is the quote of the same inputs, with quotedAt the instant asked; the second ask is a hit', () => {
    const memo = new QuoteMemo(tables);
    const lines = [CHLORINE, PUMP, FILTER];
    const first = memo.quote(lines, SAN_DIEGO, MORNING, { purpose: 'order' });
    const again = memo.quote(lines, SAN_DIEGO, MORNING + 20_000, { purpose: 'order' });
    expect([memo.hits, memo.misses]).toEqual([1, 1]);
    expect(first).toEqual(quoteShipment(lines, SAN_DIEGO, MORNING, tables, { purpose: 'order' }));
    expect(again).toEqual(quoteShipment(lines, SAN_DIEGO, MORNING + 20_000, tables, { purpose: 'order' }));
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.dates.quotedAt).toBe(MORNING + 20_000);
  });

  test('a minute later the countdown has moved: a new quote', () => {
    const memo = new QuoteMemo(tables);
    const at = (ms: number) => {
      const r = memo.quote([BASKET], SAN_DIEGO, ms);
      if (!r.ok) throw new Error(r.error.message);
      return r.value.shipments[0]!.dates.shipsText;
    };
    expect(at(MORNING)).toBe('Order within 2 h 13 min and it ships today');
    expect(at(MORNING + 29_000)).toBe('Order within 2 h 13 min and it ships today');
    expect(at(MORNING + 31_000)).toBe('Order within 2 h 12 min and it ships today');
    expect([memo.hits, memo.misses]).toEqual([1, 2]);
  });

  test('across the cut-off the order ships the next business day', () => {
    const memo = new QuoteMemo(tables);
    const cutoff = Date.UTC(2026, 10, 24, 21, 0);
    for (const ms of [cutoff - 1, cutoff, cutoff + 1]) {
      expect(memo.quote([BASKET], SAN_DIEGO, ms)).toEqual(quoteShipment([BASKET], SAN_DIEGO, ms, tables));
    }
    expect(quoteClockWindow(cutoff - 1, tables)).not.toBe(quoteClockWindow(cutoff, tables));
  });

  test('is frozen: a caller cannot change what the next one is given', () => {
    const memo = new QuoteMemo(tables);
    const r = memo.quote([BASKET], SAN_DIEGO, MORNING);
    if (!r.ok) throw new Error(r.error.message);
    expect(() => { (r.value.shipments as unknown[]).push(null); }).toThrow(TypeError);
    expect(() => { (r.value.totals as { totalCents: number }).totalCents = 1; }).toThrow(TypeError);
    // the answer's top level and dates are the caller's own
    r.value.selectionNote = 'mine';
    const again = memo.quote([BASKET], SAN_DIEGO, MORNING + 1);
    expect(again.ok && again.value.selectionNote).toBeNull();
  });

  test('keeps at most its size, forgetting the least recently used', () => {
    const memo = new QuoteMemo(tables, 2);
    const ask = (zip: string) => memo.quote([BASKET], { zip }, MORNING);
    ask('92101');
    ask('98032');
    ask('92101');
    ask('10001');
    ask('92101');
    expect([memo.hits, memo.misses]).toEqual([2, 3]);
    ask('98032');
    expect(memo.misses).toBe(4);
  });

  test('inputs JSON writes alike are different keys: a NaN freight class is refused, a null one is the default', () => {
    const memo = new QuoteMemo(tables);
    const nan: QuoteLine = { ...FILTER, profile: { ...FILTER.profile, freightClass: Number.NaN } };
    const absent: QuoteLine = { ...FILTER, profile: { ...FILTER.profile, freightClass: null as unknown as number } };
    expect(quoteInputKey([nan], SAN_DIEGO, {})).not.toBe(quoteInputKey([absent], SAN_DIEGO, {}));
    const refused = memo.quote([nan], SAN_DIEGO, MORNING);
    expect(refused.ok).toBe(false);
    expect(memo.quote([absent], SAN_DIEGO, MORNING)).toEqual(quoteShipment([absent], SAN_DIEGO, MORNING, tables));
    // a quantity of 2 and of '2'
    const text = { ...BASKET, quantity: '2' as unknown as number };
    expect(quoteInputKey([text], SAN_DIEGO, {})).not.toBe(quoteInputKey([{ ...BASKET, quantity: 2 }], SAN_DIEGO, {}));
  });

  test('a clock the quote refuses, or input that is not a cart, is quoted without the memory', () => {
    const memo = new QuoteMemo(tables);
    expect(memo.quote([BASKET], SAN_DIEGO, Number.NaN)).toEqual(quoteShipment([BASKET], SAN_DIEGO, Number.NaN, tables));
    expect(memo.quote([null as unknown as QuoteLine], SAN_DIEGO, MORNING)).toEqual(quoteShipment([null as unknown as QuoteLine], SAN_DIEGO, MORNING, tables));
    expect([memo.hits, memo.misses]).toEqual([0, 0]);
  });

  test('property: over generated carts, destinations, options and instants asked in any order, the memory answers quoteShipment', () => {
    const memo = new QuoteMemo(tables, 64);
    // few values each, so two sets of options often differ in one field only
    const options = fc.record({
      service: fc.constantFrom('ground', 'next-day' as const),
      discountCents: fc.constantFrom(0, 2500),
      freeShipping: fc.boolean(),
      liftgate: fc.boolean(),
      residential: fc.boolean(),
      purpose: fc.constantFrom('estimate', 'order' as const),
    }, { requiredKeys: [] });
    // a few carts and instants asked again and again: around midnight, the cut-off and a countdown minute
    const near = (base: number) => fc.integer({ min: -90_000, max: 90_000 }).map((d) => base + d);
    const instant = fc.oneof(quoteInstantArb(), near(Date.UTC(2026, 10, 24, 21, 0)), near(Date.UTC(2026, 10, 25, 8, 0)), near(MORNING));
    fc.assert(fc.property(
      fc.array(fc.tuple(quoteBasketArb(4), shippingDestinationArb(tables)), { minLength: 1, maxLength: 3 }),
      fc.array(options, { minLength: 1, maxLength: 6 }),
      fc.array(fc.tuple(fc.nat(), fc.nat(), instant), { minLength: 1, maxLength: 20 }),
      (carts, choices, asks) => {
        // each cart asked with each set of options, at instants near each other
        for (const [cart, choice, now] of asks) {
          const [lines, to] = carts[cart % carts.length]!;
          const opts = choices[choice % choices.length] as QuoteOptions;
          expect(memo.quote(lines, to, now, opts)).toEqual(quoteShipment(lines, to, now, tables, opts));
        }
      },
    ), { numRuns: 300 });
    expect(memo.hits).toBeGreaterThan(100);
  }, 120_000);

  test('every field the quote reads is in the key: changing any one makes another key', () => {
    const line: QuoteLine = {
      id: 'a', title: 'Sand Filter', quantity: 1, unitCents: 1000,
      profile: { shipClass: 'freight', weightLb: 100, dimensions: { lengthIn: 40, widthIn: 40, heightIn: 48 }, freightClass: 85, hazardGroup: 'other', handlingDays: 1, taxable: true },
      notices: [{ kind: 'hazmat-handling' }],
    };
    const to = { zip: '92101', state: 'CA', country: 'US', address1: '1 Harbor Dr', address2: 'Unit 2', phone: '6195550100' };
    const options: QuoteOptions = { service: 'ground', discountCents: 0, freeShipping: false, liftgate: true, residential: true, purpose: 'order' };
    const base = quoteInputKey([line], to, options);
    const changed: [string, QuoteLine, typeof to, QuoteOptions][] = [
      ['id', { ...line, id: 'b' }, to, options],
      ['title', { ...line, title: 'Sand Filter 2' }, to, options],
      ['quantity', { ...line, quantity: 2 }, to, options],
      ['unitCents', { ...line, unitCents: 1001 }, to, options],
      ['notices', { ...line, notices: [{ kind: 'not-returnable-once-opened' }] }, to, options],
      ...(['shipClass', 'weightLb', 'freightClass', 'hazardGroup', 'handlingDays', 'taxable'] as const).map((k): [string, QuoteLine, typeof to, QuoteOptions] => [
        k, { ...line, profile: { ...line.profile, [k]: k === 'shipClass' ? 'parcel' : k === 'hazardGroup' ? 'acid' : k === 'taxable' ? false : 7 } }, to, options,
      ]),
      ...(['lengthIn', 'widthIn', 'heightIn'] as const).map((k): [string, QuoteLine, typeof to, QuoteOptions] => [
        k, { ...line, profile: { ...line.profile, dimensions: { ...line.profile.dimensions!, [k]: 1 } } }, to, options,
      ]),
      ['no dimensions', { ...line, profile: { ...line.profile, dimensions: undefined } }, to, options],
      ...(Object.keys(to) as (keyof typeof to)[]).map((k): [string, QuoteLine, typeof to, QuoteOptions] => [k, line, { ...to, [k]: `${to[k]}9` }, options]),
      ...(Object.keys(options) as (keyof QuoteOptions)[]).map((k): [string, QuoteLine, typeof to, QuoteOptions] => [
        k, line, to, { ...options, [k]: typeof options[k] === 'boolean' ? !options[k] : k === 'discountCents' ? 1 : k === 'service' ? 'next-day' : 'estimate' },
      ]),
    ];
    expect(changed).toHaveLength(27);
    for (const [name, l, t, o] of changed) expect(quoteInputKey([l], t, o), name).not.toBe(base);
  });
});

describe('the wall clock', () => {
  const ZONES = ['America/Los_Angeles', 'America/New_York', 'America/St_Johns', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Europe/London', 'UTC'];
  /** The wall clock as Intl reads it, without the remembered offsets. */
  function intlClock(ms: number, timeZone: string) {
    const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    }).formatToParts(ms).map((p) => [p.type, Number(p.value)]));
    return { day: dayNumber(parts.year!, parts.month!, parts.day!), minutes: (parts.hour! % 24) * 60 + parts.minute!, seconds: parts.second! };
  }

  test('property: read again within the second, and across daylight-saving changes, it is Intl\'s', () => {
    // instants near the 2026 changes of Los Angeles, Lord Howe (30 min) and Chatham (45 min offsets)
    const changes = [Date.UTC(2026, 2, 8, 10, 0), Date.UTC(2026, 10, 1, 9, 0), Date.UTC(2026, 3, 4, 15, 0), Date.UTC(2026, 3, 4, 14, 0)];
    const instant = fc.oneof(quoteInstantArb(), fc.tuple(fc.constantFrom(...changes), fc.integer({ min: -7_200_000, max: 7_200_000 })).map(([c, d]) => c + d));
    fc.assert(fc.property(instant, fc.constantFrom(...ZONES), fc.integer({ min: 0, max: 999 }), (ms, zone, within) => {
      const second = Math.floor(ms / 1000) * 1000;
      // the first read of the second (formatter), then another instant of it (remembered offset)
      expect(zonedClock(second + within, zone)).toEqual(intlClock(second + within, zone));
      expect(zonedClock(second + 999 - within, zone)).toEqual(intlClock(second + 999 - within, zone));
      expect(zonedClock(second, zone)).toEqual(intlClock(second, zone));
    }), { numRuns: 3000 });
  });
});
