import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import { EXIT_INTENT } from '../../src/domain/exit-intent.ts';
import { connectExitIntent } from '../../src/machines/exit-intent.connect.ts';
import { exitIntentMachine } from '../../src/machines/exit-intent.machine.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('connectExitIntent', () => {
  test('closed and listening until the shopper leaves', () => {
    expect(connectExitIntent(createActor(exitIntentMachine, { input: { loggedIn: false, storedFlag: null } }).start().getSnapshot())).toEqual({ open: false, done: false });
  });

  test('a popup shown before is done from the start', () => {
    expect(connectExitIntent(createActor(exitIntentMachine, { input: { loggedIn: false, storedFlag: EXIT_INTENT.shownValue } }).start().getSnapshot()).done).toBe(true);
  });

  test('opens after the pointer leaves near the top, and is done once closed', async () => {
    const actor = createActor(exitIntentMachine, { input: { loggedIn: false, storedFlag: null } }).start();
    actor.send({ type: 'pointer.leave', clientY: 10 });
    await vi.advanceTimersByTimeAsync(EXIT_INTENT.delayMs);
    expect(connectExitIntent(actor.getSnapshot()).open).toBe(true);
    actor.send({ type: 'popup.close' });
    expect(connectExitIntent(actor.getSnapshot())).toEqual({ open: false, done: true });
  });
});
