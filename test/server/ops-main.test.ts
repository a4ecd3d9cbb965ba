/**
 * `npm start` under a load balancer (issue 16, item 5): on SIGTERM the process first answers
 * /readyz with 503 for SHUTDOWN_DRAIN_MS while still serving, then exits 0; /metrics follows
 * METRICS_TOKEN from the environment. And the operator settings refuse malformed values.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readOpsConfig } from '../../src/server/ops/config.ts';
import { startServer } from './crash.helpers.ts';

describe('operator settings', () => {
  test('METRICS_TOKEN and SHUTDOWN_DRAIN_MS are read, blanks fall back, malformed drains stop the start', () => {
    expect(readOpsConfig({})).toEqual({ metricsToken: null, shutdownDrainMs: 0 });
    expect(readOpsConfig({ METRICS_TOKEN: ' t0k ', SHUTDOWN_DRAIN_MS: '5000' })).toEqual({ metricsToken: 't0k', shutdownDrainMs: 5000 });
    expect(readOpsConfig({ METRICS_TOKEN: '   ', SHUTDOWN_DRAIN_MS: ' ' })).toEqual({ metricsToken: null, shutdownDrainMs: 0 });
    for (const bad of ['-1', '1e3', '1.5', 'soon', '600001']) {
      expect(() => readOpsConfig({ SHUTDOWN_DRAIN_MS: bad })).toThrow(/^SHUTDOWN_DRAIN_MS must be an integer from 0 to 600000/);
    }
  });
});

describe('npm start with the operator settings', () => {
  test('SIGTERM: /readyz answers 503 during the drain while requests are still served, then the process exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-drain-'));
    try {
      const server = await startServer({ dataDir, products: 40, env: { SHUTDOWN_DRAIN_MS: '5000', METRICS_TOKEN: 'drain-metrics', LOG_LEVEL: 'info' } });
      const metrics = await fetch(`${server.base}/metrics`, { headers: { authorization: 'Bearer drain-metrics' } });
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(/^skimmer_search_index_documents 40$/m);
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
      server.child.kill('SIGTERM');
      // wait until the signal is handled (the process logs it), then probe during the drain
      const deadline = Date.now() + 10_000;
      while (!server.output().includes('"msg":"shutting down"') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const ready = await fetch(`${server.base}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ error: 'Shutting down', checks: { shutdown: 'Shutting down', database: 'ok' } });
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
      expect((await fetch(`${server.base}/api/products/filter?limit=1`)).status).toBe(200);
      expect(await exited).toBe(0);
      expect(server.output()).toContain('"drainMs":5000');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
