/**
 * The shared response rules, in one place so every call reads an answer the same way:
 *
 * 1. status 204 gives null;
 * 2. a non-ok status throws {@link GENERIC_ERROR_MESSAGE}, keeping the server's JSON `error`
 *    as `serverMessage`;
 * 3. an ok JSON answer with an `error` field throws that error;
 * 4. an ok JSON answer otherwise gives the parsed body;
 * 5. an ok non-JSON answer gives its text.
 *
 * @module
 */
import { ApiError, GENERIC_ERROR_MESSAGE } from './errors.ts';

/**
 * Whether a Content-Type names JSON: `application/json` and the `+json` family
 * (`application/problem+json`), with or without parameters.
 */
export function isJsonContentType(contentType: string | null): boolean {
  if (!contentType) return false;
  const mime = (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
  return /^[a-z0-9!#$&^_.+-]+\/(?:[a-z0-9!#$&^_.-]+\+)?json$/.test(mime);
}

/**
 * Whether a JSON `error` field counts as an error. Chosen to match the truthiness test a browser
 * client applies (`if (body.error)`), so a server that always sends `error: null` (or `''`,
 * `false`) alongside a success is not mistaken for a failure.
 */
export function hasErrorField(body: unknown): body is { error: unknown } {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && Boolean((body as { error?: unknown }).error);
}

/**
 * The text of a server `error` value: a string as is, an object's string `message`, anything else
 * as JSON. Servers differ in how they shape errors; screens need one line of text.
 */
export function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/**
 * Reads an answer by the shared rules. An ok JSON answer with an empty body gives null, like a
 * 204 (a server that ends a JSON reply without content has nothing to say). An ok answer that
 * declares JSON but does not parse throws the generic message (kind `parse`), because handing a
 * machine a half-read body as "text" would hide a server bug.
 *
 * @example
 * const body = await readResponse(await fetch('/api/checkouts'));
 * // null | parsed JSON | text; throws ApiError otherwise
 */
export async function readResponse(response: Response): Promise<unknown> {
  return readAnswer(response.status, response.headers.get('content-type'), () => response.text());
}

/**
 * {@link readResponse} of an answer given as its parts: the status, the Content-Type and a
 * reader of the body's text (called at most once). The client reads a transport's answers
 * (`ClientOptions.transport`) with it, by the same rules as a fetch's.
 *
 * @example
 * await readAnswer(200, 'application/json', () => '{"products":[]}'); // { products: [] }
 */
export async function readAnswer(status: number, contentType: string | null, text: () => string | Promise<string>): Promise<unknown> {
  if (status === 204) return null;
  const json = isJsonContentType(contentType);

  if (status < 200 || status > 299) {
    let serverMessage: string | null = null;
    if (json) {
      const body = await safeJson(text);
      if (body.ok && hasErrorField(body.value)) serverMessage = errorText(body.value.error);
    }
    throw new ApiError(GENERIC_ERROR_MESSAGE, { kind: 'http', status, serverMessage });
  }

  if (!json) return text();

  const body = await safeJson(text);
  if (!body.ok) throw new ApiError(GENERIC_ERROR_MESSAGE, { kind: 'parse', status, cause: body.error });
  if (hasErrorField(body.value)) {
    const message = errorText(body.value.error);
    throw new ApiError(message, { kind: 'server', status, serverMessage: message });
  }
  return body.value;
}

type JsonRead = { ok: true; value: unknown } | { ok: false; error: unknown };

async function safeJson(read: () => string | Promise<string>): Promise<JsonRead> {
  let text: string;
  try {
    text = await read();
  } catch (error) {
    return { ok: false, error };
  }
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error };
  }
}
