import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { QueryClient, type QueryKey } from '@tanstack/query-core';
import { createQueryClient, dehydrateCache } from '../../src/hooks/query/server.ts';
import { QUERY_DEFAULTS } from '../../src/hooks/query/index.ts';

// keys as the read hooks build them: a name, then ids, handles and query objects in any member order
const keyArb: fc.Arbitrary<QueryKey> = fc.tuple(
  fc.constantFrom('nav', 'collection', 'listing', 'hierarchy', 'product'),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 6 }), fc.dictionary(fc.constantFrom('limit', 'c', 'q', 'page', 't'), fc.oneof(fc.integer(), fc.string({ maxLength: 4 }), fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 })))), { maxLength: 2 }),
).map(([name, rest]) => [name, ...rest]);

describe('the server render’s QueryClient (hooks/query/server.ts)', () => {
  test('finds what the plain client finds, for any keys stored and asked (member order of objects ignored)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(keyArb, fc.jsonValue()), { maxLength: 6 }), fc.array(keyArb, { maxLength: 6 }), async (stored, asked) => {
        const server = createQueryClient();
        const plain = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
        for (const [key, data] of stored) {
          if (data === undefined) continue;
          await server.fetchQuery({ queryKey: key, queryFn: async () => data });
          await plain.fetchQuery({ queryKey: key, queryFn: async () => data });
        }
        for (const key of [...asked, ...stored.map(([k]) => k)]) {
          expect(server.getQueryData(key)).toEqual(plain.getQueryData(key));
          expect(server.getQueryState(key)?.status).toBe(plain.getQueryState(key)?.status);
          expect(server.getQueryState(key)?.data).toEqual(plain.getQueryState(key)?.data);
        }
        // a key whose members come in another order is the same key
        const reordered: QueryKey = ['listing', { page: 1, limit: 24 }];
        await server.fetchQuery({ queryKey: ['listing', { limit: 24, page: 1 }], queryFn: async () => 'page two' });
        expect(server.getQueryData(reordered)).toBe('page two');
        expect(dehydrateCache(server).queries.length).toBeGreaterThan(0);
        server.clear();
        plain.clear();
      }),
      { numRuns: 100 },
    );
  });
});
