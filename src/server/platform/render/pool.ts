/**
 * Server rendering on all cores: a pool of worker threads (render-thread.mjs), each with the built
 * server entry loaded, renders the storefront's pages while the main thread keeps the app (HTTP,
 * the API, the database, the search index, the caches). A React render is most of a page's CPU
 * and Node runs JavaScript on one core per thread, so one process with the pool renders as many
 * pages at once as the machine has cores, without a second copy of the store's data (as
 * `WORKERS` processes would need, with Redis between them).
 *
 * - The entry's API calls come back to the main thread as plain data (calls.ts) and are answered
 *   by the app in process (`inProcessCall`: the shopper's address for the rate limits, no cookie,
 *   the site-wide reads kept between renders), so a page rendered in a thread is byte for byte
 *   the page rendered on the main thread.
 * - A render goes to the thread with the fewest renders in progress, at most `rendersPerThread`
 *   at once per thread; later pages wait their turn, oldest first.
 * - A thread that dies fails its renders in progress (those pages answer 500 with the error
 *   fallback) and is replaced. If the entry cannot be loaded, or threads die before rendering
 *   anything three times, the pool reports itself broken and the pages render on the main thread.
 * - `RENDER_THREADS` (main.ts) sets the size; 0 renders on the main thread as before.
 * @module
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { InProcessAnswer, InProcessCall } from './calls.ts';
import { SerializedJson } from './storefront-page.ts';
import type { EntryRenderRequest, EntryRenderResult } from './index.ts';

/** A page to render in a thread: the entry's request without its transport (the calls come back here). */
export type PoolRenderRequest = Omit<EntryRenderRequest, 'transport'>;

/** Messages to a render thread. */
export type ToWorker =
  | { type: 'render'; id: number; request: PoolRenderRequest }
  | { type: 'answer'; callId: number; answer?: InProcessAnswer; error?: string }
  | { type: 'forget'; generation: number };

/** Messages from a render thread. */
type FromWorker =
  | { type: 'call'; id: number; callId: number; call: InProcessCall }
  | { type: 'rendered'; id: number; result: EntryRenderResult; dataJson: string | null }
  | { type: 'failed'; id: number; error: string }
  | { type: 'broken'; error: string };

/** Options of {@link RenderPool}. */
export interface RenderPoolOptions {
  /** The built server entry (dist/server/entry-server.js) each thread loads. */
  entryPath: string;
  /** How many render threads. */
  threads: number;
  /** Told when a thread dies or the pool breaks (the server logs it). */
  onError?: (error: Error) => void;
  /**
   * Renders a thread works on at once; later pages wait their turn, oldest first. A render mostly
   * computes, but waits for its calls (answered on the main thread, which is busy with HTTP and
   * the other threads' calls): with two, a thread still sat idle while both waited; three kept it
   * busy (bench:ssr, cold, interleaved: collection pages 322 and 323 a second against 287 and 284,
   * p95 83 and 85 ms against 91 and 90; product pages 491 and 479 against 453 and 438), and a
   * page is not slowed by every other page in progress. @default 3
   */
  rendersPerThread?: number;
  /**
   * Megabytes of a thread's young generation. A render allocates a few MB of short-lived
   * objects (elements, strings, the page's data); V8's default young generation filled several
   * times per page and its scavenges promoted render garbage to the old generation. A larger one
   * took about a tenth off the CPU per page (in-process load of product pages, 2 threads).
   * @default 64
   */
  youngGenerationMb?: number;
  /** A folder where each thread writes a V8 CPU profile (`--cpu-prof`) when it ends. @default none */
  profileDir?: string;
}

interface Thread {
  worker: Worker;
  /** Renders sent and not yet answered. */
  inProgress: number;
  /** Pages it has answered (a thread that dies before its first is counted towards 'broken'). */
  answered: number;
  gone: boolean;
}

interface WaitingRender {
  request: PoolRenderRequest;
  call: (call: InProcessCall) => Promise<InProcessAnswer>;
  resolve: (result: EntryRenderResult) => void;
  reject: (error: Error) => void;
}

/** A page sent to a thread and not yet answered. */
type PendingRender = Omit<WaitingRender, 'request'> & { thread: Thread };

/** How many threads die before answering a page before the pool gives up on threads. */
const EARLY_DEATHS_TO_BREAK = 3;

/**
 * The default number of render threads: one per core beyond the first, but at least two on a
 * machine with two cores or more, none on one core (a thread would only share the main thread's
 * core). The main thread's share of a page (HTTP, the API calls, the page's assembly) is about a
 * third of the render's, so on two cores a single thread left the second core a third idle while
 * pages queued for the thread: two threads on two cores rendered a quarter more collection pages a
 * second (bench:ssr, 193 and 197 against 155 and 153, interleaved) and as many product pages.
 *
 * With `workers` processes of the store on the machine (WORKERS), each worker's main thread
 * already takes a core: each worker gets its share of the cores less one, at least one thread
 * (two workers on two cores: one each, not two each: four threads on two cores only added
 * memory, about 25 MB a thread).
 * @example defaultRenderThreads(8); // 7
 * @example defaultRenderThreads(2); // 2
 * @example defaultRenderThreads(8, 2); // 3
 */
export function defaultRenderThreads(cores: number = availableParallelism(), workers = 1): number {
  if (cores <= 1) return 0;
  if (workers <= 1) return Math.max(2, Math.min(cores - 1, 8));
  return Math.max(1, Math.min(Math.floor(cores / workers) - 1, 8));
}

/**
 * The pool (see the module comment).
 * @example
 * const pool = new RenderPool({ entryPath: 'dist/server/entry-server.js', threads: 3 });
 * const page = await pool.render({ url, origin, config, userAgent }, inProcessCall(app, req.ip));
 * await pool.close();
 */
export class RenderPool {
  private readonly threads: Thread[] = [];
  private readonly pending = new Map<number, PendingRender>();
  private readonly waiting: WaitingRender[] = [];
  private readonly perThread: number;
  private nextId = 0;
  private answeredCalls = 0;
  private closing = false;
  private earlyDeaths = 0;
  /** Why the pool no longer renders (pages go back to the main thread), or null. */
  broken: string | null = null;

  constructor(private readonly options: RenderPoolOptions) {
    this.perThread = Math.max(1, options.rendersPerThread ?? 3);
    for (let i = 0; i < options.threads; i++) this.threads.push(this.spawn());
  }

  /** Whether pages can be sent here. */
  get usable(): boolean {
    return !this.closing && this.broken === null && this.threads.length > 0;
  }

  /** Renders in progress per thread (tests, metrics). */
  get load(): number[] {
    return this.threads.map((t) => t.inProgress);
  }

  /** Pages waiting for a thread (tests, metrics). */
  get queued(): number {
    return this.waiting.length;
  }

  /** The renders' calls the main thread has answered (tests, metrics; a thread answers the reads it keeps itself). */
  get callsAnswered(): number {
    return this.answeredCalls;
  }

  /**
   * Tells every thread that the answers it keeps (those sent with `keep`, calls.ts `KeptFor`) of
   * generations before `generation` are stale: the app's kept reads were cleared by a catalogue
   * change. Sent at the clear, before any answer of the new generation, so no thread keeps an old
   * answer past it.
   */
  forget(generation: number): void {
    for (const thread of this.threads) if (!thread.gone) thread.worker.postMessage({ type: 'forget', generation } satisfies ToWorker);
  }

  private spawn(): Thread {
    // plain JavaScript with no loader flags: the thread loads only that file and the built entry
    const worker = new Worker(new URL('./render-thread.mjs', import.meta.url), {
      workerData: { entryPath: this.options.entryPath },
      execArgv: this.options.profileDir ? ['--cpu-prof', '--cpu-prof-dir', this.options.profileDir] : [],
      resourceLimits: { maxYoungGenerationSizeMb: this.options.youngGenerationMb ?? 64 },
    });
    // a pool left open never keeps the process alive
    worker.unref();
    const thread: Thread = { worker, inProgress: 0, answered: 0, gone: false };
    worker.on('message', (message: FromWorker) => this.onMessage(thread, message));
    worker.on('error', (error) => this.onGone(thread, error));
    worker.on('exit', (code) => this.onGone(thread, new Error(`a render thread exited with code ${code}`)));
    return thread;
  }

  private onMessage(thread: Thread, message: FromWorker): void {
    if (message.type === 'call') {
      const pending = this.pending.get(message.id);
      const answer = (reply: Omit<Extract<ToWorker, { type: 'answer' }>, 'type' | 'callId'>) => {
        if (!thread.gone) thread.worker.postMessage({ type: 'answer', callId: message.callId, ...reply } satisfies ToWorker);
      };
      if (!pending) {
        answer({ error: 'the render is over' });
        return;
      }
      this.answeredCalls++;
      pending.call(message.call).then(
        (result) => answer({ answer: result }),
        (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
      );
      return;
    }
    if (message.type === 'broken') {
      this.break(`the server entry could not be loaded in a render thread: ${message.error}`);
      return;
    }
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    thread.inProgress--;
    thread.answered++;
    if (message.type === 'rendered') pending.resolve(message.dataJson === null ? message.result : { ...message.result, data: new SerializedJson(message.dataJson) });
    else pending.reject(new Error(message.error));
    this.dispatch();
  }

  private onGone(thread: Thread, error: Error): void {
    if (thread.gone) return;
    thread.gone = true;
    const index = this.threads.indexOf(thread);
    if (index >= 0) this.threads.splice(index, 1);
    for (const [id, pending] of this.pending) {
      if (pending.thread !== thread) continue;
      this.pending.delete(id);
      pending.reject(error);
    }
    if (this.closing) return;
    void thread.worker.terminate();
    this.options.onError?.(error);
    if (thread.answered === 0 && ++this.earlyDeaths >= EARLY_DEATHS_TO_BREAK) {
      this.break(`render threads keep exiting before their first page (${error.message})`);
      return;
    }
    if (this.broken === null) {
      this.threads.push(this.spawn());
      this.dispatch();
    }
  }

  private break(reason: string): void {
    if (this.broken !== null) return;
    this.broken = reason;
    this.options.onError?.(new Error(reason));
    for (const thread of [...this.threads]) {
      thread.gone = true;
      void thread.worker.terminate();
    }
    this.threads.length = 0;
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      pending.reject(new Error(reason));
    }
    for (const page of this.waiting.splice(0)) page.reject(new Error(reason));
  }

  /**
   * Renders a page in the thread with the fewest renders in progress; its API calls are answered
   * by `call` on this thread. Rejects when the thread dies or the pool is not {@link usable}.
   */
  render(request: PoolRenderRequest, call: (call: InProcessCall) => Promise<InProcessAnswer>): Promise<EntryRenderResult> {
    if (!this.usable) return Promise.reject(new Error(this.broken ?? 'the render pool is closed'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ request, call, resolve, reject });
      this.dispatch();
    });
  }

  /** Sends waiting pages, oldest first, to threads with room (fewest renders in progress first). */
  private dispatch(): void {
    while (this.waiting.length > 0 && this.threads.length > 0) {
      let thread = this.threads[0] as Thread;
      for (const t of this.threads) if (t.inProgress < thread.inProgress) thread = t;
      if (thread.inProgress >= this.perThread) return;
      const page = this.waiting.shift() as WaitingRender;
      const id = this.nextId++;
      this.pending.set(id, { thread, call: page.call, resolve: page.resolve, reject: page.reject });
      thread.inProgress++;
      thread.worker.postMessage({ type: 'render', id, request: page.request } satisfies ToWorker);
    }
  }

  /** Stops every thread; renders in progress fail. */
  async close(): Promise<void> {
    this.closing = true;
    const threads = this.threads.splice(0);
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      pending.reject(new Error('the render pool is closed'));
    }
    for (const page of this.waiting.splice(0)) page.reject(new Error('the render pool is closed'));
    await Promise.all(threads.map(async (thread) => {
      thread.gone = true;
      await thread.worker.terminate();
    }));
  }
}
