/**
 * Fixtures for the API client tests: a fake fetch that records every Request it receives and
 * answers from a script, and response builders.
 */
import type { FetchLike } from '../../src/api/client.ts';

/** A JSON response, 200 unless told. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** A text response, 200 unless told. */
export function textResponse(body: string, status = 200, contentType = 'text/plain; charset=utf-8'): Response {
  return new Response(body, { status, headers: { 'content-type': contentType } });
}

/**
 * What a recorded attempt looked like: the Request, its body text (read on arrival, because ky
 * cancels the request body once the call settles) and the (fake) clock when it arrived.
 */
export interface Attempt {
  request: Request;
  body: string;
  at: number;
}

/**
 * A fetch that records each Request and answers with `respond(request, attemptNumber)`
 * (1-based). `respond` may throw to simulate a network failure.
 */
export function recordingFetch(respond: (request: Request, attempt: number) => Response | Promise<Response>) {
  const attempts: Attempt[] = [];
  const fetch: FetchLike = async (request) => {
    const at = Date.now();
    const attempt: Attempt = { request, body: '', at };
    attempts.push(attempt);
    const n = attempts.length;
    // Read a clone so `respond` may still read the original.
    attempt.body = request.body === null ? '' : await request.clone().text();
    return respond(request, n);
  };
  return { fetch, attempts, requests: () => attempts.map((a) => a.request) };
}

/** A fetch that fails the network `failures` times (with `error(k)` on attempt k), then answers `ok`. */
export function flakyFetch(failures: number, error: (attempt: number) => unknown, ok: () => Response = () => jsonResponse({ checkout: null })) {
  return recordingFetch((_request, attempt) => {
    if (attempt <= failures) throw error(attempt);
    return ok();
  });
}

/** The body of a recorded attempt as parsed JSON, or null when it has none. */
export function jsonBody(attempt: Attempt): unknown {
  return attempt.body === '' ? null : (JSON.parse(attempt.body) as unknown);
}

/** The base URL the tests use. */
export const BASE = 'https://shop.test';
