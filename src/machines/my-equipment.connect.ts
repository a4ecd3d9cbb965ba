/**
 * What My equipment shows, from a snapshot of its machine: a pure function, tested without React;
 * `useMyEquipment` returns it with the actions.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import { equipmentLabel, type EquipmentRef } from '../domain/equipment.ts';
import type { myEquipmentMachine } from './my-equipment.machine.ts';

/** What My equipment shows. */
export interface MyEquipmentView {
  /** The saved models, most recent first, each with the words it is named by. */
  list: (EquipmentRef & { label: string })[];
  /** The handles of the saved models: the `fits` of 'Fits my equipment'. */
  handles: string[];
  /** Where the list is kept. */
  storedIn: 'account' | 'browser';
  /** An account call is under way (save, remove, merge or the first load). */
  busy: boolean;
  /** The last failure's message, null when none. */
  error: string | null;
}

/** The view of a snapshot. */
export function connectMyEquipment(snapshot: SnapshotFrom<typeof myEquipmentMachine>): MyEquipmentView {
  const { list, signedIn, error } = snapshot.context;
  return {
    list: list.map((m) => ({ handle: m.handle, brand: m.brand, model: m.model, label: equipmentLabel(m) })),
    handles: list.map((m) => m.handle),
    storedIn: signedIn ? 'account' : 'browser',
    busy: ['loading', 'merging', 'saving', 'removing'].some((s) => snapshot.matches({ signedIn: s as 'idle' })),
    error,
  };
}
