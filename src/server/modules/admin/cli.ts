/**
 * `npm run admin:create -- --email EMAIL [--name NAME] [--role owner|staff|fulfilment] [--db PATH]`:
 * creates an operator (an owner by default: the first one of a store) in the store's database
 * (DATABASE_URL, else DATABASE_PATH or data/skimmer.db; `--db` for another SQLite file) and
 * prints a one-time link to set the password (PUBLIC_URL, valid 24 hours). No password is ever
 * typed on the command line or printed, so none lands in a shell history or a log.
 * @module
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../../platform/config/config.ts';
import { DEFAULT_SCRYPT } from '../accounts/password.ts';
import { memoryLimiter } from '../accounts/rate-limit.ts';
import { waitMs } from '../accounts/services.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { OPERATOR_ROLES, type OperatorRole } from '../../platform/http/operator-access.ts';
import { OperatorService } from './service.ts';

const USAGE = 'usage: npm run admin:create -- --email EMAIL [--name NAME] [--role owner|staff|fulfilment] [--db PATH]';

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, db: { type: 'string' } } });
  if (!values.email) throw new Error('Give the operator\'s --email.');
  const role = (values.role ?? 'owner') as OperatorRole;
  if (!OPERATOR_ROLES.includes(role)) throw new Error(`--role must be one of ${OPERATOR_ROLES.join(', ')}.`);
  const path = values.db ?? readConfig().databasePath;
  const url = values.db ? undefined : process.env.DATABASE_URL;
  if (!url) mkdirSync(dirname(path), { recursive: true });
  const db = await openDatabase({ url, path });
  try {
    await migrate(db);
    const limiter = memoryLimiter();
    const publicUrl = (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? '3000'}`).replace(/\/+$/, '');
    const service = new OperatorService({ db, limiter: () => limiter, scrypt: () => DEFAULT_SCRYPT, now: Date.now, sleep: waitMs, publicUrl: () => publicUrl, secure: false });
    const { operator, link } = await service.create(null, { email: values.email, name: values.name ?? (role === 'owner' ? 'Owner' : 'Operator'), role });
    console.log(`Operator ${operator.email} (${operator.role}) created. Set the password within 24 hours at:\n${link}`);
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
    console.error(USAGE);
    process.exit(1);
  });
