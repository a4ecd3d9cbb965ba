import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors.ts';
import { SIGN_IN_TEXT, type SignInFlow } from '../../src/domain/sign-in.ts';
import { signInMachine, type SignInOutput } from '../../src/machines/sign-in.machine.ts';

function start(flow: SignInFlow, submit: (input: { flow: SignInFlow; body: Record<string, string> }) => Promise<SignInOutput>, token = '') {
  const spy = vi.fn(submit);
  const actor = createActor(signInMachine.provide({ actors: { submitFlow: fromPromise(({ input }) => spy(input)) } }), { input: { flow, token } }).start();
  return { actor, spy };
}

const serverSays = (message: string, status = 400) => new ApiError('Something went wrong. Please try again.', { kind: 'http', status, serverMessage: message });

describe('signInMachine', () => {
  test('a submit with problems makes no call, marks each field and keeps what was typed', () => {
    const { actor, spy } = start('register', async () => ({}));
    actor.send({ type: 'field.changed', field: 'email', value: 'ann@' });
    actor.send({ type: 'field.changed', field: 'password', value: 'short' });
    actor.send({ type: 'form.submit' });
    const c = actor.getSnapshot().context;
    expect(spy).not.toHaveBeenCalled();
    expect(c.errors).toEqual({
      firstName: SIGN_IN_TEXT.firstNameRequired,
      lastName: SIGN_IN_TEXT.lastNameRequired,
      email: SIGN_IN_TEXT.emailInvalid,
      password: SIGN_IN_TEXT.passwordTooShort,
      confirmPassword: SIGN_IN_TEXT.passwordMismatch,
    });
    expect(c.values).toEqual({ email: 'ann@', password: 'short' });
    expect(c.failures).toBe(1);
  });

  test('correcting a field clears its message only', () => {
    const { actor } = start('login', async () => ({}));
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'field.changed', field: 'email', value: 'ann@example.com' });
    expect(actor.getSnapshot().context.errors).toEqual({ password: SIGN_IN_TEXT.passwordRequired });
  });

  test('a failed sign-in shows the server message for the whole form and keeps the values', async () => {
    const { actor, spy } = start('login', async () => {
      throw serverSays('Invalid email or password.', 401);
    });
    actor.send({ type: 'field.changed', field: 'email', value: ' ann@example.com ' });
    actor.send({ type: 'field.changed', field: 'password', value: 'wrong password' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.formError !== null);
    expect(spy).toHaveBeenCalledWith({ flow: 'login', body: { email: 'ann@example.com', password: 'wrong password' } });
    const c = actor.getSnapshot().context;
    expect(c.formError).toBe('Invalid email or password.');
    expect(c.errors).toEqual({});
    expect(c.values).toEqual({ email: ' ann@example.com ', password: 'wrong password' });
  });

  test('a server message about one field shows beside that field', async () => {
    const { actor } = start('change-password', async () => {
      throw serverSays('Current password is incorrect.');
    });
    actor.send({ type: 'field.changed', field: 'currentPassword', value: 'nope' });
    actor.send({ type: 'field.changed', field: 'newPassword', value: 'a long new password' });
    actor.send({ type: 'field.changed', field: 'confirmPassword', value: 'a long new password' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.failures > 0);
    expect(actor.getSnapshot().context.errors).toEqual({ currentPassword: 'Current password is incorrect.' });
    expect(actor.getSnapshot().context.formError).toBeNull();
  });

  test('a success emits the output once and ends in done', async () => {
    const { actor } = start('login', async () => ({ signedIn: true }));
    const seen: SignInOutput[] = [];
    actor.on('signIn.succeeded', (e) => seen.push(e.output));
    actor.send({ type: 'field.changed', field: 'email', value: 'ann@example.com' });
    actor.send({ type: 'field.changed', field: 'password', value: 'x' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(seen).toEqual([{ signedIn: true }]);
  });

  test.each<[SignInFlow, string, Record<string, string>]>([
    ['logout', '', {}],
    ['verify-account', 'tok', { token: 'tok' }],
  ])('%s runs its call on entry', async (flow, token, body) => {
    const { actor, spy } = start(flow, async () => ({}), token);
    await waitFor(actor, (s) => s.matches('done'));
    expect(spy).toHaveBeenCalledWith({ flow, body });
  });

  test('a spent verification link fails with the server message and no form', async () => {
    const { actor } = start('verify-account', async () => {
      throw serverSays('This link is invalid or has expired.');
    }, 'tok');
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.formError).toBe('This link is invalid or has expired.');
  });

  test.each<SignInFlow>(['verify-account', 'reset-password'])('%s without a token makes no call', (flow) => {
    const { actor, spy } = start(flow, async () => ({}));
    expect(actor.getSnapshot().matches('linkBroken')).toBe(true);
    expect(actor.getSnapshot().context.formError).toBe(SIGN_IN_TEXT.missingToken);
    expect(spy).not.toHaveBeenCalled();
  });
});
