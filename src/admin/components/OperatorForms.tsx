/**
 * The operators page's forms (owners): invite an operator (the one-time set-password link shown
 * once), and on an operator's row change the role, disable or enable, a new link, remove. Each is
 * a `useAdminForm`: the domain checks the fields first; a refusal (the last owner kept, an email
 * already taken: 409) shows the server's words.
 * @module
 */
import { useId, useState } from 'react';
import type { AdminOperator, AdminRole } from '../../api/admin-client.ts';
import { OPERATOR_ROLE_CHOICES, operatorRowActions } from '../../domain/admin-imports.ts';
import { useAdminForm } from '../../hooks/admin/useAdminForm.ts';
import { FormMessage } from './FormMessage.tsx';
import { OperatorSecret, type CopyText } from './OperatorSecret.tsx';

const LINK_NOTE = 'Send this link to the operator: it sets their password, works once and is not shown again.';

/** Invite an operator. */
export function OperatorInviteForm({ copy }: { copy?: CopyText }) {
  const form = useAdminForm({ kind: 'operatorInvite', fields: { role: 'staff' } });
  const id = useId();
  const link = form.done ? (form.result as { link?: string } | null)?.link ?? null : null;
  return (
    <form className="admin-card admin-form admin-wide" aria-labelledby={`${id}-title`} noValidate onSubmit={(e) => { e.preventDefault(); form.submit(); }}>
      <h2 id={`${id}-title`}>Invite an operator</h2>
      <div className="admin-form-grid">
        <div className="admin-field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input id={`${id}-email`} type="email" autoComplete="off" value={form.fields.email ?? ''} onChange={(e) => form.set('email', e.target.value)} />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input id={`${id}-name`} autoComplete="off" value={form.fields.name ?? ''} onChange={(e) => form.set('name', e.target.value)} />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-role`}>Role</label>
          <select id={`${id}-role`} value={form.fields.role ?? 'staff'} onChange={(e) => form.set('role', e.target.value)}>
            {OPERATOR_ROLE_CHOICES.map((r) => <option key={r.value} value={r.value}>{r.label}: {r.hint}</option>)}
          </select>
        </div>
      </div>
      <FormMessage error={form.error} />
      {link ? (
        <>
          <FormMessage error={null} success={`${form.fields.name ?? 'The operator'} is invited.`} />
          <OperatorSecret label="One-time set-password link" value={link} note={LINK_NOTE} {...(copy ? { copy } : {})} />
          <button type="button" className="admin-button admin-button-quiet" onClick={() => form.reset({ role: 'staff' })}>Invite another</button>
        </>
      ) : (
        <button type="submit" className="admin-button" disabled={!form.canSubmit}>{form.busy ? 'Inviting…' : 'Invite'}</button>
      )}
    </form>
  );
}

function RoleForm({ operator, onDone }: { operator: AdminOperator; onDone(message: string): void }) {
  const form = useAdminForm({ kind: 'operatorRole', fields: { id: String(operator.id), role: operator.role } }, {
    onDone: () => onDone(`${operator.name || operator.email} is now ${OPERATOR_ROLE_CHOICES.find((r) => r.value === form.fields.role)?.label ?? form.fields.role}.`),
  });
  const id = useId();
  const role = (form.fields.role ?? operator.role) as AdminRole;
  return (
    <form className="admin-inline-form" noValidate onSubmit={(e) => { e.preventDefault(); form.submit(); }}>
      <label htmlFor={`${id}-role`} className="admin-visually-hidden">Role of {operator.name || operator.email}</label>
      <select id={`${id}-role`} value={role} onChange={(e) => form.set('role', e.target.value)}>
        {OPERATOR_ROLE_CHOICES.map((r) => <option key={r.value} value={r.value}>{r.label}</option>)}
      </select>
      <button type="submit" className="admin-button admin-button-quiet" disabled={!form.canSubmit || role === operator.role} aria-label={`Change the role of ${operator.name || operator.email}`}>
        {form.busy ? '…' : 'Change'}
      </button>
      {form.error ? <FormMessage error={form.error} /> : null}
    </form>
  );
}

function RowButton({ kind, operator, fields, label, danger, onDone }: {
  kind: 'operatorDisable' | 'operatorRemove' | 'operatorLink'; operator: AdminOperator; fields?: Record<string, string>; label: string; danger?: boolean; onDone(answer: unknown): void;
}) {
  const form = useAdminForm({ kind, fields: { id: String(operator.id), ...fields } }, { onDone });
  const [confirming, setConfirming] = useState(false);
  const who = operator.name || operator.email;
  if (danger && confirming) {
    return (
      <form noValidate className="admin-inline-form" onSubmit={(e) => { e.preventDefault(); form.submit(); }}>
        <button type="submit" className="admin-button admin-button-danger" disabled={!form.canSubmit}>{form.busy ? '…' : `Yes, ${label.toLowerCase()} ${who}`}</button>
        <button type="button" className="admin-button admin-button-quiet" onClick={() => setConfirming(false)}>Keep</button>
        {form.error ? <FormMessage error={form.error} /> : null}
      </form>
    );
  }
  return (
    <form noValidate onSubmit={(e) => { e.preventDefault(); if (danger) setConfirming(true); else form.submit(); }}>
      <button type="submit" className={`admin-button ${danger ? 'admin-button-danger' : 'admin-button-quiet'}`} disabled={!form.canSubmit} aria-label={`${label} ${who}`}>
        {form.busy ? '…' : label}
      </button>
      {form.error ? <FormMessage error={form.error} /> : null}
    </form>
  );
}

/** An operator's row actions, as {@link operatorRowActions} allows (none that would act on oneself but a new link). */
export function OperatorActions({ operator, selfId, onDone, onLink }: { operator: AdminOperator; selfId: number; onDone(message: string): void; onLink(who: string, link: string): void }) {
  const can = operatorRowActions(operator, selfId);
  const who = operator.name || operator.email;
  return (
    <div className="admin-row-actions">
      {can.changeRole ? <RoleForm operator={operator} onDone={onDone} /> : <span className="admin-hint">You</span>}
      {can.link ? <RowButton kind="operatorLink" operator={operator} label="New link" onDone={(a) => onLink(who, (a as { link: string }).link)} /> : null}
      {can.disable ? <RowButton kind="operatorDisable" operator={operator} fields={{ disabled: 'yes' }} label="Disable" danger onDone={() => onDone(`${who} is disabled: their sessions are ended.`)} /> : null}
      {can.enable ? <RowButton kind="operatorDisable" operator={operator} fields={{ disabled: 'no' }} label="Enable" onDone={() => onDone(`${who} is enabled.`)} /> : null}
      {can.remove ? <RowButton kind="operatorRemove" operator={operator} label="Remove" danger onDone={() => onDone(`${who} is removed.`)} /> : null}
    </div>
  );
}
