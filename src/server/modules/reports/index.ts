/**
 * The back office's reports: orders and revenue per day against the period before (the
 * dashboard's chart), in the operator's time zone, on SQLite and PostgreSQL alike.
 * @module
 */
export { reportsRoutes, type ReportsRoutesOptions } from './routes.ts';
export { REPORT_ERRORS, ReportsService, type ReportsDeps } from './service.ts';
