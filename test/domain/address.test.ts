import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { MailingAddress } from '../../src/domain/entities.ts';
import {
  ADDRESS_FORM_FIELDS,
  addressFieldMarks,
  addressFormFromAddress,
  addressUpdateRequest,
  emptyAddressForm,
  hasPostalCodeFormat,
  isAddressFormComplete,
  isStateFieldShown,
  isValidMobilePhone,
  isValidPostalCode,
  withCountry,
} from '../../src/domain/address.ts';
import type { AddressFormValues } from '../../src/domain/address.ts';
import { addressFormArb, mailingAddressArb } from '../../src/domain/testing/address.ts';

const saved: MailingAddress = {
  id: 7,
  firstName: 'Ann',
  lastName: 'Lee',
  company: null,
  address1: '12 Main St',
  address2: null,
  city: 'Seattle',
  zip: '98101',
  phone: '(206) 555-0123',
  isDefault: true,
  State: { stateCode: 'WA', title: 'Washington' },
  Country: { countryCode: 'US', title: 'United States' },
};

const filled: AddressFormValues = addressFormFromAddress(saved);

describe('fields', () => {
  test('are the spec fields in order, with the spec labels and required flags', () => {
    expect(ADDRESS_FORM_FIELDS.map((f) => [f.label, f.required])).toEqual([
      ['Country', true],
      ['State', true],
      ['Address Line 1', true],
      ['Address Line 2', false],
      ['City', false],
      ['Postal Code', true],
      ['Company', false],
      ['First Name', true],
      ['Last Name', true],
      ['Phone Number', true],
    ]);
  });

  test('State shows only after a country is chosen', () => {
    expect(isStateFieldShown(emptyAddressForm())).toBe(false);
    expect(isStateFieldShown({ countryCode: 'US' })).toBe(true);
  });

  test('choosing another country clears the state; the same country keeps it', () => {
    expect(withCountry(filled, 'CA')).toMatchObject({ countryCode: 'CA', stateCode: '' });
    expect(withCountry(filled, 'US')).toBe(filled);
  });

  test('prefills from a saved address, with makeDefault from isDefault', () => {
    expect(filled).toEqual({
      id: 7,
      countryCode: 'US',
      stateCode: 'WA',
      address1: '12 Main St',
      address2: '',
      city: 'Seattle',
      zip: '98101',
      company: '',
      firstName: 'Ann',
      lastName: 'Lee',
      phone: '(206) 555-0123',
      makeDefault: true,
    });
  });
});

describe('postal code', () => {
  test.each([
    ['98101', 'US', true],
    ['98101-1234', 'US', true],
    ['9810', 'US', false],
    ['SW1A 1AA', 'US', false],
    ['K1A 0B1', 'CA', true],
    ['K1A0B1', 'ca', true],
    ['D1A 0B1', 'CA', false],
    ['SW1A 1AA', 'GB', true],
    ['sw1a1aa', 'GB', true],
    ['12345', 'GB', false],
    [' 98101 ', 'US', true],
    ['', 'US', false],
    ['   ', 'GB', false],
  ])('%j is checked against the %s format: %s', (zip, country, valid) => {
    expect(isValidPostalCode(zip, country)).toBe(valid);
  });

  test.each([
    ['SW1A 1AA', 'ZZ', true],
    ['98101', '', true],
    ['K1A 0B1', null, true],
    ['!!!', 'ZZ', false],
    ['', undefined, false],
  ])('%j with an unknown country (%j) is accepted when valid for any country: %s', (zip, country, valid) => {
    expect(isValidPostalCode(zip, country)).toBe(valid);
  });

  test('knows the formats of US, CA and GB but not of an unknown or INTL code', () => {
    expect(hasPostalCodeFormat('US')).toBe(true);
    expect(hasPostalCodeFormat('ca')).toBe(true);
    expect(hasPostalCodeFormat('GB')).toBe(true);
    expect(hasPostalCodeFormat('ZZ')).toBe(false);
    expect(hasPostalCodeFormat('INTL')).toBe(false);
    expect(hasPostalCodeFormat('')).toBe(false);
  });

  test('a code valid for its country is valid for an unknown country too', () => {
    fc.assert(
      fc.property(mailingAddressArb, (address) => {
        expect(isValidPostalCode(address.zip, 'ZZ')).toBe(true);
      }),
    );
  });

  test('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 5 }), (zip, country) => {
        expect(typeof isValidPostalCode(zip, country)).toBe('boolean');
      }),
    );
  });
});

describe('phone number', () => {
  test.each([
    ['(206) 555-0123', 'US', true],
    ['206-555-0123', 'US', true],
    ['+1 415 555 2671', 'GB', true],
    ['613-555-0123', 'CA', true],
    ['07400 123456', 'GB', true],
    ['+44 7400 123456', 'US', true],
    ['020 7946 0018', 'GB', false],
    ['555-0123', 'US', false],
    ['206 555 0123', '', false],
    ['+1 206 555 0123', '', true],
    ['call 206 555 0123', 'US', false],
    ['206-555-CALL', 'US', false],
    ['', 'US', false],
    ['abc', 'US', false],
  ])('%j with country %j passes the mobile check: %s', (phone, country, valid) => {
    expect(isValidMobilePhone(phone, country)).toBe(valid);
  });

  test('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 3 }), (phone, country) => {
        expect(typeof isValidMobilePhone(phone, country)).toBe('boolean');
      }),
    );
  });
});

describe('field marks', () => {
  test('an empty form marks required fields invalid, optional fields and the hidden State unmarked', () => {
    expect(addressFieldMarks(emptyAddressForm())).toEqual({
      countryCode: 'invalid',
      stateCode: 'none',
      address1: 'invalid',
      address2: 'none',
      city: 'none',
      zip: 'invalid',
      company: 'none',
      firstName: 'invalid',
      lastName: 'invalid',
      phone: 'invalid',
    });
  });

  test('a filled form marks every field valid except empty optional ones', () => {
    expect(addressFieldMarks(filled)).toEqual({
      countryCode: 'valid',
      stateCode: 'valid',
      address1: 'valid',
      address2: 'none',
      city: 'valid',
      zip: 'valid',
      company: 'none',
      firstName: 'valid',
      lastName: 'valid',
      phone: 'valid',
    });
    expect(isAddressFormComplete(filled)).toBe(true);
  });

  test('a chosen country without a state marks State invalid', () => {
    expect(addressFieldMarks({ ...filled, stateCode: '' }).stateCode).toBe('invalid');
  });

  test('the postal code is checked against the chosen country', () => {
    expect(addressFieldMarks({ ...filled, zip: 'SW1A 1AA' }).zip).toBe('invalid');
    expect(addressFieldMarks({ ...filled, countryCode: 'GB', zip: 'SW1A 1AA' }).zip).toBe('valid');
  });

  test('blank text in a required field is invalid', () => {
    expect(addressFieldMarks({ ...filled, firstName: '   ' }).firstName).toBe('invalid');
    expect(isAddressFormComplete({ ...filled, firstName: '   ' })).toBe(false);
  });

  test('optional fields are never marked invalid and the State mark follows the country', () => {
    fc.assert(
      fc.property(addressFormArb, (form) => {
        const marks = addressFieldMarks(form);
        for (const field of ADDRESS_FORM_FIELDS) {
          if (!field.required) expect(marks[field.name]).not.toBe('invalid');
          else if (field.name !== 'stateCode') expect(marks[field.name]).not.toBe('none');
        }
        expect(marks.stateCode === 'none').toBe(form.countryCode.trim() === '');
      }),
    );
  });
});

describe('update payload', () => {
  test('drops empty fields, adds countryCode and stateCode, and includes makeDefault', () => {
    expect(addressUpdateRequest(filled)).toEqual({
      id: 7,
      body: {
        firstName: 'Ann',
        lastName: 'Lee',
        address1: '12 Main St',
        city: 'Seattle',
        zip: '98101',
        phone: '(206) 555-0123',
        countryCode: 'US',
        stateCode: 'WA',
        makeDefault: true,
      },
    });
  });

  test('trims values and treats blank ones as empty', () => {
    const request = addressUpdateRequest({ ...filled, firstName: '  Bob ', company: '   ', countryCode: 'us', makeDefault: false });
    expect(request?.body).toMatchObject({ firstName: 'Bob', countryCode: 'US', makeDefault: false });
    expect(request?.body).not.toHaveProperty('company');
  });

  test('sends no state without a country', () => {
    const request = addressUpdateRequest({ ...filled, countryCode: '', stateCode: 'WA' });
    expect(request?.body).not.toHaveProperty('countryCode');
    expect(request?.body).not.toHaveProperty('stateCode');
  });

  test.each([null, 0, -3, Number.NaN, 1.5])('an address without a valid id (%s) is not updated', (id) => {
    expect(addressUpdateRequest({ ...filled, id })).toBeNull();
  });

  test('never carries an empty or untrimmed value, always makeDefault, and only with an id', () => {
    fc.assert(
      fc.property(addressFormArb, (form) => {
        const request = addressUpdateRequest(form);
        if (form.id === null || !(form.id > 0)) {
          expect(request).toBeNull();
          return;
        }
        expect(request?.id).toBe(form.id);
        expect(typeof request?.body.makeDefault).toBe('boolean');
        for (const [key, value] of Object.entries(request?.body ?? {})) {
          if (key === 'makeDefault') continue;
          expect(typeof value).toBe('string');
          expect(value).not.toBe('');
          expect(value).toBe((value as string).trim());
        }
      }),
    );
  });

  test('a saved address survives the form unchanged in its non-empty fields (round trip)', () => {
    fc.assert(
      fc.property(mailingAddressArb, (address) => {
        const body = addressUpdateRequest(addressFormFromAddress(address))?.body;
        expect(body).toMatchObject({
          firstName: address.firstName,
          lastName: address.lastName,
          address1: address.address1,
          zip: address.zip,
          phone: address.phone,
          countryCode: address.Country?.countryCode,
          stateCode: address.State?.stateCode,
          makeDefault: address.isDefault,
        });
        expect(body?.address2).toBe(address.address2 ?? undefined);
        expect(body?.city).toBe(address.city ?? undefined);
        expect(body?.company).toBe(address.company ?? undefined);
      }),
    );
  });
});

describe('address arbitrary', () => {
  test('generates addresses whose postal code and phone pass the form checks', () => {
    fc.assert(
      fc.property(mailingAddressArb, (address) => {
        const country = address.Country?.countryCode;
        expect(['US', 'CA', 'GB']).toContain(country);
        expect(isValidPostalCode(address.zip, country)).toBe(true);
        expect(isValidMobilePhone(address.phone, country)).toBe(true);
        expect(isAddressFormComplete(addressFormFromAddress(address))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('counter examples', () => {
  // Found by the arbitrary property: the first GB phone generator wrote 12 digits
  // ('07' + 1 + 3 + 6). A UK mobile has 11 digits; the arbitrary now writes 07 + 9.
  const shrunk: MailingAddress = {
    id: 1,
    firstName: 'Ann',
    lastName: 'Lee',
    company: null,
    address1: '1 Main St',
    address2: null,
    city: null,
    zip: 'SW1 0AA',
    phone: '071000 000000',
    isDefault: false,
    State: { stateCode: 'ENG', title: 'England' },
    Country: { countryCode: 'GB', title: 'United Kingdom' },
  };

  test('a 12-digit UK number is not a valid mobile, while its postcode is valid', () => {
    expect(isValidPostalCode(shrunk.zip, 'GB')).toBe(true);
    expect(isValidMobilePhone(shrunk.phone, 'GB')).toBe(false);
    expect(isValidMobilePhone('07100 000000', 'GB')).toBe(true);
  });

  test('generated UK phones have 11 national digits', () => {
    const gb = fc.sample(mailingAddressArb.filter((a) => a.Country?.countryCode === 'GB'), 50);
    for (const address of gb) {
      const national = address.phone.replace(/^\+44\s*/, '0').replace(/\D/g, '');
      expect(national).toHaveLength(11);
    }
  });
});
