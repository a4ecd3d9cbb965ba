/**
 * `npm start`: opens (or creates) the database under DATA_DIR, migrates it, seeds it on the
 * first run, builds the app and listens on PORT. With REDIS_URL the process joins the other
 * processes of the store (shared limits, catalogue change feed, socket.io adapter); with
 * WORKERS=N it runs N such processes on PORT with node:cluster (scale/cluster.ts). A start with
 * DATABASE_URL, REDIS_URL or NODE_ENV=production is a production store whatever NODE_ENV says
 * (env.ts isProductionStart): the shared secrets are required and no mail is announced in the
 * console (operators read the store's mail at /admin/mail, modules/mail-admin). A fresh demo store (no operator yet, not a production
 * start) gets its first owner, whose one-time set-password link is printed once (first-owner.ts).
 * SIGINT/SIGTERM first mark the process as shutting
 * down (/readyz answers 503), wait SHUTDOWN_DRAIN_MS for load balancers to notice, then close the
 * server (in-flight requests finish) and the database, and exit 0.
 * @module
 */
import cluster from 'node:cluster';
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import { readConfig } from './platform/config/config.ts';
import { openDatabase } from './platform/db/database.ts';
import { migrate, takeSetupLock } from './platform/db/migrate.ts';
import { readOpsConfig } from './platform/ops/config.ts';
import { isSeeded, seedStore } from './seed/store.ts';
import { seedDemoCustomer } from './seed/demo-customer.ts';
import { seedEquipmentIfMissing } from './seed/equipment-database.ts';
import { isClusterWorker, runCluster } from './platform/scale/cluster.ts';
import { assertSecrets, readScaleConfig } from './platform/scale/config.ts';
import { isProductionStart } from './platform/config/env.ts';

/** Opens the database, migrates it and seeds it on the first start. */
async function openPrepared(config: ReturnType<typeof readConfig>) {
  mkdirSync(config.dataDir, { recursive: true });
  mkdirSync(dirname(config.databasePath), { recursive: true });
  // PostgreSQL with DATABASE_URL, else the embedded SQLite file
  const db = await openDatabase({ url: process.env.DATABASE_URL, path: config.databasePath });
  const applied = await migrate(db);
  let seeded: unknown = null;
  // Processes started together seed once: the check and the seed run in one transaction under
  // the setup lock (PostgreSQL: an advisory lock, the others wait for it; SQLite: BEGIN
  // IMMEDIATE, the others retry while the file is busy), and the others find the store seeded.
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      seeded = await db.transaction(async (tx) => {
        await takeSetupLock(tx);
        // a store seeded before equipment models existed gets them once (nothing if it has them)
        if (await isSeeded(tx)) return await seedEquipmentIfMissing(tx, { seed: config.seed });
        const summary = await seedStore(tx, { products: config.seedProducts, seed: config.seed });
        // The demo customer (docs/server.md: demo@skimmer.test) comes with a first start, like the catalogue.
        await seedDemoCustomer(tx);
        return summary;
      });
      break;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return { db, applied, seeded };
}

async function main(): Promise<void> {
  const config = readConfig();
  const ops = readOpsConfig();
  const scaleConfig = readScaleConfig();
  // several processes must share their keys: refuse to start rather than make up one per process
  assertSecrets(process.env);
  if (scaleConfig.workers > 1 && scaleConfig.redisUrl === null) {
    throw new Error('WORKERS above 1 needs REDIS_URL: the workers share their limits and catalogue changes through Redis');
  }
  if (scaleConfig.workers > 1 && !isClusterWorker()) {
    // the primary migrates and seeds once, then forks the workers (which only open the database)
    await runCluster({
      workers: scaleConfig.workers,
      prepare: async () => {
        const { db } = await openPrepared(config);
        await db.close();
      },
    });
    process.exit(0);
  }
  // the store's modules load here, in the process that serves: a cluster's primary above only
  // migrates, seeds and watches its workers (about 50 MB of the machine's memory less than with
  // every module loaded)
  const [{ buildApp }, { attachRealtime }, { startScale }, { defaultRenderThreads }, { firstOwnerAtStart }] = await Promise.all([
    import('./app.ts'), import('./modules/realtime/socket.ts'), import('./platform/scale/start.ts'),
    import('./platform/render/pool.ts'), import('./modules/admin/first-owner.ts'),
  ]);
  const { db, applied, seeded } = await openPrepared(config);
  let logger: { error: (obj: object, msg: string) => void } | null = null;
  const scale = await startScale(scaleConfig, db, (err, what) => (logger ? logger.error({ err }, what) : console.error(what, err)));
  const app = await buildApp({
    db,
    dataDir: config.dataDir,
    logger: { level: config.logLevel },
    catalogueCache: { responseBytes: config.searchCacheMb * 2 ** 20, cardBytes: config.cardCacheMb * 2 ** 20 },
    // set, or each worker of a cluster its share of the cores (render/pool.ts)
    ...(config.renderThreads !== null ? { renderThreads: config.renderThreads }
      : scaleConfig.workers > 1 ? { renderThreads: defaultRenderThreads(availableParallelism(), scaleConfig.workers) } : {}),
    // the first worker of a cluster writes the snapshot, the others only read it
    ...(config.searchSnapshot !== null ? { searchSnapshot: { path: config.searchSnapshot, minutes: config.searchSnapshotMinutes, map: config.searchSnapshotMap, write: (cluster.worker?.id ?? 1) === 1 } } : {}),
    ops: { metricsToken: ops.metricsToken },
    ...(scale.catalogueFeed ? { catalogueFeed: scale.catalogueFeed } : {}),
    ...(scale.accountLimiter ? { accountLimiter: scale.accountLimiter } : {}),
    ...(scale.redis ? { redis: { client: scale.redis, prefix: scale.redisPrefix } } : {}),
  });
  logger = app.log;
  const realtime = await attachRealtime(app.server, {
    db,
    instanceId: scale.instanceId,
    ...(scale.realtimeRedis ? { redis: scale.realtimeRedis } : {}),
  });
  app.log.info({
    databasePath: config.databasePath, migrationsApplied: applied, seeded, indexed: app.catalogue.index.size,
    instanceId: scale.instanceId, redis: scale.redis !== null, production: isProductionStart(process.env),
  }, 'database ready');

  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainMs: ops.shutdownDrainMs }, 'shutting down');
    app.ops.markShuttingDown();
    new Promise((resolve) => setTimeout(resolve, ops.shutdownDrainMs))
      .then(() => app.close())
      // this process's visits end (and only those), then the shared connections close
      .then(() => realtime.close())
      .then(() => scale.close())
      .then(async () => await db.close())
      .then(() => {
        process.exit(0);
      })
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  // a fresh demo store (no operator, not a production start) gets its first owner and prints the
  // one-time set-password link, once; a production store makes its own with npm run admin:create
  await firstOwnerAtStart({ db, publicUrl: app.accounts.publicUrl });
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
