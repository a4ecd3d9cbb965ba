import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ACCOUNT_LABELS } from '../../src/domain/account.ts';
import type { User } from '../../src/domain/entities.ts';
import { connectRecoveryEmail } from '../../src/machines/recovery-email.connect.ts';
import { recoveryEmailMachine, type RecoveryEmailInput } from '../../src/machines/recovery-email.machine.ts';
import type { SignedInGateView } from '../../src/machines/signed-in-gate.types.ts';

type Answer = { success?: boolean; error?: unknown } | null;
const user = (recoveryEmail: string | null, recoveryEmailVerified = false): User => ({ id: 1, firstName: 'Ann', lastName: 'Lee', recoveryEmail, recoveryEmailVerified });
const ready: SignedInGateView = { gate: 'ready', checkingText: null };
const start = (input: RecoveryEmailInput) =>
  createActor(
    recoveryEmailMachine.provide({
      actors: {
        getCaptchaToken: fromPromise(async (): Promise<string | null> => 'tok'),
        setRecoveryEmail: fromPromise(() => new Promise<Answer>(() => undefined)),
        verifyRecoveryEmail: fromPromise(() => new Promise<Answer>(() => undefined)),
      },
    }),
    { input },
  ).start();

describe('connectRecoveryEmail', () => {
  test('loading until the user call answers, then the redirect for a signed-out visitor', () => {
    expect(connectRecoveryEmail({ gate: 'checking', checkingText: 'Checking login status...' }, undefined)).toMatchObject({ status: 'loading', busy: false, canSubmit: false, fieldLabel: ACCOUNT_LABELS.recoveryEmailField });
    expect(connectRecoveryEmail({ gate: 'redirect', checkingText: null }, undefined).status).toBe('redirect');
  });

  test('an unverified recovery email can be verified; a verified one cannot', () => {
    expect(connectRecoveryEmail(ready, start({ user: user('a@b.co') }).getSnapshot())).toMatchObject({ status: 'unverified', canVerify: true });
    expect(connectRecoveryEmail(ready, start({ user: user('a@b.co', true) }).getSnapshot())).toMatchObject({ status: 'verified', canVerify: false });
  });

  test('submit waits for a valid email and is busy while saving', async () => {
    const actor = start({ user: user(null) });
    expect(connectRecoveryEmail(ready, actor.getSnapshot())).toMatchObject({ status: 'notSet', canSubmit: false });
    actor.send({ type: 'email.changed', value: 'pat@pool.com' });
    expect(connectRecoveryEmail(ready, actor.getSnapshot())).toMatchObject({ value: 'pat@pool.com', canSubmit: true });
    actor.send({ type: 'email.submit' });
    await waitFor(actor, (s) => s.matches({ ready: 'saving' }));
    expect(connectRecoveryEmail(ready, actor.getSnapshot())).toMatchObject({ status: 'saving', busy: true, canSubmit: false });
  });
});
