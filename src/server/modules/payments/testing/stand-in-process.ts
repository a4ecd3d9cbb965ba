/**
 * The Stripe stand-in in a process of its own (benchmarks): its own event loop, heap and garbage
 * collection, as Stripe's servers are not the store's, so the store's timings carry none of the
 * stand-in's work. The process answers what a benchmark reads of the stand-in over IPC: the
 * requests with their handling times, and the counts of requests and charges.
 *
 * Test and benchmark code only: the store never imports it.
 * @module
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';

type Ask = { id: number; op: 'requests'; from: number } | { id: number; op: 'counts' } | { id: number; op: 'close' };

/** The stand-in in its process, as a benchmark sees it. */
export interface StandInProcess {
  readonly url: string;
  readonly webhookSecret: string;
  /** The requests answered from the `from`-th on. */
  requests(from?: number): Promise<StripeStandIn['requests']>;
  /** How many requests were answered, and how many charges took money, so far. */
  counts(): Promise<{ requests: number; charges: number }>;
  close(): Promise<void>;
}

/** Starts the stand-in in a child process (run through tsx, as the benchmarks are). */
export async function startStandInProcess(): Promise<StandInProcess> {
  const child = fork(fileURLToPath(import.meta.url), ['--stand-in'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let next = 0;
  const waiting = new Map<number, (value: unknown) => void>();
  const started = await new Promise<{ url: string; webhookSecret: string }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the stand-in's process exited (${String(code)})`)));
    child.once('message', (m) => resolve(m as { url: string; webhookSecret: string }));
  });
  child.removeAllListeners('exit');
  child.on('message', (m: { id: number; value: unknown }) => {
    waiting.get(m.id)?.(m.value);
    waiting.delete(m.id);
  });
  const ask = <T>(request: Record<string, unknown>): Promise<T> => new Promise((resolve) => {
    const id = next++;
    waiting.set(id, resolve as (value: unknown) => void);
    child.send({ ...request, id });
  });
  return {
    url: started.url,
    webhookSecret: started.webhookSecret,
    requests: async (from = 0) => await ask({ op: 'requests', from }),
    counts: async () => await ask({ op: 'counts' }),
    async close() {
      await ask({ op: 'close' });
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.disconnect();
      });
    },
  };
}

if (process.argv.includes('--stand-in') && process.send) {
  const send = process.send.bind(process);
  const standIn = await startStripeStandIn();
  process.on('message', (m: Ask) => {
    if (m.op === 'requests') send({ id: m.id, value: standIn.requests.slice(m.from) });
    else if (m.op === 'counts') send({ id: m.id, value: { requests: standIn.requests.length, charges: standIn.charges.length } });
    else void standIn.close().then(() => send({ id: m.id, value: null }));
  });
  send({ url: standIn.url, webhookSecret: standIn.webhookSecret });
}
