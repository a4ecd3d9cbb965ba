/**
 * The kinds of equipment the store knows parts for, in the order lists and facets show them (the
 * generator makes models of each; the routes and the catalogue read them).
 * @module
 */
import type { EquipmentType } from '../../../api/types.ts';

/** Every equipment type, in the order lists and facets show them. */
export const EQUIPMENT_TYPES: readonly EquipmentType[] = [
  'pump', 'filter', 'heater', 'heat-pump', 'salt-system', 'cleaner', 'automation', 'light', 'valve', 'skimmer',
];
