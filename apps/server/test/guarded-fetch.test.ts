import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGuardedFetch,
  OutboundRefused,
  parseAllowHosts,
  type AddressLookup,
} from '../src/platform/http/guarded-fetch.ts';
import { blockedAddressReason } from '../src/platform/http/guarded-fetch-address.ts';

/** A server on 127.0.0.1 that counts what reaches it; `route` answers by path. */
async function localServer(route: (req: IncomingMessage, res: ServerResponse) => void) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    route(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundRefused);
  return (error as OutboundRefused).reason;
};

/** Names that resolve as these tests say, counting look-ups. */
function fakeDns(answers: Record<string, string[] | (() => string[])>) {
  const calls: string[] = [];
  const lookup: AddressLookup = async (hostname) => {
    calls.push(hostname);
    const answer = answers[hostname];
    if (!answer) throw new Error(`ENOTFOUND ${hostname}`);
    const list = typeof answer === 'function' ? answer() : answer;
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { lookup, calls };
}

describe('guarded fetch', () => {
  let target: Awaited<ReturnType<typeof localServer>>;
  beforeAll(async () => {
    target = await localServer((req, res) => {
      if (req.url === '/redirect-private') {
        res.writeHead(302, { location: 'http://10.0.0.7/latest' }).end();
      } else if (req.url === '/redirect-metadata') {
        res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      } else if (req.url === '/redirect-name') {
        res.writeHead(301, { location: `http://inner.test:${target.port}/ok` }).end();
      } else if (req.url === '/loop') {
        res.writeHead(302, { location: '/loop' }).end();
      } else if (req.url === '/big') {
        res.end('x'.repeat(5000));
      } else if (req.url === '/slow') {
        setTimeout(() => res.end('late'), 2000);
      } else if (req.url === '/form') {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => res.end(`${req.headers['content-type']}|${body}`));
      } else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  afterAll(() => target.close());

  it('refuses loopback, private, link-local, metadata and unspecified addresses typed as hosts', async () => {
    const guarded = createGuardedFetch();
    for (const url of [
      `http://127.0.0.1:${target.port}/`,
      'http://[::1]/',
      'http://10.1.2.3/',
      'http://172.20.0.1/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/',
      'http://[fd00:ec2::254]/',
      'http://0.0.0.0/',
      'http://[::]/',
      'http://224.0.0.1/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://2130706433/',
      'http://0x7f.1/',
    ])
      expect(await refusal(guarded(url)), url).toBe('blocked_address');
    for (const url of [
      'http://metadata.google.internal/',
      'http://localhost:1/',
      'http://a.localhost/',
    ])
      expect(await refusal(guarded(url)), url).toBe('blocked_host');
    expect(await refusal(guarded('file:///etc/passwd'))).toBe('protocol');
    expect(target.hits).toEqual([]);
  });

  it('classifies addresses: public ones pass, embedded private ones do not', () => {
    expect(blockedAddressReason('93.184.216.34')).toBeUndefined();
    expect(blockedAddressReason('2606:4700::1111')).toBeUndefined();
    expect(blockedAddressReason('::ffff:8.8.8.8')).toBeUndefined();
    expect(blockedAddressReason('127.0.0.53')).toBe('loopback');
    expect(blockedAddressReason('::ffff:10.0.0.1')).toBe('private');
    expect(blockedAddressReason('64:ff9b::a00:1')).toBe('private');
    expect(blockedAddressReason('2002:7f00:1::')).toBe('loopback');
    expect(blockedAddressReason('fc12::1')).toBe('unique_local');
    expect(blockedAddressReason('ff02::1')).toBe('multicast');
    expect(blockedAddressReason('not an address')).toBe('invalid');
  });

  it('refuses a host name that resolves to a private address, even among public ones', async () => {
    const dns = fakeDns({
      'evil.test': ['127.0.0.1'],
      'mixed.test': ['93.184.216.34', '10.0.0.1'],
      'gone.test': [],
    });
    const guarded = createGuardedFetch({ lookup: dns.lookup });
    expect(await refusal(guarded(`http://evil.test:${target.port}/`))).toBe('blocked_address');
    expect(await refusal(guarded('https://mixed.test/'))).toBe('blocked_address');
    expect(await refusal(guarded('https://gone.test/'))).toBe('dns_failed');
    expect(await refusal(guarded('https://unknown.test/'))).toBe('dns_failed');
    expect(target.hits).toEqual([]);
  });

  it('lets the allow-list through, by host or host:port only', async () => {
    const port = target.port;
    expect(parseAllowHosts(` 127.0.0.1:${port}, IdP.Local ,`)).toEqual([
      `127.0.0.1:${port}`,
      'idp.local',
    ]);
    const byPort = createGuardedFetch({ allowHosts: parseAllowHosts(`127.0.0.1:${port}`) });
    const res = await byPort(`http://127.0.0.1:${port}/x`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.url).toBe(`http://127.0.0.1:${port}/x`);
    expect(await refusal(byPort(`http://127.0.0.1:${port + 1}/`))).toBe('blocked_address');
    const byHost = createGuardedFetch({ allowHosts: ['127.0.0.1'] });
    expect((await byHost(`http://127.0.0.1:${port}/`)).status).toBe(200);
  });

  it('checks every redirect hop: a private or metadata address behind an allowed host is refused', async () => {
    const dns = fakeDns({ 'idp.test': ['127.0.0.1'], 'inner.test': ['127.0.0.1'] });
    const guarded = createGuardedFetch({ allowHosts: ['idp.test'], lookup: dns.lookup });
    const base = `http://idp.test:${target.port}`;
    expect(await refusal(guarded(`${base}/redirect-private`))).toBe('blocked_address');
    expect(await refusal(guarded(`${base}/redirect-metadata`))).toBe('blocked_address');
    // A name of the redirect resolving to loopback: refused too.
    expect(await refusal(guarded(`${base}/redirect-name`))).toBe('blocked_address');
    expect(await refusal(guarded(`${base}/loop`))).toBe('too_many_redirects');
    expect(target.hits.filter((h) => h === 'GET /loop')).toHaveLength(6);
    // A caller that follows redirects itself gets the redirect.
    const manual = await guarded(`${base}/redirect-private`, { redirect: 'manual' });
    expect(manual.status).toBe(302);
    expect(manual.headers.get('location')).toBe('http://10.0.0.7/latest');
  });

  it('connects to the address it checked: a second DNS answer cannot swap it', async () => {
    let answers = 0;
    const dns = fakeDns({
      'rebind.test': () => (answers++ === 0 ? ['127.0.0.1'] : ['10.9.9.9']),
    });
    const guarded = createGuardedFetch({ allowHosts: ['rebind.test'], lookup: dns.lookup });
    const res = await guarded(`http://rebind.test:${target.port}/pinned`);
    expect(res.status).toBe(200);
    expect(dns.calls).toEqual(['rebind.test']);
    expect(target.hits).toContain('GET /pinned');
  });

  it('sends form bodies, and limits the answer’s size and the time', async () => {
    const guarded = createGuardedFetch({
      allowHosts: ['127.0.0.1'],
      maxBytes: 1000,
      timeoutMs: 300,
    });
    const base = `http://127.0.0.1:${target.port}`;
    const form = await guarded(`${base}/form`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'a b' }),
    });
    expect(await form.text()).toBe(
      'application/x-www-form-urlencoded;charset=UTF-8|grant_type=authorization_code&code=a+b',
    );
    expect(await refusal(guarded(`${base}/big`))).toBe('too_large');
    expect(await refusal(guarded(`${base}/slow`))).toBe('timeout');
  });
});
