/**
 * Times that keep the order rows were written in: a list read "newest first" by a time column
 * must not fall to its tie-breaker when two writes come within one millisecond (a fast machine) or
 * after the clock went back.
 * @module
 */

/**
 * The time (ms) to give the newest of `count` rows written now, the others one millisecond apart
 * going back, so that each sorts after every time already saved (`saved`, ISO strings): `now`, or
 * just after the newest saved when the clock has not moved past it.
 *
 * @example new Date(timeAfterSaved(Date.now(), ['2026-11-29T08:00:00.000Z'])).toISOString()
 */
export function timeAfterSaved(now: number, saved: readonly string[], count = 1): number {
  let latest = Number.NEGATIVE_INFINITY;
  for (const at of saved) {
    const t = Date.parse(at);
    if (t > latest) latest = t;
  }
  return Math.max(now, latest + count);
}
