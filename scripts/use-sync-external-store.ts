/**
 * `use-sync-external-store/shim` for React 18 and later, where the hook is React's own: the shim's
 * fallback for older React (kept by @xstate/react for them) stays out of the storefront's bundle.
 * vite.config.ts points the shim's import here.
 * @module
 */
export { useSyncExternalStore } from 'react';
