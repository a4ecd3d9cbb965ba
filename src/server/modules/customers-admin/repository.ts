/**
 * All SQL of the back office's customers: the search, a customer's profile, addresses, wallet
 * cards and orders (migrations 003, 004, 027). No statement here reads a password hash or a
 * payment method's processor token: what is not read cannot be answered.
 * @module
 */
import type { AddressRow as AccountAddressRow } from '../accounts/index.ts';
import type { Db } from '../../platform/db/database.ts';

/** A customer as listed. */
export interface CustomerListRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  email_verified: number;
  created_at: string;
  orders: number;
}

/** A customer's profile (never the password hash). */
export interface CustomerRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  email_verified: number;
  recovery_email: string | null;
  recovery_email_verified: number;
  created_at: string;
  updated_at: string;
}

/** A saved address: the account's own row (account/repository.ts) without the joined titles. */
export type AddressRow = Omit<AccountAddressRow, 'customer_id' | 'country_title' | 'state_title'>;

/** A wallet card: its brand and last four digits only. */
export interface CardRow {
  id: number;
  brand: string;
  last4: string;
  is_gift_card: number;
  created_at: string;
}

/** One of a customer's orders. */
export interface OrderRow {
  id: number;
  created_at: string;
  total_cents: number;
  currency_code: string;
  state: string;
  payment_status: string;
  fulfilment_status: string;
}

/** `%`, `_` and the escape character escaped for a LIKE with ESCAPE '!'. */
function likeEscaped(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`);
}

/** A phone column with its usual separators removed (the digits and what else was typed). */
const PHONE_DIGITS = "REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(a.phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', '')";

/**
 * A page of customers, newest first, after the id `beforeId` (keyset paging), `limit` rows at
 * most. `text` (lower-cased) is matched as part of the email or of "first last"; `digits`, when
 * given (three digits or more), as part of a saved address's phone number, separators ignored.
 */
export async function searchCustomers(db: Db, f: { text?: string; digits?: string }, page: { beforeId?: number; limit: number }): Promise<CustomerListRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.text !== undefined) {
    const like = `%${likeEscaped(f.text)}%`;
    const any = ["LOWER(c.email) LIKE ? ESCAPE '!'", "LOWER(c.first_name || ' ' || c.last_name) LIKE ? ESCAPE '!'"];
    params.push(like, like);
    if (f.digits !== undefined) {
      any.push(`EXISTS (SELECT 1 FROM mailing_addresses a WHERE a.customer_id = c.id AND ${PHONE_DIGITS} LIKE ? ESCAPE '!')`);
      params.push(`%${likeEscaped(f.digits)}%`);
    }
    where.push(`(${any.join(' OR ')})`);
  }
  if (page.beforeId !== undefined) {
    where.push('c.id < ?');
    params.push(page.beforeId);
  }
  params.push(page.limit);
  return await db.all<CustomerListRow>(
    `SELECT c.id, c.email, c.first_name, c.last_name, c.email_verified, c.created_at,
       (SELECT COUNT(*) FROM orders o WHERE o.customer_id = c.id) AS orders
     FROM customers c ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY c.id DESC LIMIT ?`,
    params,
  );
}

/** A customer's profile, or undefined. */
export async function customerById(db: Db, id: number): Promise<CustomerRow | undefined> {
  return await db.get<CustomerRow>(
    `SELECT id, email, first_name, last_name, email_verified, recovery_email, recovery_email_verified, created_at, updated_at
     FROM customers WHERE id = ?`,
    [id],
  );
}

/** A customer's saved addresses, the default first. */
export async function addressesOf(db: Db, customerId: number): Promise<AddressRow[]> {
  return await db.all<AddressRow>(
    `SELECT id, first_name, last_name, company, address1, address2, city, zip, phone, country_code, state_code, is_default
     FROM mailing_addresses WHERE customer_id = ? ORDER BY is_default DESC, id`,
    [customerId],
  );
}

/** A customer's wallet cards (brand and last four; never the processor's token). */
export async function cardsOf(db: Db, customerId: number): Promise<CardRow[]> {
  return await db.all<CardRow>('SELECT id, brand, last4, is_gift_card, created_at FROM payment_methods WHERE customer_id = ? ORDER BY id', [customerId]);
}

/** How many orders a customer placed and their total, in cents. */
export async function orderTotals(db: Db, customerId: number): Promise<{ count: number; totalCents: number }> {
  const row = await db.get<{ n: number; total: number | null }>('SELECT COUNT(*) AS n, SUM(total_cents) AS total FROM orders WHERE customer_id = ?', [customerId]);
  return { count: Number(row?.n ?? 0), totalCents: Number(row?.total ?? 0) };
}

/** A customer's latest orders, newest first. */
export async function recentOrders(db: Db, customerId: number, limit: number): Promise<OrderRow[]> {
  return await db.all<OrderRow>(
    `SELECT id, created_at, total_cents, currency_code, state, payment_status, fulfilment_status
     FROM orders WHERE customer_id = ? ORDER BY id DESC LIMIT ?`,
    [customerId, limit],
  );
}
