/**
 * Reads of the account aggregate (mailing addresses, payment methods, transactions) in the
 * storefront's shapes, and the JSON schemas that serialise them, so no internal column
 * (processor token, customer id) ever leaves the server.
 * @module
 */
import type { MailingAddress, PaymentMethod, Transaction } from '../../../domain/entities.ts';
import type { Db } from '../../platform/db/database.ts';

const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;

/** A mailing address as served. */
export const mailingAddressSchema = {
  type: 'object',
  properties: {
    id: int, firstName: str, lastName: str, company: strOrNull, address1: str, address2: strOrNull, city: strOrNull,
    zip: str, phone: str, isDefault: bool,
    State: { anyOf: [{ type: 'object', properties: { stateCode: str, title: str } }, { type: 'null' }] },
    Country: { anyOf: [{ type: 'object', properties: { countryCode: str, title: str } }, { type: 'null' }] },
  },
} as const;

/** A payment method as served: never the processor token. */
export const paymentMethodSchema = {
  type: 'object',
  properties: {
    id: int, brand: str, expMonth: int, expYear: int, last4: str, name: strOrNull,
    billingAddress: {
      anyOf: [
        { type: 'object', properties: { line1: str, line2: strOrNull, city: strOrNull, state: strOrNull, postalCode: str, country: str } },
        { type: 'null' },
      ],
    },
    isGiftCard: bool, giftCardCredit: { type: ['number', 'null'] }, giftCardCurrency: strOrNull,
  },
} as const;

/** A transaction as served (spec fields plus orderId and createdAt). */
export const transactionSchema = {
  type: 'object',
  properties: {
    id: int, displayableId: str, email: str, amount: { type: 'number' }, gateway: strOrNull, status: str,
    orderId: { type: ['integer', 'null'] }, createdAt: str,
  },
} as const;

/** A mailing_addresses row joined with its country and state titles. */
export interface AddressRow {
  id: number;
  customer_id: number;
  first_name: string;
  last_name: string;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string | null;
  zip: string;
  phone: string;
  country_code: string | null;
  state_code: string | null;
  is_default: number;
  country_title: string | null;
  state_title: string | null;
}

const ADDRESS_SELECT = `SELECT a.*, c.title AS country_title, s.title AS state_title FROM mailing_addresses a
  LEFT JOIN countries c ON c.country_code = a.country_code
  LEFT JOIN states s ON s.country_code = a.country_code AND s.state_code = a.state_code`;

/** Row to entity. */
export function toMailingAddress(r: AddressRow): MailingAddress {
  return {
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    company: r.company,
    address1: r.address1,
    address2: r.address2,
    city: r.city,
    zip: r.zip,
    phone: r.phone,
    isDefault: r.is_default === 1,
    State: r.state_code === null ? null : { stateCode: r.state_code, title: r.state_title ?? r.state_code },
    Country: r.country_code === null ? null : { countryCode: r.country_code, title: r.country_title ?? r.country_code },
  };
}

/** A customer's addresses, the default first, then oldest first. */
export async function listAddresses(db: Db, customerId: number): Promise<MailingAddress[]> {
  return (await db.all<AddressRow>(`${ADDRESS_SELECT} WHERE a.customer_id = ? ORDER BY a.is_default DESC, a.id`, [customerId])).map(toMailingAddress);
}

/** One of the customer's addresses; another customer's is undefined, like a missing one. */
export async function findAddress(db: Db, customerId: number, id: number): Promise<AddressRow | undefined> {
  return await db.get<AddressRow>(`${ADDRESS_SELECT} WHERE a.id = ? AND a.customer_id = ?`, [id, customerId]);
}

/** A payment_methods row. */
export interface PaymentMethodRow {
  id: number;
  customer_id: number;
  brand: string;
  exp_month: number;
  exp_year: number;
  last4: string;
  name: string | null;
  billing_line1: string | null;
  billing_line2: string | null;
  billing_city: string | null;
  billing_state: string | null;
  billing_postal_code: string | null;
  billing_country: string | null;
  is_gift_card: number;
  gift_card_credit_cents: number | null;
  gift_card_currency: string | null;
}

/** Row to entity; cents become the decimal amount once, here at the edge. */
export function toPaymentMethod(r: PaymentMethodRow): PaymentMethod {
  return {
    id: r.id,
    brand: r.brand,
    expMonth: r.exp_month,
    expYear: r.exp_year,
    last4: r.last4,
    name: r.name,
    billingAddress:
      r.billing_line1 === null
        ? null
        : {
            line1: r.billing_line1,
            line2: r.billing_line2,
            city: r.billing_city,
            state: r.billing_state,
            postalCode: r.billing_postal_code ?? '',
            country: r.billing_country ?? '',
          },
    isGiftCard: r.is_gift_card === 1,
    giftCardCredit: r.gift_card_credit_cents === null ? null : r.gift_card_credit_cents / 100,
    giftCardCurrency: r.gift_card_currency,
  };
}

/** A customer's payment methods, oldest first. */
export async function listPaymentMethods(db: Db, customerId: number): Promise<PaymentMethod[]> {
  return (await db.all<PaymentMethodRow>('SELECT * FROM payment_methods WHERE customer_id = ? ORDER BY id', [customerId])).map(toPaymentMethod);
}

/** A transaction as served. */
export type ServedTransaction = Transaction & { orderId: number | null; createdAt: string };

/**
 * A customer's transactions, newest first. `displayableId` filters case-insensitively on a part
 * of the id (our choice: a shopper types a fragment of the reference printed on a receipt).
 */
export async function listTransactions(db: Db, customerId: number, displayableId?: string): Promise<ServedTransaction[]> {
  const filter = (displayableId ?? '').trim().toLowerCase();
  const rows = filter === ''
    ? await db.all<TransactionRow>('SELECT * FROM transactions WHERE customer_id = ? ORDER BY id DESC LIMIT 500', [customerId])
    : await db.all<TransactionRow>(
        "SELECT * FROM transactions WHERE customer_id = ? AND LOWER(displayable_id) LIKE ? ESCAPE '\\' ORDER BY id DESC LIMIT 500",
        [customerId, `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`],
      );
  return rows.map((r) => ({
    id: r.id,
    displayableId: r.displayable_id,
    email: r.email,
    amount: r.amount_cents / 100,
    gateway: r.gateway,
    status: r.status,
    orderId: r.order_id,
    createdAt: r.created_at,
  }));
}

interface TransactionRow {
  id: number;
  displayable_id: string;
  email: string;
  amount_cents: number;
  gateway: string | null;
  status: string;
  order_id: number | null;
  created_at: string;
}

// ------------------------------------------------------------ address writes

/** A mailing address's stored values: the address's own fields, its country and state by code. */
export type AddressValues = Pick<MailingAddress, 'firstName' | 'lastName' | 'company' | 'address1' | 'address2' | 'city' | 'zip' | 'phone'> & {
  countryCode: string;
  stateCode: string | null;
};

/** Whether a country code is known. */
export async function countryExists(db: Db, countryCode: string): Promise<boolean> {
  return (await db.get('SELECT 1 AS one FROM countries WHERE country_code = ?', [countryCode])) !== undefined;
}

/** Whether a country has states (then an address there must name one). */
export async function countryHasStates(db: Db, countryCode: string): Promise<boolean> {
  return (await db.get('SELECT 1 AS one FROM states WHERE country_code = ? LIMIT 1', [countryCode])) !== undefined;
}

/** Whether a state code belongs to a country. */
export async function stateExists(db: Db, countryCode: string, stateCode: string): Promise<boolean> {
  return (await db.get('SELECT 1 AS one FROM states WHERE country_code = ? AND state_code = ?', [countryCode, stateCode])) !== undefined;
}

/** How many addresses a customer holds. */
export async function countAddresses(db: Db, customerId: number): Promise<number> {
  return (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM mailing_addresses WHERE customer_id = ?', [customerId]))?.n ?? 0;
}

/** Clears the default flag of every address of a customer (before another becomes the default). */
export async function clearDefaultAddress(db: Db, customerId: number): Promise<void> {
  await db.run('UPDATE mailing_addresses SET is_default = 0 WHERE customer_id = ?', [customerId]);
}

/** Stores a new address; answers its id. */
export async function insertAddress(db: Db, customerId: number, v: AddressValues, isDefault: boolean, at: string): Promise<number | undefined> {
  return (await db.get<{ id: number }>(
    `INSERT INTO mailing_addresses (customer_id, first_name, last_name, company, address1, address2, city, zip, phone, country_code, state_code, is_default, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [customerId, v.firstName, v.lastName, v.company, v.address1, v.address2, v.city, v.zip, v.phone, v.countryCode, v.stateCode, isDefault ? 1 : 0, at],
  ))?.id;
}

/** Replaces an address's values (and makes it the default when asked); false when it is not the customer's. */
export async function updateAddress(db: Db, customerId: number, id: number, v: AddressValues, makeDefault: boolean): Promise<boolean> {
  const changed = await db.run(
    `UPDATE mailing_addresses SET first_name = ?, last_name = ?, company = ?, address1 = ?, address2 = ?, city = ?, zip = ?, phone = ?,
     country_code = ?, state_code = ?, is_default = CASE WHEN ? = 1 THEN 1 ELSE is_default END WHERE id = ? AND customer_id = ?`,
    [v.firstName, v.lastName, v.company, v.address1, v.address2, v.city, v.zip, v.phone, v.countryCode, v.stateCode, makeDefault ? 1 : 0, id, customerId],
  );
  return changed.changes === 1;
}

/**
 * Deletes one of the customer's addresses; when it was the default, the oldest remaining one
 * becomes the default. Call inside a transaction. Answers false when it is not the customer's.
 */
export async function deleteAddress(db: Db, customerId: number, id: number): Promise<boolean> {
  const row = await db.get<{ is_default: number }>('SELECT is_default FROM mailing_addresses WHERE id = ? AND customer_id = ?', [id, customerId]);
  if (!row) return false;
  await db.run('DELETE FROM mailing_addresses WHERE id = ? AND customer_id = ?', [id, customerId]);
  if (row.is_default === 1) {
    await db.run('UPDATE mailing_addresses SET is_default = 1 WHERE id = (SELECT MIN(id) FROM mailing_addresses WHERE customer_id = ?)', [customerId]);
  }
  return true;
}

/** A customer's address rows (no country or state titles), the default first, then oldest first. */
export async function addressRows(db: Db, customerId: number): Promise<Omit<AddressRow, 'country_title' | 'state_title'>[]> {
  return await db.all<Omit<AddressRow, 'country_title' | 'state_title'>>('SELECT * FROM mailing_addresses WHERE customer_id = ? ORDER BY is_default DESC, id', [customerId]);
}

// ------------------------------------------------------------ wallet writes

/**
 * Whether a payment method is one of the customer's and a gift card, with the provider holding
 * it and its id there (never sent to the browser); undefined when it is not theirs.
 */
export async function paymentMethodKind(db: Db, customerId: number, id: number): Promise<{ isGiftCard: boolean; provider: string; token: string } | undefined> {
  const row = await db.get<{ is_gift_card: number; provider: string; processor_token: string }>(
    'SELECT is_gift_card, provider, processor_token FROM payment_methods WHERE id = ? AND customer_id = ?',
    [id, customerId],
  );
  return row ? { isGiftCard: row.is_gift_card === 1, provider: row.provider, token: row.processor_token } : undefined;
}

/**
 * Counts one more detachment of a saved card at its provider (committed before it is sent: each
 * try has its own idempotency key) and answers the try's number.
 */
export async function nextDetachTry(db: Db, customerId: number, id: number): Promise<number> {
  const row = await db.get<{ n: number }>('UPDATE payment_methods SET detach_tries = detach_tries + 1 WHERE id = ? AND customer_id = ? RETURNING detach_tries AS n', [id, customerId]);
  return Number(row?.n ?? 0);
}

/** Deletes one of the customer's payment methods. */
export async function deletePaymentMethod(db: Db, customerId: number, id: number): Promise<void> {
  await db.run('DELETE FROM payment_methods WHERE id = ? AND customer_id = ?', [id, customerId]);
}

/** Copies an address into a payment method's billing address. */
export async function setBillingAddress(db: Db, customerId: number, id: number, a: AddressRow): Promise<void> {
  await db.run(
    `UPDATE payment_methods SET billing_line1 = ?, billing_line2 = ?, billing_city = ?, billing_state = ?, billing_postal_code = ?, billing_country = ?
     WHERE id = ? AND customer_id = ?`,
    [a.address1, a.address2, a.city, a.state_code, a.zip, a.country_code ?? '', id, customerId],
  );
}

/** A card to save (the hosted add-card page): never the number, only the processor's token and what a receipt shows. */
export interface NewCard {
  /** The provider's id of the card: a test token (tok_test_...), or Stripe's PaymentMethod (pm_...). */
  processorToken: string;
  /** The provider holding it. @default 'test' */
  provider?: 'test' | 'stripe';
  brand: string;
  expMonth: number;
  expYear: number;
  last4: string;
  name: string | null;
  billing: { line1: string; line2: string | null; city: string | null; state: string | null; postalCode: string; country: string };
  createdAt: string;
}

/**
 * Saves a card to a customer's wallet, once: the same provider card saved again (the form posted
 * twice, or again after the process died past the provider's answer) changes nothing.
 */
export async function insertCard(db: Db, customerId: number, c: NewCard): Promise<void> {
  await db.run(
    `INSERT INTO payment_methods (customer_id, processor_token, provider, brand, exp_month, exp_year, last4, name, billing_line1, billing_line2, billing_city,
     billing_state, billing_postal_code, billing_country, is_gift_card, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)
     ON CONFLICT (processor_token) DO NOTHING`,
    [customerId, c.processorToken, c.provider ?? 'test', c.brand, c.expMonth, c.expYear, c.last4, c.name, c.billing.line1, c.billing.line2, c.billing.city,
      c.billing.state, c.billing.postalCode, c.billing.country, c.createdAt],
  );
}

/** A saved card as checkout uses it (the processor token included: it never leaves the server). */
export interface SavedCardRow {
  id: number;
  processor_token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** A customer's saved cards (gift cards left out), oldest first; with `provider`, only the cards that provider holds. */
export async function savedCards(db: Db, customerId: number, provider?: 'test' | 'stripe'): Promise<SavedCardRow[]> {
  return await db.all<SavedCardRow>(
    `SELECT id, processor_token, brand, last4, exp_month, exp_year FROM payment_methods WHERE customer_id = ? AND is_gift_card = 0${provider ? ' AND provider = ?' : ''} ORDER BY id`,
    provider ? [customerId, provider] : [customerId],
  );
}
