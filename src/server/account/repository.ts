/**
 * Reads of the account aggregate (mailing addresses, payment methods, transactions) in the
 * spec's shapes (section 3), and the JSON schemas that serialise them, so no internal column
 * (processor token, customer id) ever leaves the server.
 * @module
 */
import type { MailingAddress, PaymentMethod, Transaction } from '../../domain/entities.ts';
import type { Db } from '../db/database.ts';

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
export function listAddresses(db: Db, customerId: number): MailingAddress[] {
  return db.all<AddressRow>(`${ADDRESS_SELECT} WHERE a.customer_id = ? ORDER BY a.is_default DESC, a.id`, [customerId]).map(toMailingAddress);
}

/** One of the customer's addresses; another customer's is undefined, like a missing one. */
export function findAddress(db: Db, customerId: number, id: number): AddressRow | undefined {
  return db.get<AddressRow>(`${ADDRESS_SELECT} WHERE a.id = ? AND a.customer_id = ?`, [id, customerId]);
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
export function listPaymentMethods(db: Db, customerId: number): PaymentMethod[] {
  return db.all<PaymentMethodRow>('SELECT * FROM payment_methods WHERE customer_id = ? ORDER BY id', [customerId]).map(toPaymentMethod);
}

/** A transaction as served. */
export type ServedTransaction = Transaction & { orderId: number | null; createdAt: string };

/**
 * A customer's transactions, newest first. `displayableId` filters case-insensitively on a part
 * of the id (our choice: a shopper types a fragment of the reference printed on a receipt).
 */
export function listTransactions(db: Db, customerId: number, displayableId?: string): ServedTransaction[] {
  const filter = (displayableId ?? '').trim().toLowerCase();
  const rows = filter === ''
    ? db.all<TransactionRow>('SELECT * FROM transactions WHERE customer_id = ? ORDER BY id DESC LIMIT 500', [customerId])
    : db.all<TransactionRow>(
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
