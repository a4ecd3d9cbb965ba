/**
 * Model numbers typed into q beside other words ('impeller for AQC 1234X5'): the words are
 * searched among the parts that fit that model, as if the shopper had picked the
 * model in 'Fits my equipment'. The equipment catalogue knows which part fits which model;
 * the index only asks it, through {@link ModelFits}, for the fitment list of a number.
 * Every index reads q this way before anything else, so the answers agree.
 * @module
 */
import { FILLER_WORDS, GENERIC_WORDS, STOP_WORDS, normalizePartNumber, parseQueryText } from './text.ts';
import type { FitsList, IndexQuery } from './types.ts';

/**
 * The fitment list (ascending product ids) of the model whose number or alias, normalised
 * (normalizePartNumber), equals `numberKey`; null when no model has that number. Return the
 * same list object for the same model (the fast index keeps a bitset per list object).
 */
export type ModelFits = (numberKey: string) => FitsList | null;

/**
 * Most whitespace-separated pieces one model number is typed in ('AQC 1234 X5').
 * @default 3
 */
export const MODEL_NUMBER_PIECES = 3;

/** Shortest normalised model number looked up (as the equipment search's). @default 3 */
const MIN_MODEL_NUMBER = 3;

/** Pieces of q looked at for a model number (a pasted paragraph is not scanned). @default 16 */
const MAX_PIECES = 16;

const HAS_DIGIT = /\d/;

/** A query whose q named a model: the rest of q and the model's fitment list. */
export interface ModelQuery {
  /** The query to answer: q without the model number (undefined when nothing else was asked), fits the model's list. */
  query: IndexQuery;
  /** The model number as typed ('AQC 1234X5'), or null when q named none. */
  typed: string | null;
}

/**
 * Reads a model number from q: the first run of 1 to {@link MODEL_NUMBER_PIECES}
 * whitespace-separated pieces holding a digit whose normalised form is a model's number
 * (longest run first). When q has other words, they are searched among that model's parts:
 * the answer is the query without the number, with `fits` the model's list (words that are
 * only stop, filler or generic words ('parts for', 'kit for my') ask for every part that
 * fits). A model number alone, a query already filtered by `fits`, or no lookup: unchanged.
 * @example readModelNumber({ q: 'impeller for AQC1234X5', limit: 24, page: 0 }, fitsOf).query // { q: 'impeller for', fits: [list], ... }
 */
export function readModelNumber(query: IndexQuery, modelFits: ModelFits | undefined): ModelQuery {
  const unchanged = { query, typed: null };
  const q = query.q;
  if (modelFits === undefined || q === undefined || query.fits !== undefined || !HAS_DIGIT.test(q)) return unchanged;
  const pieces = q.trim().split(/\s+/).slice(0, MAX_PIECES);
  if (pieces.length < 2) return unchanged;
  for (let start = 0; start < pieces.length; start++) {
    for (let len = Math.min(MODEL_NUMBER_PIECES, pieces.length - start); len >= 1; len--) {
      const run = pieces.slice(start, start + len);
      if (!run.some((p) => HAS_DIGIT.test(p))) continue;
      const key = normalizePartNumber(run.join(' '));
      if (key.length < MIN_MODEL_NUMBER) continue;
      const fits = modelFits(key);
      if (fits === null) continue;
      const rest = [...pieces.slice(0, start), ...pieces.slice(start + len)].join(' ');
      const words = parseQueryText(rest).words;
      // nothing else typed: the number is a search of its own (part numbers, the model listed)
      if (words.length === 0) return unchanged;
      const asksForAll = words.every((w) => STOP_WORDS.has(w) || FILLER_WORDS.has(w) || GENERIC_WORDS.has(w));
      const next: IndexQuery = { ...query, fits: [fits] };
      if (asksForAll) delete next.q;
      else next.q = rest;
      return { query: next, typed: run.join(' ') };
    }
  }
  return unchanged;
}

/** What {@link modelFitsOf} needs of the equipment catalogue (equipment/catalogue.ts). */
export interface ModelNumbers {
  /** Models whose number or alias starts with q's normalised form, those equal to it first. */
  searchByNumber(q: string): readonly { id: number; modelNumber: string; aliases: readonly string[] }[];
  /** The ascending ids of the products that fit a model (the same list object each call). */
  fitsIds(equipmentId: number): FitsList;
}

/**
 * The {@link ModelFits} of an equipment catalogue: the model one of whose numbers equals the key.
 * @example createSearchIndex(docs, { modelFits: modelFitsOf(equipment.catalogue) })
 */
export function modelFitsOf(catalogue: ModelNumbers): ModelFits {
  return (key) => {
    for (const m of catalogue.searchByNumber(key)) {
      if (normalizePartNumber(m.modelNumber) === key || m.aliases.some((a) => normalizePartNumber(a) === key)) return catalogue.fitsIds(m.id);
    }
    return null;
  };
}
