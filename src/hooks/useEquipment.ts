/**
 * A model of equipment with its diagrams and parts (`GET /api/equipment/handle/{handle}`), read
 * through the keyed cache (rendered on the server, hydrated without a second request).
 * @module
 */
import type { Equipment } from '../domain/equipment.ts';
import { useClient } from './context.ts';
import { useQueryRead } from './query/index.ts';
import { equipmentRead } from './query/equipment-reads.ts';

/** What {@link useEquipment} returns. */
export interface EquipmentApi {
  /** 'loading' until the answer, 'missing' for an unknown handle, 'error' when the call failed. */
  status: 'loading' | 'ready' | 'missing' | 'error';
  equipment: Equipment | null;
  /** Asks again (the error state's retry button). */
  retry(): void;
}

/**
 * A model page's data.
 * @example const { status, equipment } = useEquipment('hayward-super-pump-sp2607x10');
 */
export function useEquipment(handle: string): EquipmentApi {
  const client = useClient();
  const read = useQueryRead(equipmentRead(client, handle));
  const status = read.status === 'pending' ? 'loading' : read.status === 'error' ? 'error' : read.data ? 'ready' : 'missing';
  return { status, equipment: read.data ?? null, retry: read.refetch };
}
