/**
 * The back office's operators on the server: accounts, sessions, API tokens and the audit log.
 * `operatorSetup` builds the service over the app's account services (the customers' limiter,
 * scrypt cost, pacing clock) and gives the operator guard its accounts; `adminRoutes` registers
 * the routes.
 * @module
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { waitMs } from '../accounts/services.ts';
import type { OperatorAccess } from '../../platform/http/operator-access.ts';
import { OperatorService } from './service.ts';

export { adminRoutes } from './routes.ts';
export { audit, auditWho, OperatorService, productPriceSnapshot } from './service.ts';
export { storeTurn } from './turn.ts';

/**
 * The operator service of an app (after the accounts plugin) and the guard's access with its
 * accounts; an access that already carries accounts keeps them.
 * @example
 * const { service, operators } = operatorSetup(app, db, operatorAccessFromEnv());
 */
export function operatorSetup(app: FastifyInstance, db: Db, access: OperatorAccess): { service: OperatorService; operators: OperatorAccess } {
  const service = new OperatorService({
    db,
    limiter: () => app.accounts.limiter,
    scrypt: () => app.accounts.scrypt,
    now: () => app.accounts.now(),
    sleep: (ms) => (app.accounts.sleep ?? waitMs)(ms),
    publicUrl: () => app.accounts.publicUrl,
    secure: process.env.SESSION_SECURE === '1',
  });
  return { service, operators: { ...access, accounts: access.accounts ?? service.accounts() } };
}
