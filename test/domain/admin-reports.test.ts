import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  addDays, axisMoney, changeWords, fillDays, localDate, mayReadSales, parseSalesZone, percentChange, reportDates, salesChartRows, salesSummary,
  salesTotals, shortDate, startOfLocalDay, zoneOffsetMinutes, type SalesDay, type SalesZone,
} from '../../src/domain/admin-reports.ts';

// 1970 to 2100
const dateArb = fc.integer({ min: 0, max: 47_480 }).map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10));
const instantArb = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2080, 0, 1) });
const offsetZoneArb: fc.Arbitrary<SalesZone> = fc.integer({ min: -840, max: 840 }).map((minutes) => ({ kind: 'offset', minutes }));
/** Zones with clock changes at 2 a.m., at midnight (Santiago, Havana, Beirut) and half- or quarter-hour offsets. */
const IANA = ['UTC', 'America/New_York', 'America/Los_Angeles', 'Europe/Paris', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/Santiago', 'America/Havana', 'Asia/Beirut', 'Pacific/Chatham', 'America/St_Johns'];
const zoneArb: fc.Arbitrary<SalesZone> = fc.oneof(offsetZoneArb, fc.constantFrom(...IANA).map((name) => ({ kind: 'iana', name }) as const));
const dayArb = (date: string): fc.Arbitrary<SalesDay> => fc.record({ date: fc.constant(date), orders: fc.nat(50), revenueCents: fc.nat(10_000_000) });

describe('the report\'s days', () => {
  test('moving a date by n days and back finds the date', () => {
    fc.assert(fc.property(dateArb, fc.integer({ min: -400, max: 400 }), (date, n) => addDays(addDays(date, n), -n) === date));
  });

  test('a report of n dates ends with the given date and has consecutive days', () => {
    fc.assert(fc.property(dateArb, fc.integer({ min: 1, max: 184 }), (last, n) => {
      const dates = reportDates(last, n);
      expect(dates).toHaveLength(n);
      expect(dates.at(-1)).toBe(last);
      dates.slice(1).forEach((d, i) => expect(addDays(dates[i]!, 1)).toBe(d));
    }));
  });

  test.each([
    ['2026-03-01', 1, ['2026-03-01']],
    ['2026-03-01', 2, ['2026-02-28', '2026-03-01']],
    ['2028-03-01', 2, ['2028-02-29', '2028-03-01']],
    ['2027-01-01', 2, ['2026-12-31', '2027-01-01']],
  ])('reportDates(%s, %i) crosses months and leap days', (last, n, dates) => {
    expect(reportDates(last, n)).toEqual(dates);
  });

  test('every instant lies within the local day it belongs to, whatever the zone (days start where the day before ends)', () => {
    fc.assert(fc.property(zoneArb, instantArb, (zone, t) => {
      const date = localDate(t, zone);
      const start = startOfLocalDay(date, zone);
      const end = startOfLocalDay(addDays(date, 1), zone);
      expect(start).toBeLessThanOrEqual(t);
      expect(t).toBeLessThan(end);
      expect(localDate(start, zone)).toBe(date);
      expect(localDate(start - 1, zone)).toBe(addDays(date, -1));
    }), { numRuns: 500 });
  });

  test.each([
    ['2026-11-27', { kind: 'offset', minutes: 60 }, '2026-11-26T23:00:00.000Z'],
    ['2026-11-27', { kind: 'offset', minutes: -300 }, '2026-11-27T05:00:00.000Z'],
    ['2026-03-08', { kind: 'iana', name: 'America/New_York' }, '2026-03-08T05:00:00.000Z'],
    ['2026-03-09', { kind: 'iana', name: 'America/New_York' }, '2026-03-09T04:00:00.000Z'],
    ['2026-11-01', { kind: 'iana', name: 'America/New_York' }, '2026-11-01T04:00:00.000Z'],
    ['2026-11-27', { kind: 'iana', name: 'Asia/Kathmandu' }, '2026-11-26T18:15:00.000Z'],
    // Santiago moves its clocks from midnight to 1 a.m. on the first Sunday of September: the day starts at 1 a.m.
    ['2026-09-06', { kind: 'iana', name: 'America/Santiago' }, '2026-09-06T04:00:00.000Z'],
  ] as const)('the day %s starts at the right instant in %j', (date, zone, iso) => {
    expect(new Date(startOfLocalDay(date, zone as SalesZone)).toISOString()).toBe(iso);
  });

  test('an offset zone\'s offset is its minutes, and an IANA zone\'s follows its clocks', () => {
    fc.assert(fc.property(offsetZoneArb, instantArb, (zone, t) => zoneOffsetMinutes(zone, t) === (zone as { minutes: number }).minutes));
    expect(zoneOffsetMinutes({ kind: 'iana', name: 'America/New_York' }, Date.UTC(2026, 0, 1))).toBe(-300);
    expect(zoneOffsetMinutes({ kind: 'iana', name: 'America/New_York' }, Date.UTC(2026, 6, 1))).toBe(-240);
  });
});

describe('the tz parameter', () => {
  test('reads back any offset within ±14 hours', () => {
    fc.assert(fc.property(fc.integer({ min: -840, max: 840 }), (m) => {
      expect(parseSalesZone(String(m))).toEqual({ kind: 'offset', minutes: m });
    }));
  });

  test.each([['841'], ['-841'], ['Mars/Olympus'], [''], ['<script>'], ['1.5'], ['Europe/../etc/passwd'], ['x'.repeat(80)]])('refuses %j', (tz) => {
    expect(parseSalesZone(tz)).toBeNull();
  });

  test('reads a known IANA zone', () => {
    expect(parseSalesZone('Europe/Paris')).toEqual({ kind: 'iana', name: 'Europe/Paris' });
  });
});

describe('the series and its sums', () => {
  const seriesArb = fc.integer({ min: 1, max: 40 }).chain((n) => {
    const dates = reportDates('2026-11-27', n);
    return fc.tuple(fc.constant(dates), fc.array(fc.constantFrom(...dates, '2020-01-01').chain(dayArb), { maxLength: 60 }));
  });

  test('filling keeps every date once, in order, sums the rows of each date and zeros the others; rows of other dates are left out', () => {
    fc.assert(fc.property(seriesArb, ([dates, rows]) => {
      const filled = fillDays(dates, rows);
      expect(filled.map((d) => d.date)).toEqual(dates);
      for (const d of filled) {
        const mine = rows.filter((r) => r.date === d.date);
        expect(d.orders).toBe(mine.reduce((n, r) => n + r.orders, 0));
        expect(d.revenueCents).toBe(mine.reduce((n, r) => n + r.revenueCents, 0));
      }
    }));
  });

  test('filling is idempotent', () => {
    fc.assert(fc.property(seriesArb, ([dates, rows]) => {
      const once = fillDays(dates, rows);
      expect(fillDays(dates, once)).toEqual(once);
    }));
  });

  test('totals add each period\'s days', () => {
    fc.assert(fc.property(seriesArb, seriesArb, ([d1, r1], [d2, r2]) => {
      const days = fillDays(d1, r1);
      const previous = fillDays(d2, r2);
      const t = salesTotals(days, previous);
      expect(t.orders + t.previousOrders).toBe([...days, ...previous].reduce((n, d) => n + d.orders, 0));
      expect(t.revenueCents).toBe(days.reduce((n, d) => n + d.revenueCents, 0));
      expect(t.previousRevenueCents).toBe(previous.reduce((n, d) => n + d.revenueCents, 0));
    }));
  });

  test('the chart\'s rows pair day i with day i of the period before', () => {
    fc.assert(fc.property(seriesArb, ([dates, rows]) => {
      const days = fillDays(dates, rows);
      const previous = fillDays(reportDates(addDays(dates[0]!, -1), dates.length), []);
      const chart = salesChartRows({ days, previous });
      expect(chart.map((r) => r.date)).toEqual(dates);
      chart.forEach((r, i) => expect(r.previousDate).toBe(previous[i]!.date));
    }));
    expect(salesChartRows({ days: [{ date: '2026-01-02', orders: 1, revenueCents: 5 }], previous: [] })[0]).toMatchObject({ previousDate: null, previousOrders: 0, previousRevenueCents: 0 });
  });
});

describe('the change against the period before', () => {
  test('is null with nothing before, 0 when equal, and has the sign of the difference', () => {
    fc.assert(fc.property(fc.nat(10_000_000), fc.nat(10_000_000), (current, previous) => {
      const change = percentChange(current, previous);
      if (previous === 0) {
        expect(change).toBeNull();
        return;
      }
      expect(Number.isInteger(change)).toBe(true);
      if (current === previous) expect(change).toBe(0);
      if (change !== 0) expect(Math.sign(change!)).toBe(Math.sign(current - previous));
      expect(Math.abs(change! - ((current - previous) * 100) / previous)).toBeLessThanOrEqual(0.5);
    }));
  });

  test.each([[150, 100, 50], [50, 100, -50], [0, 100, -100], [1, 3, -67], [2, 3, -33], [100, 100, 0], [5, 0, null]])('percentChange(%i, %i) is %j', (c, p, expected) => {
    expect(percentChange(c, p)).toBe(expected);
  });

  test.each([[12, 'up 12%'], [-3, 'down 3%'], [0, 'unchanged'], [null, 'nothing to compare with']])('%j in words: %s', (change, words) => {
    expect(changeWords(change)).toBe(words);
  });
});

describe('the words and labels', () => {
  const report = {
    days: [{ date: '2026-11-26', orders: 1, revenueCents: 1000 }, { date: '2026-11-27', orders: 2, revenueCents: 3500 }],
    totals: { orders: 3, revenueCents: 4500, previousOrders: 2, previousRevenueCents: 3000 },
    currency: 'USD',
  };

  test('the summary says the totals, the change on the period before and the best day', () => {
    expect(salesSummary(report)).toBe('Last 2 days: 3 orders, $45.00 revenue (up 50% on the 2 days before: 2 orders, $30.00). Best day Nov 27: 2 orders, $35.00.');
  });

  test('a period without sales has no best day and nothing to compare with', () => {
    const empty = { days: [{ date: '2026-11-27', orders: 0, revenueCents: 0 }], totals: { orders: 0, revenueCents: 0, previousOrders: 0, previousRevenueCents: 0 }, currency: 'USD' };
    expect(salesSummary(empty)).toBe('Last 1 day: 0 orders, $0.00 revenue (nothing to compare with on the 1 day before: 0 orders, $0.00).');
  });

  test('the summary names every total, whatever the numbers', () => {
    fc.assert(fc.property(fc.nat(1000), fc.nat(10_000_000), fc.nat(1000), fc.nat(10_000_000), (o, r, po, pr) => {
      const text = salesSummary({ ...report, totals: { orders: o, revenueCents: r, previousOrders: po, previousRevenueCents: pr } });
      expect(text).toContain(`${o} ${o === 1 ? 'order' : 'orders'}, `);
      expect(text).toContain(`${po} ${po === 1 ? 'order' : 'orders'}, `);
    }));
  });

  test.each([[0, '$0'], [45_000, '$450'], [123_450, '$1.2k'], [1_500_000, '$15k'], [99_999, '$1k']])('axisMoney(%i) is %s', (cents, text) => {
    expect(axisMoney(cents, 'USD')).toBe(text);
  });

  test('shortDate names the month and day', () => {
    expect(shortDate('2026-01-05')).toBe('Jan 5');
    expect(shortDate('2026-12-31')).toBe('Dec 31');
  });

  test('only the owner and staff may read the sales', () => {
    expect([mayReadSales('owner'), mayReadSales('staff'), mayReadSales('fulfilment')]).toEqual([true, true, false]);
  });
});
