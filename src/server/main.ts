/**
 * `npm start`: opens (or creates) the database under DATA_DIR, migrates it, seeds it on the
 * first run, builds the app and listens on PORT. SIGINT/SIGTERM close the server (in-flight
 * requests finish) and the database, then exit 0.
 * @module
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { openSqlite } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { attachRealtime } from './realtime/socket.ts';
import { isSeeded, seedStore } from './seed/store.ts';
import { seedDemoCustomer } from './account/demo.ts';

async function main(): Promise<void> {
  const config = readConfig();
  mkdirSync(config.dataDir, { recursive: true });
  mkdirSync(dirname(config.databasePath), { recursive: true });
  const db = openSqlite(config.databasePath);
  const applied = migrate(db);
  let seeded: unknown = null;
  if (!isSeeded(db)) {
    seeded = seedStore(db, { products: config.seedProducts, seed: config.seed });
    // The demo customer (README: demo@skimmer.test) comes with a first start, like the catalogue.
    await seedDemoCustomer(db);
  }
  const app = await buildApp({
    db,
    dataDir: config.dataDir,
    logger: { level: config.logLevel },
    catalogueCache: { responseBytes: config.searchCacheMb * 2 ** 20 },
  });
  attachRealtime(app.server, { db });
  app.log.info({ databasePath: config.databasePath, migrationsApplied: applied, seeded, indexed: app.catalogue.index.size }, 'database ready');

  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app
      .close()
      .then(() => {
        db.close();
        process.exit(0);
      })
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
