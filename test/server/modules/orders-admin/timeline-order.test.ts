/**
 * The order of an order's timeline when events share a moment: a capture at fulfilment is often
 * written in the same millisecond as its shipment (the CI run of stop 42 showed "paid" before
 * "fulfilled"), and the shipment is its cause.
 */
import { describe, expect, test } from 'vitest';
import { timelineOrder, type TimelineEntry } from '../../../../src/server/modules/orders-admin/service.ts';

const at = (kind: TimelineEntry['kind'], time: string): TimelineEntry => ({ at: time, kind, text: kind, by: null });
const kinds = (entries: TimelineEntry[]): string[] => [...entries].sort(timelineOrder).map((e) => e.kind);

describe('timelineOrder', () => {
  const T = '2026-11-29T09:00:00.000Z';
  const later = '2026-11-29T09:00:00.001Z';

  test('a shipment and the capture it caused, in one millisecond: shipped, then paid, whatever order they were gathered in', () => {
    expect(kinds([at('paid', T), at('fulfilled', T), at('authorised', T), at('placed', T)])).toEqual(['placed', 'authorised', 'fulfilled', 'paid']);
    expect(kinds([at('fulfilled', T), at('paid', T), at('placed', T), at('authorised', T)])).toEqual(['placed', 'authorised', 'fulfilled', 'paid']);
  });

  test('time decides before kind; placing comes first even when written after the payment', () => {
    expect(kinds([at('fulfilled', later), at('paid', T), at('placed', later)])).toEqual(['placed', 'paid', 'fulfilled']);
    expect(kinds([at('note', T), at('cancelled', later), at('refunded', later)])).toEqual(['note', 'cancelled', 'refunded']);
  });
});
