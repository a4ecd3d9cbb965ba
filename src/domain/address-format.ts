/**
 * How a postal address is printed: the one rule behind the address card, an order's shipping
 * address, the wallet's billing address and saved-address choices, and (on the server) the hosted
 * checkout, the order e-mail and the add-card page.
 *
 * The rule is the postal convention of a store that ships from the United States:
 * - lines in this order: name, company, street line 1, street line 2, 'City, ST ZIP', country,
 *   phone; a part that is empty or only spaces is left out, and so is a line that is left empty;
 * - the state or province prints as its code ('WA', 'ON'), as an envelope carries it, never its
 *   name (an order keeps only the code, so the code is what every printer has);
 * - the country prints only for an address outside the United States, and then as its English
 *   name ('Canada', 'United Kingdom'), never its code.
 *
 * Inputs are structural: an order's address fits {@link PrintableAddress} as it is; a saved
 * address ({@link printableMailingAddress}) and a card's billing address
 * ({@link printableBillingAddress}) are read into it.
 * @module
 */
import type { BillingAddress, MailingAddress } from './entities.ts';

/** An address as the printer reads it; every part may be missing. */
export interface PrintableAddress {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  /** The state or province code ('WA'), printed as it is. */
  stateCode?: string | null;
  zip?: string | null;
  /** ISO 3166-1 alpha-2 ('US', 'CA'); empty, 'US' or 'USA' is the home country and prints no line. */
  countryCode?: string | null;
  /**
   * The country's name as the address carries it (a saved address's `Country.title`): printed
   * before the runtime's own English name of the code, so the store's country list has the last word.
   */
  countryName?: string | null;
  phone?: string | null;
}

/** What {@link addressLines} prints besides the postal lines. */
export interface AddressLinesOptions {
  /** The name line. @default true */
  name?: boolean;
  /** The company line. @default true */
  company?: boolean;
  /** The phone line. @default true */
  phone?: boolean;
}

/** The codes of the store's home country, whose addresses print no country line. */
const HOME_COUNTRY_CODES: readonly string[] = ['', 'US', 'USA'];

const clean = (value: string | null | undefined): string => (value ?? '').trim();

let regionNames: Intl.DisplayNames | null | undefined;

/** The runtime's English names of regions, made once; null where the runtime has none. */
function englishRegionNames(): Intl.DisplayNames | null {
  if (regionNames === undefined) {
    try {
      regionNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }) : null;
    } catch {
      regionNames = null;
    }
  }
  return regionNames;
}

/**
 * Whether an address in this country is a home (United States) address: no country line.
 * @example
 * isHomeCountry('us'); // true
 * isHomeCountry('CA'); // false
 */
export function isHomeCountry(countryCode: string | null | undefined): boolean {
  return HOME_COUNTRY_CODES.includes(clean(countryCode).toUpperCase());
}

/**
 * The English name of a country code: the name the address carries when it has one, else the
 * runtime's English name of the code, else the code itself (upper case).
 * @example
 * countryName('CA'); // 'Canada'
 * countryName('GB', 'United Kingdom'); // 'United Kingdom'
 * countryName('QQ'); // 'QQ'
 */
export function countryName(countryCode: string | null | undefined, carried?: string | null): string {
  const given = clean(carried);
  if (given !== '') return given;
  const code = clean(countryCode).toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return englishRegionNames()?.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The lines of an address, by the rule of this module: name, company, street lines,
 * 'City, ST ZIP', the country's name outside the United States, phone; empty parts left out.
 *
 * @example
 * addressLines({ firstName: 'Pat', lastName: 'Pool', address1: '1 Lagoon Way', city: 'Tacoma', stateCode: 'WA', zip: '98402', countryCode: 'US' });
 * // ['Pat Pool', '1 Lagoon Way', 'Tacoma, WA 98402']
 * addressLines({ address1: '9 Queen St W', city: 'Toronto', stateCode: 'ON', zip: 'M5H 2N2', countryCode: 'CA', phone: '4165550100' }, { phone: false });
 * // ['9 Queen St W', 'Toronto, ON M5H 2N2', 'Canada']
 */
export function addressLines(address: PrintableAddress, options: AddressLinesOptions = {}): string[] {
  const { name = true, company = true, phone = true } = options;
  const place = [clean(address.city), [clean(address.stateCode), clean(address.zip)].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const country = isHomeCountry(address.countryCode) ? '' : countryName(address.countryCode, address.countryName);
  return [
    name ? [clean(address.firstName), clean(address.lastName)].filter(Boolean).join(' ') : '',
    company ? clean(address.company) : '',
    clean(address.address1),
    clean(address.address2),
    place,
    country,
    phone ? clean(address.phone) : '',
  ].filter((line) => line !== '');
}

/**
 * The address on one line: {@link addressLines} joined by ', ' (a select's option, a radio's label).
 * @example
 * addressLine({ address1: '1 Lagoon Way', city: 'Tacoma', stateCode: 'WA', zip: '98402', countryCode: 'US' });
 * // '1 Lagoon Way, Tacoma, WA 98402'
 */
export function addressLine(address: PrintableAddress, options: AddressLinesOptions = {}): string {
  return addressLines(address, options).join(', ');
}

/**
 * A saved (mailing) address as the printer reads it: the state's code and the country's code
 * and name from their objects.
 * @example
 * addressLines(printableMailingAddress(saved), { phone: false });
 */
export function printableMailingAddress(
  address: Pick<MailingAddress, 'firstName' | 'lastName' | 'company' | 'address1' | 'address2' | 'city' | 'zip' | 'phone' | 'State' | 'Country'>,
): PrintableAddress {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    company: address.company,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    stateCode: address.State?.stateCode ?? null,
    zip: address.zip,
    countryCode: address.Country?.countryCode ?? null,
    countryName: address.Country?.title ?? null,
    phone: address.phone,
  };
}

/**
 * A payment method's billing address (line1, line2, city, state, postalCode, country code) as
 * the printer reads it.
 * @example
 * addressLines(printableBillingAddress({ line1: '1 Lagoon Way', line2: null, city: 'Tacoma', state: 'WA', postalCode: '98402', country: 'US' }));
 * // ['1 Lagoon Way', 'Tacoma, WA 98402']
 */
export function printableBillingAddress(address: BillingAddress): PrintableAddress {
  return {
    address1: address.line1,
    address2: address.line2,
    city: address.city,
    stateCode: address.state,
    zip: address.postalCode,
    countryCode: address.country,
  };
}
