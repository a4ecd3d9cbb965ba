/**
 * Where an import's pictures come from: a file's image cells name a web address (fetched, with a
 * short timeout and a size cap) or a path (read from the images folder: `--images DIR`, else the
 * catalogue file's own folder). Each picture is read once into the form the store keeps
 * (media/imported-picture.ts) and answered by its hash; anything that cannot be brought in is
 * answered with the reason in plain words, which the import reports as a warning while the
 * product goes on with the store's placeholder.
 *
 * Fetching is an import reaching out from the store's machine, so where it may reach is a
 * setting, IMPORT_IMAGE_FETCH:
 * - `public` (the default): addresses on the internet only; loopback, private, link-local and
 *   other reserved addresses are refused (a file cannot make the store read its own network),
 *   checked on the address connected to, after DNS;
 * - `loopback`: this machine only (127.0.0.0/8, ::1, `localhost`), never a DNS query for any
 *   other name (the tests and the bench, which serve pictures themselves);
 * - `any`: no address refused (an old store on the operator's own network);
 * - `off`: nothing fetched; every web address is a warning.
 * @module
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { readFile, stat } from 'node:fs/promises';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { basename, join } from 'node:path';
import { PictureError, storePicture, type StoredPicture } from '../media/imported-picture.ts';

/** Where an import may fetch pictures from (see the module notes). */
export type ImageFetchMode = 'off' | 'public' | 'loopback' | 'any';

/** The fetch modes, as IMPORT_IMAGE_FETCH takes them. */
export const IMAGE_FETCH_MODES: readonly ImageFetchMode[] = ['public', 'loopback', 'any', 'off'];

/** Longest wait for a picture's server, to connect and between bytes; the whole fetch gets twice this. @default 5000 */
export const IMAGE_FETCH_TIMEOUT_MS = 5000;

/** Largest picture file read or fetched. @default 10 MiB */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Pictures fetched at once. @default 6 */
export const IMAGE_FETCH_CONCURRENCY = 6;

/** Failures to reach a host after which its other pictures are not tried. @default 3 */
export const HOST_FAILURES_BEFORE_SKIP = 3;

const MAX_REDIRECTS = 3;

/** The fetch mode IMPORT_IMAGE_FETCH names. @default 'public' */
export function imageFetchModeFromEnv(env: NodeJS.ProcessEnv = process.env): ImageFetchMode {
  const raw = (env.IMPORT_IMAGE_FETCH ?? '').trim().toLowerCase();
  if (raw === '') return 'public';
  if (!(IMAGE_FETCH_MODES as readonly string[]).includes(raw)) throw new Error(`IMPORT_IMAGE_FETCH must be one of ${IMAGE_FETCH_MODES.join(', ')}`);
  return raw as ImageFetchMode;
}

/** How an import finds its pictures. */
export interface ImageSourceOptions {
  /** The folder picture paths are read from; null or left out: paths are not read (an import through the API). */
  dir?: string | null;
  /** Where web addresses may be fetched from. @default imageFetchModeFromEnv() */
  fetch?: ImageFetchMode;
  /** @default IMAGE_FETCH_TIMEOUT_MS */
  timeoutMs?: number;
  /** @default MAX_IMAGE_BYTES */
  maxBytes?: number;
}

/** A picture brought in, or why not (the end of a sentence that starts "Image 'x' "). */
export type PictureResult = { ok: true; picture: Omit<StoredPicture, 'bytes'> } | { ok: false; reason: string };

class FetchProblem extends Error {
  constructor(
    message: string,
    /** The host did not answer (a later picture from it would not either). */
    readonly unreachable = false,
  ) {
    super(message);
  }
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

// every range that is not the public internet (RFC 6890 and friends), IPv4-mapped forms included
const notPublic = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) {
  notPublic.addSubnet(net, bits, 'ipv4');
  notPublic.addSubnet(`::ffff:${net}`, 96 + bits, 'ipv6');
}
for (const [net, bits] of [['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) {
  notPublic.addSubnet(net, bits, 'ipv6');
}

/** Whether the mode lets an import connect to `address` (an IP address). */
export function addressAllowed(mode: ImageFetchMode, address: string): boolean {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (mode === 'any') return true;
  if (mode === 'loopback') return loopback.check(address, family);
  if (mode === 'public') return !notPublic.check(address, family);
  return false;
}

/** DNS that answers only the addresses the mode allows, so the connection goes nowhere else. */
function guardedLookup(mode: ImageFetchMode): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const allowed = addresses.filter((a) => addressAllowed(mode, a.address));
      if (allowed.length === 0) return callback(new FetchProblem(`could not be fetched: ${hostname} is on a private or reserved network`), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      return callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

/** Reads a response body up to `max` bytes. */
async function body(res: IncomingMessage, max: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) throw new FetchProblem(`is larger than ${mib(max)}`);
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    n += chunk.length;
    if (n > max) {
      res.destroy();
      throw new FetchProblem(`is larger than ${mib(max)}`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const mib = (bytes: number): string => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** Fetches a picture's bytes under the mode's rules, following a few redirects (each checked again). */
async function fetchBytes(url: URL, mode: ImageFetchMode, timeoutMs: number, maxBytes: number, signal: AbortSignal, redirects = MAX_REDIRECTS): Promise<Buffer> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (!addressAllowed(mode, host)) throw new FetchProblem(`could not be fetched: ${host} is ${mode === 'loopback' ? 'not this machine (IMPORT_IMAGE_FETCH=loopback)' : 'on a private or reserved network'}`);
  } else if (mode === 'loopback' && host.toLowerCase() !== 'localhost') {
    // not even a DNS query: a loopback import reaches nothing beyond this machine
    throw new FetchProblem(`could not be fetched: ${host} is not this machine (IMPORT_IMAGE_FETCH=loopback)`);
  }
  const get = url.protocol === 'https:' ? httpsGet : httpGet;
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = get(url, { lookup: guardedLookup(mode), timeout: timeoutMs, signal, headers: { accept: 'image/*', 'user-agent': 'Skimmer catalogue import' } }, resolve);
    req.on('timeout', () => req.destroy(new FetchProblem(`could not be fetched: no answer within ${timeoutMs / 1000} s`, true)));
    req.on('error', reject);
  });
  try {
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      if (redirects === 0) throw new FetchProblem('could not be fetched: too many redirects');
      const next = new URL(res.headers.location, url);
      if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new FetchProblem('could not be fetched: it redirects to an address that is not a web address');
      return await fetchBytes(next, mode, timeoutMs, maxBytes, signal, redirects - 1);
    }
    if (status !== 200) {
      res.resume();
      throw new FetchProblem(`could not be fetched: the server answered ${status}`);
    }
    return await body(res, maxBytes);
  } catch (err) {
    res.destroy();
    throw err;
  }
}

/** Plain words for a failed fetch, and whether its host is unreachable. */
function fetchFailure(err: unknown, timeoutMs: number): FetchProblem {
  if (err instanceof FetchProblem) return err;
  const e = err as NodeJS.ErrnoException;
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError') return new FetchProblem(`could not be fetched: no answer within ${(timeoutMs * 2) / 1000} s`, true);
  switch (e?.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new FetchProblem('could not be fetched: its host name is not known', true);
    case 'ECONNREFUSED':
      return new FetchProblem('could not be fetched: the server refused the connection', true);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ETIMEDOUT':
      return new FetchProblem('could not be fetched: the server cannot be reached', true);
    default:
      return new FetchProblem(`could not be fetched (${e?.code ?? (e instanceof Error ? e.message : 'error')})`, true);
  }
}

/**
 * An import's pictures by their source (URL or path, as the file wrote it): each is brought in
 * once, however many products name it, and saved by `save` (once per picture) before it is
 * answered. Keeps only results, never picture bytes, between calls.
 */
export class PictureSources {
  private readonly results = new Map<string, Promise<PictureResult>>();
  private readonly saved = new Set<string>();
  private readonly hostFailures = new Map<string, number>();
  private writing: Promise<unknown> = Promise.resolve();
  private readonly mode: ImageFetchMode;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;

  constructor(
    private readonly options: ImageSourceOptions,
    private readonly save: (picture: StoredPicture) => Promise<void>,
  ) {
    this.mode = options.fetch ?? imageFetchModeFromEnv();
    this.timeoutMs = options.timeoutMs ?? IMAGE_FETCH_TIMEOUT_MS;
    this.maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  }

  /** The picture a source names, brought in and saved, or why it could not be. */
  resolve(source: string): Promise<PictureResult> {
    let result = this.results.get(source);
    if (!result) this.results.set(source, (result = this.bring(source)));
    return result;
  }

  private async bring(source: string): Promise<PictureResult> {
    let bytes: Buffer;
    try {
      bytes = /^https?:\/\//i.test(source) ? await this.fetch(source) : await this.read(source);
    } catch (err) {
      return { ok: false, reason: err instanceof FetchProblem ? err.message : 'could not be read' };
    }
    let picture: StoredPicture;
    try {
      picture = await storePicture(bytes);
    } catch (err) {
      if (err instanceof PictureError) return { ok: false, reason: err.message };
      throw err;
    }
    if (!this.saved.has(picture.hash)) {
      this.saved.add(picture.hash);
      // one write at a time: the import's transaction is one connection
      const write = this.writing.then(() => this.save(picture));
      this.writing = write.catch(() => undefined);
      await write;
    }
    const { bytes: _kept, ...rest } = picture;
    return { ok: true, picture: rest };
  }

  private async fetch(source: string): Promise<Buffer> {
    if (this.mode === 'off') throw new FetchProblem('was not fetched: fetching pictures is off (IMPORT_IMAGE_FETCH=off)');
    let url: URL;
    try {
      url = new URL(source);
    } catch {
      throw new FetchProblem('is not a valid web address');
    }
    const host = url.host.toLowerCase();
    if ((this.hostFailures.get(host) ?? 0) >= HOST_FAILURES_BEFORE_SKIP) throw new FetchProblem(`was not fetched: ${url.hostname} did not answer ${HOST_FAILURES_BEFORE_SKIP} earlier pictures`);
    try {
      const bytes = await fetchBytes(url, this.mode, this.timeoutMs, this.maxBytes, AbortSignal.timeout(this.timeoutMs * 2));
      this.hostFailures.set(host, 0);
      return bytes;
    } catch (err) {
      const problem = fetchFailure(err, this.timeoutMs);
      if (problem.unreachable) this.hostFailures.set(host, (this.hostFailures.get(host) ?? 0) + 1);
      throw problem;
    }
  }

  private async read(source: string): Promise<Buffer> {
    if (/^[a-z][a-z0-9+.-]*:/i.test(source) && !/^[a-z]:[\\/]/i.test(source)) throw new FetchProblem('is not a web address (http or https) or a file path');
    const dir = this.options.dir;
    if (!dir) throw new FetchProblem("is a file path, and no picture files came with the catalogue (send them as 'images' parts of the upload, or import with npm run import -- --images DIR, or give web addresses)");
    // as written under the folder (a Volusion path such as /v/vspfiles/photos/x.jpg included), else by its file name alone
    const candidates = [join(dir, source.replace(/^[/\\]+/, '')), join(dir, basename(source))];
    for (const path of candidates) {
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) continue;
      if (info.size > this.maxBytes) throw new FetchProblem(`is larger than ${mib(this.maxBytes)}`);
      return await readFile(path);
    }
    throw new FetchProblem('was not found in the images folder');
  }
}

/** Runs `work` over `items` with at most `limit` at once, answering in order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}
