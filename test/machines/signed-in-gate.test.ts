/** The sign-in gate of the account pages: the one place that checks signing in, then runs the page with the user as input. */
import { describe, expect, test } from 'vitest';
import { assign, createActor, emit, setup } from 'xstate';
import { MESSAGES } from '../../src/domain/account.ts';
import type { User } from '../../src/domain/entities.ts';
import { keepsPage, signedInGate, type SignedInGateInput } from '../../src/machines/signed-in-gate.ts';
import { connectSignedInGate, gatedPage } from '../../src/machines/signed-in-gate.connect.ts';

const ann: User = { id: 1, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', recoveryEmail: null, recoveryEmailVerified: false };
const bob: User = { ...ann, id: 2, email: 'bob@example.com', firstName: 'Bob' };

/** A page that greets its user as it starts (an emit on entering its first state) and counts pings. */
const page = setup({
  types: {
    context: {} as { user: User; note: string; pings: number },
    input: {} as { user: User; note?: string },
    events: {} as { type: 'ping' },
    emitted: {} as { type: 'notify'; tone: string; message: string },
  },
}).createMachine({
  context: ({ input }) => ({ user: input.user, note: input.note ?? '', pings: 0 }),
  entry: emit(({ context }) => ({ type: 'notify', tone: 'info', message: `hello ${context.user.firstName}` })),
  on: { ping: { actions: [assign({ pings: ({ context }) => context.pings + 1 }), emit({ type: 'notify', tone: 'info', message: 'pong' })] } },
});
const gated = signedInGate(page);

function start(input: SignedInGateInput<{ note?: string }>) {
  const actor = createActor(gated, { input });
  const heard: string[] = [];
  actor.on('*', (e: { type: string; message?: string; url?: string }) => heard.push(e.type === 'navigate' ? `navigate ${e.url}` : `${e.type} ${e.message}`));
  actor.start();
  const pageOf = () => gatedPage(actor.getSnapshot())?.getSnapshot() as { context: { user: User; note: string; pings: number } } | undefined;
  return { actor, heard, pageOf };
}

describe('the sign-in gate', () => {
  test('checks until the user call answers, saying so, and runs no page', () => {
    const { actor, heard, pageOf } = start({ fetched: false });
    expect(connectSignedInGate(actor.getSnapshot())).toEqual({ gate: 'checking', checkingText: MESSAGES.checkingLogin });
    expect(pageOf()).toBeUndefined();
    expect(heard).toEqual([]);
  });

  test.each([
    [null, '/login.asp'],
    ['/wallet', '/login.asp?returnTo=%2Fwallet'],
    ['https://evil.example/x', '/login.asp'],
  ])('sends a signed-out visitor to the login page once, the history entry replaced (come back to %s)', (returnPath, url) => {
    const { actor, heard, pageOf } = start({ fetched: true, user: null, returnPath });
    expect(connectSignedInGate(actor.getSnapshot())).toEqual({ gate: 'redirect', checkingText: null });
    expect(heard).toEqual([`navigate ${url}`]);
    expect(pageOf()).toBeUndefined();
  });

  test('runs the page with the signed-in user and the page\'s own input, and relays what it emits from its first state on', () => {
    const { actor, heard, pageOf } = start({ fetched: true, user: ann, page: { note: 'n' } });
    expect(connectSignedInGate(actor.getSnapshot()).gate).toBe('ready');
    expect(pageOf()?.context).toMatchObject({ user: ann, note: 'n' });
    expect(heard).toEqual(['notify hello Ann']);
  });

  test('a page started by the user call\'s answer is heard from its first state too', () => {
    const { actor, heard, pageOf } = start({ fetched: false, page: { note: 'n' } });
    actor.send({ type: 'login.changed', fetched: true, user: ann });
    expect(pageOf()?.context).toMatchObject({ user: ann, note: 'n' });
    expect(heard).toEqual(['notify hello Ann']);
  });

  test('hands the page every other event', () => {
    const { actor, heard, pageOf } = start({ fetched: true, user: ann });
    actor.send({ type: 'ping' });
    expect(pageOf()?.context.pings).toBe(1);
    expect(heard).toEqual(['notify hello Ann', 'notify pong']);
  });

  test('the same user refreshed keeps the page; another user restarts it; signing out redirects', () => {
    const { actor, heard, pageOf } = start({ fetched: true, user: ann });
    actor.send({ type: 'ping' });
    actor.send({ type: 'login.changed', fetched: true, user: { ...ann, recoveryEmail: 'a@b.co' } });
    expect(pageOf()?.context.pings).toBe(1);
    actor.send({ type: 'login.changed', fetched: true, user: bob });
    expect(pageOf()?.context).toMatchObject({ user: bob, pings: 0 });
    actor.send({ type: 'login.changed', fetched: true, user: null });
    expect(connectSignedInGate(actor.getSnapshot()).gate).toBe('redirect');
    expect(pageOf()).toBeUndefined();
    expect(heard).toEqual(['notify hello Ann', 'notify pong', 'notify hello Bob', 'navigate /login.asp']);
  });

  test('signing in on the redirect runs the page', () => {
    const { actor, pageOf } = start({ fetched: true, user: null });
    actor.send({ type: 'login.changed', fetched: true, user: ann });
    expect(pageOf()?.context.user).toEqual(ann);
  });
});

describe('keepsPage', () => {
  test.each([
    [{ fetched: true, user: ann }, { fetched: true, user: { ...ann } }, true],
    [{ fetched: true, user: null }, { fetched: true, user: null }, true],
    [{ fetched: false, user: null }, { fetched: true, user: ann }, false],
    [{ fetched: true, user: ann }, { fetched: true, user: bob }, false],
    [{ fetched: true, user: ann }, { fetched: true, user: null }, false],
  ])('%j then %j keeps the page: %s', (before, after, kept) => {
    expect(keepsPage(before, after)).toBe(kept);
  });
});
