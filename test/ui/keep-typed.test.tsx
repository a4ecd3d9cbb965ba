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
});
