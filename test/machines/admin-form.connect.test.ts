import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors.ts';
import { ADMIN_FORM_MESSAGES } from '../../src/domain/admin-orders.ts';
import { connectAdminForm } from '../../src/machines/admin-form.connect.ts';
import { adminFormMachine } from '../../src/machines/admin-form.machine.ts';
import type { AdminFormInput, AdminSubmitInput } from '../../src/machines/admin-form.types.ts';

/** A form whose call is `call`; `sent` records what reached it. */
function start(input: AdminFormInput, call: (input: AdminSubmitInput) => Promise<unknown>) {
  const sent: AdminSubmitInput[] = [];
  const actor = createActor(adminFormMachine.provide({
    actors: { submit: fromPromise(async ({ input }: { input: AdminSubmitInput }) => { sent.push(input); return await call(input); }) },
  }), { input }).start();
  return { actor, sent };
}

const never = () => new Promise<unknown>(() => undefined);
const lines = [{ id: 4, quantity: 2, fulfilled: 0, refunded: 0 }];

describe('connectAdminForm', () => {
  test('a new form shows its fields, no message, and can be sent', () => {
    const { actor } = start({ kind: 'signIn', fields: { email: 'a@b.c' } }, never);
    expect(connectAdminForm(actor.getSnapshot())).toEqual({
      status: 'editing', fields: { email: 'a@b.c' }, error: null, canSubmit: true, busy: false, done: false, result: null,
    });
  });

  test('a form its check refuses shows the check\'s message and sends nothing', () => {
    const { actor, sent } = start({ kind: 'fulfil', fields: { carrier: 'ups', 'line.4': '2' }, subject: { lines, refundableCents: 0 } }, never);
    actor.send({ type: 'form.submit' });
    expect(connectAdminForm(actor.getSnapshot())).toMatchObject({ status: 'editing', error: ADMIN_FORM_MESSAGES.tracking, canSubmit: true });
    expect(sent).toEqual([]);
    // typing clears the message
    actor.send({ type: 'field.changed', name: 'trackingNumber', value: '1Z' });
    expect(connectAdminForm(actor.getSnapshot()).error).toBeNull();
  });

  test('while the call is under way the form is busy and cannot be sent again', () => {
    const { actor, sent } = start({ kind: 'cancel' }, never);
    actor.send({ type: 'field.changed', name: 'reason', value: 'Out of stock' });
    actor.send({ type: 'form.submit' });
    expect(connectAdminForm(actor.getSnapshot())).toMatchObject({ status: 'submitting', busy: true, canSubmit: false });
    actor.send({ type: 'form.submit' });
    expect(sent).toEqual([{ kind: 'cancel', body: { reason: 'Out of stock' } }]);
  });

  test('the checked body goes to the call; its answer makes the form done', async () => {
    const { actor, sent } = start({ kind: 'fulfil', fields: { carrier: 'usps', trackingNumber: ' 9400 ', 'line.4': '1' }, subject: { lines, refundableCents: 0 } }, async () => ({ ok: 1 }));
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent).toEqual([{ kind: 'fulfil', body: { carrier: 'usps', trackingNumber: '9400', lines: [{ lineId: 4, quantity: 1 }] } }]);
    expect(connectAdminForm(actor.getSnapshot())).toMatchObject({ status: 'done', done: true, canSubmit: false, error: null, result: { ok: 1 } });
  });

  test('a refused call shows the server\'s words and keeps what was typed', async () => {
    const refusal = new ApiError('Something went wrong.', { kind: 'http', status: 409, serverMessage: 'That is more than was captured.' });
    const { actor } = start({ kind: 'refund', fields: { mode: 'amount', amount: '5' }, subject: { lines, refundableCents: 900 } }, async () => { throw refusal; });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(connectAdminForm(actor.getSnapshot())).toMatchObject({ status: 'editing', error: 'That is more than was captured.', fields: { mode: 'amount', amount: '5' }, canSubmit: true });
  });

  test('a failure without the server\'s words shows the error\'s own message', async () => {
    const { actor } = start({ kind: 'signIn', fields: { email: 'a@b.c', password: 'p' } }, async () => { throw new Error('Failed to fetch'); });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(connectAdminForm(actor.getSnapshot()).error).toBe('Failed to fetch');
  });

  test('a reset starts again from the given fields and the order as it is now', async () => {
    const { actor } = start({ kind: 'cancel', fields: { reason: 'x' } }, async () => ({}));
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    actor.send({ type: 'form.reset', fields: { reason: '' }, subject: { lines: [], refundableCents: 10 } });
    const snapshot = actor.getSnapshot();
    expect(connectAdminForm(snapshot)).toMatchObject({ status: 'editing', fields: { reason: '' }, error: null, result: null, canSubmit: true });
    expect(snapshot.context.subject.refundableCents).toBe(10);
  });
});
