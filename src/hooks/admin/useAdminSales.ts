/**
 * The dashboard's sales chart data (GET /api/admin/reports/sales) through the read cache, under
 * the dashboard's key, so whatever refreshes the dashboard refreshes the chart too.
 * @module
 */
import { useState } from 'react';
import type { AdminClient } from '../../api/admin-client.ts';
import { DASHBOARD_REPORT_DAYS, type SalesReport } from '../../domain/admin-reports.ts';
import type { Read } from '../query/index.ts';
import { useAdmin } from './AdminProvider.tsx';
import { ADMIN_KEYS } from './reads.ts';
import { useAdminRead, type ReadResult } from './useAdminRead.ts';

export type { SalesReport } from '../../domain/admin-reports.ts';

/** The sales report of the last `days` days and the `days` before, counted in `timeZone`. */
export function salesRead(client: AdminClient, days: number, timeZone: string): Read<SalesReport> {
  return { key: [...ADMIN_KEYS.dashboard, 'sales', days, timeZone], fetch: (signal) => client.sales({ days, tz: timeZone }, { signal }) };
}

/** The time zone of the runtime (the operator's browser), or UTC when it cannot tell. */
export function runtimeTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Options of {@link useAdminSales}. */
export interface AdminSalesOptions {
  /** Days of each period. @default 30 */
  days?: number;
  /** The zone the days are counted in (an IANA name or minutes east of UTC), read when the component mounts. @default the browser's zone */
  timeZone?: string | (() => string);
}

/**
 * Orders and revenue per day of the last 30 days and the 30 before, in the operator's zone.
 * Only the owner and staff may read it (the server answers the fulfilment role 403).
 * @example const sales = useAdminSales(); if (sales.data) return <SalesChart report={sales.data} />;
 */
export function useAdminSales(options: AdminSalesOptions = {}): ReadResult<SalesReport> {
  const { client } = useAdmin();
  const days = options.days ?? DASHBOARD_REPORT_DAYS;
  const [timeZone] = useState(() => (typeof options.timeZone === 'string' ? options.timeZone : (options.timeZone ?? runtimeTimeZone)()));
  return useAdminRead(salesRead(client, days, timeZone));
}
