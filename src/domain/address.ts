/**
 * The mailing-address form: fields, the visual
 * valid/invalid marks, and the update payload.
 *
 * This is the only domain module that imports libphonenumber-js and
 * postcode-validator, so their metadata loads only with the address form.
 * Nothing here blocks saving: the marks are hints, the server has the last word.
 *
 * @module
 */
import { parsePhoneNumberFromString, isSupportedCountry } from 'libphonenumber-js/mobile';
import { CountryCode as PostcodeCountry, postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import type { MailingAddress } from './entities.ts';

/** A field of the address form. Country and State hold codes. */
export type AddressFormField =
  | 'countryCode'
  | 'stateCode'
  | 'address1'
  | 'address2'
  | 'city'
  | 'zip'
  | 'company'
  | 'firstName'
  | 'lastName'
  | 'phone';

/** The values of the address form, all text as typed. */
export interface AddressFormValues {
  /** Id of the address being edited; null for none (an update then does nothing). */
  id: number | null;
  countryCode: string;
  stateCode: string;
  address1: string;
  address2: string;
  city: string;
  zip: string;
  company: string;
  firstName: string;
  lastName: string;
  phone: string;
  /** The make-default choice. */
  makeDefault: boolean;
}

/** A field as the form shows it. */
export interface AddressFieldSpec {
  name: AddressFormField;
  label: string;
  required: boolean;
}

/** The fields in the spec's order, with their labels and whether they are required. */
export const ADDRESS_FORM_FIELDS: readonly AddressFieldSpec[] = [
  { name: 'countryCode', label: 'Country', required: true },
  { name: 'stateCode', label: 'State', required: true },
  { name: 'address1', label: 'Address Line 1', required: true },
  { name: 'address2', label: 'Address Line 2', required: false },
  { name: 'city', label: 'City', required: false },
  { name: 'zip', label: 'Postal Code', required: true },
  { name: 'company', label: 'Company', required: false },
  { name: 'firstName', label: 'First Name', required: true },
  { name: 'lastName', label: 'Last Name', required: true },
  { name: 'phone', label: 'Phone Number', required: true },
];

/** An empty form for a new address. */
export function emptyAddressForm(): AddressFormValues {
  return {
    id: null,
    countryCode: '',
    stateCode: '',
    address1: '',
    address2: '',
    city: '',
    zip: '',
    company: '',
    firstName: '',
    lastName: '',
    phone: '',
    makeDefault: false,
  };
}

/**
 * The form prefilled from a saved address (the Edit modal). Missing values
 * become empty text; makeDefault starts as the address's isDefault.
 *
 * @example
 * addressFormFromAddress(address).countryCode; // 'US'
 */
export function addressFormFromAddress(address: MailingAddress): AddressFormValues {
  return {
    id: address.id,
    countryCode: address.Country?.countryCode ?? '',
    stateCode: address.State?.stateCode ?? '',
    address1: address.address1 ?? '',
    address2: address.address2 ?? '',
    city: address.city ?? '',
    zip: address.zip ?? '',
    company: address.company ?? '',
    firstName: address.firstName ?? '',
    lastName: address.lastName ?? '',
    phone: address.phone ?? '',
    makeDefault: address.isDefault === true,
  };
}

/**
 * The form after choosing a country. A different country clears the state,
 * since states belong to a country; choosing the same country keeps it.
 *
 * @example
 * withCountry({ ...form, countryCode: 'US', stateCode: 'WA' }, 'CA').stateCode; // ''
 */
export function withCountry(values: AddressFormValues, countryCode: string): AddressFormValues {
  if (values.countryCode === countryCode) return values;
  return { ...values, countryCode, stateCode: '' };
}

/**
 * Whether the State field is shown: only after a country is chosen.
 */
export function isStateFieldShown(values: Pick<AddressFormValues, 'countryCode'>): boolean {
  return values.countryCode.trim() !== '';
}

const countryKey = (code: string | null | undefined): string => (code ?? '').trim().toUpperCase();

// postcode-validator's INTL pattern accepts nearly anything (even ''), so it
// proves nothing and is left out of the 'any country' check.
const POSTCODE_COUNTRIES: readonly string[] = Object.values(PostcodeCountry as Record<string, string>).filter(
  (code) => code !== 'INTL' && postcodeValidatorExistsForCountry(code),
);

/**
 * Whether the library knows the postal-code format of a country.
 *
 * @example
 * hasPostalCodeFormat('US'); // true
 */
export function hasPostalCodeFormat(countryCode: string | null | undefined): boolean {
  const code = countryKey(countryCode);
  return code !== '' && code !== 'INTL' && postcodeValidatorExistsForCountry(code);
}

/**
 * Postal-code check: against the chosen country's format when
 * postcode-validator knows it; otherwise (no country, or one it does not know)
 * accepted when it matches the format of any country the library knows,
 * tried one by one, the permissive 'INTL' pattern excluded. The code is
 * trimmed; an empty code is never valid (the field is required).
 *
 * @example
 * isValidPostalCode('98101', 'US');   // true
 * isValidPostalCode('SW1A 1AA', 'US'); // false: not a US format
 * isValidPostalCode('SW1A 1AA', 'ZZ'); // true: a GB format
 */
export function isValidPostalCode(zip: string | null | undefined, countryCode?: string | null): boolean {
  const value = (zip ?? '').trim();
  if (value === '') return false;
  const code = countryKey(countryCode);
  if (hasPostalCodeFormat(code)) return postcodeValidator(value, code);
  return POSTCODE_COUNTRIES.some((country) => postcodeValidator(value, country));
}

/**
 * Mobile-phone check, with libphonenumber-js's mobile metadata: the number is
 * parsed with the chosen country as the default (so a national number like
 * '(206) 555-0123' works for US); a number in international form ('+44 ...')
 * is judged for its own country, whatever the form's country. It must be a
 * valid number whose type is MOBILE or FIXED_LINE_OR_MOBILE (US and Canada do
 * not tell the two apart). Text around the number is not tolerated.
 *
 * @example
 * isValidMobilePhone('(206) 555-0123', 'US'); // true
 * isValidMobilePhone('020 7946 0018', 'GB');  // false: a London landline
 */
export function isValidMobilePhone(phone: string | null | undefined, countryCode?: string | null): boolean {
  const value = (phone ?? '').trim();
  if (value === '' || /[a-z]/i.test(value.replace(/\s*(?:ext\.?|x)\s*\d+$/i, ''))) return false;
  const code = countryKey(countryCode);
  const defaultCountry = isSupportedCountry(code) ? code : undefined;
  try {
    const parsed = parsePhoneNumberFromString(value, defaultCountry ? { defaultCountry, extract: false } : { extract: false });
    if (!parsed || !parsed.isValid()) return false;
    const type = parsed.getType();
    return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
  } catch {
    return false;
  }
}

/**
 * A field's visual mark: 'valid', 'invalid', or 'none' (no mark: an empty
 * optional field, or the State field while it is hidden).
 */
export type FieldMark = 'valid' | 'invalid' | 'none';

/**
 * The valid/invalid mark of every field. Required fields are invalid when
 * blank; the postal code and phone are also checked for format (see
 * {@link isValidPostalCode} and {@link isValidMobilePhone}); optional fields
 * are marked valid when filled and not at all when empty. The marks never
 * block saving.
 *
 * @example
 * addressFieldMarks(emptyAddressForm()).stateCode; // 'none' (no country yet)
 * addressFieldMarks(emptyAddressForm()).zip;       // 'invalid'
 */
export function addressFieldMarks(values: AddressFormValues): Record<AddressFormField, FieldMark> {
  const filled = (text: string): boolean => text.trim() !== '';
  const required = (text: string): FieldMark => (filled(text) ? 'valid' : 'invalid');
  const optional = (text: string): FieldMark => (filled(text) ? 'valid' : 'none');
  const mark = (ok: boolean): FieldMark => (ok ? 'valid' : 'invalid');
  return {
    countryCode: required(values.countryCode),
    stateCode: isStateFieldShown(values) ? required(values.stateCode) : 'none',
    address1: required(values.address1),
    address2: optional(values.address2),
    city: optional(values.city),
    zip: mark(isValidPostalCode(values.zip, values.countryCode)),
    company: optional(values.company),
    firstName: required(values.firstName),
    lastName: required(values.lastName),
    phone: mark(isValidMobilePhone(values.phone, values.countryCode)),
  };
}

/**
 * Whether every field is marked valid or unmarked: for a summary hint only;
 * saving is never blocked by it.
 */
export function isAddressFormComplete(values: AddressFormValues): boolean {
  return Object.values(addressFieldMarks(values)).every((mark) => mark !== 'invalid');
}

/** The JSON body of PUT /api/mailingAddresses/{id}: non-empty fields only. */
export interface AddressUpdatePayload {
  firstName?: string;
  lastName?: string;
  company?: string;
  address1?: string;
  address2?: string;
  city?: string;
  zip?: string;
  phone?: string;
  countryCode?: string;
  stateCode?: string;
  makeDefault: boolean;
}

/** An address update ready to send. */
export interface AddressUpdateRequest {
  id: number;
  body: AddressUpdatePayload;
}

const TEXT_FIELDS = ['firstName', 'lastName', 'company', 'address1', 'address2', 'city', 'zip', 'phone'] as const;

/**
 * The update of an edited address, or null when the form has no id (the spec:
 * an update without an id does nothing).
 *
 * Text fields are trimmed and dropped when empty, so a field left blank keeps
 * its stored value on the server (a consequence of the spec's rule: clearing
 * Address Line 2 is not possible through this call). countryCode (upper case)
 * and stateCode are added when chosen (a state only together with a country),
 * and makeDefault is always sent.
 *
 * @example
 * addressUpdateRequest({ ...emptyAddressForm(), id: 7, firstName: ' Ann ', countryCode: 'US' });
 * // { id: 7, body: { firstName: 'Ann', countryCode: 'US', makeDefault: false } }
 */
export function addressUpdateRequest(values: AddressFormValues): AddressUpdateRequest | null {
  const id = values.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
  const body: AddressUpdatePayload = { makeDefault: values.makeDefault === true };
  for (const field of TEXT_FIELDS) {
    const value = (values[field] ?? '').trim();
    if (value !== '') body[field] = value;
  }
  const countryCode = countryKey(values.countryCode);
  if (countryCode !== '') body.countryCode = countryCode;
  const stateCode = (values.stateCode ?? '').trim();
  if (stateCode !== '' && countryCode !== '') body.stateCode = stateCode;
  return { id, body };
}
