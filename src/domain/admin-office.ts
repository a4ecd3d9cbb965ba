/**
 * The back office's rules beyond the order list (src/admin): the checks of the return, receive,
 * note, discount and customer forms before anything is sent, the parsing of typed money, percents
 * and dates, the audit log's filters as a URL query and back, and what each role sees. Pure: the
 * server re-checks every write and has the last word (the store's return rules answer 409).
 * @module
 */
import type { AdminFormSubject, AdminLineUnits, AdminRoleName, FormCheck } from './admin-orders.ts';

/** The forms of this module (each is a kind of the one back-office form machine). */
export type OfficeFormKind = 'return' | 'receive' | 'note' | 'discount' | 'discountEdit' | 'discountAction' | 'customerReset';

/** Every kind of {@link OfficeFormKind}. */
export const OFFICE_FORM_KINDS: readonly OfficeFormKind[] = ['return', 'receive', 'note', 'discount', 'discountEdit', 'discountAction', 'customerReset'];

/** Whether a form kind is one of this module's. */
export function isOfficeFormKind(kind: string): kind is OfficeFormKind {
  return (OFFICE_FORM_KINDS as readonly string[]).includes(kind);
}

/** The messages of the checks. */
export const OFFICE_FORM_MESSAGES = {
  reason: 'Give a reason for the return.',
  nothingToReturn: 'Choose at least one unit to return.',
  tooManyToReturn: 'You cannot return more units of a line than were shipped and not returned.',
  fee: 'The restocking fee is a whole percent from 0 to 100.',
  restock: 'Choose whether the units go back in stock.',
  returnId: 'Choose the return to receive.',
  note: 'A note needs some text.',
  noteLong: 'A note is at most 2000 characters.',
  code: 'A code is letters, digits, - and _ (up to 64), starting with a letter or digit.',
  percent: 'Enter a percent from 1 to 100.',
  amount: 'Enter an amount such as 10.00.',
  minSubtotal: 'Enter the minimum subtotal as an amount such as 50.00, or leave it blank.',
  date: 'Enter dates as YYYY-MM-DD (optionally with a time, HH:MM, in UTC).',
  endBeforeStart: 'The end must come after the start.',
  uses: 'Total uses is a whole number of 1 or more, or blank for no limit.',
  action: 'Choose pause, resume or expire.',
  customer: 'Choose a customer.',
} as const;

/** The largest restocking fee in percent (the server's). @default 100 */
export const MAX_FEE_PERCENT = 100;
/** The longest note (the server's). @default 2000 */
export const NOTE_MAX = 2000;
/** The largest amount typed, in cents (the server's `MAX_AMOUNT_CENTS`). @default 100_000_000 */
export const MAX_DISCOUNT_CENTS = 100_000_000;

/**
 * Money typed as text ('12', '12.5', '$1,012.50', '0') in cents, or null when it is not an
 * amount of zero or more with at most two decimals. Integer arithmetic only.
 * @example parseMoneyCents('$1,012.50'); // 101250
 */
export function parseMoneyCents(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * Cents as the text an operator types back ({@link parseMoneyCents} reads it): '1012.50'.
 * @example centsText(101250); // '1012.50'
 */
export function centsText(cents: number): string {
  const abs = Math.abs(Math.trunc(cents));
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A whole percent typed ('15', '15%', ' 15 % ') from `min` to 100, or null.
 * @example parsePercent('15%'); // 15
 */
export function parsePercent(text: string, min = 1): number | null {
  const m = /^(\d{1,3})\s*%?$/.exec(text.trim());
  if (!m) return null;
  const n = Number(m[1]);
  return n >= min && n <= 100 ? n : null;
}

/**
 * A date typed as YYYY-MM-DD, optionally with a time (`YYYY-MM-DD HH:MM` or `THH:MM`), read in
 * UTC, as an ISO date-time; null when it is not a real date ('2026-02-30' is refused).
 * @example parseAdminDate('2026-12-01 09:30'); // '2026-12-01T09:30:00.000Z'
 */
export function parseAdminDate(text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0)];
  if (year < 1970 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return null;
  const ms = Date.UTC(year, month - 1, day, hour, minute);
  const d = new Date(ms);
  if (d.getUTCDate() !== day || d.getUTCMonth() !== month - 1) return null;
  return d.toISOString();
}

/** A line as the return forms need it: shipped, being returned and returned units, and whether opened chemicals are refused. */
export interface ReturnLineUnits extends AdminLineUnits {
  returning?: number;
  returned?: number;
  title?: string;
  notReturnableOnceOpened?: boolean;
}

/** Units of a line that may still be returned: shipped and not returned or being returned. */
export function unitsToReturn(line: ReturnLineUnits): number {
  return Math.max(0, line.fulfilled - (line.returning ?? 0) - (line.returned ?? 0));
}

/** The return form's body (POST .../returns). */
export interface ReturnFormBody {
  lines: { lineId: number; quantity: number; opened: boolean }[];
  reason: string;
  restockingFeePercent: number;
}

/**
 * The return form's check: a reason, a fee of 0-100 %, and 1 or more units of lines, each up to
 * what was shipped and not returned (`line.<id>`), with `opened.<id>` 'yes' for an opened line.
 * The store's rules on opened chemicals and hazardous liquids are the server's (409).
 */
export function checkReturn(fields: Record<string, string>, lines: readonly ReturnLineUnits[]): FormCheck<ReturnFormBody> {
  const reason = (fields.reason ?? '').trim();
  if (reason === '') return { ok: false, error: OFFICE_FORM_MESSAGES.reason };
  const feeText = (fields.fee ?? '').trim();
  const fee = feeText === '' ? 0 : parsePercent(feeText, 0);
  if (fee === null) return { ok: false, error: OFFICE_FORM_MESSAGES.fee };
  const out: ReturnFormBody['lines'] = [];
  for (const line of lines) {
    const text = (fields[`line.${line.id}`] ?? '').trim();
    const units = text === '' ? 0 : /^\d{1,4}$/.test(text) ? Number(text) : null;
    if (units === null || units > unitsToReturn(line)) return { ok: false, error: OFFICE_FORM_MESSAGES.tooManyToReturn };
    if (units > 0) out.push({ lineId: line.id, quantity: units, opened: fields[`opened.${line.id}`] === 'yes' });
  }
  if (out.length === 0) return { ok: false, error: OFFICE_FORM_MESSAGES.nothingToReturn };
  return { ok: true, body: { lines: out, reason: reason.slice(0, 500), restockingFeePercent: fee } };
}

/** The receive form's body: the return, and its POST body. */
export interface ReceiveFormBody {
  returnId: number;
  restock: boolean;
  refund: boolean;
}

/** The receive form's check: a return id, restock 'yes' or 'no', refund 'yes' (default) or 'no'. */
export function checkReceive(fields: Record<string, string>): FormCheck<ReceiveFormBody> {
  const id = Number(fields.returnId ?? '');
  if (!Number.isInteger(id) || id < 1) return { ok: false, error: OFFICE_FORM_MESSAGES.returnId };
  const restock = fields.restock;
  if (restock !== 'yes' && restock !== 'no') return { ok: false, error: OFFICE_FORM_MESSAGES.restock };
  return { ok: true, body: { returnId: id, restock: restock === 'yes', refund: (fields.refund ?? 'yes') !== 'no' } };
}

/** The note form's check: 1 to 2000 characters. */
export function checkNote(fields: Record<string, string>): FormCheck<{ body: string }> {
  const body = (fields.body ?? '').trim();
  if (body === '') return { ok: false, error: OFFICE_FORM_MESSAGES.note };
  if ([...body].length > NOTE_MAX) return { ok: false, error: OFFICE_FORM_MESSAGES.noteLong };
  return { ok: true, body: { body } };
}

/** The kinds of discount. */
export type DiscountKind = 'percentage' | 'fixed' | 'free_shipping';

/** The discount form's body (POST /api/admin/discounts). */
export interface DiscountFormBody {
  code: string;
  kind: DiscountKind;
  value?: number;
  minSubtotalCents: number;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  oncePerCustomer: boolean;
  oncePerIp: boolean;
}

const CODE_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/**
 * The discount form's check: a code, a kind with its value (percent 1-100, an amount, none for
 * free shipping), an optional minimum subtotal, start and end dates (the end after the start),
 * total uses, and once per customer (and per IP: the storefront's exit offer promises both).
 * @example checkDiscount({ code: 'SPRING', kind: 'percentage', value: '15%' }).ok; // true
 */
export function checkDiscount(fields: Record<string, string>): FormCheck<DiscountFormBody> {
  const code = (fields.code ?? '').trim().toUpperCase();
  if (!CODE_RE.test(code)) return { ok: false, error: OFFICE_FORM_MESSAGES.code };
  const kind: DiscountKind = fields.kind === 'fixed' || fields.kind === 'free_shipping' ? fields.kind : 'percentage';
  let value: number | undefined;
  if (kind === 'percentage') {
    const p = parsePercent(fields.value ?? '');
    if (p === null) return { ok: false, error: OFFICE_FORM_MESSAGES.percent };
    value = p;
  } else if (kind === 'fixed') {
    const c = parseMoneyCents(fields.value ?? '');
    if (c === null || c < 1 || c > MAX_DISCOUNT_CENTS) return { ok: false, error: OFFICE_FORM_MESSAGES.amount };
    value = c;
  }
  const minText = (fields.minSubtotal ?? '').trim();
  const minSubtotalCents = minText === '' ? 0 : parseMoneyCents(minText);
  if (minSubtotalCents === null || minSubtotalCents > MAX_DISCOUNT_CENTS) return { ok: false, error: OFFICE_FORM_MESSAGES.minSubtotal };
  const dateOf = (name: string): string | null | undefined => {
    const text = (fields[name] ?? '').trim();
    return text === '' ? null : (parseAdminDate(text) ?? undefined);
  };
  const startsAt = dateOf('startsAt');
  const endsAt = dateOf('endsAt');
  if (startsAt === undefined || endsAt === undefined) return { ok: false, error: OFFICE_FORM_MESSAGES.date };
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt) return { ok: false, error: OFFICE_FORM_MESSAGES.endBeforeStart };
  const usesText = (fields.maxUses ?? '').trim();
  const maxUses = usesText === '' ? null : /^\d{1,10}$/.test(usesText) && Number(usesText) >= 1 && Number(usesText) <= 1_000_000_000 ? Number(usesText) : undefined;
  if (maxUses === undefined) return { ok: false, error: OFFICE_FORM_MESSAGES.uses };
  const once = fields.oncePerCustomer === 'yes';
  return {
    ok: true,
    body: { code, kind, ...(value === undefined ? {} : { value }), minSubtotalCents, startsAt, endsAt, maxUses, oncePerCustomer: once, oncePerIp: once },
  };
}

/** A discount code as its edit form starts from (the API's code, reduced to what the form edits). */
export interface DiscountFormSource {
  code: string;
  kind: DiscountKind;
  /** Percent, or cents off; 0 for free shipping. */
  value: number;
  minSubtotalCents: number;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  oncePerCustomer: boolean;
}

/** An instant as the form types it: 'YYYY-MM-DD', with ' HH:MM' when not midnight (UTC). */
function dateText(iso: string | null): string {
  if (iso === null) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const day = d.toISOString().slice(0, 10);
  const time = d.toISOString().slice(11, 16);
  return time === '00:00' ? day : `${day} ${time}`;
}

/**
 * The edit form's fields of a code, as typed text: {@link checkDiscountEdit} of them unchanged is
 * the code as it is.
 * @example discountFormFields({ code: 'SPRING', kind: 'fixed', value: 1000, ... }).value; // '10.00'
 */
export function discountFormFields(d: DiscountFormSource): Record<string, string> {
  return {
    code: d.code,
    kind: d.kind,
    value: d.kind === 'percentage' ? String(d.value) : d.kind === 'fixed' ? centsText(d.value) : '',
    minSubtotal: d.minSubtotalCents > 0 ? centsText(d.minSubtotalCents) : '',
    startsAt: dateText(d.startsAt),
    endsAt: dateText(d.endsAt),
    maxUses: d.maxUses === null ? '' : String(d.maxUses),
    oncePerCustomer: d.oncePerCustomer ? 'yes' : 'no',
  };
}

/** The edit form's body: the code and its fields (PATCH /api/admin/discounts/{code}). */
export interface DiscountEditBody {
  code: string;
  patch: Omit<DiscountFormBody, 'code'>;
}

/**
 * The discount edit form's check: the create form's rules over every field, sent whole as the
 * code's PATCH (the code itself does not change).
 */
export function checkDiscountEdit(fields: Record<string, string>): FormCheck<DiscountEditBody> {
  const checked = checkDiscount(fields);
  if (!checked.ok) return checked;
  const { code, ...patch } = checked.body;
  return { ok: true, body: { code, patch } };
}

/** The discount action form's check: a code and pause, resume or expire. */
export function checkDiscountAction(fields: Record<string, string>): FormCheck<{ code: string; action: 'pause' | 'resume' | 'expire' }> {
  const code = (fields.code ?? '').trim();
  if (!CODE_RE.test(code)) return { ok: false, error: OFFICE_FORM_MESSAGES.code };
  const action = fields.action;
  if (action !== 'pause' && action !== 'resume' && action !== 'expire') return { ok: false, error: OFFICE_FORM_MESSAGES.action };
  return { ok: true, body: { code, action } };
}

/** The password-reset button's check: the customer. */
export function checkCustomerReset(fields: Record<string, string>): FormCheck<{ customerId: number }> {
  const id = Number(fields.customerId ?? '');
  return Number.isInteger(id) && id >= 1 ? { ok: true, body: { customerId: id } } : { ok: false, error: OFFICE_FORM_MESSAGES.customer };
}

/** The check of a form of this module. */
export function checkOfficeForm(kind: OfficeFormKind, fields: Record<string, string>, subject: AdminFormSubject): FormCheck<unknown> {
  switch (kind) {
    case 'return': return checkReturn(fields, subject.lines);
    case 'receive': return checkReceive(fields);
    case 'note': return checkNote(fields);
    case 'discount': return checkDiscount(fields);
    case 'discountEdit': return checkDiscountEdit(fields);
    case 'discountAction': return checkDiscountAction(fields);
    case 'customerReset': return checkCustomerReset(fields);
  }
}

/** The actions a code's state offers: a paused code resumes; an active or scheduled one pauses; any not ended expires. */
export function discountActions(status: string): { pause: boolean; resume: boolean; expire: boolean } {
  return {
    pause: status === 'active' || status === 'scheduled' || status === 'used_up',
    resume: status === 'paused',
    expire: status !== 'ended',
  };
}

/** A code's value as words ('15% off', '$10.00 off', 'Free shipping'). */
export function discountValueText(kind: string, value: number): string {
  if (kind === 'percentage') return `${value}% off`;
  if (kind === 'fixed') return `$${centsText(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} off`;
  return 'Free shipping';
}

/**
 * What each role sees beyond the orders (the server's permissions: `catalogue` and `customers`
 * for owners and staff, `audit` for owners).
 * @example officeRoleCan('staff'); // { discounts: true, customers: true, audit: false, manageOrders: true }
 */
export function officeRoleCan(role: AdminRoleName): { discounts: boolean; customers: boolean; audit: boolean; manageOrders: boolean } {
  const full = role === 'owner' || role === 'staff';
  return { discounts: full, customers: full, audit: role === 'owner', manageOrders: full };
}

/** The audit log's filters as the back office keeps them in its URL. */
export interface AuditFilters {
  action?: string;
  /** An operator's id. */
  actorId?: number;
  /** From this day (YYYY-MM-DD, UTC). */
  from?: string;
  /** To the end of this day (YYYY-MM-DD, UTC). */
  to?: string;
  before?: number;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The audit filters of a URL query: unknown names and values the API would refuse are dropped.
 * @example parseAuditFilters('?action=order.refund&actorId=2'); // { action: 'order.refund', actorId: 2 }
 */
export function parseAuditFilters(search: string): AuditFilters {
  const params = new URLSearchParams(search);
  const out: AuditFilters = {};
  const action = (params.get('action') ?? '').trim().slice(0, 64).trim();
  if (action !== '') out.action = action;
  for (const name of ['actorId', 'before'] as const) {
    const text = params.get(name) ?? '';
    if (/^\d{1,9}$/.test(text) && Number(text) >= 1) out[name] = Number(text);
  }
  for (const name of ['from', 'to'] as const) {
    const text = params.get(name) ?? '';
    if (DAY_RE.test(text) && parseAdminDate(text) !== null) out[name] = text;
  }
  return out;
}

/** The URL query of audit filters ('' when none), in a fixed order; {@link parseAuditFilters} reads it back. */
export function auditFiltersSearch(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const name of ['action', 'actorId', 'from', 'to', 'before'] as const) {
    const value = filters[name];
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The API query of audit filters: days become the start of `from` and the end of `to` (UTC). */
export function auditQueryOf(filters: AuditFilters): { action?: string; actorId?: number; actorKind?: 'operator'; from?: string; to?: string; before?: number } {
  const out: ReturnType<typeof auditQueryOf> = {};
  if (filters.action) out.action = filters.action;
  if (filters.actorId !== undefined) { out.actorId = filters.actorId; out.actorKind = 'operator'; }
  if (filters.from) out.from = parseAdminDate(filters.from) ?? undefined;
  if (filters.to) {
    const start = parseAdminDate(filters.to);
    if (start) out.to = new Date(Date.parse(start) + 86_400_000 - 1).toISOString();
  }
  if (filters.before !== undefined) out.before = filters.before;
  for (const key of Object.keys(out) as (keyof typeof out)[]) if (out[key] === undefined) delete out[key];
  return out;
}

/**
 * An audit entry's before and after, compactly: the fields that changed as `name: before → after`
 * (at most `max`), or the one side there is.
 * @example auditChanges({ status: 'active' }, { status: 'paused' }); // ['status: active → paused']
 */
export function auditChanges(before: unknown, after: unknown, max = 6): string[] {
  const text = (v: unknown): string => {
    if (v === undefined) return '—';
    const s = typeof v === 'string' ? v : JSON.stringify(v);
    return s.length > 60 ? `${s.slice(0, 57)}…` : s;
  };
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isObject(before) || isObject(after)) {
    const b = isObject(before) ? before : {};
    const a = isObject(after) ? after : {};
    const names = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    const changed = names.filter((n) => JSON.stringify(b[n]) !== JSON.stringify(a[n]));
    // a creation (nothing before) shows its values; a removal (nothing after) what it had
    const line = (n: string) => (!isObject(before) ? `${n}: ${text(a[n])}` : !isObject(after) ? `${n}: ${text(b[n])} (removed)` : `${n}: ${text(b[n])} → ${text(a[n])}`);
    const lines = changed.slice(0, max).map(line);
    if (changed.length > max) lines.push(`and ${changed.length - max} more`);
    return lines;
  }
  if (before === null && after === null) return [];
  if (before === undefined && after === undefined) return [];
  return [`${text(before ?? undefined)} → ${text(after ?? undefined)}`];
}
