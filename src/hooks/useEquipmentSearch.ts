/**
 * Models by model number, name, type and brand (`GET /api/equipment`): the browse page's steps
 * (type, then brand, then model) and its 'Enter your equipment model' box, read through the keyed
 * cache.
 * @module
 */
import type { EquipmentListQuery, EquipmentListResponse } from '../api/types.ts';
import { useClient } from './context.ts';
import { useQueryRead } from './query/index.ts';
import { equipmentListRead } from './query/equipment-reads.ts';

/** What {@link useEquipmentSearch} returns. */
export interface EquipmentSearchApi {
  status: 'loading' | 'ready' | 'error';
  /** The page of models; the previous answer's while a new one loads is not kept (empty). */
  equipment: EquipmentListResponse['equipment'];
  facets: EquipmentListResponse['facets'];
  total: number;
  retry(): void;
}

const NO_FACETS: EquipmentListResponse['facets'] = { types: [], brands: [] };

/**
 * A page of models for a query; blank fields are left out so `{ q: ' ' }` and `{}` share a key.
 * @example const { equipment } = useEquipmentSearch({ q: 'sp2607', limit: 8 });
 */
export function useEquipmentSearch(query: EquipmentListQuery): EquipmentSearchApi {
  const client = useClient();
  const clean: EquipmentListQuery = {};
  if (query.q?.trim()) clean.q = query.q.trim();
  if (query.type) clean.type = query.type;
  if (query.brand?.trim()) clean.brand = query.brand.trim();
  if (query.page) clean.page = query.page;
  if (query.limit) clean.limit = query.limit;
  const read = useQueryRead(equipmentListRead(client, clean));
  return {
    status: read.status === 'pending' ? 'loading' : read.status === 'error' ? 'error' : 'ready',
    equipment: read.data?.equipment ?? [],
    facets: read.data?.facets ?? NO_FACETS,
    total: read.data?.pageInfo.totalObjects ?? 0,
    retry: read.refetch,
  };
}
