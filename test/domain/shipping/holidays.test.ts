import { describe, expect, test } from 'vitest';
import { addBusinessDays, isBusinessDay } from '../../../src/domain/shipping/business-days.ts';
import { dayNumber, dayOfIso, isoOfDay, weekdayOf } from '../../../src/domain/shipping/calendar.ts';
import { federalHolidays, isObservedFederalHoliday } from '../../../src/domain/shipping/holidays.ts';

// The observed federal holidays of 2020-2035 as OPM publishes them (New Year's Day of 2022, 2028
// and 2033 fall on a Saturday and are observed on the Friday before, in the previous year).
const OBSERVED: [number, string[]][] = [
  [2020, ['2020-01-01', '2020-01-20', '2020-02-17', '2020-05-25', '2020-07-03', '2020-09-07', '2020-10-12', '2020-11-11', '2020-11-26', '2020-12-25']],
  [2021, ['2021-01-01', '2021-01-18', '2021-02-15', '2021-05-31', '2021-06-18', '2021-07-05', '2021-09-06', '2021-10-11', '2021-11-11', '2021-11-25', '2021-12-24']],
  [2022, ['2021-12-31', '2022-01-17', '2022-02-21', '2022-05-30', '2022-06-20', '2022-07-04', '2022-09-05', '2022-10-10', '2022-11-11', '2022-11-24', '2022-12-26']],
  [2023, ['2023-01-02', '2023-01-16', '2023-02-20', '2023-05-29', '2023-06-19', '2023-07-04', '2023-09-04', '2023-10-09', '2023-11-10', '2023-11-23', '2023-12-25']],
  [2024, ['2024-01-01', '2024-01-15', '2024-02-19', '2024-05-27', '2024-06-19', '2024-07-04', '2024-09-02', '2024-10-14', '2024-11-11', '2024-11-28', '2024-12-25']],
  [2025, ['2025-01-01', '2025-01-20', '2025-02-17', '2025-05-26', '2025-06-19', '2025-07-04', '2025-09-01', '2025-10-13', '2025-11-11', '2025-11-27', '2025-12-25']],
  [2026, ['2026-01-01', '2026-01-19', '2026-02-16', '2026-05-25', '2026-06-19', '2026-07-03', '2026-09-07', '2026-10-12', '2026-11-11', '2026-11-26', '2026-12-25']],
  [2027, ['2027-01-01', '2027-01-18', '2027-02-15', '2027-05-31', '2027-06-18', '2027-07-05', '2027-09-06', '2027-10-11', '2027-11-11', '2027-11-25', '2027-12-24']],
  [2028, ['2027-12-31', '2028-01-17', '2028-02-21', '2028-05-29', '2028-06-19', '2028-07-04', '2028-09-04', '2028-10-09', '2028-11-10', '2028-11-23', '2028-12-25']],
  [2029, ['2029-01-01', '2029-01-15', '2029-02-19', '2029-05-28', '2029-06-19', '2029-07-04', '2029-09-03', '2029-10-08', '2029-11-12', '2029-11-22', '2029-12-25']],
  [2030, ['2030-01-01', '2030-01-21', '2030-02-18', '2030-05-27', '2030-06-19', '2030-07-04', '2030-09-02', '2030-10-14', '2030-11-11', '2030-11-28', '2030-12-25']],
  [2031, ['2031-01-01', '2031-01-20', '2031-02-17', '2031-05-26', '2031-06-19', '2031-07-04', '2031-09-01', '2031-10-13', '2031-11-11', '2031-11-27', '2031-12-25']],
  [2032, ['2032-01-01', '2032-01-19', '2032-02-16', '2032-05-31', '2032-06-18', '2032-07-05', '2032-09-06', '2032-10-11', '2032-11-11', '2032-11-25', '2032-12-24']],
  [2033, ['2032-12-31', '2033-01-17', '2033-02-21', '2033-05-30', '2033-06-20', '2033-07-04', '2033-09-05', '2033-10-10', '2033-11-11', '2033-11-24', '2033-12-26']],
  [2034, ['2034-01-02', '2034-01-16', '2034-02-20', '2034-05-29', '2034-06-19', '2034-07-04', '2034-09-04', '2034-10-09', '2034-11-10', '2034-11-23', '2034-12-25']],
  [2035, ['2035-01-01', '2035-01-15', '2035-02-19', '2035-05-28', '2035-06-19', '2035-07-04', '2035-09-03', '2035-10-08', '2035-11-12', '2035-11-22', '2035-12-25']],
];

describe('federal holidays computed by rule', () => {
  test.each(OBSERVED)('the observed holidays of %i are the published ones', (year, dates) => {
    expect(federalHolidays(year).map((h) => h.observed)).toEqual(dates);
  });

  test.each(OBSERVED)('every observed holiday of %i closes the warehouse, and nothing else on a weekday does', (year, dates) => {
    const set = new Set(dates);
    // every weekday of the year: a holiday exactly when it is listed
    for (let d = dayNumber(year, 1, 1); d < dayNumber(year + 1, 1, 1); d += 1) {
      const iso = isoOfDay(d);
      if (weekdayOf(d) === 0 || weekdayOf(d) === 6) continue;
      const listed = set.has(iso) || (iso.endsWith('-12-31') && OBSERVED.some(([y, ds]) => y === year + 1 && ds[0] === iso));
      expect(isObservedFederalHoliday(d), iso).toBe(listed);
      expect(isBusinessDay(d), iso).toBe(!listed);
    }
  });

  test('Thanksgiving 2026 is Thursday, November 26', () => {
    expect(federalHolidays(2026).find((h) => h.name === 'Thanksgiving Day')?.date).toBe('2026-11-26');
  });

  test('Independence Day 2026 falls on a Saturday and is observed on Friday, July 3', () => {
    expect(federalHolidays(2026).find((h) => h.name === 'Independence Day')).toEqual({ name: 'Independence Day', date: '2026-07-04', observed: '2026-07-03' });
  });

  test('Christmas 2027 falls on a Saturday and is observed on Friday, December 24', () => {
    expect(federalHolidays(2027).find((h) => h.name === 'Christmas Day')?.observed).toBe('2027-12-24');
    expect(isBusinessDay(dayOfIso('2027-12-24'))).toBe(false);
  });

  test("New Year's Day 2028 is observed on Friday, December 31, 2027", () => {
    expect(federalHolidays(2028)[0]).toEqual({ name: "New Year's Day", date: '2028-01-01', observed: '2027-12-31' });
    expect(isObservedFederalHoliday(dayOfIso('2027-12-31'))).toBe(true);
  });

  test('Juneteenth is a holiday from 2021 only (observed Friday, June 18, 2021)', () => {
    expect(federalHolidays(2020).some((h) => h.name.startsWith('Juneteenth'))).toBe(false);
    expect(isObservedFederalHoliday(dayOfIso('2020-06-19'))).toBe(false);
    expect(federalHolidays(2021).find((h) => h.name.startsWith('Juneteenth'))?.observed).toBe('2021-06-18');
  });

  test('a Sunday holiday is observed on the Monday after (Christmas 2022: Monday, December 26)', () => {
    expect(federalHolidays(2022).find((h) => h.name === 'Christmas Day')?.observed).toBe('2022-12-26');
  });
});

describe('business days', () => {
  test('skip weekends and holidays: one business day after the Wednesday before Thanksgiving 2026 is Friday', () => {
    expect(isoOfDay(addBusinessDays(dayOfIso('2026-11-25'), 1))).toBe('2026-11-27');
  });

  test('zero business days from a Saturday is the Monday after', () => {
    expect(isoOfDay(addBusinessDays(dayOfIso('2026-11-28'), 0))).toBe('2026-11-30');
  });

  test('five business days after December 23, 2027 cross the observed Christmas and New Year holidays', () => {
    // Dec 24 (observed Christmas) and Dec 31 (observed New Year's Day) are both Fridays off
    expect(isoOfDay(addBusinessDays(dayOfIso('2027-12-23'), 5))).toBe('2028-01-03');
  });

  test('reject impossible ISO dates', () => {
    expect(dayOfIso('2026-02-30')).toBeNaN();
    expect(dayOfIso('26-2-3')).toBeNaN();
  });
});
