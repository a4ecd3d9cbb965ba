/**
 * `WORKERS=N npm start`: N server processes on one port with node:cluster (the primary accepts
 * connections and hands them to the workers in turn). The primary migrates and seeds the
 * database once, then forks the workers; each worker is an ordinary process of the store (its
 * own search index and caches, kept in step through the catalogue change feed over Redis, which
 * is why WORKERS above 1 needs REDIS_URL). A worker that dies is replaced; SIGINT/SIGTERM is
 * passed to every worker, which drains and exits, then the primary exits.
 * @module
 */
import cluster, { type Worker } from 'node:cluster';

/** Options of {@link runCluster}. */
export interface ClusterOptions {
  /** How many workers. */
  workers: number;
  /** Runs once in the primary before any worker starts (migrations and the first seed). */
  prepare: () => Promise<void>;
  /** Where the primary reports. @default console */
  log?: Pick<Console, 'info' | 'error'>;
  /** A dead worker is replaced at most this many times a minute (a crash loop stops the store instead). @default 10 */
  maxRestartsPerMinute?: number;
}

/** Whether this process is a worker forked by {@link runCluster}. */
export function isClusterWorker(): boolean {
  return cluster.isWorker;
}

/**
 * Runs the primary: prepares, forks the workers and supervises them. Resolves when every worker
 * has exited after a signal (the caller then exits).
 * @example
 * if (config.workers > 1 && cluster.isPrimary) { await runCluster({ workers: 4, prepare }); process.exit(0); }
 */
export async function runCluster(options: ClusterOptions): Promise<void> {
  const log = options.log ?? console;
  const maxRestarts = options.maxRestartsPerMinute ?? 10;
  await options.prepare();
  let stopping = false;
  const restarts: number[] = [];
  // the workers find the database migrated and seeded (their own checks are no-ops)
  const fork = (): Worker => cluster.fork();
  for (let i = 0; i < options.workers; i++) fork();
  log.info(`primary ${process.pid}: ${options.workers} workers started`);

  return new Promise<void>((resolve) => {
    cluster.on('exit', (worker, code, signal) => {
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) resolve();
        return;
      }
      const now = Date.now();
      restarts.push(now);
      while (restarts.length > 0 && (restarts[0] ?? now) < now - 60_000) restarts.shift();
      if (restarts.length > maxRestarts) {
        log.error(`worker ${worker.process.pid} exited (${signal ?? code}); ${restarts.length} restarts within a minute: stopping`);
        stop('crash loop');
        return;
      }
      log.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
      fork();
    });
    const stop = (why: string) => {
      if (stopping) return;
      stopping = true;
      log.info(`primary ${process.pid}: ${why}, stopping the workers`);
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
      if (workers.length === 0) resolve();
      for (const w of workers) w.process.kill('SIGTERM');
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  });
}
