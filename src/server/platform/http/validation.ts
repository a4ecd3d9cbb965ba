/**
 * How the server validates input against route schemas, refusing what does not match.
 *
 * - **Bodies** are JSON with real types, so nothing is converted: `{"quantity": true}`, `"1"`,
 *   `[1]` or `null` where a number or a string is meant answers 400, and an unknown field of a
 *   schema with `additionalProperties: false` answers 400 instead of being dropped silently
 *   (Fastify's default Ajv coerces types and removes such fields).
 * - **Query strings and path parameters** are text, so their numbers must be converted; each
 *   numeric parameter must first be written the one strict way of `numbers.ts` (plain decimal
 *   digits: no `1e999`, `0x1F`, `NaN`, `Infinity`, `-0`, other scripts' digits, empty text or
 *   magnitudes past 2^53), then Ajv converts it and checks its range.
 *
 * Both use Fastify's own Ajv compiler (@fastify/ajv-compiler) with two option sets, so shared
 * schemas (`app.addSchema`) and `$ref`s work as before.
 *
 * - **Bodiless API writes** (a POST, PUT, PATCH or DELETE under /api/ with no body schema) refuse
 *   a body with 400 `{ error }` ({@link installBodilessGuard}), as a schema refuses an unknown field.
 * @module
 */
import { createRequire } from 'node:module';
import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions, RouteOptions } from 'fastify';
import { isStrictNumberText } from './numbers.ts';

/** Ajv options of bodies: no coercion, no silent removal, NaN and Infinity are not numbers. */
export const BODY_AJV_OPTIONS = {
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: true,
  strictNumbers: true,
  allErrors: false,
} as const;

/**
 * Ajv options of query strings, path parameters and headers: Fastify's defaults (text becomes
 * numbers and booleans, a lone value becomes a one-item array where a list is meant).
 */
export const TEXT_AJV_OPTIONS = {
  coerceTypes: 'array',
  removeAdditional: true,
  useDefaults: true,
  strictNumbers: true,
  allErrors: false,
} as const;

type Schema = Record<string, unknown>;
/** A compiled validator as Fastify calls it (Ajv's, or ours around it). */
type Validator = ((data: unknown, ctx?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };
type RouteSchema = { schema: unknown; method: string; url: string; httpPart?: string };

const typesOf = (schema: unknown): string[] => {
  if (schema === null || typeof schema !== 'object') return [];
  const type = (schema as Schema).type;
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : typeof type === 'string' ? [type] : [];
};

/** How a parameter's text must look: 'integer', 'number', or null when it is not numeric. */
function numericKind(schema: unknown): 'integer' | 'number' | null {
  const types = typesOf(schema);
  // a parameter that may also be text (['string', 'integer']) keeps its text reading
  if (types.includes('string')) return null;
  if (types.includes('number')) return 'number';
  if (types.includes('integer')) return 'integer';
  return null;
}

/** The numeric parameters of a query or params schema: name -> kind, lists included. */
export function numericParameters(schema: unknown): Map<string, 'integer' | 'number'> {
  const out = new Map<string, 'integer' | 'number'>();
  if (schema === null || typeof schema !== 'object') return out;
  const properties = (schema as Schema).properties;
  if (properties === null || typeof properties !== 'object') return out;
  for (const [name, prop] of Object.entries(properties as Schema)) {
    const kind = numericKind(prop) ?? (typesOf(prop).includes('array') ? numericKind((prop as Schema).items) : null);
    if (kind !== null) out.set(name, kind);
  }
  return out;
}

/**
 * Wraps a query or params validator: each numeric parameter's text is checked the strict way
 * before Ajv converts it. An error reads like Ajv's own ('querystring/page must be integer').
 */
function strictText(validate: Validator, numeric: Map<string, 'integer' | 'number'>): Validator {
  if (numeric.size === 0) return validate;
  const wrapped: Validator = (data, ctx) => {
    if (data !== null && typeof data === 'object') {
      for (const [name, kind] of numeric) {
        const raw = (data as Record<string, unknown>)[name];
        if (raw === undefined) continue;
        const values = Array.isArray(raw) ? raw : [raw];
        for (const value of values) {
          // already a number: set by a hook or a default, not read from text
          if (typeof value === 'number' && Number.isFinite(value)) continue;
          if (typeof value === 'string' && isStrictNumberText(value, kind === 'integer')) continue;
          wrapped.errors = [{
            instancePath: `/${name}`,
            schemaPath: `#/properties/${name}/type`,
            keyword: 'type',
            params: { type: kind },
            message: kind === 'integer' ? 'must be integer' : 'must be number',
          }];
          return false;
        }
      }
    }
    const ok = validate(data, ctx);
    wrapped.errors = validate.errors;
    return ok;
  };
  // Fastify passes the parent object to Ajv validators (so a root value can be coerced)
  if (validate.schemaEnv !== undefined) wrapped.schemaEnv = validate.schemaEnv;
  return wrapped;
}

/**
 * Fastify's `schemaController` option: bodies validated without coercion, query strings and
 * path parameters with strict numbers. Pass it to every Fastify instance that serves routes.
 * @example
 * const app = Fastify({ schemaController: strictSchemaController() });
 */
export function strictSchemaController(): NonNullable<FastifyServerOptions['schemaController']> {
  return {
    compilersFactory: {
      buildSerializer: cachedSerializers,
      buildValidator(externalSchemas: Record<string, unknown>) {
        const key = schemasKey(externalSchemas, null);
        let pair = validatorPools.get(key);
        if (!pair) {
          const schemas = externalSchemas as Parameters<typeof bodyPool>[0];
          pair = { body: bodyPool(schemas, { customOptions: BODY_AJV_OPTIONS }), text: textPool(schemas, { customOptions: TEXT_AJV_OPTIONS }), compiled: new Map(), byObject: new Map() };
          validatorPools.set(key, pair);
        }
        const { body, text, compiled, byObject } = pair;
        const compile = (route: RouteSchema): Validator => {
          // the pool's compile function takes the route definition ({ schema, httpPart, ... })
          if (route.httpPart === 'body') return body(route as never) as Validator;
          const validate = text(route as never) as Validator;
          return route.httpPart === 'querystring' || route.httpPart === 'params' ? strictText(validate, numericParameters(route.schema)) : validate;
        };
        return (route: RouteSchema) => {
          // by the schema object first (no text written for a schema met before), then by its
          // text: a schema written anew by each app's routes is still compiled once
          const schema = typeof route.schema === 'object' && route.schema !== null ? route.schema : null;
          let mine = byObject.get(route.httpPart);
          if (!mine) byObject.set(route.httpPart, (mine = new WeakMap()));
          let validate = schema ? mine.get(schema) : undefined;
          if (validate) return validate;
          const key = `${route.httpPart}\u0000${JSON.stringify(route.schema)}`;
          validate = compiled.get(key);
          if (!validate) compiled.set(key, (validate = compile(route)));
          if (schema) mine.set(schema, validate);
          return validate;
        };
      },
    },
  } as unknown as NonNullable<FastifyServerOptions['schemaController']>;
}

// The compiled validators and serializers are pure functions of a route's schema, the shared
// schemas and the options: one process compiles each once, however many apps it builds (a
// worker, a test file, a restart in the same process). Compiling them was most of an app's
// build (about 1 s of the app's routes' JSON serializers on a 2-core machine).
// separate validator pools: each keeps one Ajv per set of shared schemas, and Ajv keeps what it
// compiled per schema
const bodyPool = AjvCompiler();
const textPool = AjvCompiler();
/** The two validator compilers per set of shared schemas (by {@link schemasKey}). */
const validatorPools = new Map<string, {
  body: ReturnType<typeof bodyPool>;
  text: ReturnType<typeof textPool>;
  compiled: Map<string, Validator>;
  byObject: Map<string | undefined, WeakMap<object, Validator>>;
}>();

const schemaIds = new WeakMap<object, number>();
let nextSchemaId = 0;

/**
 * A set of shared schemas and options as a key: each schema by its object's identity (a schema
 * object is never changed once added), so that building an app's contexts does not write out the
 * shared schemas as text each time.
 */
function schemasKey(externalSchemas: unknown, options: unknown): string {
  const parts: string[] = [];
  for (const [id, schema] of Object.entries((externalSchemas ?? {}) as Record<string, unknown>)) {
    if (typeof schema !== 'object' || schema === null) return JSON.stringify([externalSchemas, options ?? null]);
    let n = schemaIds.get(schema);
    if (n === undefined) schemaIds.set(schema, (n = nextSchemaId++));
    parts.push(`${id}\u0000${n}`);
  }
  return `${parts.join('\u0001')}\u0002${JSON.stringify(options ?? null)}`;
}

/** Fastify's own serializer compiler (fast-json-stringify), resolved beside Fastify. */
const serializerSelector = createRequire(createRequire(import.meta.url).resolve('fastify'))('@fastify/fast-json-stringify-compiler') as {
  SerializerSelector: () => (externalSchemas: unknown, options: unknown) => (route: { schema: object }) => (data: unknown) => string;
};
const defaultSerializers = serializerSelector.SerializerSelector();
/** Per set of shared schemas and options: each response schema's compiled serializer, by the schema object and by its text. */
const serializerPools = new Map<string, { byObject: WeakMap<object, (data: unknown) => string>; byText: Map<string, (data: unknown) => string> }>();

/** Fastify's serializer factory, each response schema compiled once per set of shared schemas and options. */
function cachedSerializers(externalSchemas: unknown, options: unknown): (route: { schema: object }) => (data: unknown) => string {
  const key = schemasKey(externalSchemas, options);
  let found = serializerPools.get(key);
  if (!found) serializerPools.set(key, (found = { byObject: new WeakMap(), byText: new Map() }));
  const pool = found;
  const build = defaultSerializers(externalSchemas, options);
  return (route) => {
    let serialize = pool.byObject.get(route.schema);
    if (serialize) return serialize;
    // a schema written anew by each app's routes (the same text) is still compiled once
    const text = JSON.stringify(route.schema);
    serialize = pool.byText.get(text);
    if (!serialize) pool.byText.set(text, (serialize = build(route)));
    pool.byObject.set(route.schema, serialize);
    return serialize;
  };
}

/** The answer to text holding a NUL character. */
export const NUL_TEXT_ERROR = 'Text must not contain a NUL character.';

/** Whether a decoded input (a string, or strings inside arrays and objects) holds a NUL character. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value as Record<string, unknown>).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/**
 * Refuses a NUL character in the path parameters, query string or body of the API and the hosted
 * checkout with 400 `{ error }`: PostgreSQL cannot store it in text (it answered 500 for
 * `/api/products/handle/%00`), and no handle, code, id, name or address holds one.
 */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const path = request.url;
    if (!path.startsWith('/api/') && !path.startsWith('/checkout')) return;
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      return reply.code(400).send({ error: NUL_TEXT_ERROR });
    }
  });
}

/** The answer to a body sent to an API route that takes none. */
export const BODILESS_ERROR = 'This request takes no body.';

/** An API write that declares no body. */
export interface BodilessRoute {
  method: string;
  url: string;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const bodilessByApp = new WeakMap<FastifyInstance, BodilessRoute[]>();

/**
 * Whether a parsed body carries anything: none, an empty text and `{}` (what a client sends for
 * "no fields", e.g. the storefront's sign-out; the commerce routes read an empty JSON body as
 * `{}`) do not; any field, array, scalar or `null` does.
 */
export function carriesBody(body: unknown): boolean {
  if (body === undefined || body === '') return false;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return true;
  return Object.keys(body).length > 0;
}

async function refuseBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (carriesBody(request.body)) await reply.code(400).send({ error: BODILESS_ERROR });
}

/**
 * Refuses a body on every API write (POST, PUT, PATCH, DELETE under /api/) whose schema declares
 * none, with 400 `{ error }`, as the routes with a body schema refuse an unknown field: a body
 * the server ignores silently is a client's mistake nobody sees. Hosted pages outside /api/
 * (the checkout form, the add-card form) read form bodies their own way and are left alone. Call
 * it before the routes are registered: routes are matched as they are added.
 * @example
 * installBodilessGuard(app);
 * app.post('/api/auth/logout', handler); // {"x":1} now answers 400
 */
export function installBodilessGuard(app: FastifyInstance): void {
  const routes: BodilessRoute[] = [];
  bodilessByApp.set(app, routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = [route.method].flat().filter((m) => WRITE_METHODS.has(m));
    if (methods.length === 0) return;
    if ((route.schema as { body?: unknown } | undefined)?.body !== undefined) return;
    for (const method of methods) routes.push({ method, url: route.url });
    // first, so a route's own checks never read a body it does not take
    const existing = route.preValidation;
    route.preValidation = [refuseBody, ...(existing === undefined ? [] : [existing].flat())] as RouteOptions['preValidation'];
  });
}

/** The API writes {@link installBodilessGuard} covers on `app`, in the order they were added (for tests and docs). */
export function bodilessRoutes(app: FastifyInstance): readonly BodilessRoute[] {
  return bodilessByApp.get(app) ?? [];
}
