/**
 * The diagram explorer of a model page over `diagramExplorerMachine`: which drawing, which callout
 * is lit up (with its row in the parts list), the arrow keys in callout order, zoom and pan.
 * @module
 */
import { useCallback } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { connectDiagramExplorer, type DiagramExplorerView } from '../machines/diagram-explorer.connect.ts';
import { diagramExplorerMachine, type DiagramExplorerEvent, type ExplorerDiagram } from '../machines/diagram-explorer.machine.ts';

/** What {@link useDiagramExplorer} returns: the view and the events to send. */
export interface DiagramExplorerApi extends DiagramExplorerView {
  send(event: DiagramExplorerEvent): void;
}

/**
 * An explorer over a model's diagrams (the first shown first).
 * @example
 * const explorer = useDiagramExplorer(equipment.diagrams);
 * <button onClick={() => explorer.send({ type: 'callout.choose', number: 3 })}>3</button>
 */
export function useDiagramExplorer(diagrams: ExplorerDiagram[]): DiagramExplorerApi {
  const actor = useActorRef(diagramExplorerMachine, { input: { diagrams } });
  const view = useSelector(actor, connectDiagramExplorer, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  // stable: the view's effects (wheel and resize listeners) depend on it
  const send = useCallback((event: DiagramExplorerEvent) => actor.send(event), [actor]);
  return { ...view, send };
}
