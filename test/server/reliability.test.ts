/**
 * Reliability of the add call under connection resets (issue 4, "Figures it must reach"): a TCP
 * proxy on 127.0.0.1 resets 30% of connections, chosen by connection number (so every run
 * resets the same ones), a third of them before the request reaches the server and two thirds
 * after the server has answered (the answer is lost: the case idempotency keys exist for). The
 * client retries on a reset with the same key, as the storefront's client does.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Db } from '../../src/server/platform/db/database.ts';
import { commerceApp, createSession, stockedLevel } from './modules/checkout/cart.helpers.ts';

// a seeded app on a shared, loaded machine: generous time, exact assertions
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/** What the proxy does with connection number n: 30% are reset, in three kinds. */
function resetKind(n: number): 'none' | 'before' | 'after-response' {
  const r = n % 10;
  if (r === 3) return 'before';
  if (r === 6 || r === 9) return 'after-response';
  return 'none';
}

function startProxy(targetPort: number): Promise<{ server: Server; port: number; stats: { connections: number; resets: number } }> {
  const stats = { connections: 0, resets: 0 };
  const server = createServer((client: Socket) => {
    const kind = resetKind(stats.connections++);
    client.on('error', () => undefined);
    if (kind === 'before') {
      stats.resets++;
      client.resetAndDestroy();
      return;
    }
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      if (kind === 'after-response') {
        // the server has answered (and committed): the shopper never hears of it
        stats.resets++;
        upstream.destroy();
        client.resetAndDestroy();
        return;
      }
      client.write(chunk);
    });
    upstream.on('end', () => client.end());
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, stats });
    });
  });
}

interface Reply {
  status: number;
  body: string;
  attempts: number;
}

/** One POST on a fresh connection; retried on a reset (and on 409 in progress) with the same key. */
async function postWithRetry(port: number, path: string, cookie: string, key: string, body: unknown, maxAttempts = 30): Promise<Reply> {
  const payload = JSON.stringify(body);
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1', port, path, method: 'POST', agent: false,
            headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key, 'content-length': Buffer.byteLength(payload), connection: 'close' },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
            res.on('error', reject);
            res.on('aborted', () => reject(new Error('aborted')));
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
      if (answer.status === 409 && answer.body.includes('still being processed') && attempt < maxAttempts) {
        await new Promise((r) => setTimeout(r, 5));
        continue;
      }
      return { ...answer, attempts: attempt };
    } catch (err) {
      if (attempt >= maxAttempts) throw err;
    }
  }
}

let app: FastifyInstance;
let db: Db;
let proxy: Awaited<ReturnType<typeof startProxy>>;

beforeAll(async () => {
  ({ app, db } = await commerceApp());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  proxy = await startProxy(typeof address === 'object' && address ? address.port : 0);
});
afterAll(async () => {
  await new Promise<void>((resolve) => proxy.server.close(() => resolve()));
  await app.close();
});

describe('adds through a proxy that resets 30% of connections', () => {
  test('the proxy resets exactly 3 connections in 10, by connection number', () => {
    const kinds = Array.from({ length: 100 }, (_, i) => resetKind(i));
    expect(kinds.filter((k) => k !== 'none')).toHaveLength(30);
  });

  test('50 concurrent requests with one idempotency key end with exactly one line of the exact quantity', async () => {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 1, 0, 500);
    const before = proxy.stats.resets;
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => postWithRetry(proxy.port, '/api/checkouts/lineItems', cookie, 'one-key', { inventoryLevelId: level.id, quantity: 3 })),
    );
    expect(proxy.stats.resets - before).toBeGreaterThan(0);
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    const rows = await db.all<{ quantity: number }>(
      `SELECT li.quantity FROM checkout_line_items li JOIN checkouts c ON c.id = li.checkout_id
       JOIN sessions s ON s.id = c.session_id WHERE li.inventory_level_id = ?`,
      [level.id],
    );
    expect(rows).toEqual([{ quantity: 3 }]);
  }, 60_000);

  test('100 parallel adds with distinct keys end with the exact total quantity', async () => {
    const { cookie, sessionId } = await createSession(db);
    const levels = [await stockedLevel(db, 1, 1, 10_000), await stockedLevel(db, 1, 2, 10_000), await stockedLevel(db, 1, 3, 10_000)];
    const before = proxy.stats.resets;
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        postWithRetry(proxy.port, '/api/checkouts/lineItems', cookie, `distinct-${i}`, { inventoryLevelId: levels[i % 3]?.id, quantity: 1 + (i % 4) }),
      ),
    );
    expect(proxy.stats.resets - before).toBeGreaterThan(0);
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const total = (await db.get<{ n: number }>(
      `SELECT SUM(li.quantity) AS n FROM checkout_line_items li JOIN checkouts c ON c.id = li.checkout_id WHERE c.session_id = ?`,
      [sessionId],
    ))?.n;
    expect(total).toBe(Array.from({ length: 100 }, (_, i) => 1 + (i % 4)).reduce((a, b) => a + b, 0));
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM checkout_line_items li JOIN checkouts c ON c.id = li.checkout_id WHERE c.session_id = ?', [sessionId]))?.n).toBe(3);
  }, 60_000);
});
