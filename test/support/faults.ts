/**
 * Faults on demand, for the fault suite (test/server/faults*.test.ts) and `npm run bench:faults`
 * (bench/faults.ts), all on loopback and none touching the machine's shared servers:
 *
 * - {@link startTcpProxy}: a TCP proxy in front of PostgreSQL. `cut()` drops every connection and
 *   stops listening (what the store sees when PostgreSQL stops: connections terminated, then
 *   ECONNREFUSED), `restore()` listens again on the same port; `delayMs` holds every chunk in both
 *   directions that long (a slow database or network).
 * - {@link startOwnRedis}: a redis-server of its own on a free port (`--save ""`, nothing on
 *   disk) that can be stopped and started again on the same port, or frozen (a hung server).
 * - {@link startSmtpStandIn}: an SMTP server stand-in: `accept` (takes every message, kept in
 *   `received`), `refuse` (answers 421 and hangs up), `hang` (takes the connection and never
 *   greets), or `closed` (not listening: connection refused).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, Socket, type Server } from 'node:net';
import { freePort } from './store-process.ts';

/** A TCP proxy that can be cut and slowed. */
export interface TcpProxy {
  /** The port it listens on (the same after a restore). */
  readonly port: number;
  /** Milliseconds every chunk is held, both ways (0: none). */
  delayMs: number;
  /** Connections open now. */
  readonly open: number;
  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string;
  /** Drops every connection and stops listening (connection refused until restored). */
  cut(): Promise<void>;
  /** Listens again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a proxy to `target` on a free port of 127.0.0.1.
 * @example
 * const proxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 });
 * const url = proxy.through('postgres://root@127.0.0.1:5432/test');
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const state = { delayMs: 0 };
  const pipe = (from: Socket, to: Socket) => {
    from.on('data', (chunk) => {
      // the same delay for every chunk keeps them in order
      if (state.delayMs <= 0) to.write(chunk);
      else setTimeout(() => { if (!to.destroyed) to.write(chunk); }, state.delayMs);
    });
    from.on('end', () => (state.delayMs <= 0 ? to.end() : setTimeout(() => to.end(), state.delayMs)));
    from.on('error', () => to.destroy());
    from.on('close', () => {
      sockets.delete(from);
      to.destroy();
    });
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = new Socket();
        sockets.add(client);
        sockets.add(upstream);
        upstream.connect(target.port, target.host);
        pipe(client, upstream);
        pipe(upstream, client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        resolve();
      });
    });
  await listen();
  const stop = async () => {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  return {
    port,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    get open() {
      return sockets.size / 2;
    },
    through(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut: stop,
    async restore() {
      if (!server) await listen();
    },
    close: stop,
  };
}

/** A redis-server of one's own. */
export interface OwnRedis {
  readonly port: number;
  readonly url: string;
  /** Whether it runs now. */
  readonly running: boolean;
  /** Stops it (SIGTERM; nothing is saved) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port and waits until it answers. */
  start(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open and nothing answers, as a hung server. */
  pause(): void;
  /** Lets a frozen server go on (SIGCONT). */
  resume(): void;
}

async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = new Socket();
    let out = '';
    s.setTimeout(500, () => {
      s.destroy();
      resolve(false);
    });
    s.on('error', () => resolve(false));
    s.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('PONG')) {
        s.destroy();
        resolve(true);
      }
    });
    s.connect(port, '127.0.0.1', () => s.write('PING\r\n'));
  });
}

/**
 * Starts a redis-server on a free port of 127.0.0.1, persisting nothing.
 * @example
 * const redis = await startOwnRedis();
 * await redis.stop(); // the store's Redis is gone
 * await redis.start(); // and back
 */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    if (child) return;
    const c = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    c.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child = c;
    c.once('exit', () => {
      if (child === c) child = null;
    });
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(port))) {
      if (child === null) throw new Error(`redis-server exited: ${err}`);
      if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not answer: ${err}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    get running() {
      return child !== null;
    },
    async stop() {
      const c = child;
      if (!c) return;
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill('SIGTERM');
      });
      child = null;
    },
    start,
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
  };
}

/** How the SMTP stand-in treats a connection. */
export type SmtpMode = 'accept' | 'refuse' | 'hang' | 'closed';

/** An SMTP server stand-in. */
export interface SmtpStandIn {
  readonly port: number;
  /** smtp://127.0.0.1:{port} */
  readonly url: string;
  /** What it does with the next connection. */
  mode: SmtpMode;
  /** The messages accepted: envelope recipients and the raw data. */
  readonly received: { to: string[]; data: string }[];
  /** Connections it holds without greeting (mode `hang`). */
  readonly hanging: number;
  close(): Promise<void>;
}

/**
 * Starts the stand-in on a free port of 127.0.0.1: just enough SMTP for nodemailer (no
 * extensions, no TLS).
 * @example
 * const smtp = await startSmtpStandIn('refuse');
 * process.env.SMTP_URL = smtp.url;
 */
export async function startSmtpStandIn(initial: SmtpMode = 'accept'): Promise<SmtpStandIn> {
  const port = await freePort();
  const received: { to: string[]; data: string }[] = [];
  const held = new Set<Socket>();
  let mode: SmtpMode = initial;
  let server: Server | null = null;
  const onConnection = (socket: Socket) => {
    socket.on('error', () => undefined);
    if (mode === 'refuse') {
      socket.end('421 stand-in: service not available\r\n');
      return;
    }
    if (mode === 'hang') {
      held.add(socket);
      socket.on('close', () => held.delete(socket));
      return;
    }
    socket.write('220 stand-in ESMTP\r\n');
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    let data: string[] = [];
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let nl: number;
      while ((nl = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push({ to, data: data.join('\r\n') });
            to = [];
            data = [];
            socket.write('250 OK queued\r\n');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-stand-in\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO') socket.write('250 stand-in\r\n');
        else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  };
  const listen = () =>
    new Promise<void>((resolve) => {
      const s = createServer(onConnection);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        resolve();
      });
    });
  const unlisten = async () => {
    const s = server;
    server = null;
    for (const socket of held) socket.destroy();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  if (mode !== 'closed') await listen();
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    get mode() {
      return mode;
    },
    set mode(next: SmtpMode) {
      const was = mode;
      mode = next;
      if (next === 'closed' && was !== 'closed') void unlisten();
      if (next !== 'closed' && was === 'closed') void listen();
    },
    received,
    get hanging() {
      return held.size;
    },
    close: unlisten,
  };
}
