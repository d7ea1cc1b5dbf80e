import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { blockedAddressReason, isBlockedHostname } from './guarded-fetch-address.ts';

/**
 * The one way the server fetches a URL that a user typed (an SSO issuer, and whatever comes next:
 * webhooks, images by URL, calendars). Refuses, after resolving the name itself and at every
 * redirect, addresses that reach into the server's own network (guarded-fetch-address.ts), unless the
 * configuration's allow-list (`OUTBOUND_ALLOW_HOSTS`) names the host. The connection goes to the
 * address that was checked (a second DNS answer cannot swap it); redirects are followed by hand,
 * five at most; the whole exchange has a deadline and the answer a size limit.
 */

/** Why a request was not sent or its answer not taken. */
export class OutboundRefused extends Error {
  constructor(
    readonly reason:
      | 'invalid_url'
      | 'protocol'
      | 'blocked_host'
      | 'blocked_address'
      | 'dns_failed'
      | 'too_many_redirects'
      | 'insecure_redirect'
      | 'too_large'
      | 'timeout',
    readonly url: string,
    detail?: string,
  ) {
    super(`Outbound request to ${url} refused: ${reason}${detail ? ` (${detail})` : ''}`);
    this.name = 'OutboundRefused';
  }
}

export type ResolvedAddress = { address: string; family: number };
/** Every address of a host name (tests answer their own). */
export type AddressLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export type GuardedFetchOptions = {
  /** `host` or `host:port` (IPv6 in brackets) reached even on private addresses. */
  allowHosts?: readonly string[];
  lookup?: AddressLookup;
  /** For the whole exchange, redirects included. */
  timeoutMs?: number;
  /** Of the answer's body. */
  maxBytes?: number;
  maxRedirects?: number;
};

export type GuardedBody = string | URLSearchParams | Uint8Array | ArrayBuffer | null | undefined;

export type GuardedRequestInit = {
  method?: string;
  headers?: ConstructorParameters<typeof Headers>[0];
  body?: GuardedBody | ReadableStream;
  /** `follow` (default, each hop checked), `manual` (answer the redirect), `error`. */
  redirect?: 'follow' | 'manual' | 'error';
  signal?: AbortSignal | null;
};

export type GuardedFetch = (url: string | URL, init?: GuardedRequestInit) => Promise<Response>;

export const GUARDED_FETCH_DEFAULTS = {
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

const systemLookup: AddressLookup = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/** The `host` and `host:port` forms of an allow-list entry, lowercase. */
export function parseAllowHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}

function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

function isAllowed(url: URL, allowHosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  return allowHosts.some((entry) => entry === host || entry === `${host}:${defaultPort(url)}`);
}

function bodyBytes(body: GuardedRequestInit['body']): Buffer | undefined {
  if (body === null || body === undefined) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('guardedFetch: streamed request bodies are not supported.');
}

/** Creates the guarded fetcher; `fetch`'s shape, so that libraries accept it as theirs. */
export function createGuardedFetch(options: GuardedFetchOptions = {}): GuardedFetch {
  const allowHosts = (options.allowHosts ?? []).map((h) => h.toLowerCase());
  const lookup = options.lookup ?? systemLookup;
  const timeoutMs = options.timeoutMs ?? GUARDED_FETCH_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? GUARDED_FETCH_DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? GUARDED_FETCH_DEFAULTS.maxRedirects;

  /** The checked address to connect to. */
  async function resolve(url: URL): Promise<ResolvedAddress> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new OutboundRefused('protocol', url.href);
    const allowed = isAllowed(url, allowHosts);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!allowed && isBlockedHostname(host)) throw new OutboundRefused('blocked_host', url.href);
    const family = isIP(host);
    let addresses: ResolvedAddress[];
    if (family) addresses = [{ address: host, family }];
    else {
      try {
        addresses = await lookup(host);
      } catch (error) {
        throw new OutboundRefused('dns_failed', url.href, (error as Error).message);
      }
      if (addresses.length === 0) throw new OutboundRefused('dns_failed', url.href, 'no address');
    }
    if (!allowed)
      for (const { address } of addresses) {
        const why = blockedAddressReason(address);
        // One bad address is enough: the name is not trusted to pick a good one later.
        if (why) throw new OutboundRefused('blocked_address', url.href, `${address}: ${why}`);
      }
    return addresses[0]!;
  }

  /** One request to the checked address; the answer read whole (up to maxBytes). */
  function send(
    url: URL,
    pinned: ResolvedAddress,
    method: string,
    headers: Record<string, string>,
    body: Buffer | undefined,
    signal: AbortSignal,
  ): Promise<{ res: IncomingMessage; body: Buffer | null }> {
    const pinnedLookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      if ((lookupOptions as { all?: boolean }).all)
        (callback as (e: null, a: ResolvedAddress[]) => void)(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolvePromise, reject) => {
      if (signal.aborted) return reject(abortError(url, signal));
      const req = client.request({
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method,
        headers: body ? { ...headers, 'content-length': String(body.length) } : headers,
        lookup: pinnedLookup,
        servername: isIP(hostname) ? undefined : hostname,
        agent: false,
      });
      const onAbort = () => req.destroy(abortError(url, signal));
      signal.addEventListener('abort', onAbort, { once: true });
      const done = () => signal.removeEventListener('abort', onAbort);
      req.on('error', (error) => {
        done();
        reject(error);
      });
      req.on('response', (res) => {
        if (REDIRECTS.has(res.statusCode ?? 0) || NULL_BODY.has(res.statusCode ?? 0)) {
          res.resume();
          done();
          return resolvePromise({ res, body: null });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= maxBytes) return void chunks.push(chunk);
          done();
          reject(new OutboundRefused('too_large', url.href));
          req.destroy();
        });
        res.on('error', (error) => {
          done();
          reject(error);
        });
        res.on('end', () => {
          done();
          if (size <= maxBytes) resolvePromise({ res, body: Buffer.concat(chunks) });
        });
      });
      req.end(body);
    });
  }

  return async function guardedFetch(input, init = {}) {
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      throw new OutboundRefused('invalid_url', String(input));
    }
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    let method = (init.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = Object.fromEntries(new Headers(init.headers));
    let body = bodyBytes(init.body);
    if (init.body instanceof URLSearchParams && !headers['content-type'])
      headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    headers['accept-encoding'] = 'identity';

    for (let hop = 0; ; hop++) {
      const pinned = await resolve(url);
      const { res, body: received } = await send(url, pinned, method, headers, body, signal);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECTS.has(status) && location && init.redirect !== 'manual') {
        if (init.redirect === 'error') throw new TypeError(`Redirected from ${url.href}.`);
        if (hop >= maxRedirects) throw new OutboundRefused('too_many_redirects', url.href);
        const next = new URL(location, url);
        if (url.protocol === 'https:' && next.protocol === 'http:')
          throw new OutboundRefused('insecure_redirect', next.href);
        if (next.origin !== url.origin) {
          delete headers.authorization;
          delete headers.cookie;
        }
        if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
          if (method !== 'HEAD') method = 'GET';
          body = undefined;
          delete headers['content-type'];
        }
        url = next;
        continue;
      }
      return toResponse(res, received, url);
    }
  };
}

function abortError(url: URL, signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'TimeoutError')
    return new OutboundRefused('timeout', url.href);
  return reason instanceof Error ? reason : new Error('The request was aborted.');
}

function toResponse(res: IncomingMessage, body: Buffer | null, url: URL): Response {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    try {
      headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
    } catch {
      // A header value fetch would not accept either: left out.
    }
  }
  const status = res.statusCode ?? 502;
  const response = new Response(NULL_BODY.has(status) || body === null ? null : body, {
    status,
    statusText: res.statusMessage,
    headers,
  });
  Object.defineProperty(response, 'url', { value: url.href });
  return response;
}
