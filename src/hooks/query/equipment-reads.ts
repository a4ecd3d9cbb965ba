/**
 * The equipment reads (parts that fit), cache key and call, shared by the read hooks and
 * the server render so both name the same data the same way.
 * @module
 */
import type { ApiClient } from '../../api/client.ts';
import { orMissing } from '../../api/or-missing.ts';
import type { EquipmentListQuery, EquipmentListResponse } from '../../api/types.ts';
import type { Equipment, EquipmentRef } from '../../domain/equipment.ts';
import type { Read } from './index.ts';

/** A page of models for a search or a browse step (type, then brand). */
export function equipmentListRead(client: ApiClient, query: EquipmentListQuery): Read<EquipmentListResponse> {
  return { key: ['equipment-list', query], fetch: (signal) => client.equipmentList(query, { signal }) };
}

/** A model with its diagrams and parts: null when the store has none (404). */
export function equipmentRead(client: ApiClient, handle: string): Read<Equipment | null> {
  return { key: ['equipment', handle], fetch: async (signal) => (await orMissing(client.equipmentByHandle(handle, { signal })))?.equipment ?? null };
}

/** The signed-in shopper's saved models (one request however many views ask at once). */
export function myEquipmentRead(client: ApiClient): Read<EquipmentRef[]> {
  return { key: ['my-equipment'], fetch: async (signal) => (await client.myEquipment({ signal })).equipment };
}
