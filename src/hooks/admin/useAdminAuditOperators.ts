/**
 * The operators (owners) through the read cache: the audit log's operator filter names them.
 * @module
 */
import type { AdminOperator } from '../../api/admin-client.ts';
import { useAdmin } from './AdminProvider.tsx';
import { operatorsRead } from './office-reads.ts';
import { useAdminRead, type ReadResult } from './useAdminRead.ts';

/**
 * Every operator.
 * @example const operators = useAdminAuditOperators();
 */
export function useAdminAuditOperators(): ReadResult<AdminOperator[]> {
  const { client } = useAdmin();
  return useAdminRead(operatorsRead(client));
}
