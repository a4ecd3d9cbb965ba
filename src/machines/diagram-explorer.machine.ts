/**
 * The diagram explorer of a model page: the shopper picks a drawing, points at, focuses
 * or clicks a numbered callout (the callout and its row in the parts list light up), moves between
 * callouts with the arrow keys in number order, and zooms and pans the drawing with buttons, the
 * wheel, a drag or a pinch. Every rule (order, bounds) is the domain's; the machine only keeps
 * the state. It has no side effect, so it needs no actor.
 * @module
 */
import { assign, setup } from 'xstate';
import {
  DIAGRAM_ZOOM,
  INITIAL_ZOOM_PAN,
  calloutMoveForKey,
  centreOn,
  clampZoomPan,
  moveCallout,
  panBy,
  zoomAround,
  type ZoomPan,
} from '../domain/diagram.ts';
import type { DiagramExplorerContext, DiagramExplorerEvent, DiagramExplorerInput, ExplorerDiagram } from './diagram-explorer.types.ts';

export type { DiagramExplorerContext, DiagramExplorerEvent, DiagramExplorerInput, ExplorerDiagram } from './diagram-explorer.types.ts';

function activeDiagram(context: DiagramExplorerContext): ExplorerDiagram | undefined {
  return context.diagrams[context.active];
}

function hasCallout(context: DiagramExplorerContext, number: number | null): boolean {
  return number === null || (activeDiagram(context)?.callouts.some((c) => c.number === number) ?? false);
}

function zoomMiddle(context: DiagramExplorerContext, factor: number): ZoomPan {
  const { width, height } = context.viewport;
  return zoomAround(context.view, factor, { x: width / 2, y: height / 2 }, width, height);
}

/** The explorer's machine. */
export const diagramExplorerMachine = setup({
  types: {
    context: {} as DiagramExplorerContext,
    events: {} as DiagramExplorerEvent,
    input: {} as DiagramExplorerInput,
  },
  guards: {
    knownDiagram: ({ context, event }) => event.type === 'diagram.show' && Number.isInteger(event.index) && event.index >= 0 && event.index < context.diagrams.length,
    knownCallout: ({ context, event }) =>
      (event.type === 'callout.hover' || event.type === 'callout.focus' || event.type === 'callout.choose') && hasCallout(context, event.number),
    movingKey: ({ event }) => event.type === 'callout.key' && calloutMoveForKey(event.key) !== null,
    canZoomIn: ({ context }) => context.view.zoom < DIAGRAM_ZOOM.max,
    canZoomOut: ({ context }) => context.view.zoom > DIAGRAM_ZOOM.min,
  },
}).createMachine({
  id: 'diagramExplorer',
  context: ({ input }) => ({
    diagrams: input.diagrams,
    active: Math.min(Math.max(0, input.active ?? 0), Math.max(0, input.diagrams.length - 1)),
    selected: null,
    hovered: null,
    focused: null,
    view: INITIAL_ZOOM_PAN,
    viewport: { width: 0, height: 0 },
    focusRequest: 0,
  }),
  on: {
    'diagram.show': {
      guard: 'knownDiagram',
      actions: assign(({ event }) => ({ active: event.index, selected: null, hovered: null, focused: null, view: INITIAL_ZOOM_PAN })),
    },
    'callout.hover': { guard: 'knownCallout', actions: assign({ hovered: ({ event }) => event.number }) },
    'callout.focus': { guard: 'knownCallout', actions: assign({ focused: ({ event }) => event.number }) },
    'callout.choose': {
      guard: 'knownCallout',
      actions: assign(({ context, event }) => {
        const diagram = activeDiagram(context);
        const callout = diagram?.callouts.find((c) => c.number === event.number);
        // a callout chosen while zoomed in comes to the middle of the drawing
        const view =
          callout && diagram && context.view.zoom > 1
            ? centreOn(context.view, callout.x / diagram.width, callout.y / diagram.height, context.viewport.width, context.viewport.height)
            : context.view;
        return { selected: event.number, view };
      }),
    },
    'callout.key': {
      guard: 'movingKey',
      actions: assign(({ context, event }) => {
        const diagram = activeDiagram(context);
        const move = calloutMoveForKey(event.key);
        if (!diagram || !move) return {};
        const from = context.focused ?? context.selected;
        const number = moveCallout(diagram.callouts.map((c) => c.number), from, move);
        if (number === null) return {};
        const callout = diagram.callouts.find((c) => c.number === number);
        const view =
          callout && context.view.zoom > 1
            ? centreOn(context.view, callout.x / diagram.width, callout.y / diagram.height, context.viewport.width, context.viewport.height)
            : context.view;
        return { selected: number, focused: number, view, focusRequest: context.focusRequest + 1 };
      }),
    },
    'zoom.in': { guard: 'canZoomIn', actions: assign({ view: ({ context }) => zoomMiddle(context, DIAGRAM_ZOOM.step) }) },
    'zoom.out': { guard: 'canZoomOut', actions: assign({ view: ({ context }) => zoomMiddle(context, 1 / DIAGRAM_ZOOM.step) }) },
    'zoom.reset': { actions: assign({ view: INITIAL_ZOOM_PAN }) },
    'zoom.at': {
      actions: assign({
        view: ({ context, event }) => zoomAround(context.view, event.factor, { x: event.x, y: event.y }, context.viewport.width, context.viewport.height),
      }),
    },
    'pan.by': { actions: assign({ view: ({ context, event }) => panBy(context.view, event.dx, event.dy, context.viewport.width, context.viewport.height) }) },
    'viewport.measured': {
      actions: assign(({ context, event }) => {
        const viewport = { width: Math.max(0, event.width), height: Math.max(0, event.height) };
        // a resize keeps the zoom; the offset is scaled to the new box and clamped again
        const sx = context.viewport.width > 0 ? viewport.width / context.viewport.width : 1;
        const sy = context.viewport.height > 0 ? viewport.height / context.viewport.height : 1;
        return { viewport, view: clampZoomPan({ zoom: context.view.zoom, x: context.view.x * sx, y: context.view.y * sy }, viewport.width, viewport.height) };
      }),
    },
  },
});
