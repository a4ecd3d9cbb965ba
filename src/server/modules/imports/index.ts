/**
 * The catalogue import and export module's entry, for the app that mounts it: the operators'
 * routes, the import itself (CLI, seed, tests), the streamed export, and the pace at which the
 * store takes a large change.
 * @module
 */
export { importRoutes, type ImportRoutesOptions } from './routes.ts';
export { importCatalogue, type ImportOptions } from './service.ts';
export { exportCatalogue, type ExportPart } from './export.ts';
export { restingPace } from './pace.ts';
