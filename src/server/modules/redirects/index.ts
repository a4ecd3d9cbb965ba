/**
 * The redirects module: the operators' redirects import route and the old addresses' 301s for the
 * app to register, and what an import calls to keep another platform's category ids.
 * @module
 */
export { adminRedirectRoutes, legacyRedirects, type AdminRedirectOptions, type LegacyRedirects } from './routes.ts';
export { createRedirectService, recordLegacyCategoryIds, RedirectImportError, type RedirectService } from './service.ts';
