/**
 * Price phrases typed into a search query: 'pump under $500',
 * 'filter > 200 USD', 'heater above USD 1,200.50'. The parser finds them, reads the bound in
 * integer cents and gives the query with the phrase removed; the suggestion pill
 * ('Price filter: under $500.00') shows only when the bound is consistent with the bounds
 * already applied.
 *
 * @module
 */
import { formatPrice, fromCents, toCents } from './money.ts';
import type { Cents } from './money.ts';
import type { SearchQuery } from './entities.ts';

/** Words (and signs) that set a minimum price, as the spec lists them. */
export const GREATER_THAN_WORDS = ['>', 'over', 'above', 'more expensive than', 'greater than'] as const;

/** Words (and signs) that set a maximum price, as the spec lists them. */
export const LESS_THAN_WORDS = ['<', 'under', 'below', 'cheaper than', 'smaller than'] as const;

/** Which bound a phrase sets: greater-than words set the minimum, less-than words the maximum. */
export type PriceBound = 'min' | 'max';

/** A price phrase found in a query. */
export interface PricePhrase {
  /** 'min' for greater-than words, 'max' for less-than words. */
  bound: PriceBound;
  /** The amount in integer cents. */
  cents: Cents;
  /** The amount as a decimal (cents / 100), as the query object's minPrice/maxPrice carry it. */
  amount: number;
  /** The phrase exactly as typed, e.g. 'under $500'. */
  phrase: string;
  /** Where the phrase starts in the original query (UTF-16 index). */
  start: number;
  /** Where the phrase ends in the original query (exclusive). */
  end: number;
  /** The original query without this phrase, whitespace tidied (runs collapsed, ends trimmed). */
  query: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const WORD_CHAR = '[\\p{L}\\p{N}_]';
const LETTER = '[\\p{L}_]';

/**
 * A word alternative. A word of letters must not touch other letters or digits before it, nor
 * letters after it ('overflow' is no word, 'under500' is); signs need no spaces at all. Inner
 * spaces match any run of whitespace.
 */
function wordPattern(word: string): string {
  const body = word.split(' ').map(escapeRegExp).join('\\s+');
  return /^[a-z]/i.test(word) ? `(?<!${WORD_CHAR})${body}(?!${LETTER})` : body;
}

/** `$` or a standalone `USD` before the number ('USD500' is fine, 'USDA 5' is not). */
const CURRENCY_BEFORE = `(?:\\$|usd(?!${LETTER}))`;
/** `$` or a standalone `USD` after the number ('500usd' is fine, '500 usda' is not). */
const CURRENCY_AFTER = `(?:\\$|usd(?!${WORD_CHAR}))`;

/**
 * The phrase grammar:
 *   word, optional spaces, optional currency ($ or USD) and spaces, a number, then either a
 *   currency after it (optionally after spaces) or the end of the word.
 * The number is whole digits or comma-grouped thousands ('1,200'), with an optional fraction of
 * one or two digits; a number running on into more digits, a badly grouped comma or a third
 * decimal is not a price ('1,20', '12.345'), and neither is a number glued to letters ('1.5hp').
 */
const PHRASE_SOURCE =
  `(?<word>${[...GREATER_THAN_WORDS, ...LESS_THAN_WORDS].map(wordPattern).join('|')})` +
  `\\s*(?:${CURRENCY_BEFORE}\\s*)?` +
  `(?<whole>\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.(?<fraction>\\d{1,2}))?(?![.,]?\\d)` +
  `(?:\\s*${CURRENCY_AFTER}|(?!${WORD_CHAR}))`;

const GREATER_SET: ReadonlySet<string> = new Set(GREATER_THAN_WORDS);

/** Tidies whitespace: every run becomes one space, ends trimmed. */
function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Finds every price phrase in a query, in order, case-insensitively.
 *
 * Choices where the spec is silent:
 * - Thousands separators: a comma followed by groups of exactly three digits ('1,200',
 *   '12,345,678'). A comma is never a decimal separator; '12,50' is not a price phrase.
 * - Decimals: a dot and one or two digits ('200.5' is $200.50). More digits make it no price.
 * - A `$` or `USD` may come before the number, after it, or both ('$500 USD' is consumed whole).
 *   `USD` must stand alone ('USDA' is not a currency).
 * - Word boundaries: 'over' inside 'overflow' or 'pumpover' is not a word, but a number may follow
 *   a word directly ('under500'); the signs `>` and `<` need no spaces ('pump>200'). Multi-word
 *   phrases accept any whitespace between the words. `>=` and `<=` are not in the spec's lists
 *   and are not read.
 * - A number glued to letters is a measurement, not a price: 'under 1.5hp' has no phrase.
 *   'under 2 hp' does read as a maximum of $2.00: a separate unit word cannot be told apart
 *   from the rest of the query.
 * - Amounts whose cents exceed a safe integer are ignored.
 *
 * Each phrase's `query` removes only that phrase; see {@link extractPriceBounds} to remove all.
 *
 * @example
 * findPricePhrases('heater above USD 1,200.50').map((p) => [p.bound, p.cents]); // [['min', 120050]]
 */
export function findPricePhrases(query: string): PricePhrase[] {
  const out: PricePhrase[] = [];
  for (const m of query.matchAll(new RegExp(PHRASE_SOURCE, 'giu'))) {
    const groups = m.groups ?? {};
    const word = tidy(groups.word ?? '').toLowerCase();
    const whole = (groups.whole ?? '').replace(/,/g, '');
    const fraction = (groups.fraction ?? '').padEnd(2, '0');
    const cents = Number(`${whole}${fraction}`);
    if (!Number.isSafeInteger(cents)) continue;
    const start = m.index;
    const end = start + m[0].length;
    out.push({
      bound: GREATER_SET.has(word) ? 'min' : 'max',
      cents,
      amount: fromCents(cents),
      phrase: m[0],
      start,
      end,
      query: tidy(`${query.slice(0, start)} ${query.slice(end)}`),
    });
  }
  return out;
}

/**
 * The first price phrase of a query, or `null` when it has none: the bound, the matched text and
 * the query with the phrase removed (whitespace tidied). This is what the header search box
 * offers as a suggestion pill.
 *
 * @example
 * parsePricePhrase('pump under $500');
 * // { bound: 'max', cents: 50000, amount: 500, phrase: 'under $500', start: 5, end: 15, query: 'pump' }
 * parsePricePhrase('filter > 200 USD')?.bound; // 'min'
 * parsePricePhrase('1.5 hp pump'); // null
 */
export function parsePricePhrase(query: string): PricePhrase | null {
  return findPricePhrases(query)[0] ?? null;
}

/** Every price phrase of a query folded into bounds, and the query without any of them. */
export interface PriceBounds {
  /** The tightest minimum typed (decimal amount), if any. */
  minPrice?: number;
  /** The tightest maximum typed (decimal amount), if any. */
  maxPrice?: number;
  /** The phrases found, in order. */
  phrases: PricePhrase[];
  /** The query with every phrase removed, whitespace tidied. */
  query: string;
}

/**
 * Reads all price phrases of a query at once (the server's reading of a typed query).
 *
 * Choice: several phrases of one kind combine as "all of them hold", which is the tightest one:
 * the largest minimum and the smallest maximum ('over 100 over 200' is over 200). A minimum and a
 * maximum that contradict each other are both returned; {@link isPricePhraseConsistent} and
 * `validatePriceRange` decide what to apply.
 *
 * @example
 * extractPriceBounds('pump over $100 under $500');
 * // { minPrice: 100, maxPrice: 500, phrases: [...], query: 'pump' }
 */
export function extractPriceBounds(query: string): PriceBounds {
  const phrases = findPricePhrases(query);
  let min: Cents | null = null;
  let max: Cents | null = null;
  let rest = '';
  let from = 0;
  for (const p of phrases) {
    if (p.bound === 'min') min = min === null ? p.cents : Math.max(min, p.cents);
    else max = max === null ? p.cents : Math.min(max, p.cents);
    rest += `${query.slice(from, p.start)} `;
    from = p.end;
  }
  rest += query.slice(from);
  const out: PriceBounds = { phrases, query: tidy(rest) };
  if (min !== null) out.minPrice = fromCents(min);
  if (max !== null) out.maxPrice = fromCents(max);
  return out;
}

/**
 * The pill's fixed start, word for word from the spec.
 * @default 'Price filter: '
 */
export const PRICE_PILL_PREFIX = 'Price filter: ';

/**
 * The pill's hover hint, word for word from the spec.
 * @default 'Accept suggestion?'
 */
export const PRICE_PILL_HINT = 'Accept suggestion?';

/**
 * The pill text of a phrase: 'Price filter: over $200.00' for a minimum, 'Price filter: under
 * $500.00' for a maximum.
 *
 * Choice: the continuation normalises the shopper's word to 'over' (minimum) or 'under'
 * (maximum), whichever of the spec's words was typed, and writes the amount as every price of the
 * store reads (`formatPrice`: a `$`, en-US thousands grouping, two decimals), so
 * 'cheaper than 1200.5 USD' shows 'Price filter: under $1,200.50'.
 *
 * @example pricePillText({ bound: 'max', cents: 50000 }); // 'Price filter: under $500.00'
 */
export function pricePillText(phrase: Pick<PricePhrase, 'bound' | 'cents'>): string {
  return `${PRICE_PILL_PREFIX}${phrase.bound === 'min' ? 'over' : 'under'} ${formatPrice(fromCents(phrase.cents))}`;
}

/** The bounds already applied to a search (decimal amounts); absent or null means none. */
export interface AppliedPriceBounds {
  minPrice?: number | null;
  maxPrice?: number | null;
}

/** An applied bound in cents, or null when absent, not finite or negative (an unusable bound). */
function appliedCents(amount: number | null | undefined): Cents | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) return null;
  try {
    return toCents(amount);
  } catch {
    return null;
  }
}

/**
 * Whether a phrase's pill may show: it must be consistent with the bound already applied on the
 * **other** side, by the same rule as the price inputs (max must exceed min):
 * - a new maximum shows when no minimum is applied, or it is strictly above the minimum;
 * - a new minimum shows when no maximum is applied, or it is strictly below the maximum.
 *
 * Choice: the bound on the same side is not compared; accepting the pill replaces it (a shopper
 * who typed 'under 300' while a max of 500 is applied wants 300). Unusable applied bounds
 * (negative, NaN) count as absent.
 *
 * @example
 * isPricePhraseConsistent({ bound: 'max', cents: 5000 }, { minPrice: 60 }); // false
 * isPricePhraseConsistent({ bound: 'min', cents: 5000 }, { maxPrice: 60 }); // true
 */
export function isPricePhraseConsistent(
  phrase: Pick<PricePhrase, 'bound' | 'cents'>,
  applied: AppliedPriceBounds,
): boolean {
  if (phrase.bound === 'max') {
    const min = appliedCents(applied.minPrice);
    return min === null || phrase.cents > min;
  }
  const max = appliedCents(applied.maxPrice);
  return max === null || phrase.cents < max;
}

/** A suggestion pill: its text, hover hint and the phrase it would apply. */
export interface PricePill {
  text: string;
  hint: string;
  phrase: PricePhrase;
}

/**
 * The suggestion pill for a typed query, or `null`: the first price phrase that is consistent
 * with the applied bounds (a later phrase can still show when the first one contradicts them).
 *
 * @example
 * pricePill('pump under $500', {})?.text; // 'Price filter: under $500.00'
 * pricePill('pump under $500', { minPrice: 600 }); // null
 */
export function pricePill(query: string, applied: AppliedPriceBounds): PricePill | null {
  const phrase = findPricePhrases(query).find((p) => isPricePhraseConsistent(p, applied));
  return phrase ? { text: pricePillText(phrase), hint: PRICE_PILL_HINT, phrase } : null;
}

/**
 * Applies an accepted pill to a search query: the bound is set, the phrase is removed from `q`
 * (left out when nothing remains) and the page goes back to 0, since the result set changed.
 *
 * Choice: a phrase that is not consistent with the query's other bound changes nothing (the
 * query comes back as a copy), so accepting never produces a range with max <= min.
 *
 * @example
 * const pill = pricePill('pump under $500', {});
 * acceptPricePill({ q: 'pump under $500', page: 3 }, pill!.phrase);
 * // { q: 'pump', maxPrice: 500, page: 0 }
 */
export function acceptPricePill(search: SearchQuery, phrase: PricePhrase): SearchQuery {
  if (!isPricePhraseConsistent(phrase, search)) return { ...search };
  const { q: _q, ...rest } = search;
  const next: SearchQuery = { ...rest };
  if (phrase.query !== '') next.q = phrase.query;
  if (phrase.bound === 'min') next.minPrice = phrase.amount;
  else next.maxPrice = phrase.amount;
  next.page = 0;
  return next;
}
