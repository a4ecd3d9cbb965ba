/**
 * The score tables of the fast index: what one query word scores on a document, from the
 * FIELD flags of the posting it matched and the kind of match (words.ts KIND), or from a
 * part-number hit. Shared by the text match (which marks scores) and paging (which ranks by them).
 * @module
 */
import { FIELD_COUNT, PART_NUMBER_SCORE, TIER_STEP, kindScore } from '../text.ts';
import { KIND } from '../words.ts';

/**
 * A query word's score from one posting's FIELD flags, by match kind (KIND: SCORE_OF[kind]
 * indexed by flags), and from a part-number hit. A word scores the best of its matches
 * (wordScore), so these combine by max, posting by posting (tested for every combination).
 */
export const SCORE_OF: readonly Uint8Array[] = [0, 1, 2, 3, 4, 5].map((kind) =>
  Uint8Array.from({ length: 1 << FIELD_COUNT }, (_, f) => (kind === 0 ? 0 : kindScore(f, kind))));
export const EXACT_SCORE = SCORE_OF[KIND.exact]!;
export const PREFIX_SCORE = SCORE_OF[KIND.prefix]!;
export const PN_EXACT_SCORE = PART_NUMBER_SCORE.exact;
export const PN_PREFIX_SCORE = PART_NUMBER_SCORE.prefix;

/** The scores one query word can have on a document (field and part-number weights), highest first. */
export const LEVELS_DESC: readonly number[] = [...new Set([...SCORE_OF.flatMap((t) => [...t]), PN_EXACT_SCORE, PN_PREFIX_SCORE])]
  .filter((level) => level > 0).sort((a, b) => b - a);

/** Scores stay below this: 3 tiers of TIER_STEP. */
export const SCORE_LEVELS = 3 * TIER_STEP;
