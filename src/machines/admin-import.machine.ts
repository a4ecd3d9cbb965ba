/**
 * A catalogue import from the back office: the upload is checked (`checkImportUpload`) and sent
 * (the `upload` actor: the job's id), then the job is read (the `readJob` actor) every `pollMs`
 * until it is done or failed. A read that fails is tried again, up to ADMIN_IMPORT_READ_TRIES in a
 * row (the import goes on on the server meanwhile). Both actors are supplied by the hook
 * (`useAdminImportJob`); the machine never calls the network itself.
 * @module
 */
import { assign, fromPromise, setup } from 'xstate';
import { checkImportUpload, importJobEnded } from '../domain/admin-imports.ts';
import { adminFailureText } from './admin-form.machine.ts';
import type { AdminImportContext, AdminImportEvent, AdminImportInput, AdminImportJob, AdminImportStarted, AdminImportUpload } from './admin-import.types.ts';

export type { AdminImportContext, AdminImportEvent, AdminImportInput } from './admin-import.types.ts';

/** How long between two reads of a job. @default 1000 ms */
export const ADMIN_IMPORT_POLL_MS = 1000;
/** Reads of a job that may fail in a row before the page says so and stops. @default 5 */
export const ADMIN_IMPORT_READ_TRIES = 5;

/** The facts the check reads of an upload: names and sizes only. */
export function uploadFacts(upload: AdminImportUpload) {
  const facts = (blob: Blob & { name?: string }) => ({ name: blob.name ?? '', size: blob.size });
  return {
    format: upload.format,
    file: upload.file ? facts(upload.file) : null,
    categories: upload.categories ? facts(upload.categories) : null,
    images: (upload.images ?? []).map(facts),
    dryRun: upload.dryRun === true,
  };
}

const check = (upload: AdminImportUpload) => checkImportUpload(uploadFacts(upload));

/**
 * The import machine.
 * @example
 * const actor = createActor(adminImportMachine.provide({ actors: { upload: fromPromise(({ input }) => client.startImport(input)), readJob: fromPromise(({ input }) => client.importJob(input)) } }), { input: {} }).start();
 * actor.send({ type: 'import.submit', upload: { format: 'shopify', file } });
 */
export const adminImportMachine = setup({
  types: {
    context: {} as AdminImportContext,
    events: {} as AdminImportEvent,
    input: {} as AdminImportInput,
  },
  actors: {
    upload: fromPromise<AdminImportStarted, AdminImportUpload>(async () => {
      throw new Error("Provide the 'upload' actor");
    }),
    readJob: fromPromise<AdminImportJob, string>(async () => {
      throw new Error("Provide the 'readJob' actor");
    }),
  },
  guards: {
    valid: ({ event }) => event.type === 'import.submit' && check(event.upload).ok,
    ended: ({ context }) => context.job !== null && importJobEnded(context.job.status),
    giveUp: ({ context }) => context.failures >= ADMIN_IMPORT_READ_TRIES,
  },
  delays: {
    poll: ({ context }) => context.pollMs,
  },
  actions: {
    take: assign(({ event }) => (event.type === 'import.submit' ? { upload: event.upload, jobId: null, job: null, error: null, failures: 0 } : {})),
    showCheck: assign({
      error: ({ event }) => {
        if (event.type !== 'import.submit') return null;
        const c = check(event.upload);
        return c.ok ? null : c.error;
      },
    }),
  },
}).createMachine({
  id: 'adminImport',
  context: ({ input }) => ({ upload: null, jobId: null, job: null, error: null, failures: 0, pollMs: input.pollMs ?? ADMIN_IMPORT_POLL_MS }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'import.submit': [
          { guard: 'valid', target: 'uploading', actions: 'take' },
          { actions: 'showCheck' },
        ],
      },
    },
    uploading: {
      invoke: {
        src: 'upload',
        input: ({ context }) => context.upload!,
        onDone: { target: 'reading', actions: assign({ jobId: ({ event }) => event.output.id, upload: null }) },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => adminFailureText(event.error), upload: null }) },
      },
    },
    reading: {
      invoke: {
        src: 'readJob',
        input: ({ context }) => context.jobId!,
        onDone: [
          { guard: ({ event }) => importJobEnded(event.output.status), target: 'finished', actions: assign({ job: ({ event }) => event.output, failures: 0, error: null }) },
          { target: 'waiting', actions: assign({ job: ({ event }) => event.output, failures: 0, error: null }) },
        ],
        onError: { target: 'waiting', actions: assign({ failures: ({ context }) => context.failures + 1, error: ({ event }) => adminFailureText(event.error) }) },
      },
    },
    waiting: {
      always: { guard: 'giveUp', target: 'lost' },
      after: { poll: 'reading' },
    },
    /** The job could not be read: the page says so; the import may still finish (see Recent imports). */
    lost: {
      on: { 'import.reset': { target: 'idle', actions: assign({ jobId: null, job: null, error: null, failures: 0 }) } },
    },
    finished: {
      on: {
        'import.reset': { target: 'idle', actions: assign({ jobId: null, job: null, error: null, failures: 0 }) },
        'import.submit': [
          { guard: 'valid', target: 'uploading', actions: 'take' },
          { actions: 'showCheck' },
        ],
      },
    },
  },
});
