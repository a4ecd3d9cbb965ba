/** useKeepTyped: text typed into a server-rendered field before hydration is handed to the field's state. */
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useKeepTyped } from '../../src/ui/keep-typed.ts';

afterEach(cleanup);

/** A controlled field with a counter that re-renders it (as a page does while it hydrates). */
function Field({ onTyped, keepTyped = true }: { onTyped?: (name: string, text: string) => void; keepTyped?: boolean }) {
  const [text, setText] = useState('');
  const [renders, setRenders] = useState(0);
  const keep = useKeepTyped(
    () => text,
    (name, typed) => {
      onTyped?.(name, typed);
      setText(typed);
    },
  );
  return (
    <form>
      <input aria-label="Email" ref={keepTyped ? keep('email') : undefined} value={text} onChange={(e) => setText(e.target.value)} />
      <output>{text}</output>
      <button type="button" onClick={() => setRenders(renders + 1)}>
        render {renders}
      </button>
    </form>
  );
}

/** The server's HTML in the document, with `typed` in its input as a shopper left it before the scripts ran. */
function serverPage(typed: string, element: React.ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  container.querySelector('input')!.value = typed;
  return container;
}

describe('useKeepTyped', () => {
  test('an address typed before hydration stays in the field and in its state through later renders', async () => {
    const typed = vi.fn();
    const container = serverPage('ann@example.com', <Field />);
    const root = await act(async () => hydrateRoot(container, <Field onTyped={typed} />));
    const input = container.querySelector('input')!;
    expect(typed).toHaveBeenCalledWith('email', 'ann@example.com');
    expect(container.querySelector('output')!.textContent).toBe('ann@example.com');
    await act(async () => container.querySelector('button')!.click());
    expect(input.value).toBe('ann@example.com');
    expect(typed).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
    container.remove();
  });

  test('without it, the next render sets the typed text back to the empty state (the defect it mends)', async () => {
    const container = serverPage('ann@example.com', <Field keepTyped={false} />);
    const root = await act(async () => hydrateRoot(container, <Field keepTyped={false} />));
    await act(async () => container.querySelector('button')!.click());
    expect(container.querySelector('input')!.value).toBe('');
    expect(container.querySelector('output')!.textContent).toBe('');
    act(() => root.unmount());
    container.remove();
  });

  test('an untouched server field and a client render hand nothing on, and re-renders do not call it again', async () => {
    const typed = vi.fn();
    const container = serverPage('', <Field />);
    const root = await act(async () => hydrateRoot(container, <Field onTyped={typed} />));
    await act(async () => container.querySelector('button')!.click());
    act(() => root.unmount());
    container.remove();
    render(<Field onTyped={typed} />);
    await act(async () => screen.getByRole('button').click());
    expect(typed).not.toHaveBeenCalled();
  });

  describe('a select', () => {
    /** A controlled select over three sizes; `start` is its first value (one it may not offer). */
    function Size({ start, onChosen }: { start: string; onChosen?: (name: string, value: string) => void }) {
      const [size, setSize] = useState(start);
      const [renders, setRenders] = useState(0);
      const keep = useKeepTyped(
        () => size,
        (name, value) => {
          onChosen?.(name, value);
          setSize(value);
        },
      );
      return (
        <form>
          <select aria-label="Per page" ref={keep('limit')} value={size} onChange={(e) => setSize(e.target.value)}>
            <option value="">Default</option>
            <option value="24">24 per page</option>
            <option value="48">48 per page</option>
          </select>
          <output>{size}</output>
          <button type="button" onClick={() => setRenders(renders + 1)}>
            render {renders}
          </button>
        </form>
      );
    }

    /** The server's select in the document, with `chosen` selected as a shopper left it. */
    function serverSelect(start: string, chosen: string | null): HTMLElement {
      const container = document.createElement('div');
      container.innerHTML = renderToString(<Size start={start} />);
      document.body.append(container);
      if (chosen !== null) container.querySelector('select')!.value = chosen;
      return container;
    }

    test('an option chosen before hydration is handed on once and stays chosen', async () => {
      const chosen = vi.fn();
      const container = serverSelect('', '48');
      const root = await act(async () => hydrateRoot(container, <Size start="" onChosen={chosen} />));
      await act(async () => container.querySelector('button')!.click());
      expect(chosen).toHaveBeenCalledTimes(1);
      expect(chosen).toHaveBeenCalledWith('limit', '48');
      expect(container.querySelector('select')!.value).toBe('48');
      expect(container.querySelector('output')!.textContent).toBe('48');
      act(() => root.unmount());
      container.remove();
    });

    test('a value none of its options has (shown as the first option) is no choice: nothing is handed on', async () => {
      const chosen = vi.fn();
      render(<Size start="37" onChosen={chosen} />);
      await act(async () => screen.getByRole('button').click());
      const container = serverSelect('37', null);
      const root = await act(async () => hydrateRoot(container, <Size start="37" onChosen={chosen} />));
      expect(chosen).not.toHaveBeenCalled();
      expect(container.querySelector('output')!.textContent).toBe('37');
      act(() => root.unmount());
      container.remove();
    });
  });
});
