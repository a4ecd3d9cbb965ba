/**
 * The API tokens' forms (owners): create a token with its scopes (its value shown once), revoke one.
 * @module
 */
import { useId, useState } from 'react';
import type { AdminApiToken } from '../../api/admin-imports.ts';
import { TOKEN_SCOPE_CHOICES } from '../../domain/admin-imports.ts';
import { statusWords } from '../../domain/admin-orders.ts';
import { useAdminForm } from '../../hooks/admin/useAdminForm.ts';
import { FormMessage } from './FormMessage.tsx';
import { OperatorSecret, type CopyText } from './OperatorSecret.tsx';

const TOKEN_NOTE = 'Give this token to the integration (Authorization: Bearer …): it is stored only hashed and is not shown again.';

/** Create a token. */
export function TokenCreateForm({ copy }: { copy?: CopyText }) {
  const form = useAdminForm({ kind: 'tokenCreate' });
  const id = useId();
  const token = form.done ? (form.result as { token?: string } | null)?.token ?? null : null;
  return (
    <form className="admin-card admin-form admin-wide" aria-labelledby={`${id}-title`} noValidate onSubmit={(e) => { e.preventDefault(); form.submit(); }}>
      <h2 id={`${id}-title`}>New API token</h2>
      <div className="admin-field">
        <label htmlFor={`${id}-name`}>Name <span className="admin-hint">(the integration that uses it)</span></label>
        <input id={`${id}-name`} autoComplete="off" value={form.fields.name ?? ''} onChange={(e) => form.set('name', e.target.value)} />
      </div>
      <fieldset className="admin-fieldset">
        <legend>Scopes</legend>
        {TOKEN_SCOPE_CHOICES.map((scope) => (
          <label key={scope} className="admin-check">
            <input type="checkbox" checked={form.fields[`scope.${scope}`] === 'yes'} onChange={(e) => form.set(`scope.${scope}`, e.target.checked ? 'yes' : 'no')} />
            {' '}{statusWords(scope)}
          </label>
        ))}
      </fieldset>
      <FormMessage error={form.error} />
      {token ? (
        <>
          <OperatorSecret label={`Token ${form.fields.name ?? ''}`} value={token} note={TOKEN_NOTE} {...(copy ? { copy } : {})} />
          <button type="button" className="admin-button admin-button-quiet" onClick={() => form.reset()}>Create another</button>
        </>
      ) : (
        <button type="submit" className="admin-button" disabled={!form.canSubmit}>{form.busy ? 'Creating…' : 'Create token'}</button>
      )}
    </form>
  );
}

/** Revoke a token (asked twice). */
export function TokenRevokeButton({ token, onDone }: { token: AdminApiToken; onDone(message: string): void }) {
  const form = useAdminForm({ kind: 'tokenRevoke', fields: { id: String(token.id) } }, { onDone: () => onDone(`Token ${token.name} is revoked.`) });
  const [confirming, setConfirming] = useState(false);
  return (
    <form noValidate className="admin-inline-form" onSubmit={(e) => { e.preventDefault(); if (confirming) form.submit(); else setConfirming(true); }}>
      <button type="submit" className="admin-button admin-button-danger" disabled={!form.canSubmit} aria-label={confirming ? `Yes, revoke ${token.name}` : `Revoke ${token.name}`}>
        {form.busy ? '…' : confirming ? 'Yes, revoke' : 'Revoke'}
      </button>
      {confirming && !form.busy ? <button type="button" className="admin-button admin-button-quiet" onClick={() => setConfirming(false)}>Keep</button> : null}
      {form.error ? <FormMessage error={form.error} /> : null}
    </form>
  );
}
