/**
 * A page of the audit log through the read cache (every write of the back office invalidates it).
 * @module
 */
import type { AdminAuditEntry } from '../../api/admin-office.ts';
import type { AuditFilters } from '../../domain/admin-office.ts';
import { useAdmin } from './AdminProvider.tsx';
import { auditRead } from './office-reads.ts';
import { useAdminRead, type ReadResult } from './useAdminRead.ts';

/**
 * The entries of `filters`, newest first.
 * @example const log = useAdminAudit({ action: 'order.refund' });
 */
export function useAdminAudit(filters: AuditFilters): ReadResult<{ entries: AdminAuditEntry[]; nextBefore: number | null }> {
  const { client } = useAdmin();
  return useAdminRead(auditRead(client, filters));
}
