import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { LOADER_MESSAGES, loaderMachine, type LoaderEmitted, type LoaderInput } from '../../src/machines/loader.machine.ts';

function start(load: (input: { kind: string; params: unknown }) => Promise<unknown>, input: LoaderInput) {
  const calls: unknown[] = [];
  const machine = loaderMachine.provide({
    actors: {
      load: fromPromise(async ({ input: call }) => {
        calls.push(call);
        return load(call);
      }),
    },
  });
  const emitted: LoaderEmitted[] = [];
  const actor = createActor(machine, { input });
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, emitted, calls };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.matches('loading'));

describe('home product grids', () => {
  test('load with the grid parameters and list the products', async () => {
    const products = [{ id: 1 }, { id: 2 }];
    const params = { page: 0, limit: 4, isFeatured: true, sortBy: 'best_selling' };
    const { actor, calls } = start(async () => products, { kind: 'products', params });
    expect(actor.getSnapshot().value).toBe('loading');
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.data).toEqual(products);
    expect(calls).toEqual([{ kind: 'products', params }]);
  });

  test('a failure shows a toast with the error message in the error style', async () => {
    const { actor, emitted } = start(
      async () => {
        throw new Error('Service unavailable');
      },
      { kind: 'products' },
    );
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Service unavailable', message: null });
    expect(emitted).toEqual([{ type: 'notify', tone: 'error', message: 'Service unavailable' }]);
  });
});

describe('blog carousel', () => {
  test("a failure shows 'Failed to load articles. Please try again later.' inline, with no toast", async () => {
    const { actor, emitted } = start(
      async () => {
        throw new Error('boom');
      },
      { kind: 'articles' },
    );
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe('Failed to load articles. Please try again later.');
    expect(emitted.filter((e) => e.type === 'notify')).toEqual([]);
  });

  test.each([
    ['an empty list', []],
    ['an empty articles field', { articles: [] }],
  ])("%s shows 'No articles found'", async (_label, answer) => {
    const { actor } = start(async () => answer, { kind: 'articles' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().context.message).toBe('No articles found');
  });

  test('articles listed clear any message', async () => {
    const { actor } = start(async () => [{ id: 1, title: 'Opening your pool' }], { kind: 'articles' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.message).toBeNull();
  });
});

describe('navigation and footer lists', () => {
  test('a nav fetch failure is a danger notification with the exception message', async () => {
    const { actor, emitted } = start(
      async () => {
        throw new Error('nav down');
      },
      { kind: 'nav' },
    );
    await settled(actor);
    expect(emitted).toEqual([{ type: 'notify', tone: 'danger', message: 'nav down' }]);
  });

  test.each(['reviews', 'vendors'] as const)('a %s failure is logged only', async (kind) => {
    const error = new Error('offline');
    const { actor, emitted } = start(
      async () => {
        throw error;
      },
      { kind },
    );
    await settled(actor);
    expect(emitted).toEqual([{ type: 'log', source: 'load', message: 'offline', error }]);
  });

  test('every kind has a rule', () => {
    expect(Object.keys(LOADER_MESSAGES).sort()).toEqual(['articles', 'nav', 'products', 'reviews', 'vendors']);
  });
});

describe('initial data and reload', () => {
  test('data in the input starts loaded without a call', () => {
    const { actor, calls } = start(async () => [], { kind: 'products', data: [{ id: 1 }] });
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(calls).toEqual([]);
  });

  test('empty data in the input starts empty with its message', () => {
    const { actor } = start(async () => [], { kind: 'articles', data: [] });
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().context.message).toBe('No articles found');
  });

  test('loader.reload calls again with the new parameters and clears the failure', async () => {
    let fail = true;
    const { actor, calls } = start(
      async () => {
        if (fail) throw new Error('boom');
        return [{ id: 1 }];
      },
      { kind: 'articles', params: { page: 0 } },
    );
    await settled(actor);
    fail = false;
    actor.send({ type: 'loader.reload', params: { page: 1 } });
    expect(actor.getSnapshot().context.message).toBeNull();
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(calls).toEqual([
      { kind: 'articles', params: { page: 0 } },
      { kind: 'articles', params: { page: 1 } },
    ]);
  });

  test('the default load actor names itself', async () => {
    const actor = createActor(loaderMachine, { input: { kind: 'products' } });
    const messages: string[] = [];
    actor.on('notify', (e) => messages.push(e.message));
    actor.start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(messages).toEqual(["Provide the 'load' actor"]);
  });
});
