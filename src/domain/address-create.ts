/**
 * The body of a new mailing address (POST /api/mailingAddresses): the spec's update rule applied
 * to a new address (non-empty fields, trimmed; countryCode upper case and stateCode only with a
 * country; makeDefault always sent). Kept apart from `address.ts` so it costs no phone or postcode
 * metadata.
 * @module
 */
import type { AddressFormValues, AddressUpdatePayload } from './address.ts';

/** Texts of the add-address form (ours: the spec only describes editing). */
export const ADDRESS_CREATE_TEXT = {
  add: 'Add address',
  modalTitle: 'Add Address',
  editTitle: 'Edit Address',
  added: 'Address added successfully',
  notAdded: 'Address not added',
  makeDefault: 'Make this my default address',
  chooseCountry: 'Choose a country',
  chooseState: 'Choose a state',
  valid: 'Looks good',
} as const;

const TEXT_FIELDS = ['firstName', 'lastName', 'company', 'address1', 'address2', 'city', 'zip', 'phone'] as const;

/**
 * The JSON body of a new address.
 *
 * @example
 * addressCreatePayload({ ...form, firstName: ' Ann ', countryCode: 'us', stateCode: 'WA', address2: '' });
 * // { firstName: 'Ann', countryCode: 'US', stateCode: 'WA', makeDefault: false, ... } (no address2)
 */
export function addressCreatePayload(values: AddressFormValues): AddressUpdatePayload {
  const body: AddressUpdatePayload = { makeDefault: values.makeDefault === true };
  for (const field of TEXT_FIELDS) {
    const value = (values[field] ?? '').trim();
    if (value !== '') body[field] = value;
  }
  const countryCode = (values.countryCode ?? '').trim().toUpperCase();
  if (countryCode !== '') body.countryCode = countryCode;
  const stateCode = (values.stateCode ?? '').trim();
  if (stateCode !== '' && countryCode !== '') body.stateCode = stateCode;
  return body;
}

/** The address form's field names, as in `address.ts` (a type only: no metadata loads). */
type AddressField = Exclude<keyof AddressFormValues, 'id' | 'makeDefault'>;

/**
 * The message beside an invalid field of the address form (the reference server answers the same
 * words): a required field left blank, a postal code not in the country's format, a phone that
 * fails the mobile check. Null for a field that is not marked invalid.
 *
 * @example
 * addressFieldMessage('zip', 'Postal Code', 'invalid', '1'); // 'Please enter a valid postal code.'
 * addressFieldMessage('firstName', 'First Name', 'invalid', ''); // 'First Name is required.'
 */
export function addressFieldMessage(field: AddressField, label: string, mark: 'valid' | 'invalid' | 'none', value: string): string | null {
  if (mark !== 'invalid') return null;
  if (field === 'countryCode') return 'Please choose a country.';
  if (field === 'stateCode') return 'Please choose a state.';
  if (value.trim() === '') return `${label} is required.`;
  if (field === 'zip') return 'Please enter a valid postal code.';
  if (field === 'phone') return 'Please enter a valid mobile phone number.';
  return `${label} is required.`;
}
