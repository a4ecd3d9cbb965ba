/** timeAfterSaved: a write's time after every time saved before it (platform/db/ordered-time.ts). */
import { describe, expect, test } from 'vitest';
import { timeAfterSaved } from '../../../../src/server/platform/db/ordered-time.ts';

describe('timeAfterSaved', () => {
  const at = Date.parse('2026-11-29T08:00:00.000Z');
  test('now, when the clock is past every time saved (or none was)', () => {
    expect(timeAfterSaved(at, [])).toBe(at);
    expect(timeAfterSaved(at, ['2026-11-29T07:59:59.999Z'], 1)).toBe(at);
  });
  test('just after the newest saved, with room for `count` rows, within its millisecond or after the clock went back', () => {
    expect(timeAfterSaved(at, ['2026-11-29T08:00:00.000Z'])).toBe(at + 1);
    expect(timeAfterSaved(at, ['2026-11-29T07:00:00.000Z', '2026-11-29T08:00:00.005Z'], 3)).toBe(at + 8);
  });
});
