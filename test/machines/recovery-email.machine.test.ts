import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { connectRecoveryEmail } from '../../src/machines/recovery-email.connect.ts';
import { signedInGate, type SignedInGateInput } from '../../src/machines/signed-in-gate.ts';
import { connectSignedInGate, gatedPage } from '../../src/machines/signed-in-gate.connect.ts';
import { recoveryEmailMachine, type RecoveryEmailEmitted, type RecoveryEmailInput } from '../../src/machines/recovery-email.machine.ts';
import type { User } from '../../src/domain/entities.ts';
import { ApiError } from '../../src/api/errors.ts';

const user = (recoveryEmail: string | null, recoveryEmailVerified = false): User => ({ id: 1, firstName: 'Ann', lastName: 'Lee', recoveryEmail, recoveryEmailVerified });

type Answer = { success?: boolean; error?: unknown } | null;
interface Fakes {
  token?: (action: string) => Promise<string | null>;
  save?: (input: { token: string; recoveryEmail: string }) => Promise<Answer>;
  verify?: (input: { token: string }) => Promise<Answer>;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

function provided(fakes: Fakes, calls: Array<[string, unknown]>) {
  return recoveryEmailMachine.provide({
    actors: {
      getCaptchaToken: fromPromise(async ({ input: i }) => {
        calls.push(['getCaptchaToken', i]);
        return (fakes.token ?? (async () => 'tok-1'))(i.action);
      }),
      setRecoveryEmail: fromPromise(async ({ input: i }) => {
        calls.push(['setRecoveryEmail', i]);
        return (fakes.save ?? (async () => ({ success: true })))(i);
      }),
      verifyRecoveryEmail: fromPromise(async ({ input: i }) => {
        calls.push(['verifyRecoveryEmail', i]);
        return (fakes.verify ?? (async () => ({ success: true })))(i);
      }),
    },
  });
}

function start(fakes: Fakes = {}, input: RecoveryEmailInput = { user: user(null) }) {
  const calls: Array<[string, unknown]> = [];
  const emitted: RecoveryEmailEmitted[] = [];
  const actor = createActor(provided(fakes, calls), { input });
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, emitted, calls };
}

const idle = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => !s.matches({ ready: 'saving' }) && !s.matches({ ready: 'verifying' }));
const notes = (emitted: RecoveryEmailEmitted[]) => emitted.filter((e) => e.type === 'notify');

/** The page behind the sign-in gate, as the hook runs it. */
function startGated(input: SignedInGateInput) {
  const emitted: { type: string }[] = [];
  const gate = createActor(signedInGate(provided({}, [])), { input });
  gate.on('*', (e) => emitted.push(e));
  gate.start();
  return { gate, emitted, page: () => gatedPage(gate.getSnapshot())?.getSnapshot() as SnapshotFrom<typeof recoveryEmailMachine> | undefined };
}

describe('behind the sign-in gate', () => {
  test('shows Loading until the user fetch finishes', () => {
    const { gate, page } = startGated({});
    expect(connectRecoveryEmail(connectSignedInGate(gate.getSnapshot()), page())).toMatchObject({ status: 'loading' });
  });

  test('redirects to login when fetched and not logged in', () => {
    const { gate, emitted, page } = startGated({});
    gate.send({ type: 'login.changed', fetched: true, user: null });
    expect(connectRecoveryEmail(connectSignedInGate(gate.getSnapshot()), page()).status).toBe('redirect');
    expect(emitted).toEqual([{ type: 'navigate', url: '/login.asp', replace: true }]);
  });

  test('the redirect carries the page to come back to after signing in', () => {
    const { emitted } = startGated({ fetched: true, user: null, returnPath: '/recovery-email' });
    expect(emitted).toEqual([{ type: 'navigate', url: '/login.asp?returnTo=%2Frecovery-email', replace: true }]);
  });

  test('shows the form once the user is known', () => {
    const { gate, page } = startGated({});
    gate.send({ type: 'login.changed', fetched: true, user: user('a@b.co') });
    expect(page()?.matches({ ready: 'unverified' })).toBe(true);
    expect(page()?.context.value).toBe('a@b.co');
  });

  test('signing out on the page redirects', () => {
    const { gate, emitted, page } = startGated({ fetched: true, user: user(null) });
    gate.send({ type: 'login.changed', fetched: true, user: null });
    expect(connectRecoveryEmail(connectSignedInGate(gate.getSnapshot()), page()).status).toBe('redirect');
    expect(emitted).toEqual([{ type: 'navigate', url: '/login.asp', replace: true }]);
  });
});

describe('states and labels', () => {
  test.each([
    ['not set', user(null), 'notSet', 'Add', null],
    ['set but unverified', user('a@b.co'), 'unverified', 'Update', 'Your recovery email is not verified'],
    ['verified', user('a@b.co', true), 'verified', 'Update', 'Recovery email verified'],
  ] as const)('%s: state %s, submit label %s, status %j', (_label, u, state, submitLabel, statusText) => {
    const { actor } = start({}, { user: u });
    expect(actor.getSnapshot().matches({ ready: state })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ submitLabel, statusText });
  });
});

describe('saving', () => {
  test("sends the captcha token and the email, then 'Recovery email updated successfully'; the new email is unverified", async () => {
    const { actor, emitted, calls } = start();
    actor.send({ type: 'email.changed', value: ' backup@example.com ' });
    actor.send({ type: 'email.submit' });
    expect(actor.getSnapshot().matches({ ready: 'saving' })).toBe(true);
    await idle(actor);
    expect(calls).toEqual([
      ['getCaptchaToken', { action: 'recovery_email' }],
      ['setRecoveryEmail', { token: 'tok-1', recoveryEmail: 'backup@example.com' }],
    ]);
    expect(notes(emitted)).toEqual([{ type: 'notify', tone: 'success', message: 'Recovery email updated successfully' }]);
    expect(actor.getSnapshot().matches({ ready: 'unverified' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ recoveryEmail: 'backup@example.com', submitLabel: 'Update' });
  });

  test('saving the already verified address again keeps it verified', async () => {
    const { actor } = start({}, { user: user('a@b.co', true) });
    actor.send({ type: 'email.submit' });
    await idle(actor);
    expect(actor.getSnapshot().matches({ ready: 'verified' })).toBe(true);
  });

  test.each(['', '   '])('saving with an empty value (%j) does nothing', (value) => {
    const { actor, calls } = start();
    actor.send({ type: 'email.changed', value });
    expect(actor.getSnapshot().can({ type: 'email.submit' })).toBe(false);
    actor.send({ type: 'email.submit' });
    expect(actor.getSnapshot().matches({ ready: 'notSet' })).toBe(true);
    expect(calls).toEqual([]);
  });

  test.each([null, ''])("a captcha that is not loaded (token %j) shows 'reCAPTCHA is not loaded. Make sure JavaScript is enabled in your browser.'", async (token) => {
    const { actor, emitted, calls } = start({ token: async () => token });
    actor.send({ type: 'email.changed', value: 'a@b.co' });
    actor.send({ type: 'email.submit' });
    await idle(actor);
    expect(notes(emitted)).toEqual([{ type: 'notify', tone: 'danger', message: 'reCAPTCHA is not loaded. Make sure JavaScript is enabled in your browser.' }]);
    expect(calls.map(([name]) => name)).toEqual(['getCaptchaToken']);
    expect(actor.getSnapshot().matches({ ready: 'notSet' })).toBe(true);
  });

  test.each([
    ["the server's error text", { save: async () => ({ success: false, error: 'Email already in use' }) }, 'Email already in use'],
    ['the exception message', { save: async () => Promise.reject(new Error('Network down')) }, 'Network down'],
    ['the captcha exception message', { token: async () => Promise.reject(new Error('captcha timeout')) }, 'captcha timeout'],
    // issue 18, defect 7: a refused save (400 with { error }) showed 'Something went wrong. Please try again.'
    [
      "the server's reason of a refused call (kept as serverMessage)",
      { save: async () => Promise.reject(new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 400, serverMessage: 'Please enter a valid email address.' })) },
      'Please enter a valid email address.',
    ],
  ] as const)('a failure shows %s as a danger notification', async (_label, fakes, message) => {
    const { actor, emitted } = start(fakes);
    actor.send({ type: 'email.changed', value: 'a@b.co' });
    actor.send({ type: 'email.submit' });
    await idle(actor);
    expect(notes(emitted)).toEqual([{ type: 'notify', tone: 'danger', message }]);
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'danger', message });
    expect(actor.getSnapshot().matches({ ready: 'notSet' })).toBe(true);
  });
});

describe('verifying', () => {
  test("sends a link: 'Verification link has been sent to your recovery email.' plus the longer instruction", async () => {
    const { actor, emitted, calls } = start({}, { user: user('a@b.co') });
    actor.send({ type: 'email.verify' });
    expect(actor.getSnapshot().matches({ ready: 'verifying' })).toBe(true);
    await idle(actor);
    expect(calls).toEqual([
      ['getCaptchaToken', { action: 'recovery_email_verify' }],
      ['verifyRecoveryEmail', { token: 'tok-1' }],
    ]);
    const [note] = notes(emitted);
    expect(note).toMatchObject({ tone: 'success', message: 'Verification link has been sent to your recovery email.' });
    expect(note?.detail).toMatch(/recovery email/);
    expect(actor.getSnapshot().matches({ ready: 'unverified' })).toBe(true);
  });

  test('is ignored while a request is in flight', async () => {
    const gate = deferred<Answer>();
    const { actor, calls } = start({ verify: () => gate.promise }, { user: user('a@b.co') });
    actor.send({ type: 'email.verify' });
    await waitFor(actor, (s) => s.matches({ ready: { verifying: 'request' } }));
    expect(actor.getSnapshot().can({ type: 'email.verify' })).toBe(false);
    actor.send({ type: 'email.verify' });
    actor.send({ type: 'email.submit' });
    gate.resolve({ success: true });
    await idle(actor);
    expect(calls.map(([name]) => name)).toEqual(['getCaptchaToken', 'verifyRecoveryEmail']);
  });

  test('verify is also ignored while saving', () => {
    const { actor } = start({ save: () => new Promise(() => {}) }, { user: user('a@b.co') });
    actor.send({ type: 'email.submit' });
    actor.send({ type: 'email.verify' });
    expect(actor.getSnapshot().matches({ ready: 'saving' })).toBe(true);
  });

  test('a verified or unset email offers no verify', () => {
    expect(start({}, { user: user('a@b.co', true) }).actor.getSnapshot().can({ type: 'email.verify' })).toBe(false);
    expect(start().actor.getSnapshot().can({ type: 'email.verify' })).toBe(false);
  });
});

describe('form', () => {
  test('Back goes one page back', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'form.back' });
    expect(emitted).toEqual([{ type: 'navigate.back' }]);
  });

  test('notice.dismiss clears the inline message', async () => {
    const { actor } = start({ token: async () => null });
    actor.send({ type: 'email.changed', value: 'a@b.co' });
    actor.send({ type: 'email.submit' });
    await idle(actor);
    actor.send({ type: 'notice.dismiss' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });
});
