/**
 * The back office's dashboard through the read cache.
 * @module
 */
import { useState } from 'react';
import { startOfDayIso } from '../../domain/admin-orders.ts';
import { useAdmin } from './AdminProvider.tsx';
import { dashboardRead, type AdminDashboard } from './reads.ts';
import { useAdminRead, type ReadResult } from './useAdminRead.ts';

export type { AdminDashboard } from './reads.ts';

/**
 * Today's orders and revenue (from the start of the viewer's day, fixed when the page mounts),
 * the orders waiting to ship, low stock, the failed mails and the live visitors (null: the role may not read it).
 * @example const dashboard = useAdminDashboard();
 */
export function useAdminDashboard(): ReadResult<AdminDashboard> {
  const { client } = useAdmin();
  const [since] = useState(() => {
    const now = new Date();
    return startOfDayIso(now.getTime(), now.getTimezoneOffset());
  });
  return useAdminRead(dashboardRead(client, since));
}
