/**
 * skimmer/domain: the framework-agnostic core of the storefront.
 * Pure, typed functions for every rule of the spec; no React, XState, network, DOM or clock.
 * @module
 */
export type * from './entities.ts';
