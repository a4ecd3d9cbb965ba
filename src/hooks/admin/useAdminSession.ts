/**
 * The signed-in operator (GET /api/admin/me through the read cache) and sign-out.
 * @module
 */
import { useCallback } from 'react';
import type { AdminOperator } from '../../api/admin-client.ts';
import { useAdmin } from './AdminProvider.tsx';
import { ADMIN_KEYS, meRead } from './reads.ts';
import { useAdminRead } from './useAdminRead.ts';

/** What {@link useAdminSession} returns. */
export interface AdminSessionApi {
  /** 'pending' until the first answer; 'signedOut' on a 401. */
  status: 'pending' | 'signedIn' | 'signedOut' | 'error';
  operator: AdminOperator | null;
  /** Ends the session and forgets the operator's reads. */
  signOut(): Promise<void>;
}

/**
 * The session.
 * @example
 * const session = useAdminSession();
 * if (session.status === 'signedOut') return <SignIn />;
 */
export function useAdminSession(): AdminSessionApi {
  const { client, queryClient } = useAdmin();
  const me = useAdminRead(meRead(client));
  const signOut = useCallback(async () => {
    try {
      await client.signOut();
    } finally {
      queryClient.setQueryData(ADMIN_KEYS.me, null);
    }
  }, [client, queryClient]);
  const status = me.status === 'pending' ? 'pending' : me.status === 'error' ? 'error' : me.data ? 'signedIn' : 'signedOut';
  return { status, operator: me.data?.operator ?? null, signOut };
}
