/**
 * The API tokens through the read cache (never a token's value; the token forms invalidate it).
 * @module
 */
import type { AdminApiToken } from '../../api/admin-imports.ts';
import { useAdmin } from './AdminProvider.tsx';
import { tokensRead } from './operator-reads.ts';
import { useAdminRead, type ReadResult } from './useAdminRead.ts';

/**
 * The API tokens (owners).
 * @example const tokens = useAdminTokens();
 */
export function useAdminTokens(): ReadResult<AdminApiToken[]> {
  const { client } = useAdmin();
  return useAdminRead(tokensRead(client));
}
