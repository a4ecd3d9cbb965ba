/**
 * The operators' discount codes: list, create, and pause, resume, expire or edit a code, each
 * write recorded in the audit log in its own transaction. The storefront reads the same rows
 * (commerce/discounts.ts): a code in effect is not paused, has started, has not ended and has
 * uses left; orders count the uses.
 *
 * Rules (each tested):
 * - A code is 1 to 64 letters, digits, '-' or '_', stored upper-case; creating one that exists
 *   answers 409.
 * - kind and value: `percentage` 1 to 100 (percent), `fixed` 1 cent to $100,000.00 (cents),
 *   `free_shipping` 0. A minimum subtotal from $0 to $1,000,000.00; a start before the end; a
 *   total of uses from 1 (null: no limit); one use per customer and per IP address when set.
 * - Without a title the code gets one from its kind and value ('10% off your order', '$5.00
 *   off orders of $50.00 or more', 'Free shipping'), and such a title follows an edit of them.
 * - pause and resume answer 409 when the code already is; expire ends it now (409 when it has
 *   ended). The uses so far are never written by an operator.
 * @module
 */
import { toDiscountCode, type CodeRow, type DiscountCode } from '../checkout/discounts.ts';
import { formatPrice, fromCents } from '../../../domain/money.ts';
import type { Db } from '../../platform/db/database.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { audit, type AuditWho } from '../admin/service.ts';
import * as repo from './repository.ts';
import type { DiscountStatus, DiscountValues } from './repository.ts';

/** The refusals of the discount routes. */
export const DISCOUNT_ADMIN_ERRORS = {
  notFound: 'Discount code not found.',
  badCode: 'A discount code is 1 to 64 letters, digits, - or _.',
  exists: (code: string) => `A discount code ${code} exists.`,
  noValue: 'Give the discount\'s value: a percent from 1 to 100, or an amount in cents.',
  percent: 'A percentage discount is from 1 to 100 percent.',
  amount: 'An amount discount is from 1 cent to $100,000.00 (its value in cents).',
  freeShipping: 'A free-shipping code has no value (0).',
  title: 'A title is 1 to 100 characters, without control characters.',
  dates: 'A discount code must start before it ends.',
  badDate: 'Dates are ISO date-times, such as 2025-06-01T00:00:00Z.',
  alreadyPaused: 'This discount code is already paused.',
  notPaused: 'This discount code is not paused.',
  alreadyEnded: 'This discount code has already ended.',
} as const;

/** The largest amount off, in cents. @default 10000000 ($100,000.00) */
export const MAX_AMOUNT_CENTS = 10_000_000;
/** The largest minimum subtotal, in cents. @default 100000000 ($1,000,000.00) */
export const MAX_MIN_SUBTOTAL_CENTS = 100_000_000;

/** A code as the operators' API shows it. */
export interface DiscountView {
  code: string;
  title: string;
  kind: DiscountCode['kind'];
  /** Percent (1..100) for percentage, cents for fixed, 0 for free shipping. */
  value: number;
  minSubtotalCents: number;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  uses: number;
  oncePerCustomer: boolean;
  oncePerIp: boolean;
  paused: boolean;
  status: DiscountStatus;
  createdAt: string | null;
  updatedAt: string | null;
}

/** The fields of a code an operator writes. */
export interface DiscountFields {
  title?: string;
  kind?: DiscountCode['kind'];
  value?: number;
  minSubtotalCents?: number;
  startsAt?: string | null;
  endsAt?: string | null;
  maxUses?: number | null;
  oncePerCustomer?: boolean;
  oncePerIp?: boolean;
}

/** POST /api/admin/discounts. */
export interface CreateDiscountInput extends DiscountFields {
  code: string;
  kind: DiscountCode['kind'];
  paused?: boolean;
}

/** PATCH /api/admin/discounts/{code}: an action, fields to change, or both. */
export interface PatchDiscountInput extends DiscountFields {
  action?: 'pause' | 'resume' | 'expire';
}

/**
 * A code's state at `nowMs`: paused, else ended, else scheduled (not started), else used up,
 * else active (the storefront takes only active codes).
 */
export function discountStatus(c: Pick<DiscountCode, 'pausedAt' | 'expiresAt' | 'startsAt' | 'maxUses' | 'uses'>, nowMs: number): DiscountStatus {
  if (c.pausedAt !== null) return 'paused';
  if (c.expiresAt !== null && Date.parse(c.expiresAt) <= nowMs) return 'ended';
  if (c.startsAt !== null && Date.parse(c.startsAt) > nowMs) return 'scheduled';
  if (c.maxUses !== null && c.uses >= c.maxUses) return 'used_up';
  return 'active';
}

/** The normalised code (trimmed, upper-case), or 400. */
export function discountCodeOf(text: string): string {
  const code = text.trim().toUpperCase();
  if (!/^[A-Z0-9][A-Z0-9_-]{0,63}$/.test(code)) throw new HttpError(400, DISCOUNT_ADMIN_ERRORS.badCode);
  return code;
}

/**
 * The title a code gets without one.
 * @example
 * defaultTitle('fixed', 500, 5000); // '$5.00 off orders of $50.00 or more'
 */
export function defaultTitle(kind: DiscountCode['kind'], value: number, minSubtotalCents: number): string {
  const off = kind === 'percentage' ? `${value}% off` : kind === 'fixed' ? `${formatPrice(fromCents(value))} off` : 'Free shipping';
  if (minSubtotalCents > 0) return `${off} ${kind === 'free_shipping' ? 'on' : ''} orders of ${formatPrice(fromCents(minSubtotalCents))} or more`.replace(/\s+/g, ' ');
  return kind === 'free_shipping' ? off : `${off} your order`;
}

function isoOrNull(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) throw new HttpError(400, DISCOUNT_ADMIN_ERRORS.badDate);
  return new Date(ms).toISOString();
}

/** Throws 400 unless the values make a code the storefront can apply. */
export function checkValues(v: DiscountValues): void {
  if (v.title.trim() === '' || v.title.length > 100 || /\p{Cc}/u.test(v.title)) throw new HttpError(400, DISCOUNT_ADMIN_ERRORS.title);
  if (v.kind === 'percentage' && !(Number.isInteger(v.amount) && v.amount >= 1 && v.amount <= 100)) throw new HttpError(400, DISCOUNT_ADMIN_ERRORS.percent);
  if (v.kind === 'fixed' && !(Number.isInteger(v.amount) && v.amount >= 1 && v.amount <= MAX_AMOUNT_CENTS)) throw new HttpError(400, DISCOUNT_ADMIN_ERRORS.amount);
  if (v.kind === 'free_shipping' && v.amount !== 0) throw new HttpError(400, DISCOUNT_ADMIN_ERRORS.freeShipping);
  if (v.startsAt !== null && v.expiresAt !== null && Date.parse(v.startsAt) >= Date.parse(v.expiresAt)) throw new HttpError(400, DISCOUNT_ADMIN_ERRORS.dates);
}

function view(row: CodeRow, nowMs: number): DiscountView {
  const c = toDiscountCode(row);
  return {
    code: c.code, title: c.title, kind: c.kind, value: c.amount, minSubtotalCents: c.minSubtotalCents, startsAt: c.startsAt, endsAt: c.expiresAt,
    maxUses: c.maxUses, uses: c.uses, oncePerCustomer: c.oncePerCustomer, oncePerIp: c.oncePerIp, paused: c.pausedAt !== null,
    status: discountStatus(c, nowMs), createdAt: c.createdAt, updatedAt: c.updatedAt,
  };
}

function valuesOf(c: DiscountCode): DiscountValues {
  return {
    title: c.title, kind: c.kind, amount: c.amount, minSubtotalCents: c.minSubtotalCents, startsAt: c.startsAt, expiresAt: c.expiresAt,
    maxUses: c.maxUses, oncePerCustomer: c.oncePerCustomer, oncePerIp: c.oncePerIp, pausedAt: c.pausedAt,
  };
}

/** What the service needs. */
export interface DiscountsAdminDeps {
  db: Db;
  /** @default Date.now */
  now?: () => number;
}

/**
 * The discount codes over one database.
 * @example
 * const discounts = new DiscountsAdminService({ db });
 * await discounts.create(auditWho(request), { code: 'SPRING15', kind: 'percentage', value: 15, maxUses: 500 });
 */
export class DiscountsAdminService {
  private readonly now: () => number;

  constructor(private readonly deps: DiscountsAdminDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** A page of codes in code order, filtered by state and text; `nextAfter` continues it. */
  async list(query: { status?: DiscountStatus; q?: string; after?: string; limit: number }): Promise<{ discounts: DiscountView[]; nextAfter: string | null }> {
    const nowMs = this.now();
    const rows = await repo.listDiscounts(
      this.deps.db,
      { ...(query.status !== undefined ? { status: query.status } : {}), ...(query.q !== undefined ? { q: query.q } : {}), now: new Date(nowMs).toISOString() },
      { ...(query.after !== undefined ? { afterCode: query.after.trim().toUpperCase() } : {}), limit: query.limit + 1 },
    );
    const page = rows.slice(0, query.limit).map((r) => view(r, nowMs));
    return { discounts: page, nextAfter: rows.length > query.limit ? (page[page.length - 1]?.code ?? null) : null };
  }

  /** One code, or 404. */
  async get(rawCode: string): Promise<DiscountView> {
    const row = await repo.discountByCode(this.deps.db, discountCodeOf(rawCode));
    if (!row) throw new HttpError(404, DISCOUNT_ADMIN_ERRORS.notFound);
    return view(row, this.now());
  }

  /** Creates a code (409 when it exists), audited in the same transaction. */
  async create(who: AuditWho, input: CreateDiscountInput): Promise<DiscountView> {
    const code = discountCodeOf(input.code);
    const nowMs = this.now();
    const at = new Date(nowMs).toISOString();
    const kind = input.kind;
    if (kind !== 'free_shipping' && input.value === undefined) throw new HttpError(400, DISCOUNT_ADMIN_ERRORS.noValue);
    const amount = input.value ?? 0;
    const minSubtotalCents = input.minSubtotalCents ?? 0;
    const values: DiscountValues = {
      title: input.title?.trim() ?? defaultTitle(kind, amount, minSubtotalCents), kind, amount, minSubtotalCents,
      startsAt: isoOrNull(input.startsAt) ?? null, expiresAt: isoOrNull(input.endsAt) ?? null, maxUses: input.maxUses ?? null,
      oncePerCustomer: input.oncePerCustomer ?? false, oncePerIp: input.oncePerIp ?? false, pausedAt: input.paused === true ? at : null,
    };
    checkValues(values);
    return await this.deps.db.transaction(async (tx) => {
      if (!(await repo.insertDiscount(tx, code, values, at))) throw new HttpError(409, DISCOUNT_ADMIN_ERRORS.exists(code));
      const after = view((await repo.discountByCode(tx, code))!, nowMs);
      await audit(tx, who, 'discount.create', { type: 'discount', id: code }, null, after);
      return after;
    });
  }

  /**
   * Pauses, resumes or expires a code and/or changes its fields, audited in the same
   * transaction (the action's name, else `discount.edit`). The code is read locked, so two
   * operators at once each see the other's change.
   */
  async update(who: AuditWho, rawCode: string, patch: PatchDiscountInput): Promise<DiscountView> {
    const code = discountCodeOf(rawCode);
    const nowMs = this.now();
    const at = new Date(nowMs).toISOString();
    const startsAt = isoOrNull(patch.startsAt);
    const endsAt = isoOrNull(patch.endsAt);
    return await this.deps.db.transaction(async (tx) => {
      const row = await repo.discountByCode(tx, code, true);
      if (!row) throw new HttpError(404, DISCOUNT_ADMIN_ERRORS.notFound);
      const current = toDiscountCode(row);
      const before = view(row, nowMs);
      const kind = patch.kind ?? current.kind;
      // a new kind without a value: free shipping has none, the others must say theirs
      if (patch.kind !== undefined && patch.kind !== current.kind && patch.value === undefined && kind !== 'free_shipping') throw new HttpError(400, DISCOUNT_ADMIN_ERRORS.noValue);
      const values: DiscountValues = {
        ...valuesOf(current),
        ...(patch.title !== undefined ? { title: patch.title.trim() } : {}),
        kind,
        amount: patch.value ?? (kind === 'free_shipping' && patch.kind !== undefined ? 0 : current.amount),
        ...(patch.minSubtotalCents !== undefined ? { minSubtotalCents: patch.minSubtotalCents } : {}),
        ...(startsAt !== undefined ? { startsAt } : {}),
        ...(endsAt !== undefined ? { expiresAt: endsAt } : {}),
        ...(patch.maxUses !== undefined ? { maxUses: patch.maxUses } : {}),
        ...(patch.oncePerCustomer !== undefined ? { oncePerCustomer: patch.oncePerCustomer } : {}),
        ...(patch.oncePerIp !== undefined ? { oncePerIp: patch.oncePerIp } : {}),
      };
      // a title made from the old kind and value follows the new ones; an operator's own title stays
      if (patch.title === undefined && current.title === defaultTitle(current.kind, current.amount, current.minSubtotalCents)) {
        values.title = defaultTitle(values.kind, values.amount, values.minSubtotalCents);
      }
      if (patch.action === 'pause') {
        if (current.pausedAt !== null) throw new HttpError(409, DISCOUNT_ADMIN_ERRORS.alreadyPaused);
        values.pausedAt = at;
      } else if (patch.action === 'resume') {
        if (current.pausedAt === null) throw new HttpError(409, DISCOUNT_ADMIN_ERRORS.notPaused);
        values.pausedAt = null;
      } else if (patch.action === 'expire') {
        if (current.expiresAt !== null && Date.parse(current.expiresAt) <= nowMs) throw new HttpError(409, DISCOUNT_ADMIN_ERRORS.alreadyEnded);
        values.expiresAt = at;
        // a code made to start later ends before it starts
        if (values.startsAt !== null && Date.parse(values.startsAt) >= nowMs) values.startsAt = null;
      }
      checkValues(values);
      await repo.updateDiscount(tx, code, values, at);
      const after = view((await repo.discountByCode(tx, code))!, nowMs);
      await audit(tx, who, patch.action ? `discount.${patch.action}` : 'discount.edit', { type: 'discount', id: code }, before, after);
      return after;
    });
  }
}
