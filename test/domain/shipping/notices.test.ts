/**
 * The full Proposition 65 warning in the safe-harbor words (27 CCR § 25603(a)): every chemical
 * named once, a chemical listed for both endpoints "known to the State of California to cause
 * cancer and birth defects or other reproductive harm"; and the operator's notices checked
 * before they are stored.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkProductNotices, prop65FullWarning, type ProductNotice } from '../../../src/domain/shipping/notices.ts';

const BOTH = 'known to the State of California to cause cancer and birth defects or other reproductive harm';
const CANCER = 'known to the State of California to cause cancer';
const REPRO = 'known to the State of California to cause birth defects or other reproductive harm';

describe('the full warning', () => {
  test('a chemical listed for cancer and reproductive harm is named once, with both endpoints', () => {
    expect(prop65FullWarning([{ kind: 'prop65', cancer: ['lead'], reproductiveHarm: ['lead'] }])).toBe(
      `⚠ WARNING: This product can expose you to chemicals including lead, which is ${BOTH}. For more information go to www.P65Warnings.ca.gov.`,
    );
  });

  test('the same chemical from two products, spelled in other cases, is still one', () => {
    expect(prop65FullWarning([
      { kind: 'prop65', cancer: ['Lead'], reproductiveHarm: [] },
      { kind: 'prop65', cancer: [], reproductiveHarm: [' lead '] },
    ])).toBe(`⚠ WARNING: This product can expose you to chemicals including Lead, which is ${BOTH}. For more information go to www.P65Warnings.ca.gov.`);
  });

  test('chemicals of both endpoints, of cancer only and of reproductive harm only: three clauses, each chemical once', () => {
    expect(prop65FullWarning([{ kind: 'prop65', cancer: ['lead', 'crystalline silica'], reproductiveHarm: ['DEHP', 'lead'] }])).toBe(
      '⚠ WARNING: This product can expose you to chemicals including '
      + `lead, which is ${BOTH}, crystalline silica, which is ${CANCER}, and DEHP, which is ${REPRO}. For more information go to www.P65Warnings.ca.gov.`,
    );
  });

  test('two endpoints with different chemicals keep the regulation\'s two-clause form', () => {
    expect(prop65FullWarning([{ kind: 'prop65', cancer: ['nickel'], reproductiveHarm: ['DEHP'] }])).toBe(
      `⚠ WARNING: This product can expose you to chemicals including nickel, which is ${CANCER}, and DEHP, which is ${REPRO}. For more information go to www.P65Warnings.ca.gov.`,
    );
  });

  test('no chemicals: no warning', () => {
    expect(prop65FullWarning([{ kind: 'prop65', cancer: [], reproductiveHarm: [] }, { kind: 'hazmat-handling' }])).toBeNull();
  });

  // names none of which contains another, so a count of occurrences is a count of mentions
  const NAMES = ['lead', 'nickel', 'DEHP', 'chloroform', 'crystalline silica', 'bisphenol A', 'cobalt', 'acrylamide'];
  const names = fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: NAMES.length });
  const occurrences = (text: string, name: string) => text.split(name).length - 1;

  test('property: every chemical appears exactly once, in the clause of exactly its endpoints', () => {
    fc.assert(fc.property(fc.array(fc.record({ cancer: names, reproductiveHarm: names }), { minLength: 1, maxLength: 4 }), (lists) => {
      const notices: ProductNotice[] = lists.map((l) => ({ kind: 'prop65', ...l }));
      const cancer = new Set(lists.flatMap((l) => l.cancer));
      const repro = new Set(lists.flatMap((l) => l.reproductiveHarm));
      const text = prop65FullWarning(notices);
      if (cancer.size + repro.size === 0) {
        expect(text).toBeNull();
        return;
      }
      expect(text).not.toBeNull();
      // the clauses, read back in order: '<names>, which is|are known … to cause <endpoints>'
      const prefix = '⚠ WARNING: This product can expose you to chemicals including ';
      const suffix = '. For more information go to www.P65Warnings.ca.gov.';
      expect(text!.startsWith(prefix) && text!.endsWith(suffix)).toBe(true);
      const body = text!.slice(prefix.length, -suffix.length);
      const clause = /(.+?), which (?:is|are) (known to the State of California to cause (?:cancer and birth defects or other reproductive harm|birth defects or other reproductive harm|cancer))(?:, (?:and )?|$)/y;
      const endpointOf = new Map<string, string>();
      let read = 0;
      for (let m = clause.exec(body); m; m = clause.exec(body)) {
        for (const name of m[1]!.split(/, | and /)) endpointOf.set(name, m[2]!);
        read = clause.lastIndex;
      }
      expect(read, body).toBe(body.length);
      expect(endpointOf.size).toBe(new Set([...cancer, ...repro]).size);
      for (const name of new Set([...cancer, ...repro])) {
        expect(occurrences(text!, name), `${name} in ${text}`).toBe(1);
        const expected = cancer.has(name) && repro.has(name) ? BOTH : cancer.has(name) ? CANCER : REPRO;
        expect(endpointOf.get(name), `${name} in ${text}`).toBe(expected);
      }
      expect(occurrences(text!, 'WARNING')).toBe(1);
    }));
  });
});

describe("an operator's notices", () => {
  test('are tidied: names trimmed and named once per endpoint, case kept as first written', () => {
    expect(checkProductNotices([{ kind: 'prop65', cancer: [' lead ', 'Lead'], reproductiveHarm: ['lead'] }, { kind: 'not-returnable-once-opened' }])).toEqual({
      ok: true,
      value: [{ kind: 'prop65', cancer: ['lead'], reproductiveHarm: ['lead'] }, { kind: 'not-returnable-once-opened' }],
    });
  });

  test.each([
    ['a kind twice', [{ kind: 'hazmat-handling' }, { kind: 'hazmat-handling' }], "A product carries one 'hazmat-handling' notice; this one lists it twice."],
    ['a warning without a chemical', [{ kind: 'prop65', cancer: [' '], reproductiveHarm: [] }], 'A Proposition 65 warning names at least one chemical, for cancer or for reproductive harm.'],
    ['too many chemicals', [{ kind: 'prop65', cancer: Array.from({ length: 21 }, (_, i) => `chemical ${i}`), reproductiveHarm: [] }], 'A Proposition 65 warning names at most 20 chemicals for each endpoint.'],
    ['a name too long', [{ kind: 'prop65', cancer: ['x'.repeat(121)], reproductiveHarm: [] }], 'A chemical name is at most 120 characters.'],
  ] as const)('refuse %s', (_name, notices, message) => {
    expect(checkProductNotices(notices as unknown as ProductNotice[])).toEqual({ ok: false, message });
  });
});
