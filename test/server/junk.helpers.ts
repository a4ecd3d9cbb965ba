/**
 * Junk numbers for the junk-input properties: texts a lenient `Number(text)` would read as a
 * number (or as 0) but the API must refuse with 400 (issue 16 item 2), and the numeric
 * parameters of every route, read from the app's own OpenAPI document so a new route is
 * covered without editing a list.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

/** Fixed texts that are no number the API accepts, whatever the parameter (integer or decimal). */
export const BAD_NUMBER_TEXTS = [
  '1e999', '-1e999', '1e3', '1E2', '-0', '-0.0', '0x1F', '0b1', '0o7', 'NaN', 'Infinity', '-Infinity', '+1', '01', '1.', '.5', '1,5',
  '1_000', ' 1', '1 ', '\t2', '١', '٣٢', '१२', '１', '½', '', ' ', '9007199254740993', '99999999999999999999', '-9007199254740993', 'true', 'null', '[]',
] as const;

const OTHER_DIGITS = ['٠', '۰', '०', '০', '๐', '０'].map((zero) => zero.codePointAt(0) ?? 0x30);

/**
 * Generated bad numbers: exponents (finite or not), digits of other scripts, integers past 2^53,
 * hex, leading zeros and signs, plus the fixed texts.
 */
export const badNumberText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...BAD_NUMBER_TEXTS),
  fc.tuple(fc.integer({ min: -9, max: 9 }), fc.integer({ min: -400, max: 400 })).map(([m, e]) => `${m}e${e}`),
  fc.tuple(fc.nat(99_999), fc.constantFrom(...OTHER_DIGITS)).map(([n, zero]) => [...String(n)].map((d) => String.fromCodePoint(zero + Number(d))).join('')),
  fc.bigInt({ min: 2n ** 53n + 1n, max: 10n ** 30n }).map((n) => (n % 2n === 0n ? String(n) : `-${n}`)),
  fc.nat().map((n) => `0x${n.toString(16)}`),
  fc.nat(9999).map((n) => `0${n}`),
  fc.nat(9999).map((n) => `+${n}`),
  fc.constantFrom('Infinity', 'NaN', '1e309').map((s) => s),
);

/** A numeric parameter of a route: where it is and what it accepts. */
export interface NumericParameter {
  method: string;
  /** The OpenAPI path, e.g. '/api/products/{id}/related'. */
  path: string;
  in: 'query' | 'path';
  name: string;
  kind: 'integer' | 'number';
}

type OpenApiParameter = { in: string; name: string; schema?: { type?: string | string[] } };
type OpenApiDoc = { paths: Record<string, Record<string, { parameters?: OpenApiParameter[] }>> };

/** Every numeric query and path parameter of every route the app documents. */
export async function numericParametersOf(app: FastifyInstance): Promise<{ params: NumericParameter[]; pathParams: Map<string, OpenApiParameter[]> }> {
  const doc = (await app.inject({ url: '/api/docs/json' })).json() as OpenApiDoc;
  const params: NumericParameter[] = [];
  const pathParams = new Map<string, OpenApiParameter[]>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const list = op.parameters ?? [];
      pathParams.set(`${method} ${path}`, list.filter((p) => p.in === 'path'));
      for (const p of list) {
        if (p.in !== 'query' && p.in !== 'path') continue;
        const types = [p.schema?.type ?? []].flat();
        if (types.includes('string')) continue;
        const kind = types.includes('number') ? 'number' : types.includes('integer') ? 'integer' : null;
        if (kind !== null) params.push({ method: method.toUpperCase(), path, in: p.in, name: p.name, kind });
      }
    }
  }
  return { params, pathParams };
}

/**
 * The URL of a route with `value` in parameter `target`, every other path parameter a valid-looking
 * '1' (an id) or 'x' (text).
 */
export function urlWith(param: NumericParameter, value: string, pathParams: readonly OpenApiParameter[]): string {
  let url = param.path;
  for (const p of pathParams) {
    const types = [p.schema?.type ?? []].flat();
    const filler = p.name === param.name && param.in === 'path' ? value : types.includes('integer') || types.includes('number') ? '1' : 'x';
    url = url.replace(`{${p.name}}`, encodeURIComponent(filler));
  }
  return param.in === 'query' ? `${url}?${param.name}=${encodeURIComponent(value)}` : url;
}
