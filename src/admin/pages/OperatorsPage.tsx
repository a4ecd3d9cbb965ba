/**
 * The operators and API tokens (owners only): every operator with their role and state; invite one
 * (a one-time set-password link, shown once); change a role, disable or enable, a new link, remove;
 * the API tokens (created with scopes, the value shown once; revoked).
 * @module
 */
import { useId, useState } from 'react';
import { importsRoleCan } from '../../domain/admin-imports.ts';
import { formatAdminDate, statusWords } from '../../domain/admin-orders.ts';
import { useAdminOperators } from '../../hooks/admin/useAdminOperators.ts';
import { useAdminSession } from '../../hooks/admin/useAdminSession.ts';
import { useAdminTokens } from '../../hooks/admin/useAdminTokens.ts';
import { FormMessage } from '../components/FormMessage.tsx';
import { OperatorActions, OperatorInviteForm } from '../components/OperatorForms.tsx';
import { OperatorSecret, type CopyText } from '../components/OperatorSecret.tsx';
import { ReadError } from '../components/ReadError.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { TokenCreateForm, TokenRevokeButton } from '../components/TokenForms.tsx';

/** The page: operators and tokens for owners, else a plain refusal without asking the API. */
export function OperatorsPage({ copy }: { copy?: CopyText } = {}) {
  const session = useAdminSession();
  const operator = session.operator;
  if (!operator || !importsRoleCan(operator.role).operators) {
    return <><h1>Operators</h1><p className="admin-error" role="alert">Only an owner manages operators and API tokens.</p></>;
  }
  return <OperatorsView selfId={operator.id} {...(copy ? { copy } : {})} />;
}

function OperatorsView({ selfId, copy }: { selfId: number; copy?: CopyText }) {
  const operators = useAdminOperators();
  const tokens = useAdminTokens();
  const [notice, setNotice] = useState<string | null>(null);
  const [link, setLink] = useState<{ who: string; link: string } | null>(null);
  const id = useId();
  return (
    <>
      <h1>Operators</h1>
      <FormMessage error={null} success={notice} />
      <OperatorInviteForm {...(copy ? { copy } : {})} />
      <section className="admin-card" aria-labelledby={`${id}-ops`}>
        <h2 id={`${id}-ops`}>Operators</h2>
        {link ? <OperatorSecret label={`New set-password link for ${link.who}`} value={link.link} note="It works once and is not shown again; their older links no longer work." {...(copy ? { copy } : {})} /> : null}
        {operators.status === 'pending' ? <p role="status">Loading operators…</p> : null}
        {operators.status === 'error' ? <ReadError error={operators.error} what="The operators" /> : null}
        {operators.data ? (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table-cards">
              <caption className="admin-visually-hidden">Operators</caption>
              <thead><tr><th scope="col">Operator</th><th scope="col">Role</th><th scope="col">State</th><th scope="col">Since</th><th scope="col">Actions</th></tr></thead>
              <tbody>
                {operators.data.map((o) => (
                  <tr key={o.id}>
                    <td data-label="Operator"><span><strong>{o.name || o.email}</strong><br /><span className="admin-hint">{o.email}</span></span></td>
                    <td data-label="Role">{statusWords(o.role)}{o.totpEnabled ? <><br /><span className="admin-hint">second factor on</span></> : null}</td>
                    <td data-label="State"><StatusBadge value={o.disabled ? 'disabled' : o.hasPassword ? 'active' : 'invited'} /></td>
                    <td data-label="Since">{o.createdAt ? formatAdminDate(o.createdAt) : '—'}</td>
                    <td data-label="Actions">
                      <OperatorActions operator={o} selfId={selfId} onDone={(m) => { setLink(null); setNotice(m); }} onLink={(who, l) => { setNotice(null); setLink({ who, link: l }); }} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      <TokenCreateForm {...(copy ? { copy } : {})} />
      <section className="admin-card" aria-labelledby={`${id}-tokens`}>
        <h2 id={`${id}-tokens`}>API tokens</h2>
        {tokens.status === 'pending' ? <p role="status">Loading API tokens…</p> : null}
        {tokens.status === 'error' ? <ReadError error={tokens.error} what="The API tokens" /> : null}
        {tokens.data && tokens.data.length === 0 ? <p role="status">No API tokens yet.</p> : null}
        {tokens.data && tokens.data.length > 0 ? (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table-cards">
              <caption className="admin-visually-hidden">API tokens</caption>
              <thead><tr><th scope="col">Name</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">State</th><th scope="col">Actions</th></tr></thead>
              <tbody>
                {tokens.data.map((t) => (
                  <tr key={t.id}>
                    <td data-label="Name"><strong>{t.name}</strong></td>
                    <td data-label="Scopes">{t.scopes.map(statusWords).join(', ')}</td>
                    <td data-label="Created">{formatAdminDate(t.createdAt)}</td>
                    <td data-label="Last used">{t.lastUsedAt ? formatAdminDate(t.lastUsedAt) : 'Never'}</td>
                    <td data-label="State"><StatusBadge value={t.revoked ? 'revoked' : 'active'} /></td>
                    <td data-label="Actions">{t.revoked ? <span className="admin-hint">None</span> : <TokenRevokeButton token={t} onDone={setNotice} />}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </>
  );
}
