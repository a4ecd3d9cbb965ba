/**
 * The back office's rules (src/admin): the order list's filters as a URL query and back, money in
 * cents as text and back, the checks of its forms (sign-in, set-password, fulfil, cancel, refund)
 * before anything is sent, and the dashboard's sums. Pure: the server re-checks every write.
 * @module
 */
import { checkOfficeForm, type OfficeFormKind } from './admin-office.ts';
import { checkBulkEdit, checkPictureUpload, checkProductForm, type ProductFormKind } from './admin-products.ts';
import { checkOperatorForm, isOperatorFormKind, type OperatorFormKind } from './admin-imports.ts';

/** The order list's filters as the back office keeps them in its URL. */
export interface AdminOrderFilters {
  status?: 'open' | 'cancelled';
  payment?: 'authorised' | 'paid' | 'partially_refunded' | 'refunded' | 'voided';
  fulfilment?: 'unfulfilled' | 'partially_fulfilled' | 'fulfilled' | 'partially_returned' | 'returned';
  /** Text: an order number, part of an email or a name, or a SKU. */
  q?: string;
  /** The cursor of the page shown (the previous page's nextBefore). */
  before?: string;
}

/** The values each choice filter takes (the API's enums). */
export const ADMIN_FILTER_CHOICES = {
  status: ['open', 'cancelled'],
  payment: ['authorised', 'paid', 'partially_refunded', 'refunded', 'voided'],
  fulfilment: ['unfulfilled', 'partially_fulfilled', 'fulfilled', 'partially_returned', 'returned'],
} as const satisfies Record<'status' | 'payment' | 'fulfilment', readonly string[]>;

/** The longest text filter the API takes. @default 100 */
export const ADMIN_QUERY_MAX = 100;

const BEFORE_RE = /^\d{4}-\d{2}-\d{2}T[0-9:.]{8,15}Z_\d{1,15}$/;

/**
 * The filters of a URL query (`?status=open&q=smith`): unknown names and values the API would
 * refuse are dropped, so a hand-edited address never sends a 400.
 * @example parseOrderFilters('?fulfilment=unfulfilled&q=%20ann%20'); // { fulfilment: 'unfulfilled', q: 'ann' }
 */
export function parseOrderFilters(search: string): AdminOrderFilters {
  const params = new URLSearchParams(search);
  const out: AdminOrderFilters = {};
  for (const name of ['status', 'payment', 'fulfilment'] as const) {
    const value = params.get(name);
    if (value !== null && (ADMIN_FILTER_CHOICES[name] as readonly string[]).includes(value)) (out as Record<string, string>)[name] = value;
  }
  const q = (params.get('q') ?? '').trim().slice(0, ADMIN_QUERY_MAX).trim();
  if (q !== '') out.q = q;
  const before = params.get('before');
  if (before !== null && BEFORE_RE.test(before)) out.before = before;
  return out;
}

/**
 * The URL query of the filters ('' when none), in a fixed order; {@link parseOrderFilters} reads it back.
 * @example orderFiltersSearch({ q: 'ann', status: 'open' }); // '?status=open&q=ann'
 */
export function orderFiltersSearch(filters: AdminOrderFilters): string {
  const params = new URLSearchParams();
  for (const name of ['status', 'payment', 'fulfilment', 'q', 'before'] as const) {
    const value = filters[name];
    if (value !== undefined && value !== '') params.set(name, value);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** A filter's value as words ('partially_refunded' → 'Partially refunded'). */
export function statusWords(value: string): string {
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Cents as money text, without float arithmetic: `$1,234.50`; other currencies get their code.
 * @example formatAdminMoney(123450, 'USD'); // '$1,234.50'
 */
export function formatAdminMoney(cents: number, currency = 'USD'): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = String(abs % 100).padStart(2, '0');
  const symbol = currency.toUpperCase() === 'USD' ? '$' : `${currency.toUpperCase()} `;
  return `${negative ? '-' : ''}${symbol}${whole}.${frac}`;
}

/**
 * An amount the operator typed ('12', '12.5', '$1,012.50') in cents, or null when it is not a
 * positive amount with at most two decimals.
 * @example parseAmountCents('12.5'); // 1250
 */
export function parseAmountCents(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

/** What a form's check answers: the body to send, or the message to show. */
export type FormCheck<T> = { ok: true; body: T } | { ok: false; error: string };

/** The messages of the forms' checks. */
export const ADMIN_FORM_MESSAGES = {
  email: 'Enter your email address.',
  password: 'Enter your password.',
  code: 'The code from your authenticator app is 6 digits.',
  passwordShort: 'Choose a password of at least 12 characters.',
  passwordMismatch: 'The two passwords are not the same.',
  token: 'This link is not complete: open the link from the message again.',
  tracking: 'Enter the tracking number.',
  carrierName: 'Name the carrier.',
  nothingToShip: 'Choose at least one unit to ship.',
  tooManyToShip: 'You cannot ship more units of a line than are left to ship.',
  reason: 'Give a reason.',
  amount: 'Enter an amount such as 12.50.',
  overRefund: 'That is more than can be refunded.',
  nothingToRefund: 'Choose at least one unit to refund.',
  tooManyToRefund: 'You cannot refund more units of a line than were bought and not refunded.',
} as const;

/** The minimum password length of an operator (the server's rule). @default 12 */
export const ADMIN_PASSWORD_MIN = 12;

/** The sign-in form's check. */
export function checkSignIn(fields: Record<string, string>): FormCheck<{ email: string; password: string; code?: string }> {
  const email = (fields.email ?? '').trim();
  const password = fields.password ?? '';
  const code = (fields.code ?? '').replace(/\s/g, '');
  if (email === '') return { ok: false, error: ADMIN_FORM_MESSAGES.email };
  if (password === '') return { ok: false, error: ADMIN_FORM_MESSAGES.password };
  if (code !== '' && !/^\d{6}$/.test(code)) return { ok: false, error: ADMIN_FORM_MESSAGES.code };
  return { ok: true, body: code === '' ? { email, password } : { email, password, code } };
}

/** The set-password form's check (the token comes from the link). */
export function checkSetPassword(fields: Record<string, string>): FormCheck<{ token: string; password: string }> {
  const token = fields.token ?? '';
  const password = fields.password ?? '';
  if (token === '') return { ok: false, error: ADMIN_FORM_MESSAGES.token };
  if ([...password].length < ADMIN_PASSWORD_MIN) return { ok: false, error: ADMIN_FORM_MESSAGES.passwordShort };
  if (password !== (fields.confirm ?? '')) return { ok: false, error: ADMIN_FORM_MESSAGES.passwordMismatch };
  return { ok: true, body: { token, password } };
}

/** What the forms of an order need to know of its lines. */
export interface AdminLineUnits {
  id: number;
  quantity: number;
  fulfilled: number;
  refunded: number;
}

/** Units of a line not shipped yet (the server refuses more, 409, and has the last word on refunded units). */
export function unitsToShip(line: AdminLineUnits): number {
  return Math.max(0, line.quantity - line.fulfilled);
}

/** Units of a line that may still be refunded. */
export function unitsToRefund(line: AdminLineUnits): number {
  return Math.max(0, line.quantity - line.refunded);
}

/** A line's units typed in a form field (`line.<id>`): blank is 0; null when not a whole number. */
function unitsOf(fields: Record<string, string>, lineId: number): number | null {
  const text = (fields[`line.${lineId}`] ?? '').trim();
  if (text === '') return 0;
  return /^\d{1,4}$/.test(text) ? Number(text) : null;
}

/** The lines' field values to start a form with: every unit still to ship (or to refund). */
export function initialLineFields(lines: readonly AdminLineUnits[], units: (line: AdminLineUnits) => number): Record<string, string> {
  return Object.fromEntries(lines.map((line) => [`line.${line.id}`, String(units(line))]));
}

function lineQuantities(
  fields: Record<string, string>,
  lines: readonly AdminLineUnits[],
  limit: (line: AdminLineUnits) => number,
  tooMany: string,
  none: string,
): FormCheck<{ lineId: number; quantity: number }[]> {
  const out: { lineId: number; quantity: number }[] = [];
  for (const line of lines) {
    const units = unitsOf(fields, line.id);
    if (units === null || units > limit(line)) return { ok: false, error: tooMany };
    if (units > 0) out.push({ lineId: line.id, quantity: units });
  }
  return out.length === 0 ? { ok: false, error: none } : { ok: true, body: out };
}

/** The fulfil form's body. */
export interface FulfilFormBody {
  carrier: 'ups' | 'usps' | 'fedex' | 'dhl' | 'other';
  carrierName?: string;
  trackingNumber: string;
  lines: { lineId: number; quantity: number }[];
}

const CARRIER_CHOICES = ['ups', 'usps', 'fedex', 'dhl', 'other'] as const;

/** The fulfil form's check: a carrier (named when 'other'), a tracking number, 1 to the units left of each line. */
export function checkFulfil(fields: Record<string, string>, lines: readonly AdminLineUnits[]): FormCheck<FulfilFormBody> {
  const carrier = (CARRIER_CHOICES as readonly string[]).includes(fields.carrier ?? '') ? (fields.carrier as FulfilFormBody['carrier']) : 'ups';
  const trackingNumber = (fields.trackingNumber ?? '').trim();
  const carrierName = (fields.carrierName ?? '').trim();
  if (trackingNumber === '') return { ok: false, error: ADMIN_FORM_MESSAGES.tracking };
  if (carrier === 'other' && carrierName === '') return { ok: false, error: ADMIN_FORM_MESSAGES.carrierName };
  const quantities = lineQuantities(fields, lines, unitsToShip, ADMIN_FORM_MESSAGES.tooManyToShip, ADMIN_FORM_MESSAGES.nothingToShip);
  if (!quantities.ok) return quantities;
  return { ok: true, body: { carrier, ...(carrier === 'other' ? { carrierName } : {}), trackingNumber, lines: quantities.body } };
}

/** The cancel form's check: a reason. */
export function checkCancel(fields: Record<string, string>): FormCheck<{ reason: string }> {
  const reason = (fields.reason ?? '').trim();
  return reason === '' ? { ok: false, error: ADMIN_FORM_MESSAGES.reason } : { ok: true, body: { reason } };
}

/** The refund form's body: lines or an amount in cents. */
export type RefundFormBody = { lines: { lineId: number; quantity: number }[]; reason?: string } | { amountCents: number; reason?: string };

/**
 * The refund form's check: `mode` 'amount' takes an amount up to what can be refunded,
 * 'lines' units up to those bought and not refunded yet.
 */
export function checkRefund(fields: Record<string, string>, lines: readonly AdminLineUnits[], refundableCents: number): FormCheck<RefundFormBody> {
  const reason = (fields.reason ?? '').trim();
  const withReason = reason === '' ? {} : { reason };
  if ((fields.mode ?? 'amount') === 'lines') {
    const quantities = lineQuantities(fields, lines, unitsToRefund, ADMIN_FORM_MESSAGES.tooManyToRefund, ADMIN_FORM_MESSAGES.nothingToRefund);
    return quantities.ok ? { ok: true, body: { lines: quantities.body, ...withReason } } : quantities;
  }
  const cents = parseAmountCents(fields.amount ?? '');
  if (cents === null) return { ok: false, error: ADMIN_FORM_MESSAGES.amount };
  if (cents > refundableCents) return { ok: false, error: ADMIN_FORM_MESSAGES.overRefund };
  return { ok: true, body: { amountCents: cents, ...withReason } };
}

/** What the dashboard sums of a list order (`state`: open or cancelled). */
export interface DashboardOrder {
  id: number;
  createdAt: string;
  totalCents: number;
  state: string;
}

/** Today's orders (not cancelled) and their revenue in cents. */
export function ordersSummary(orders: readonly DashboardOrder[]): { count: number; revenueCents: number } {
  let count = 0;
  let revenueCents = 0;
  for (const order of orders) {
    if (order.state === 'cancelled') continue;
    count += 1;
    revenueCents += order.totalCents;
  }
  return { count, revenueCents };
}

/** Orders oldest first (placed time, then number), without changing the given list. */
export function oldestFirst<T extends { id: number; createdAt: string }>(orders: readonly T[]): T[] {
  return [...orders].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id));
}

/** The stock at or under which the dashboard calls a product low. @default 5 */
export const LOW_STOCK_THRESHOLD = 5;

/** Products fewest units first (then by title), without changing the given list. */
export function lowestStockFirst<T extends { lowestStock: number | null; stock: number; title: string }>(products: readonly T[]): T[] {
  const units = (p: T) => p.lowestStock ?? p.stock;
  return [...products].sort((a, b) => units(a) - units(b) || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A time as the back office shows it, the same on the server and in every browser (the page is
 * rendered on the server, then hydrated: a time zone of the viewer's would differ): in UTC.
 * @example formatAdminDate('2026-11-27T20:38:05.000Z'); // 'Nov 27, 2026, 20:38 UTC'
 */
export function formatAdminDate(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/**
 * The start of the day of `nowMs` in the viewer's time zone as an ISO date-time, given the zone's
 * offset in minutes (Date's getTimezoneOffset: UTC minus local).
 * @example startOfDayIso(Date.UTC(2026, 10, 27, 3), 300); // '2026-11-26T05:00:00.000Z'
 */
export function startOfDayIso(nowMs: number, offsetMinutes: number): string {
  const local = nowMs - offsetMinutes * 60_000;
  const dayStart = local - (((local % 86_400_000) + 86_400_000) % 86_400_000);
  return new Date(dayStart + offsetMinutes * 60_000).toISOString();
}

/** The back office's forms. */
export type AdminFormKind = 'signIn' | 'setPassword' | 'fulfil' | 'cancel' | 'refund' | OfficeFormKind | ProductFormKind | OperatorFormKind;

/** What the order forms check against: the order's lines and what can still be refunded. */
export interface AdminFormSubject {
  lines: readonly AdminLineUnits[];
  refundableCents: number;
}

/**
 * The check of a form of `kind`, as its body or its message.
 * @example checkAdminForm('cancel', { reason: '' }, { lines: [], refundableCents: 0 }); // { ok: false, error: 'Give a reason.' }
 */
export function checkAdminForm(kind: AdminFormKind, fields: Record<string, string>, subject: AdminFormSubject): FormCheck<unknown> {
  switch (kind) {
    case 'signIn': return checkSignIn(fields);
    case 'setPassword': return checkSetPassword(fields);
    case 'fulfil': return checkFulfil(fields, subject.lines);
    case 'cancel': return checkCancel(fields);
    case 'refund': return checkRefund(fields, subject.lines, subject.refundableCents);
    case 'productEdit': return checkProductForm(fields);
    case 'productBulk': return checkBulkEdit(fields);
    case 'productPicture': return checkPictureUpload(fields);
    default: return isOperatorFormKind(kind) ? checkOperatorForm(kind, fields) : checkOfficeForm(kind, fields, subject);
  }
}

/** An operator's role (the server's). */
export type AdminRoleName = 'owner' | 'staff' | 'fulfilment';

/**
 * What a role may do in the back office, as the server's permissions decide it (the views hide
 * what the server would refuse): the fulfilment role ships orders and nothing else.
 * @example adminRoleCan('fulfilment'); // { manageOrders: false, readMail: false }
 */
export function adminRoleCan(role: AdminRoleName): { manageOrders: boolean; readMail: boolean } {
  const full = role === 'owner' || role === 'staff';
  return { manageOrders: full, readMail: full };
}

/** Which of an order's actions the back office offers, from its state and the operator's role. */
export function orderActions(
  order: { state: string; refundableCents: number; lines: readonly AdminLineUnits[] },
  role: AdminRoleName,
): { fulfil: boolean; cancel: boolean; refund: boolean } {
  const open = order.state !== 'cancelled';
  const toShip = order.lines.some((line) => unitsToShip(line) > 0);
  const shipped = order.lines.some((line) => line.fulfilled > 0);
  const manage = adminRoleCan(role).manageOrders;
  return { fulfil: open && toShip, cancel: open && manage && !shipped, refund: manage && order.refundableCents > 0 };
}
