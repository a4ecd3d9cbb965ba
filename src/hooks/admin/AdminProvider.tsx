/**
 * The back office's context: its API client and its read cache (hooks/query), given once by the
 * app's entry (or a test) and read by every admin hook.
 * @module
 */
import { createContext, useContext, useState, type ReactNode } from 'react';
import type { AdminClient } from '../../api/admin-client.ts';
import { createReadCache, type ReadCache } from '../query/index.ts';

/** What the admin hooks read. */
export interface AdminContextValue {
  client: AdminClient;
  queryClient: ReadCache;
}

const AdminContext = createContext<AdminContextValue | null>(null);

/** Props of {@link AdminProvider}. */
export interface AdminProviderProps {
  /** The back office's client (`createAdminClient`). Read on the first render only. */
  client: AdminClient;
  /** The read cache. @default a new cache */
  queryClient?: ReadCache;
  children?: ReactNode;
}

/**
 * Mounts the back office's hooks.
 * @example
 * <AdminProvider client={createAdminClient({ baseUrl: '' })}><AdminApp /></AdminProvider>
 */
export function AdminProvider({ client, queryClient, children }: AdminProviderProps) {
  const [value] = useState<AdminContextValue>(() => ({ client, queryClient: queryClient ?? createReadCache() }));
  return <AdminContext.Provider value={value}>{children}</AdminContext.Provider>;
}

/** The back office's context; throws outside an {@link AdminProvider}. */
export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext);
  if (!value) throw new Error('useAdmin: wrap the back office in <AdminProvider>');
  return value;
}
