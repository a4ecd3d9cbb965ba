/**
 * A small memory of quotes, so a page shown again (the hosted checkout re-rendered, the product
 * page's estimate asked again) does not quote again: the answer of {@link quoteShipment} for the
 * same lines, destination and options within one "clock window".
 *
 * A quote reads its instant only through the warehouse clock: today's date, the processing day,
 * and the whole minutes left before today's cut-off ("Order within 2 h 14 min"), plus the instant
 * itself as `dates.quotedAt`. The window is those three values; a remembered quote is answered
 * with `quotedAt` set to the instant asked, so it is exactly the quote `quoteShipment` would make
 * (a property test checks it over generated instants and carts). A clock the quote refuses, or a
 * cut-off that is not a time, is never remembered.
 *
 * Answers share their nested objects with the memory, so they are frozen: a caller that wants to
 * change one copies it.
 * @module
 */
import { orderClock } from './delivery-dates.ts';
import type { ShippingResult } from './errors.ts';
import { QUOTE_EARLIEST_MS, QUOTE_LATEST_MS, quoteShipment, type QuoteLine, type QuoteOptions, type ShippingDestination, type ShippingQuote } from './quote.ts';
import { cutoffMinutes, type ShippingTables } from './tables.ts';

/** Quotes a memory keeps (the least recently used go first). @default 500 */
export const QUOTE_MEMO_SIZE = 500;

/** One value of the key: its type and value, unambiguous (a string carries its length). */
function part(v: unknown): string {
  switch (typeof v) {
    case 'string': return `s${v.length}:${v}`;
    case 'number': return Object.is(v, -0) ? 'n-0' : `n${v}`;
    case 'boolean': return v ? 'T' : 'F';
    case 'undefined': return 'U';
    default: return v === null ? 'N' : `j${JSON.stringify(v) ?? '?'}`;
  }
}

/**
 * The key of a quote's inputs: every field `quoteShipment` reads, with its type (JSON would write
 * NaN as null and drop undefined, which the quote reads differently), or null when the input is
 * not the shape the quote expects (it is quoted without the memory: it answers an error anyway).
 * A field the quote comes to read must be added here (the memo's property test compares the two).
 */
export function quoteInputKey(lines: readonly QuoteLine[], destination: ShippingDestination, options: QuoteOptions): string | null {
  if (!Array.isArray(lines) || !destination || typeof destination !== 'object' || !options || typeof options !== 'object') return null;
  let key = `${lines.length}`;
  for (const l of lines) {
    if (!l || typeof l !== 'object') return null;
    const p = l.profile;
    if (!p || typeof p !== 'object') return null;
    const d = p.dimensions;
    if (d !== undefined && (!d || typeof d !== 'object')) return null;
    key += `|${part(l.id)}${part(l.title)}${part(l.quantity)}${part(l.unitCents)}${part(p.shipClass)}${part(p.weightLb)}`
      + `${d === undefined ? 'U' : `${part(d.lengthIn)}${part(d.widthIn)}${part(d.heightIn)}`}`
      + `${part(p.freightClass)}${part(p.hazardGroup)}${part(p.handlingDays)}${part(p.taxable)}${part(l.notices)}`;
  }
  const t = destination;
  const o = options;
  return `${key}|${part(t.zip)}${part(t.state)}${part(t.country)}${part(t.address1)}${part(t.address2)}${part(t.phone)}`
    + `|${part(o.service)}${part(o.discountCents)}${part(o.freeShipping)}${part(o.liftgate)}${part(o.residential)}${part(o.purpose)}`;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * The clock window of an instant: today on the warehouse clock, the processing day, and the
 * whole minutes left before today's cut-off (as the ship text counts them), or null when the
 * instant is one the quote refuses.
 */
export function quoteClockWindow(now: number, tables: ShippingTables): string | null {
  if (!Number.isFinite(now) || now < QUOTE_EARLIEST_MS || now >= QUOTE_LATEST_MS) return null;
  const cutoff = cutoffMinutes(tables.store.cutoff);
  if (cutoff === null) return null;
  const clock = orderClock(now, tables.store.timeZone, cutoff);
  const left = clock.msToCutoff === null ? '-' : String(Math.max(1, Math.floor(clock.msToCutoff / 60_000)));
  return `${clock.localDay}|${clock.processingDay}|${left}`;
}

/**
 * {@link quoteShipment} over one set of tables, remembering its last answers.
 * @example
 * const memo = new QuoteMemo(tables);
 * memo.quote(lines, { zip: '92101' }, Date.now()); // quoted
 * memo.quote(lines, { zip: '92101' }, Date.now()); // the same quote, remembered (quotedAt: now)
 */
export class QuoteMemo {
  private readonly entries = new Map<string, ShippingResult<ShippingQuote>>();
  /** Answers found in the memory (tests and benchmarks read it). */
  hits = 0;
  /** Answers quoted and remembered. */
  misses = 0;

  constructor(
    /** The tables every quote of this memory is made with. */
    readonly tables: ShippingTables,
    /** Quotes kept; 0 remembers none. */
    readonly size: number = QUOTE_MEMO_SIZE,
  ) {}

  /** The quote of `quoteShipment(lines, destination, now, this.tables, options)`. */
  quote(lines: readonly QuoteLine[], destination: ShippingDestination, now: number | Date, options: QuoteOptions = {}): ShippingResult<ShippingQuote> {
    const ms = typeof now === 'number' ? now : now instanceof Date ? now.getTime() : Number.NaN;
    const window = quoteClockWindow(ms, this.tables);
    const input = window === null || this.size <= 0 ? null : quoteInputKey(lines, destination, options);
    if (input === null) return quoteShipment(lines, destination, ms, this.tables, options);
    const key = `${window}|${input}`;
    let found = this.entries.get(key);
    if (found) {
      this.hits += 1;
      // most recently used last
      this.entries.delete(key);
    } else {
      this.misses += 1;
      // a copy of its own: nothing in it is the caller's lines or the tables
      found = deepFreeze(structuredClone(quoteShipment(lines, destination, ms, this.tables, options)));
      if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key, found);
    if (!found.ok) return found;
    return { ok: true, value: { ...found.value, dates: { ...found.value.dates, quotedAt: ms } } };
  }

  /** Forgets every quote. */
  clear(): void {
    this.entries.clear();
  }
}
