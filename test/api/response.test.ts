import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { ApiError, GENERIC_ERROR_MESSAGE, isApiError } from '../../src/api/errors.ts';
import { errorText, hasErrorField, isJsonContentType, readResponse } from '../../src/api/response.ts';
import { createClient } from '../../src/api/client.ts';
import { BASE, jsonResponse, recordingFetch, textResponse } from './api.helpers.ts';

/** Statuses a Response can carry a body with, split into ok and not ok. */
const okStatus = fc.integer({ min: 200, max: 299 }).filter((s) => s !== 204 && s !== 205);
const notOkStatus = fc.integer({ min: 400, max: 599 });
/** A JSON object whose `error` is absent or falsy, so it must come back as is. */
const quietBody = fc
  .dictionary(fc.string().filter((k) => k !== 'error' && k !== '__proto__'), fc.jsonValue())
  .chain((d) => fc.constantFrom<unknown>(undefined, null, '', false, 0).map((e) => (e === undefined ? d : { ...d, error: e })));

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(isApiError(error)).toBe(true);
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}

describe('shared response rules', () => {
  test('status 204 gives null', async () => {
    await expect(readResponse(new Response(null, { status: 204 }))).resolves.toBeNull();
  });

  test.each([
    ['a checkout', { checkout: { webUrl: 'https://shop.test/checkouts/c9f1' } }],
    ['a success with error null', { success: true, error: null }],
    ['a success with an empty error', { success: true, error: '' }],
    ['a success with error false', { success: true, error: false }],
    ['a list', [1, 2, 3]],
  ])('an ok JSON answer without a truthy error gives the body: %s', async (_label, body) => {
    await expect(readResponse(jsonResponse(body))).resolves.toEqual(body);
  });

  test.each([
    ['a string error', { success: false, error: 'Coupon code expired' }, 'Coupon code expired'],
    ['an error object with a message', { error: { message: 'Address not found' } }, 'Address not found'],
    ['an error object without a message', { error: { code: 7 } }, '{"code":7}'],
    ['a numeric error', { error: 42 }, '42'],
  ])('an ok JSON answer with an error field throws that error: %s', async (_label, body, message) => {
    const error = await rejection(readResponse(jsonResponse(body)));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message, kind: 'server', status: 200, serverMessage: message });
  });

  test.each([
    ['html', '<p>Thanks</p>', 'text/html; charset=utf-8'],
    ['plain text', 'OK', 'text/plain'],
    ['text that looks like JSON', '{"error":"not an error"}', 'text/plain'],
  ])('an ok non-JSON answer gives its text: %s', async (_label, body, type) => {
    await expect(readResponse(textResponse(body, 200, type))).resolves.toBe(body);
  });

  test('an ok answer without a content type gives its text', async () => {
    const response = new Response(new TextEncoder().encode('plain bytes'), { status: 200 });
    expect(response.headers.get('content-type')).toBeNull();
    await expect(readResponse(response)).resolves.toBe('plain bytes');
  });

  test('an ok JSON answer with an empty body gives null', async () => {
    await expect(readResponse(textResponse('', 200, 'application/json'))).resolves.toBeNull();
  });

  test('an ok answer that declares JSON but does not parse throws the generic message', async () => {
    const error = await rejection(readResponse(textResponse('{oops', 200, 'application/json')));
    expect(error).toMatchObject({ message: GENERIC_ERROR_MESSAGE, kind: 'parse', status: 200, serverMessage: null });
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  test.each([
    ['500 with a JSON error', jsonResponse({ error: 'Database unavailable' }, 500), 500, 'Database unavailable'],
    ['422 with a JSON error', jsonResponse({ error: 'Invalid postal code' }, 422), 422, 'Invalid postal code'],
    ['400 with JSON but no error', jsonResponse({ message: 'nope' }, 400), 400, null],
    ['404 with a text body', textResponse('Not Found', 404), 404, null],
    ['502 with broken JSON', textResponse('<html>', 502, 'application/json'), 502, null],
    ['503 with no body', new Response(null, { status: 503 }), 503, null],
  ])('a non-ok answer throws the generic message and keeps the server error: %s', async (_label, response, status, serverMessage) => {
    const error = await rejection(readResponse(response));
    expect(error).toMatchObject({ message: GENERIC_ERROR_MESSAGE, kind: 'http', status, serverMessage });
  });

  test('the client applies the rules to every call (204 through a cart call)', async () => {
    const rec = recordingFetch(() => new Response(null, { status: 204 }));
    await expect(createClient({ baseUrl: BASE, fetch: rec.fetch }).addRelatedProductToOrder(1, 2)).resolves.toBeNull();
  });

  test('the client throws the generic message on a non-ok answer, with the server error kept', async () => {
    const rec = recordingFetch(() => jsonResponse({ error: 'Product already in order' }, 409));
    const error = await rejection(createClient({ baseUrl: BASE, fetch: rec.fetch }).addRelatedProductToOrder(1, 2));
    expect(error).toMatchObject({ message: GENERIC_ERROR_MESSAGE, status: 409, serverMessage: 'Product already in order' });
  });

  test('the client throws the server error of an ok answer (a coupon refusal)', async () => {
    const rec = recordingFetch(() => jsonResponse({ error: 'Discount code not found' }));
    const error = await rejection(createClient({ baseUrl: BASE, fetch: rec.fetch }).applyDiscountCode('c9f1', 'NOPE'));
    expect(error).toMatchObject({ message: 'Discount code not found', kind: 'server', status: 200 });
  });
});

describe('laws of the response rules', () => {
  test('an ok JSON answer without a truthy error round-trips', async () => {
    await fc.assert(
      fc.asyncProperty(okStatus, quietBody, async (status, body) => {
        const sent = JSON.parse(JSON.stringify(body)) as unknown;
        await expect(readResponse(jsonResponse(body, status))).resolves.toEqual(sent);
      }),
    );
  });

  test('an ok non-JSON answer gives exactly its text', async () => {
    await fc.assert(
      fc.asyncProperty(okStatus, fc.string({ unit: 'grapheme' }), async (status, text) => {
        await expect(readResponse(textResponse(text, status))).resolves.toBe(text);
      }),
    );
  });

  test('any ok JSON answer with a non-empty string error throws that string', async () => {
    await fc.assert(
      fc.asyncProperty(okStatus, fc.string({ minLength: 1 }), quietBody, async (status, message, rest) => {
        const error = await rejection(readResponse(jsonResponse({ ...(rest as object), error: message }, status)));
        expect(error).toMatchObject({ message, status, kind: 'server', serverMessage: message });
      }),
    );
  });

  test('any non-ok answer throws the generic message, whatever the server said', async () => {
    await fc.assert(
      fc.asyncProperty(notOkStatus, fc.option(fc.string({ minLength: 1 }), { nil: undefined }), async (status, message) => {
        const body = message === undefined ? { detail: 'x' } : { error: message };
        const error = await rejection(readResponse(jsonResponse(body, status)));
        expect(error.message).toBe(GENERIC_ERROR_MESSAGE);
        expect(error.status).toBe(status);
        expect(error.serverMessage).toBe(message ?? null);
      }),
    );
  });
});

describe('helpers', () => {
  test.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['Application/JSON', true],
    ['application/problem+json', true],
    ['application/vnd.api+json; charset=utf-8', true],
    ['text/plain', false],
    ['text/html; charset=utf-8', false],
    ['application/jsonp', false],
    ['application/json-seq', false],
    ['', false],
    [null, false],
  ])('recognises JSON content types: %j -> %s', (type, expected) => {
    expect(isJsonContentType(type)).toBe(expected);
  });

  test.each([
    [{ error: 'x' }, true],
    [{ error: { message: 'x' } }, true],
    [{ error: null }, false],
    [{ error: '' }, false],
    [{ error: false }, false],
    [{ error: 0 }, false],
    [{}, false],
    [['error'], false],
    [null, false],
    ['error', false],
  ])('counts an error field only when it is truthy: %j -> %s', (body, expected) => {
    expect(hasErrorField(body)).toBe(expected);
  });

  test.each([
    ['Coupon expired', 'Coupon expired'],
    [{ message: 'Address not updated' }, 'Address not updated'],
    [{ code: 'E1' }, '{"code":"E1"}'],
    [7, '7'],
    [true, 'true'],
  ])('turns a server error into one line of text: %j', (value, text) => {
    expect(errorText(value)).toBe(text);
  });

  test('isApiError recognises an ApiError from another copy of the module by name and kind', () => {
    const foreign = Object.assign(new Error('x'), { name: 'ApiError', kind: 'http' });
    expect(isApiError(foreign)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError('ApiError')).toBe(false);
  });
});
