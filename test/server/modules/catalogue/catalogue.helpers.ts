/**
 * Fixtures of the catalogue tests: an in-memory database, migrated and seeded with a small
 * generated catalogue, and an app over it.
 */
import type { FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../../src/server/app.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { openSeededTestDb } from '../../db.helpers.ts';

/** A migrated in-memory database with `products` generated products (and content). */
export async function seededDb(products = 300, seed = 11): Promise<Db> {
  return await openSeededTestDb(products, seed);
}

/** An app over a seeded database, media cached in a fresh temp folder. */
export async function seededApp(products = 300, seed = 11): Promise<{ app: FastifyInstance; db: Db; dataDir: string }> {
  const db = await seededDb(products, seed);
  const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-test-'));
  const app = await buildApp({ db, dataDir, webDir: join(dataDir, 'no-web') });
  return { app, db, dataDir };
}

/** GET a URL and parse the JSON answer. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON answers loosely
export async function getJson(app: FastifyInstance, url: string): Promise<{ status: number; body: any; contentType: string }> {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json(), contentType: String(res.headers['content-type'] ?? '') };
}
