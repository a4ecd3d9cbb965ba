import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { SIGN_IN_FIELDS, SIGN_IN_TEXT } from '../../src/domain/sign-in.ts';
import { connectSignIn } from '../../src/machines/sign-in.connect.ts';
import { signInMachine, type SignInOutput } from '../../src/machines/sign-in.machine.ts';

function start(answer: () => Promise<SignInOutput | null>) {
  return createActor(signInMachine.provide({ actors: { submitFlow: fromPromise(answer) } }), { input: { flow: 'login' } }).start();
}

describe('connectSignIn', () => {
  test('an untouched form is editing with its flow\'s words and can be submitted', () => {
    const view = connectSignIn(start(async () => ({})).getSnapshot());
    expect(view).toMatchObject({ flow: 'login', status: 'editing', title: SIGN_IN_TEXT.titles.login, submitLabel: SIGN_IN_TEXT.submit.login, successText: null, canSubmit: true });
    expect(view.fields).toBe(SIGN_IN_FIELDS.login);
  });

  test('while the call is under way the form cannot be submitted again', () => {
    const actor = start(() => new Promise(() => undefined));
    actor.send({ type: 'field.changed', field: 'email', value: 'ann@example.com' });
    actor.send({ type: 'field.changed', field: 'password', value: 'secret-password' });
    actor.send({ type: 'form.submit' });
    expect(connectSignIn(actor.getSnapshot())).toMatchObject({ status: 'submitting', canSubmit: false });
  });

  test('a failed check shows the field errors and counts the failure', () => {
    const actor = start(async () => ({}));
    actor.send({ type: 'form.submit' });
    const view = connectSignIn(actor.getSnapshot());
    expect(view.status).toBe('editing');
    expect(view.errors.email).toBeTruthy();
    expect(view.failures).toBe(1);
  });

  test('a finished sign-in says it signed in and shows the success text', async () => {
    const actor = start(async () => ({ signedIn: true }));
    actor.send({ type: 'field.changed', field: 'email', value: 'ann@example.com' });
    actor.send({ type: 'field.changed', field: 'password', value: 'secret-password' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(connectSignIn(actor.getSnapshot())).toMatchObject({ status: 'done', signedIn: true, successText: SIGN_IN_TEXT.success.login });
  });
});
