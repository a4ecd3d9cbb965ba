/**
 * fast-check arbitraries for the account entities: mailing addresses, the
 * address form, users, customers, transactions and payment methods.
 *
 * The mailing addresses are plausible US, Canadian and British addresses whose
 * postal code and phone pass the form's own checks (`isValidPostalCode`,
 * `isValidMobilePhone`), so a property can assume a generated address is valid.
 *
 * @example
 * import fc from 'fast-check';
 * import { mailingAddressArb } from 'skimmer/domain/testing';
 * fc.assert(fc.property(mailingAddressArb, (address) => isValidPostalCode(address.zip, address.Country?.countryCode)));
 *
 * @module
 */
import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import type { Country, Customer, MailingAddress, PaymentMethod, State, Transaction, User } from '../entities.ts';
import { addressFormFromAddress } from '../address.ts';
import type { AddressFormValues } from '../address.ts';

/** Countries the mailing-address arbitrary draws from. */
export const ARB_COUNTRIES: readonly Country[] = [
  { countryCode: 'US', title: 'United States' },
  { countryCode: 'CA', title: 'Canada' },
  { countryCode: 'GB', title: 'United Kingdom' },
];

const STATES: Record<string, readonly State[]> = {
  US: [
    { stateCode: 'WA', title: 'Washington' },
    { stateCode: 'CA', title: 'California' },
    { stateCode: 'TX', title: 'Texas' },
    { stateCode: 'FL', title: 'Florida' },
    { stateCode: 'AZ', title: 'Arizona' },
    { stateCode: 'NY', title: 'New York' },
  ],
  CA: [
    { stateCode: 'ON', title: 'Ontario' },
    { stateCode: 'QC', title: 'Quebec' },
    { stateCode: 'BC', title: 'British Columbia' },
    { stateCode: 'AB', title: 'Alberta' },
  ],
  GB: [
    { stateCode: 'ENG', title: 'England' },
    { stateCode: 'SCT', title: 'Scotland' },
    { stateCode: 'WLS', title: 'Wales' },
    { stateCode: 'NIR', title: 'Northern Ireland' },
  ],
};

const CITIES: Record<string, readonly string[]> = {
  US: ['Seattle', 'Spokane', 'Phoenix', 'Austin', 'Miami', 'San Diego'],
  CA: ['Toronto', 'Ottawa', 'Vancouver', 'Calgary', 'Montreal'],
  GB: ['London', 'Leeds', 'Cardiff', 'Edinburgh', 'Belfast'],
};

// Area codes checked against libphonenumber's mobile metadata (US and CA do
// not separate mobile and fixed lines: any valid exchange 2-9xx passes).
const US_AREA_CODES = ['206', '253', '425', '509', '212', '305', '312', '415', '512', '602', '617', '702', '713'];
const CA_AREA_CODES = ['416', '647', '604', '778', '613', '514', '403', '780', '902', '506'];
const CA_FIRST = 'ABCEGHJKLMNPRSTVXY';
const CA_OTHER = 'ABCEGHJKLMNPRSTVWXYZ';
const GB_AREAS = ['SW', 'SE', 'EC', 'WC', 'N', 'E', 'W', 'M', 'B', 'L', 'G', 'LS', 'EH', 'CF', 'BT', 'BS', 'OX', 'CB'];
const GB_INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

const digits = (length: number): Arbitrary<string> =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((ds) => ds.join(''));
const letter = (alphabet: string): Arbitrary<string> => fc.constantFrom(...alphabet.split(''));

const usZipArb: Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1001, max: 99950 }), fc.option(digits(4), { nil: null }))
  .map(([zip, plus4]) => String(zip).padStart(5, '0') + (plus4 ? `-${plus4}` : ''));

const caPostalArb: Arbitrary<string> = fc
  .tuple(letter(CA_FIRST), digits(1), letter(CA_OTHER), digits(1), letter(CA_OTHER), digits(1), fc.boolean())
  .map(([a, b, c, d, e, f, space]) => `${a}${b}${c}${space ? ' ' : ''}${d}${e}${f}`);

const gbPostcodeArb: Arbitrary<string> = fc
  .tuple(fc.constantFrom(...GB_AREAS), fc.integer({ min: 1, max: 29 }), digits(1), letter(GB_INWARD_LETTERS), letter(GB_INWARD_LETTERS))
  .map(([area, district, sector, x, y]) => `${area}${district} ${sector}${x}${y}`);

const northAmericanPhoneArb = (areaCodes: readonly string[]): Arbitrary<string> =>
  fc
    .tuple(fc.constantFrom(...areaCodes), fc.integer({ min: 2, max: 9 }), digits(2), digits(4), fc.constantFrom('paren', 'dash', 'intl', 'plain'))
    .map(([area, first, rest, line, style]) => {
      const exchange = `${first}${rest}`;
      if (style === 'paren') return `(${area}) ${exchange}-${line}`;
      if (style === 'dash') return `${area}-${exchange}-${line}`;
      if (style === 'intl') return `+1 ${area} ${exchange} ${line}`;
      return `${area}${exchange}${line}`;
    });

// UK mobiles 071xx-073xx are all allocated as mobile ranges: 07 + 9 digits,
// written '07123 456789' or '+44 7123 456789'.
const gbPhoneArb: Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1, max: 3 }), digits(2), digits(6), fc.boolean())
  .map(([range, block, rest, intl]) => (intl ? `+44 7${range}${block} ${rest}` : `07${range}${block} ${rest}`));

const POSTAL: Record<string, Arbitrary<string>> = { US: usZipArb, CA: caPostalArb, GB: gbPostcodeArb };
const PHONES: Record<string, Arbitrary<string>> = {
  US: northAmericanPhoneArb(US_AREA_CODES),
  CA: northAmericanPhoneArb(CA_AREA_CODES),
  GB: gbPhoneArb,
};

const FIRST_NAMES = ['Ann', 'Bob', 'Chloé', 'Diego', 'Erin', 'Farah', 'Greg', 'Hana', 'Ivan', "O'Neil"];
const LAST_NAMES = ['Lee', 'Smith', 'García', 'Nguyen', 'Okafor', 'Brown', 'Müller', 'Van der Berg'];
const STREETS = ['Main St', 'Ocean Ave', 'Pine Rd', 'Lakeview Dr', 'High Street', 'Queen St W'];
const COMPANIES = ['Blue Lagoon Pools', 'Spa Masters LLC', 'Aqua Care Ltd'];

/**
 * A plausible saved address in the US, Canada or the UK, with a postal code in
 * the country's format and a mobile number valid for it.
 *
 * @example
 * fc.sample(mailingAddressArb, 1)[0]?.Country?.countryCode; // 'US' | 'CA' | 'GB'
 */
export const mailingAddressArb: Arbitrary<MailingAddress> = fc.constantFrom(...ARB_COUNTRIES).chain((country) => {
  const code = country.countryCode;
  return fc.record({
    id: fc.integer({ min: 1, max: 1_000_000 }),
    firstName: fc.constantFrom(...FIRST_NAMES),
    lastName: fc.constantFrom(...LAST_NAMES),
    company: fc.option(fc.constantFrom(...COMPANIES), { nil: null }),
    address1: fc.tuple(fc.integer({ min: 1, max: 9999 }), fc.constantFrom(...STREETS)).map(([n, street]) => `${n} ${street}`),
    address2: fc.option(fc.integer({ min: 1, max: 999 }).map((n) => `Unit ${n}`), { nil: null }),
    city: fc.option(fc.constantFrom(...(CITIES[code] ?? ['Springfield'])), { nil: null, freq: 8 }),
    zip: POSTAL[code] ?? usZipArb,
    phone: PHONES[code] ?? northAmericanPhoneArb(US_AREA_CODES),
    isDefault: fc.boolean(),
    State: fc.constantFrom(...(STATES[code] ?? [{ stateCode: 'WA', title: 'Washington' }])),
    Country: fc.constant(country),
  });
});

const freeText: Arbitrary<string> = fc.oneof(fc.constant(''), fc.constant('   '), fc.string({ maxLength: 20 }));

/**
 * Address-form values: half from valid addresses (as the Edit modal fills
 * them, sometimes without an id), half free text in every field, including
 * blanks, so rules can be checked on bad input too.
 *
 * @example
 * fc.assert(fc.property(addressFormArb, (form) => addressUpdateRequest(form) === null || form.id !== null));
 */
export const addressFormArb: Arbitrary<AddressFormValues> = fc.oneof(
  fc.tuple(mailingAddressArb, fc.boolean(), fc.boolean()).map(([address, keepId, makeDefault]) => ({
    ...addressFormFromAddress(address),
    id: keepId ? address.id : null,
    makeDefault,
  })),
  fc.record({
    id: fc.option(fc.integer({ min: -5, max: 1_000_000 }), { nil: null }),
    countryCode: fc.oneof(fc.constantFrom('', 'US', 'CA', 'GB', 'ZZ', 'us'), fc.string({ maxLength: 3 })),
    stateCode: fc.oneof(fc.constantFrom('', 'WA', 'ON'), fc.string({ maxLength: 3 })),
    address1: freeText,
    address2: freeText,
    city: freeText,
    zip: freeText,
    company: freeText,
    firstName: freeText,
    lastName: freeText,
    phone: fc.oneof(freeText, fc.string({ unit: fc.constantFrom(...'0123456789 +-()'.split('')), maxLength: 16 })),
    makeDefault: fc.boolean(),
  }),
);

const emailArb: Arbitrary<string> = fc
  .tuple(fc.constantFrom('ann', 'bob.lee', 'pool+spa', 'x_y'), fc.constantFrom('example.com', 'mail.example.org', 'shop.test'))
  .map(([local, domain]) => `${local}@${domain}`);

/**
 * A signed-in user, with or without a recovery email, verified or not
 * (a verified flag without an email happens too: the rules must cope).
 *
 * @example
 * fc.assert(fc.property(userArb, (user) => ['not-set', 'unverified', 'verified'].includes(recoveryEmailState(user))));
 */
export const userArb: Arbitrary<User> = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  email: emailArb,
  firstName: fc.constantFrom(...FIRST_NAMES),
  lastName: fc.constantFrom(...LAST_NAMES),
  recoveryEmail: fc.option(fc.oneof(emailArb, fc.constant('')), { nil: null }),
  recoveryEmailVerified: fc.boolean(),
});

/**
 * A customer: the signed-out empty object, or a signed-in customer with up to
 * five addresses of which at most one is the default.
 *
 * @example
 * fc.assert(fc.property(customerArb, (customer) => isCustomerPresent(customer) === 'id' in customer));
 */
export const customerArb: Arbitrary<Customer> = fc.oneof(
  fc.constant({} as Record<string, never>),
  fc
    .record({
      id: fc.integer({ min: 1, max: 1_000_000 }),
      MailingAddresses: fc.uniqueArray(mailingAddressArb, { maxLength: 5, selector: (address) => address.id }),
    })
    .map((customer) => {
      let seenDefault = false;
      const MailingAddresses = customer.MailingAddresses.map((address) => {
        const isDefault = address.isDefault && !seenDefault;
        seenDefault ||= isDefault;
        return { ...address, isDefault };
      });
      return { ...customer, MailingAddresses };
    }),
);

/**
 * A wallet transaction: one of the three known statuses most of the time,
 * sometimes another status, and sometimes an empty gateway.
 *
 * @example
 * fc.assert(fc.property(transactionArb, (t) => transactionGateway(t.gateway) !== ''));
 */
export const transactionArb: Arbitrary<Transaction> = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  displayableId: fc.integer({ min: 100000, max: 999999 }).map((n) => `TX-${n}`),
  email: emailArb,
  amount: fc.integer({ min: 1, max: 500_000 }).map((cents) => cents / 100),
  gateway: fc.oneof(fc.constantFrom('stripe', 'paypal', 'authorize.net'), fc.constantFrom('', null)),
  status: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('PENDING', 'SUCCESS', 'FAILURE') }, { weight: 1, arbitrary: fc.constantFrom('REFUNDED', 'VOIDED', '', 'pending') }),
});

const billingAddressArb = mailingAddressArb.map((address) => ({
  line1: address.address1,
  line2: address.address2,
  city: address.city,
  state: address.State?.stateCode ?? null,
  postalCode: address.zip,
  country: address.Country?.countryCode ?? 'US',
}));

/**
 * A saved payment method: a card (brand, last4, expiry, optional billing
 * address) or a gift card (credit and currency set, isGiftCard true).
 *
 * @example
 * fc.assert(fc.property(paymentMethodArb, (m) => canDeletePaymentMethod(m) === !m.isGiftCard));
 */
export const paymentMethodArb: Arbitrary<PaymentMethod> = fc.oneof(
  fc.record({
    id: fc.integer({ min: 1, max: 1_000_000 }),
    brand: fc.constantFrom('visa', 'mastercard', 'amex', 'discover'),
    expMonth: fc.integer({ min: 1, max: 12 }),
    expYear: fc.integer({ min: 2024, max: 2040 }),
    last4: digits(4),
    name: fc.option(fc.constantFrom(...FIRST_NAMES), { nil: null }),
    billingAddress: fc.option(billingAddressArb, { nil: null }),
    isGiftCard: fc.constant(false),
    giftCardCredit: fc.constant(null),
    giftCardCurrency: fc.constant(null),
  }),
  fc.record({
    id: fc.integer({ min: 1, max: 1_000_000 }),
    brand: fc.constant('gift card'),
    expMonth: fc.integer({ min: 1, max: 12 }),
    expYear: fc.integer({ min: 2024, max: 2040 }),
    last4: digits(4),
    name: fc.constant(null),
    billingAddress: fc.option(billingAddressArb, { nil: null }),
    isGiftCard: fc.constant(true),
    giftCardCredit: fc.integer({ min: 0, max: 100_000 }).map((cents) => cents / 100),
    giftCardCurrency: fc.constant('USD'),
  }),
);
