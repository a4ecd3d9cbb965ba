import fc from 'fast-check';
import { createActor } from 'xstate';
import { describe, expect, test } from 'vitest';
import { DIAGRAM_ZOOM } from '../../src/domain/diagram.ts';
import { diagramArb } from '../../src/domain/testing/equipment.ts';
import { connectDiagramExplorer } from '../../src/machines/diagram-explorer.connect.ts';
import { diagramExplorerMachine, type ExplorerDiagram } from '../../src/machines/diagram-explorer.machine.ts';

const callout = (number: number, productId: number, x: number, y: number) => ({ number, productId, handle: `p-${productId}`, title: `Part ${productId}`, quantity: 1, x, y });
// listed out of order on purpose: keyboard order is number order
const PUMP: ExplorerDiagram = { id: 1, width: 400, height: 200, callouts: [callout(3, 30, 300, 100), callout(1, 10, 40, 20), callout(2, 20, 200, 150)] };
const MOTOR: ExplorerDiagram = { id: 2, width: 400, height: 400, callouts: [callout(1, 40, 10, 10)] };

function start(diagrams: ExplorerDiagram[] = [PUMP, MOTOR]) {
  const actor = createActor(diagramExplorerMachine, { input: { diagrams } }).start();
  actor.send({ type: 'viewport.measured', width: 400, height: 200 });
  return { actor, view: () => connectDiagramExplorer(actor.getSnapshot()) };
}

describe('diagram explorer: callouts', () => {
  test('callouts come in number order, placed as percentages of the drawing', () => {
    const { view } = start();
    expect(view().callouts.map((c) => [c.number, c.left, c.top])).toEqual([
      [1, 10, 10],
      [2, 50, 75],
      [3, 75, 50],
    ]);
  });

  test('hover wins over focus, focus over the choice; the row of the highlighted callout lights up', () => {
    const { actor, view } = start();
    actor.send({ type: 'callout.choose', number: 1 });
    expect([view().highlighted, view().highlightedProductId]).toEqual([1, 10]);
    actor.send({ type: 'callout.focus', number: 2 });
    expect(view().highlighted).toBe(2);
    actor.send({ type: 'callout.hover', number: 3 });
    expect([view().highlighted, view().highlightedProductId]).toEqual([3, 30]);
    actor.send({ type: 'callout.hover', number: null });
    actor.send({ type: 'callout.focus', number: null });
    expect([view().highlighted, view().selected]).toEqual([1, 1]);
    expect(view().callouts.filter((c) => c.highlighted).map((c) => c.number)).toEqual([1]);
  });

  test('a callout the drawing does not have is ignored', () => {
    const { actor, view } = start();
    actor.send({ type: 'callout.choose', number: 9 });
    expect(view().selected).toBeNull();
  });

  test('arrow keys move the choice and the focus in number order, wrapping, and ask the view to focus', () => {
    const { actor, view } = start();
    actor.send({ type: 'callout.key', key: 'ArrowRight' });
    expect([view().selected, view().focusRequest]).toEqual([1, 1]);
    actor.send({ type: 'callout.key', key: 'ArrowRight' });
    actor.send({ type: 'callout.key', key: 'ArrowRight' });
    expect(view().selected).toBe(3);
    actor.send({ type: 'callout.key', key: 'ArrowRight' });
    expect(view().selected).toBe(1);
    actor.send({ type: 'callout.key', key: 'End' });
    expect(view().selected).toBe(3);
    actor.send({ type: 'callout.key', key: 'x' });
    expect([view().selected, view().focusRequest]).toEqual([3, 5]);
  });

  test('showing another drawing starts the choice and the zoom over', () => {
    const { actor, view } = start();
    actor.send({ type: 'callout.choose', number: 2 });
    actor.send({ type: 'zoom.in' });
    actor.send({ type: 'diagram.show', index: 1 });
    expect([view().active, view().selected, view().zoom]).toEqual([1, null, 1]);
    expect(view().callouts.map((c) => c.productId)).toEqual([40]);
    actor.send({ type: 'diagram.show', index: 5 });
    expect(view().active).toBe(1);
  });
});

describe('diagram explorer: zoom and pan', () => {
  test('zoom buttons step within the bounds and disable at them', () => {
    const { actor, view } = start();
    expect([view().canZoomOut, view().canZoomIn]).toEqual([false, true]);
    for (let i = 0; i < 10; i++) actor.send({ type: 'zoom.in' });
    expect(view().zoom).toBe(DIAGRAM_ZOOM.max);
    expect(view().canZoomIn).toBe(false);
    actor.send({ type: 'zoom.reset' });
    expect(view().transform).toBe('translate(0px, 0px) scale(1)');
  });

  test('whatever the gestures, the drawing stays within the zoom bounds and covers its box', () => {
    const gesture = fc.oneof(
      fc.record({ type: fc.constant('zoom.at' as const), factor: fc.double({ min: 0.1, max: 10, noNaN: true }), x: fc.integer({ min: 0, max: 400 }), y: fc.integer({ min: 0, max: 200 }) }),
      fc.record({ type: fc.constant('pan.by' as const), dx: fc.integer({ min: -2000, max: 2000 }), dy: fc.integer({ min: -2000, max: 2000 }) }),
      fc.constant({ type: 'zoom.in' as const }),
      fc.constant({ type: 'zoom.out' as const }),
      fc.record({ type: fc.constant('callout.key' as const), key: fc.constantFrom('ArrowRight', 'ArrowLeft', 'Home', 'End') }),
    );
    fc.assert(
      fc.property(diagramArb(), fc.array(gesture, { maxLength: 20 }), (diagram, gestures) => {
        const { actor } = start([diagram]);
        for (const g of gestures) actor.send(g);
        const { view } = actor.getSnapshot().context;
        expect(view.zoom).toBeGreaterThanOrEqual(DIAGRAM_ZOOM.min);
        expect(view.zoom).toBeLessThanOrEqual(DIAGRAM_ZOOM.max);
        expect(view.x).toBeLessThanOrEqual(1e-9);
        expect(view.x + 400 * view.zoom).toBeGreaterThanOrEqual(400 - 1e-6);
        expect(view.y + 200 * view.zoom).toBeGreaterThanOrEqual(200 - 1e-6);
      }),
    );
  });

  test('a callout chosen with the keyboard while zoomed in is brought into the box', () => {
    const { actor } = start();
    actor.send({ type: 'zoom.at', factor: 4, x: 0, y: 0 });
    actor.send({ type: 'callout.key', key: 'End' }); // callout 3 at 75 %, 50 %
    const { view } = actor.getSnapshot().context;
    const screenX = view.x + 0.75 * 400 * view.zoom;
    const screenY = view.y + 0.5 * 200 * view.zoom;
    expect(screenX).toBeGreaterThanOrEqual(0);
    expect(screenX).toBeLessThanOrEqual(400);
    expect(screenY).toBeGreaterThanOrEqual(0);
    expect(screenY).toBeLessThanOrEqual(200);
  });
});
