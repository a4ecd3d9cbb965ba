/**
 * The API's one error shape, `{ error }`, and how every failure maps to it: validation -> 400
 * with the validator's message, a known HTTP error -> its status and message, anything else ->
 * 500 with the spec's generic message (logged with its stack, never shown).
 * @module
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The spec's generic message (section 8), the only text a 500 ever shows. */
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
    req.log.error({ err }, 'unexpected error');
    return reply.code(500).send({ error: GENERIC_ERROR });
  });
}
