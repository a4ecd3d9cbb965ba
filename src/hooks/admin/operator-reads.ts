/**
 * The operators page's reads (the operators, the API tokens) over the read cache, and the calls of
 * its forms (invite, change a role, disable or enable, remove, a new set-password link, create and
 * revoke a token) with what each refreshes.
 * @module
 */
import type { AdminClient, AdminRole } from '../../api/admin-client.ts';
import type { AdminApiToken, AdminTokenScope } from '../../api/admin-imports.ts';
import type { OperatorFormKind } from '../../domain/admin-imports.ts';
import { invalidateReads, type Read, type ReadCache } from '../query/index.ts';
import { OFFICE_KEYS } from './office-reads.ts';

/** The API tokens' key. */
export const TOKEN_KEYS = { tokens: ['admin', 'tokens'] as const };

/** Every API token, never its value (owners). */
export function tokensRead(client: AdminClient): Read<AdminApiToken[]> {
  return { key: TOKEN_KEYS.tokens, fetch: async (signal) => (await client.tokens({ signal })).tokens };
}

/**
 * Sends a checked operators page form and refreshes what it changed: the operators or the tokens,
 * and the audit log (every one of these writes is audited).
 */
export async function sendOperatorForm(values: { client: AdminClient; queryClient: ReadCache; onDone?: ((answer: unknown) => void) | undefined }, kind: OperatorFormKind, body: unknown, signal?: AbortSignal): Promise<unknown> {
  const { client, queryClient } = values;
  const call = signal ? { signal } : {};
  const b = body as { id: number; role: AdminRole; disabled: boolean; email: string; name: string; scopes: AdminTokenScope[] };
  let answer: unknown;
  switch (kind) {
    case 'operatorInvite': answer = await client.createOperator({ email: b.email, name: b.name, role: b.role }, call); break;
    case 'operatorRole': answer = await client.updateOperator(b.id, { role: b.role }, call); break;
    case 'operatorDisable': answer = await client.updateOperator(b.id, { disabled: b.disabled }, call); break;
    case 'operatorRemove': answer = await client.removeOperator(b.id, call); break;
    case 'operatorLink': answer = await client.operatorPasswordLink(b.id, call); break;
    case 'tokenCreate': answer = await client.createToken({ name: b.name, scopes: b.scopes }, call); break;
    case 'tokenRevoke': answer = await client.revokeToken(b.id, call); break;
  }
  values.onDone?.(answer);
  invalidateReads(queryClient, kind.startsWith('token') ? TOKEN_KEYS.tokens : OFFICE_KEYS.operators);
  invalidateReads(queryClient, OFFICE_KEYS.audit);
  return answer;
}
