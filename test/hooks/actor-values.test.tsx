/**
 * The hooks' machines are provided once per module and reach the values of the hook instance that
 * runs them through their actor system (src/hooks/actor-values.ts): two mounted hooks never call
 * each other's client, an invoked child reads its root's values, a new callback given on a later
 * render is the one called, and an actor no hook bound says so instead of calling anything.
 */
import { describe, expect, test, vi } from 'vitest';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { assign, createActor, createMachine, fromPromise, waitFor as waitForActor } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import { actorValues } from '../../src/hooks/actor-values.ts';
import { useLoader } from '../../src/hooks/useLoader.ts';
import { fakeClient, wrapper } from './hooks.helpers.tsx';

describe('actorValues', () => {
  const values = actorValues<{ answer: string }>('useTest');
  /** Asks an invoked child, which reads the values of its actor tree; keeps its answer or error. */
  const ask = createMachine({
    initial: 'asking',
    context: { answer: '', error: '' },
    states: {
      asking: {
        invoke: {
          src: fromPromise(async ({ system }) => values.of(system).answer),
          onDone: { target: 'done', actions: assign({ answer: ({ event }) => (event as unknown as { output: string }).output }) },
          onError: { target: 'done', actions: assign({ error: ({ event }) => ((event as unknown as { error: Error }).error).message }) },
        },
      },
      done: { type: 'final' },
    },
  });
  const answered = async (actor: ReturnType<typeof createActor<typeof ask>>) => {
    actor.start();
    return (await waitForActor(actor, (s) => s.status === 'done')).context;
  };

  test('each actor tree reads the values bound to it, in its invoked children', async () => {
    const first = values.bind(createActor(ask), { current: { answer: 'first' } });
    const second = values.bind(createActor(ask), { current: { answer: 'second' } });
    expect(await Promise.all([answered(first), answered(second)])).toEqual([
      { answer: 'first', error: '' },
      { answer: 'second', error: '' },
    ]);
  });

  test('the value the ref holds when the call is made is the one read', async () => {
    const ref = { current: { answer: 'old' } };
    const actor = values.bind(createActor(ask), ref);
    ref.current = { answer: 'new' };
    expect((await answered(actor)).answer).toBe('new');
  });

  test('an actor no hook bound fails its call with a message naming the hook', async () => {
    expect(await answered(createActor(ask))).toEqual({ answer: '', error: 'useTest: its machine runs outside the hook (no values bound to the actor)' });
  });
});

describe('hooks over one provided machine', () => {
  test('two loaders under two providers each call their own client', async () => {
    const nav = (title: string) => vi.fn(async () => ({ navData: [{ id: 1, url: '/', title, children: [] }] }));
    const one = nav('one');
    const two = nav('two');
    const load = (client: ApiClient) => client.nav({});
    function Section({ id }: { id: string }) {
      const section = useLoader({ kind: 'nav', load });
      return <p data-testid={id}>{section.status === 'loaded' ? section.data?.navData[0]?.title : section.status}</p>;
    }
    const A = wrapper(fakeClient({ nav: one }));
    const B = wrapper(fakeClient({ nav: two }));
    const view = render(
      <>
        <A>
          <Section id="a" />
        </A>
        <B>
          <Section id="b" />
        </B>
      </>,
    );
    await waitFor(() => expect(view.getByTestId('a').textContent).toBe('one'));
    await waitFor(() => expect(view.getByTestId('b').textContent).toBe('two'));
    expect(one).toHaveBeenCalledTimes(1);
    expect(two).toHaveBeenCalledTimes(1);
  });

  test('a load callback given on a later render is the one a reload calls', async () => {
    const first = vi.fn(async () => 'first');
    const second = vi.fn(async () => 'second');
    const { result, rerender } = renderHook(({ load }) => useLoader({ kind: 'nav', load }), {
      initialProps: { load: first as (client: unknown) => Promise<string> },
      wrapper: wrapper(fakeClient()),
    });
    await waitFor(() => expect(result.current.data).toBe('first'));
    rerender({ load: second });
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toBe('second'));
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
