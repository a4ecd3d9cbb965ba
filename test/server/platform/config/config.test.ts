import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { parseSeedArgs, readConfig } from '../../../../src/server/platform/config/config.ts';
import { GENERIC_ERROR, HttpError, installErrorHandler } from '../../../../src/server/platform/http/errors.ts';

describe('readConfig', () => {
  test('defaults: port 3000, ./data, DATA_DIR/skimmer.db, 3000 products, seed 1', () => {
    const c = readConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe(resolve('./data'));
    expect(c.databasePath).toBe(join(resolve('./data'), 'skimmer.db'));
    expect(c.seedProducts).toBe(3000);
    expect(c.seed).toBe(1);
  });

  test('reads PORT, DATA_DIR, DATABASE_PATH', () => {
    const c = readConfig({ PORT: '8080', DATA_DIR: '/tmp/x', DATABASE_PATH: '/tmp/y/store.db' });
    expect(c).toEqual(expect.objectContaining({ port: 8080, dataDir: '/tmp/x', databasePath: '/tmp/y/store.db' }));
    expect(readConfig({ DATA_DIR: '/tmp/x' }).databasePath).toBe('/tmp/x/skimmer.db');
  });

  test('SEARCH_SNAPSHOT_MAP: on by default, off reads the snapshot into memory', () => {
    expect(readConfig({}).searchSnapshotMap).toBe(true);
    expect(readConfig({ SEARCH_SNAPSHOT_MAP: 'off' }).searchSnapshotMap).toBe(false);
    expect(readConfig({ SEARCH_SNAPSHOT_MAP: ' ON ' }).searchSnapshotMap).toBe(true);
  });

  test.each([['PORT', 'abc'], ['PORT', '70000'], ['SEED_PRODUCTS', '-1'], ['SEED', '1.5'], ['SEARCH_SNAPSHOT_MAP', 'yes']])('a malformed %s=%s stops the start naming it', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(name);
  });
});

describe('parseSeedArgs', () => {
  test('reads --products, --seed and --db', () => {
    expect(parseSeedArgs(['--products', '100000', '--seed', '7', '--db', '/tmp/a.db'], {})).toEqual({ products: 100000, seed: 7, db: '/tmp/a.db' });
  });

  test('defaults to 3000 products, seed 1 and DATABASE_PATH', () => {
    expect(parseSeedArgs([], { DATABASE_PATH: '/tmp/b.db' })).toEqual({ products: 3000, seed: 1, db: '/tmp/b.db' });
  });

  test.each([[['--products', 'many']], [['--seed', '-3']], [['--wat']]])('rejects %j', (argv) => {
    expect(() => parseSeedArgs(argv, {})).toThrow();
  });

  test('npm run seed writes a database and prints its summary', () => {
    const db = join(mkdtempSync(join(tmpdir(), 'skimmer-seed-')), 'nested', 'store.db');
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/seed/cli.ts', '--products', '40', '--seed', '3', '--db', db], { encoding: 'utf8' });
    expect(res.status, res.stderr).toBe(0);
    expect(existsSync(db)).toBe(true);
    const out = JSON.parse(res.stdout);
    expect(out.catalogue).toEqual(expect.objectContaining({ products: 40, seed: 3 }));
    expect(out.content.articles).toBeGreaterThan(0);
  }, 60_000);

  test('bad arguments exit 1 with the usage', () => {
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/seed/cli.ts', '--products', 'lots'], { encoding: 'utf8' });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('usage: npm run seed');
  }, 60_000);
});

describe('error handler', () => {
  const app = Fastify();
  installErrorHandler(app);
  app.get('/boom', async () => {
    throw new Error('secret database detail');
  });
  app.get('/gone', async () => {
    throw new HttpError(404, 'Product not found');
  });
  app.get('/typed', { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } }, async () => ({ ok: true }));

  test('an unexpected error answers 500 with the generic message only', async () => {
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: GENERIC_ERROR });
    expect(GENERIC_ERROR).toBe('Something went wrong. Please try again.');
  });

  test('an HTTP error keeps its status and message', async () => {
    const res = await app.inject({ url: '/gone' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Product not found' });
  });

  test('a validation error answers 400 { error }', async () => {
    const res = await app.inject({ url: '/typed?n=x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.stringContaining('querystring/n') });
  });
});
