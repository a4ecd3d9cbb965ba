import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  DIAGRAM_CALLOUTS,
  DIAGRAM_ZOOM,
  INITIAL_ZOOM_PAN,
  calloutMoveForKey,
  calloutOrder,
  centreOn,
  clampZoom,
  clampZoomPan,
  diagramProblems,
  moveCallout,
  panBy,
  zoomAround,
} from '../../src/domain/diagram.ts';
import { diagramArb } from '../../src/domain/testing/equipment.ts';

const size = fc.record({ width: fc.integer({ min: 100, max: 2000 }), height: fc.integer({ min: 100, max: 2000 }) });
const view = fc.record({ zoom: fc.double({ min: -10, max: 10, noNaN: true }), x: fc.double({ min: -5000, max: 5000, noNaN: true }), y: fc.double({ min: -5000, max: 5000, noNaN: true }) });

function covers(v: { zoom: number; x: number; y: number }, width: number, height: number): boolean {
  const eps = 1e-6;
  return v.x <= eps && v.y <= eps && v.x + width * v.zoom >= width - eps && v.y + height * v.zoom >= height - eps;
}

describe('callout order', () => {
  test('diagramArb values pass diagramProblems', () => {
    fc.assert(fc.property(diagramArb(), (d) => {
        expect(diagramProblems(d)).toEqual([]);
      }),
    );
  });

  test('a diagram with too few callouts, a callout twice or outside the drawing has problems', () => {
    fc.assert(
      fc.property(diagramArb(), (d) => {
        expect(diagramProblems({ ...d, callouts: d.callouts.slice(0, DIAGRAM_CALLOUTS.min - 1) })).not.toEqual([]);
        expect(diagramProblems({ ...d, callouts: [...d.callouts.slice(1), { ...d.callouts[1]! }] })).toContain(`callout ${d.callouts[1]!.number} twice`);
        expect(diagramProblems({ ...d, callouts: [{ ...d.callouts[0]!, x: d.width + 1 }, ...d.callouts.slice(1)] })).not.toEqual([]);
      }),
    );
  });

  test('keyboard order is number order, whatever order the callouts came in', () => {
    fc.assert(
      fc.property(diagramArb(), fc.integer(), (d, seed) => {
        const shuffled = [...d.callouts].sort((a, b) => ((a.number * 7919 + seed) % 31) - ((b.number * 7919 + seed) % 31));
        expect(calloutOrder(shuffled).map((c) => c.number)).toEqual(d.callouts.map((c) => c.number).sort((a, b) => a - b));
      }),
    );
  });

  test('next from each callout visits every callout once and comes back (a cycle)', () => {
    fc.assert(
      fc.property(diagramArb(), (d) => {
        const numbers = d.callouts.map((c) => c.number);
        const visited: number[] = [];
        let at = moveCallout(numbers, null, 'next');
        for (let i = 0; i < numbers.length; i++) {
          visited.push(at!);
          at = moveCallout(numbers, at, 'next');
        }
        expect(visited).toEqual([...numbers].sort((a, b) => a - b));
        expect(at).toBe(visited[0]);
      }),
    );
  });

  test('previous undoes next', () => {
    fc.assert(
      fc.property(diagramArb(), fc.nat(), (d, i) => {
        const numbers = d.callouts.map((c) => c.number);
        const from = numbers[i % numbers.length]!;
        expect(moveCallout(numbers, moveCallout(numbers, from, 'next'), 'previous')).toBe(from);
      }),
    );
  });

  test.each([
    ['ArrowRight', 'next'],
    ['ArrowDown', 'next'],
    ['ArrowLeft', 'previous'],
    ['ArrowUp', 'previous'],
    ['Home', 'first'],
    ['End', 'last'],
    ['a', null],
  ])('key %s moves %s', (key, move) => {
    expect(calloutMoveForKey(key)).toBe(move);
  });

  test('from nothing, previous is the last; with no callouts, nothing', () => {
    expect(moveCallout([3, 1, 2], null, 'previous')).toBe(3);
    expect(moveCallout([], null, 'next')).toBeNull();
  });
});

describe('zoom and pan', () => {
  test('a clamped view is within the zoom bounds and covers the viewport', () => {
    fc.assert(
      fc.property(view, size, (v, { width, height }) => {
        const c = clampZoomPan(v, width, height);
        expect(c.zoom).toBeGreaterThanOrEqual(DIAGRAM_ZOOM.min);
        expect(c.zoom).toBeLessThanOrEqual(DIAGRAM_ZOOM.max);
        expect(covers(c, width, height)).toBe(true);
        expect(clampZoomPan(c, width, height)).toEqual(c);
      }),
    );
  });

  test('zooming around a point keeps the drawing under it when no bound interferes', () => {
    fc.assert(
      fc.property(size, fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), ({ width, height }, fx, fy) => {
        const point = { x: fx * width, y: fy * height };
        const z = zoomAround(INITIAL_ZOOM_PAN, 2, point, width, height);
        expect(z.zoom).toBe(2);
        // the drawing point under the pointer before: (point - offset) / zoom
        expect((point.x - z.x) / z.zoom).toBeCloseTo(point.x, 6);
        expect((point.y - z.y) / z.zoom).toBeCloseTo(point.y, 6);
        expect(zoomAround(z, 0.5, point, width, height)).toEqual(expect.objectContaining({ zoom: 1 }));
      }),
    );
  });

  test('panning and centring stay within bounds; at zoom 1 nothing moves', () => {
    fc.assert(
      fc.property(view, size, fc.double({ min: -3000, max: 3000, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (v, { width, height }, d, f) => {
        const start = clampZoomPan(v, width, height);
        expect(covers(panBy(start, d, -d, width, height), width, height)).toBe(true);
        expect(covers(centreOn(start, f, 1 - f, width, height), width, height)).toBe(true);
        expect(panBy(INITIAL_ZOOM_PAN, d, d, width, height)).toEqual({ zoom: 1, x: 0, y: 0 });
      }),
    );
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(clampZoom(99)).toBe(DIAGRAM_ZOOM.max);
  });
});
