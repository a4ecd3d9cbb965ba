/**
 * Every operator through the read cache (the operators page's forms invalidate it).
 * @module
 */
import type { AdminOperator } from '../../api/admin-client.ts';
import { useAdmin } from './AdminProvider.tsx';
import { operatorsRead } from './office-reads.ts';
import { useAdminRead, type ReadResult } from './useAdminRead.ts';

/**
 * The operators (owners).
 * @example const operators = useAdminOperators();
 */
export function useAdminOperators(): ReadResult<AdminOperator[]> {
  const { client } = useAdmin();
  return useAdminRead(operatorsRead(client));
}
