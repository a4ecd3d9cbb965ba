/**
 * The API's one error shape, `{ error }`, and how every failure maps to it: validation -> 400
 * with the validator's message, a known HTTP error -> its status and message, a database that
 * cannot serve now (down, restarting, too slow, out of disk: db/faults.ts) -> 503 with
 * Retry-After and what happened (nothing was written: every write is one transaction), anything
 * else -> 500 with the spec's generic message (logged with its stack, never shown).
 * @module
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_FAULT_MESSAGES, DATABASE_FAULT_RETRY_AFTER, databaseFault } from '../db/faults.ts';
import { storeNoticePage, wantsDocument } from './limits.ts';

/** The heading of the page a browser's navigation gets while the database cannot serve. */
export const DATABASE_FAULT_TITLE = 'The store is busy';

/** The storefront's generic message, the only text a 500 ever shows. */
export const GENERIC_ERROR = 'Something went wrong. Please try again.';

/** An error with the HTTP status it answers. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * Answers 503 with Retry-After and `{ error }` when `err` says the database cannot serve now
 * (db/faults.ts), or a small page saying the same to a browser's navigation; answers whether it did. For error handlers of their own (a plugin's scope)
 * to call before they answer 500.
 * @example
 * if (answerDatabaseFault(err, req, reply)) return reply;
 */
export function answerDatabaseFault(err: unknown, req: FastifyRequest, reply: FastifyReply): boolean {
  const fault = databaseFault(err);
  if (fault === null) return false;
  // the operator's side of it: one warning per request, without a stack (it is not a bug)
  req.log.warn({ fault, code: (err as { code?: unknown }).code, reason: (err as Error).message }, 'database cannot serve: answered 503');
  const seconds = DATABASE_FAULT_RETRY_AFTER[fault];
  void reply.code(503).header('retry-after', seconds);
  // a browser's navigation gets a page a shopper can read; every other caller the JSON
  if (wantsDocument(req)) {
    void reply.type('text/html; charset=utf-8').send(storeNoticePage(DATABASE_FAULT_TITLE, [DATABASE_FAULT_MESSAGES[fault]], req.url));
  } else void reply.send({ error: DATABASE_FAULT_MESSAGES[fault] });
  return true;
}

/** Installs the error handler on an app. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError | Error, req: FastifyRequest, reply: FastifyReply) => {
    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
    if ('validation' in err && err.validation) {
      return reply.code(400).send({ error: err.message });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: err.message });
    }
    if (answerDatabaseFault(err, req, reply)) return reply;
    req.log.error({ err }, 'unexpected error');
    return reply.code(500).send({ error: GENERIC_ERROR });
  });
}
