import { describe, expect, test } from 'vitest';
import { LOADING_MESSAGES } from '../../src/domain/loading.ts';
import { connectLoader, LOADER_MESSAGES, loaderFailureNotice } from '../../src/machines/loader.connect.ts';
import type { LoaderKind } from '../../src/machines/loader.types.ts';

describe('connectLoader', () => {
  test('a pending read is loading with no data', () => {
    expect(connectLoader({ status: 'pending', data: undefined, error: null }, 'products')).toEqual({ status: 'loading', data: null, loading: true, error: null, message: null });
  });

  test('an answer with items is loaded; an empty answer is empty with the kind\'s text', () => {
    expect(connectLoader({ status: 'success', data: [1], error: null }, 'articles')).toMatchObject({ status: 'loaded', data: [1], message: null });
    expect(connectLoader({ status: 'success', data: { articles: [] }, error: null }, 'articles')).toMatchObject({ status: 'empty', message: LOADING_MESSAGES.noArticles });
  });

  test("a failure is failed with the error's message and the kind's inline text", () => {
    expect(connectLoader({ status: 'error', data: undefined, error: new Error('boom') }, 'articles')).toMatchObject({ status: 'failed', error: 'boom', message: LOADING_MESSAGES.articlesFailed });
  });

  test('a reload in flight shows loading and keeps the last answer', () => {
    expect(connectLoader({ status: 'success', data: [1], error: null }, 'nav', true)).toMatchObject({ status: 'loading', loading: true, data: [1] });
  });

  test.each(Object.keys(LOADER_MESSAGES) as LoaderKind[])('a %s failure is a toast in its tone, else a log line', (kind) => {
    const notice = loaderFailureNotice(kind, new Error('down'));
    const tone = LOADER_MESSAGES[kind].failureTone;
    expect(notice).toEqual(tone ? { type: 'notify', tone, message: 'down' } : { type: 'log', source: 'load', message: 'down', error: expect.any(Error) });
  });
});
