/** The one printing rule of a postal address: state as its code, the country's name only abroad. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  addressLine,
  addressLines,
  countryName,
  isHomeCountry,
  printableBillingAddress,
  printableMailingAddress,
  type PrintableAddress,
} from '../../src/domain/address-format.ts';
import type { MailingAddress } from '../../src/domain/entities.ts';
import { orderAddressLines } from '../../src/domain/orders.ts';
import { mailingAddressArb } from '../../src/domain/testing/address.ts';

/** The saved address as an order keeps it: codes only, no state or country names. */
const asOrderAddress = (a: MailingAddress) => ({
  firstName: a.firstName,
  lastName: a.lastName,
  company: a.company,
  address1: a.address1,
  address2: a.address2,
  city: a.city,
  zip: a.zip,
  phone: a.phone,
  countryCode: a.Country?.countryCode ?? 'US',
  stateCode: a.State?.stateCode ?? null,
});

/** The place line the rule prints: 'City, ST ZIP' (no city: 'ST ZIP'). */
const placeOf = (a: MailingAddress) => [a.city ?? '', `${a.State?.stateCode ?? ''} ${a.zip}`.trim()].filter(Boolean).join(', ');

const part = fc.oneof(fc.constant(null), fc.constant(''), fc.constant('  '), fc.string({ maxLength: 12 }));
const looseAddressArb: fc.Arbitrary<PrintableAddress> = fc.record(
  {
    firstName: part, lastName: part, company: part, address1: part, address2: part, city: part, stateCode: part, zip: part,
    countryCode: fc.oneof(part, fc.constantFrom('US', 'us', 'USA', 'CA', 'GB', 'MX', 'QQ')), countryName: part, phone: part,
  },
  { requiredKeys: [] },
);

describe('addressLines', () => {
  test('a saved address prints as the same address kept in an order (one rule, whichever shape carries it)', () => {
    fc.assert(fc.property(mailingAddressArb, (saved) => {
      expect(addressLines(printableMailingAddress(saved))).toEqual(addressLines(asOrderAddress(saved)));
      expect(orderAddressLines(asOrderAddress(saved))).toEqual(addressLines(asOrderAddress(saved)));
    }));
  });

  test("the state prints as its code, in 'City, ST ZIP', never as its name", () => {
    fc.assert(fc.property(mailingAddressArb, (saved) => {
      const lines = addressLines(printableMailingAddress(saved));
      expect(lines).toContain(placeOf(saved));
      const title = saved.State?.title ?? '';
      if (title !== '' && title !== saved.State?.stateCode) expect(lines.some((l) => l.includes(title))).toBe(false);
    }));
  });

  test("the country prints only outside the United States, as its English name, on the line after the place", () => {
    fc.assert(fc.property(mailingAddressArb, (saved) => {
      const lines = addressLines(printableMailingAddress(saved), { phone: false });
      const code = saved.Country?.countryCode ?? '';
      const name = saved.Country?.title ?? '';
      if (code === 'US') {
        expect(lines.at(-1)).toBe(placeOf(saved));
        expect(lines.some((l) => l === 'US' || l === name)).toBe(false);
      } else {
        expect(lines.slice(-2)).toEqual([placeOf(saved), name]);
        expect(lines).not.toContain(code);
      }
    }));
  });

  test('every given part is printed, in order, and nothing else: no empty or padded line', () => {
    fc.assert(fc.property(mailingAddressArb, (saved) => {
      const expected = [
        `${saved.firstName} ${saved.lastName}`, saved.company, saved.address1, saved.address2, placeOf(saved),
        saved.Country?.countryCode === 'US' ? null : saved.Country?.title, saved.phone,
      ].filter((l): l is string => typeof l === 'string' && l !== '');
      expect(addressLines(printableMailingAddress(saved))).toEqual(expected);
    }));
    fc.assert(fc.property(looseAddressArb, (address) => {
      for (const line of addressLines(address)) {
        expect(line).not.toBe('');
        expect(line).toBe(line.trim());
      }
    }));
  });

  test('the options leave out the name, the company or the phone, and only that line', () => {
    fc.assert(fc.property(mailingAddressArb, fc.constantFrom('name', 'company', 'phone') , (saved, left) => {
      const address = printableMailingAddress(saved);
      const all = addressLines(address);
      const without = addressLines(address, { [left]: false });
      const line = { name: `${saved.firstName} ${saved.lastName}`, company: saved.company, phone: saved.phone }[left];
      expect(without).toEqual(line ? all.filter((l) => l !== line) : all);
    }));
  });

  test("one line is the lines joined by ', '", () => {
    fc.assert(fc.property(looseAddressArb, fc.boolean(), (address, phone) => {
      expect(addressLine(address, { phone })).toBe(addressLines(address, { phone }).join(', '));
    }));
  });

  test("a card's billing address prints as the postal lines of the saved address it was copied from", () => {
    fc.assert(fc.property(mailingAddressArb, (saved) => {
      const billing = {
        line1: saved.address1, line2: saved.address2, city: saved.city, state: saved.State?.stateCode ?? null,
        postalCode: saved.zip, country: saved.Country?.countryCode ?? 'US',
      };
      expect(addressLines(printableBillingAddress(billing))).toEqual(addressLines(printableMailingAddress(saved), { name: false, company: false, phone: false }));
    }));
  });

  test.each<[string, PrintableAddress, string[]]>([
    [
      'a US order: no country line',
      { firstName: 'Pat', lastName: 'Pool', company: ' ', address1: '1 Lagoon Way', address2: null, city: 'Tacoma', zip: '98402', phone: null, countryCode: 'US', stateCode: 'WA' },
      ['Pat Pool', '1 Lagoon Way', 'Tacoma, WA 98402'],
    ],
    [
      'a Canadian address: the country named',
      { firstName: 'Ann', lastName: 'Lee', address1: '9 Queen St W', city: 'Toronto', stateCode: 'ON', zip: 'M5H 2N2', countryCode: 'ca', phone: '4165550100' },
      ['Ann Lee', '9 Queen St W', 'Toronto, ON M5H 2N2', 'Canada', '4165550100'],
    ],
    ['no city: the state and ZIP alone', { address1: '2 Pier Rd', stateCode: 'WA', zip: '98402', countryCode: 'USA' }, ['2 Pier Rd', 'WA 98402']],
    ['a code nobody names prints as it is', { address1: '1 Main St', zip: '123', countryCode: 'qq' }, ['1 Main St', '123', 'QQ']],
  ])('%s', (_title, address, lines) => {
    expect(addressLines(address)).toEqual(lines);
  });
});

describe('countryName and isHomeCountry', () => {
  test.each([['US', true], ['us ', true], ['USA', true], ['', true], [null, true], ['CA', false], ['GB', false]] as const)('%j is home: %s', (code, home) => {
    expect(isHomeCountry(code)).toBe(home);
  });

  test("the name the address carries wins; else the runtime's English name; else the code", () => {
    expect(countryName('GB', 'Great Britain')).toBe('Great Britain');
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('mx', '  ')).toBe('Mexico');
    expect(countryName('QQ')).toBe('QQ');
    expect(countryName('Canada')).toBe('CANADA');
  });
});
