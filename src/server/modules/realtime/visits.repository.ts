/**
 * The visits aggregate (`visits`, written by the realtime socket of every process): a visit is
 * opened when a storefront page announces itself, ended when it leaves, and carries the id of the
 * process that holds its socket, so a process ends only its own visits.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';

/** What a visit records when it starts. */
export interface NewVisit {
  socketId: string;
  requestUrl: string;
  latitude: number | null;
  longitude: number | null;
  origin: string | null;
  userAgent: string | null;
  startedAt: string;
  instanceId: string;
}

/** Opens a visit; answers its id. */
export async function insertVisit(db: Db, visit: NewVisit): Promise<number | undefined> {
  const row = await db.get<{ id: number }>(
    `INSERT INTO visits (socket_id, request_url, latitude, longitude, origin, user_agent, started_at, instance_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [visit.socketId, visit.requestUrl, visit.latitude, visit.longitude, visit.origin, visit.userAgent, visit.startedAt, visit.instanceId],
  );
  return row?.id;
}

/** Ends one visit (a no-op when it has ended already). */
export async function endVisit(db: Db, visitId: number, endedAt: string): Promise<void> {
  await db.run('UPDATE visits SET ended_at = ? WHERE id = ? AND ended_at IS NULL', [endedAt, visitId]);
}

/** Ends every open visit; answers how many. */
export async function endAllOpenVisits(db: Db, endedAt: string): Promise<number> {
  return (await db.run('UPDATE visits SET ended_at = ? WHERE ended_at IS NULL', [endedAt])).changes;
}

/** The processes that hold open visits (null: rows from before instance ids). */
export async function openVisitOwners(db: Db): Promise<(string | null)[]> {
  return (await db.all<{ instanceId: string | null }>('SELECT DISTINCT instance_id AS instanceId FROM visits WHERE ended_at IS NULL')).map((r) => r.instanceId);
}

/** Ends the open visits of one process (null: those without an instance id); answers how many. */
export async function endOpenVisitsOf(db: Db, instanceId: string | null, endedAt: string): Promise<number> {
  const r = instanceId === null
    ? await db.run('UPDATE visits SET ended_at = ? WHERE ended_at IS NULL AND instance_id IS NULL', [endedAt])
    : await db.run('UPDATE visits SET ended_at = ? WHERE ended_at IS NULL AND instance_id = ?', [endedAt, instanceId]);
  return r.changes;
}

/** The live figure's counts: open visits, visits started since `sinceIso`, and the ten busiest open pages. */
export async function visitCounts(db: Db, sinceIso: string): Promise<{ live: number; since: number; pages: { requestUrl: string; visitors: number }[] }> {
  const live = (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM visits WHERE ended_at IS NULL'))?.n ?? 0;
  const since = (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM visits WHERE started_at >= ?', [sinceIso]))?.n ?? 0;
  const pages = await db.all<{ requestUrl: string; visitors: number }>(
    `SELECT request_url AS "requestUrl", COUNT(*) AS visitors FROM visits WHERE ended_at IS NULL
     GROUP BY request_url ORDER BY visitors DESC, request_url LIMIT 10`,
  );
  return { live, since, pages };
}
