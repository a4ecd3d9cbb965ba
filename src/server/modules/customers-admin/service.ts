/**
 * The back office's customers: search by email, name or phone; a customer's profile, addresses,
 * wallet cards (brand and last four only) and orders; and the storefront's own password-reset
 * mail sent on an operator's request, recorded in the audit log in the same transaction. No
 * answer ever carries a password hash, a processor token or a card number: the repository never
 * reads them and the answers' schemas list only what is shown.
 * @module
 */
import { AUTH_LIMITS, RATE_LIMITED_MESSAGE, type Limiter } from '../accounts/rate-limit.ts';
import { RESET_JOB } from '../accounts/mail-jobs.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Outbox } from '../mail/outbox.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { audit, type AuditWho } from '../admin/service.ts';
import * as repo from './repository.ts';

/** The answers of the customer routes' refusals. */
export const CUSTOMER_ADMIN_ERRORS = {
  notFound: 'Customer not found.',
  noMail: 'Mail is not available on this store.',
} as const;

/** How many of a customer's orders their page lists. @default 20 */
export const RECENT_ORDERS = 20;

/** A customer as listed. */
export interface CustomerSummary {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  createdAt: string;
  orders: number;
}

/** A customer's page. */
export interface CustomerDetail {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  recoveryEmail: string | null;
  recoveryEmailVerified: boolean;
  createdAt: string;
  updatedAt: string;
  addresses: {
    id: number; firstName: string; lastName: string; company: string | null; address1: string; address2: string | null; city: string | null;
    zip: string; phone: string; countryCode: string | null; stateCode: string | null; isDefault: boolean;
  }[];
  cards: { id: number; brand: string; last4: string; giftCard: boolean; createdAt: string }[];
  orders: {
    count: number;
    totalCents: number;
    recent: { id: number; createdAt: string; totalCents: number; currency: string; state: string; paymentStatus: string; fulfilmentStatus: string }[];
  };
}

/** What the service needs. */
export interface CustomersAdminDeps {
  db: Db;
  /** The store's outbox (the reset mail is a job of the storefront's kind). */
  outbox: () => Outbox | null;
  /** The account limits' counters: an operator's reset counts against the storefront's per-address limit. */
  limiter: () => Limiter | null;
}

/**
 * What a search text means: the text (lower-cased, trimmed) for emails and names, and its digits
 * for phone numbers when it holds three or more and nothing but digits and phone punctuation.
 * @example
 * searchTerms('(206) 555-01'); // { text: '(206) 555-01', digits: '20655501' }
 * searchTerms('Ann'); // { text: 'ann' }
 */
export function searchTerms(q: string | undefined): { text?: string; digits?: string } {
  const text = q?.trim().toLowerCase() ?? '';
  if (text === '') return {};
  const digits = text.replace(/\D/g, '');
  return /^[\d\s().+-]+$/.test(text) && digits.length >= 3 ? { text, digits } : { text };
}

/**
 * The customers over one database.
 * @example
 * const customers = new CustomersAdminService({ db, outbox: () => app.accounts.outbox, limiter: () => app.accounts.limiter });
 * const { customers: page } = await customers.list({ q: 'ann', limit: 50 });
 */
export class CustomersAdminService {
  constructor(private readonly deps: CustomersAdminDeps) {}

  /** A page of customers, newest first, matching `q`; `nextBefore` continues it. */
  async list(query: { q?: string; before?: number; limit: number }): Promise<{ customers: CustomerSummary[]; nextBefore: number | null }> {
    const rows = await repo.searchCustomers(this.deps.db, searchTerms(query.q), { ...(query.before !== undefined ? { beforeId: query.before } : {}), limit: query.limit + 1 });
    const page = rows.slice(0, query.limit).map((r) => ({
      id: Number(r.id), email: r.email, firstName: r.first_name, lastName: r.last_name, emailVerified: Number(r.email_verified) === 1,
      createdAt: r.created_at, orders: Number(r.orders),
    }));
    return { customers: page, nextBefore: rows.length > query.limit ? (page[page.length - 1]?.id ?? null) : null };
  }

  /** A customer's page, or 404. */
  async detail(id: number): Promise<CustomerDetail> {
    const db = this.deps.db;
    const row = await repo.customerById(db, id);
    if (!row) throw new HttpError(404, CUSTOMER_ADMIN_ERRORS.notFound);
    const [addresses, cards, totals, recent] = await Promise.all([
      repo.addressesOf(db, id), repo.cardsOf(db, id), repo.orderTotals(db, id), repo.recentOrders(db, id, RECENT_ORDERS),
    ]);
    return {
      id: Number(row.id), email: row.email, firstName: row.first_name, lastName: row.last_name, emailVerified: Number(row.email_verified) === 1,
      recoveryEmail: row.recovery_email, recoveryEmailVerified: Number(row.recovery_email_verified) === 1, createdAt: row.created_at, updatedAt: row.updated_at,
      addresses: addresses.map((a) => ({
        id: Number(a.id), firstName: a.first_name, lastName: a.last_name, company: a.company, address1: a.address1, address2: a.address2, city: a.city,
        zip: a.zip, phone: a.phone, countryCode: a.country_code, stateCode: a.state_code, isDefault: Number(a.is_default) === 1,
      })),
      cards: cards.map((c) => ({ id: Number(c.id), brand: c.brand, last4: c.last4, giftCard: Number(c.is_gift_card) === 1, createdAt: c.created_at })),
      orders: {
        ...totals,
        recent: recent.map((o) => ({
          id: Number(o.id), createdAt: o.created_at, totalCents: Number(o.total_cents), currency: o.currency_code, state: o.state,
          paymentStatus: o.payment_status, fulfilmentStatus: o.fulfilment_status,
        })),
      },
    };
  }

  /**
   * Sends the customer the storefront's password-reset mail (the same job, so the same mail, and
   * the links mailed before it end), with an audit row in the same transaction. It counts against
   * the storefront's per-address limit of such mail (429 past it), so nobody floods a customer.
   */
  async sendPasswordReset(who: AuditWho, id: number): Promise<{ email: string }> {
    const outbox = this.deps.outbox();
    if (!outbox) throw new HttpError(409, CUSTOMER_ADMIN_ERRORS.noMail);
    const row = await repo.customerById(this.deps.db, id);
    if (!row) throw new HttpError(404, CUSTOMER_ADMIN_ERRORS.notFound);
    const limiter = this.deps.limiter();
    if (limiter && !(await limiter.allow([`reset-to:${row.email}`, AUTH_LIMITS.emailPerTarget]))) throw new HttpError(429, RATE_LIMITED_MESSAGE);
    await this.deps.db.transaction(async (tx) => {
      const current = await repo.customerById(tx, id);
      if (!current) throw new HttpError(404, CUSTOMER_ADMIN_ERRORS.notFound);
      // the job looks the address up, ends the older links and issues the new one, as for the storefront's form
      const job = await outbox.in(tx).enqueueJob(RESET_JOB, current.email, null);
      await audit(tx, who, 'customer.password-reset', { type: 'customer', id }, null, { email: current.email, mail: 'reset-password', outboxId: job });
    });
    void outbox.flush().catch(() => undefined);
    return { email: row.email };
  }
}
