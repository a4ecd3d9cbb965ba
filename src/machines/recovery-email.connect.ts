/**
 * What the recovery email page shows, from a snapshot of its machine: a pure function, tested
 * without React; `useRecoveryEmail` returns it with the page's events.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import { ACCOUNT_LABELS, recoveryEmailStatusText, recoveryEmailSubmitLabel } from '../domain/account.ts';
import type { recoveryEmailMachine } from './recovery-email.machine.ts';
import type { RecoveryEmailContext } from './recovery-email.types.ts';
import type { SignedInGateView } from './signed-in-gate.types.ts';

/** The page's state name. */
export type RecoveryEmailStatus = 'loading' | 'redirect' | 'notSet' | 'unverified' | 'verified' | 'saving' | 'verifying';

/** What the recovery email page shows. */
export interface RecoveryEmailView {
  status: RecoveryEmailStatus;
  /** The Recovery Email field. */
  value: string;
  /** 'Recovery Email'. */
  fieldLabel: string;
  /** 'Update' when a recovery email exists, else 'Add'. */
  submitLabel: string;
  /** 'Recovery email verified', 'Your recovery email is not verified', or null. */
  statusText: string | null;
  /** The Verify now button shows (a recovery email exists and is unverified). */
  canVerify: boolean;
  /** Submit is possible now (a valid email, no request in flight). */
  canSubmit: boolean;
  /** A request is in flight. */
  busy: boolean;
  /** The last message (with the verification instructions as its detail). */
  notice: RecoveryEmailContext['notice'];
}

const READY = ['saving', 'verifying', 'notSet', 'unverified', 'verified'] as const;

/**
 * The view of the gate and of the page's snapshot: 'loading' until the user call answers and
 * 'redirect' for a signed-out visitor (the gate's, before the page runs), then the page's state.
 * @example connectRecoveryEmail({ gate: 'ready', checkingText: null }, actor.getSnapshot()).status; // 'notSet'
 */
export function connectRecoveryEmail(gate: SignedInGateView, snapshot: SnapshotFrom<typeof recoveryEmailMachine> | undefined): RecoveryEmailView {
  if (!snapshot) {
    return {
      status: gate.gate === 'redirect' ? 'redirect' : 'loading',
      value: '',
      fieldLabel: ACCOUNT_LABELS.recoveryEmailField,
      submitLabel: recoveryEmailSubmitLabel('not-set'),
      statusText: recoveryEmailStatusText('not-set'),
      canVerify: false,
      canSubmit: false,
      busy: false,
      notice: null,
    };
  }
  const status = READY.find((name) => snapshot.matches({ ready: name })) ?? 'loading';
  const c = snapshot.context;
  return {
    status,
    value: c.value,
    fieldLabel: ACCOUNT_LABELS.recoveryEmailField,
    submitLabel: c.submitLabel,
    statusText: c.statusText,
    canVerify: snapshot.can({ type: 'email.verify' }),
    canSubmit: snapshot.can({ type: 'email.submit' }),
    busy: status === 'saving' || status === 'verifying',
    notice: c.notice,
  };
}
