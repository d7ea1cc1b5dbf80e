import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPRESSION_THRESHOLD,
  isCompressibleType,
  registerCompression,
} from '../src/platform/http/compression.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

const [sqlite] = testDatabases();

const BR = 'gzip, deflate, br';
const YEAR = 'public, max-age=31536000, immutable';

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
}

/** A dist folder as the web build leaves it: text files with their .br and .gz beside them. */
function fakeWebBuild(): { dir: string; script: string; translations: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'embauche-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'i18n/common'), { recursive: true });
  const script = `export const screens = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `screen ${i}`))};`;
  const translations = JSON.stringify({ title: 'Embauche', long: 'texte '.repeat(300) });
  const write = (file: string, text: string, precompressed = true) => {
    writeFileSync(path.join(dir, file), text);
    if (!precompressed) return;
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(text));
  };
  write('index.html', '<!doctype html><title>Embauche</title>', false);
  write('assets/index-abc123.js', script);
  write('assets/tiny-abc123.css', 'body{margin:0}', false);
  write('i18n/common/fr.json', translations);
  return { dir, script, translations };
}

describe('web app files', () => {
  let ctx: TestContext;
  let build: ReturnType<typeof fakeWebBuild>;
  beforeAll(async () => {
    build = fakeWebBuild();
    ctx = await startTestApp(sqlite!, { WEB_DIST_DIR: build.dir });
  });
  afterAll(() => ctx.close());

  const get = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the brotli file to a browser that accepts it, with the script content type', async () => {
    const res = await get('/assets/index-abc123.js', BR);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(build.script.length);
    expect(decoded(res)).toBe(build.script);
  });

  it('sends the gzip file when brotli is not accepted', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(res)).toBe(build.script);
  });

  it('follows the client preference weights', async () => {
    const res = await get('/assets/index-abc123.js', 'br;q=0.5, gzip;q=1');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends the file itself without Accept-Encoding or with identity only', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await get('/assets/index-abc123.js', acceptEncoding);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(build.script);
    }
  });

  it('sends a small file without a compressed copy as it is', async () => {
    const res = await get('/assets/tiny-abc123.css', BR);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.body).toBe('body{margin:0}');
  });

  it('keeps hashed assets a year, and revalidates index.html every time', async () => {
    expect((await get('/assets/index-abc123.js', BR)).headers['cache-control']).toBe(YEAR);
    expect((await get('/assets/tiny-abc123.css')).headers['cache-control']).toBe(YEAR);
    for (const url of ['/', '/projects/12/offer/4', '/index.html']) {
      const page = await get(url, BR);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers.etag ?? page.headers['last-modified']).toBeTruthy();
    }
  });

  it('serves the pages opened by a token without a referrer, and the others with the default policy', async () => {
    for (const url of ['/shared/abc/applicant', '/documents-upload/abc', '/booking/abc']) {
      expect((await get(url, BR)).headers['referrer-policy']).toBe('no-referrer');
    }
    expect((await get('/projects', BR)).headers['referrer-policy']).toBe(
      'strict-origin-when-cross-origin',
    );
  });

  it('keeps versioned translations a year and revalidates unversioned ones', async () => {
    const versioned = await get('/i18n/common/fr.json?v=1a2b3c', BR);
    expect(versioned.headers['content-encoding']).toBe('br');
    expect(versioned.headers['content-type']).toMatch(/^application\/json/);
    expect(versioned.headers['cache-control']).toBe(YEAR);
    expect(JSON.parse(decoded(versioned))).toEqual(JSON.parse(build.translations));
    const plain = await get('/i18n/common/fr.json', 'gzip');
    expect(plain.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('compresses API answers above the threshold and leaves small ones alone', async () => {
    const cookie = await signIn(ctx.app, 'admin@demo.test');
    const me = await ctx.app.inject({ url: '/api/me', headers: { cookie, 'accept-encoding': BR } });
    expect(me.statusCode).toBe(200);
    expect(me.headers['content-encoding']).toBe('br');
    expect(me.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(decoded(me)).email).toBe('admin@demo.test');
    const health = await ctx.app.inject({ url: '/api/health', headers: { 'accept-encoding': BR } });
    expect(health.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describe('API compression', () => {
  let app: FastifyInstance;
  const big = { items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Offre ${i}` })) };
  const text = 'data: ready\n\n'.repeat(200);
  beforeAll(async () => {
    app = Fastify();
    await registerCompression(app);
    app.get('/big', async () => big);
    app.get('/small', async () => ({ id: 1, name: 'Offre' }));
    app.get('/events', async (_request, reply) => reply.type('text/event-stream').send(text));
    app.get('/csv', async (_request, reply) =>
      reply
        .type('text/csv')
        .header('content-disposition', 'attachment; filename="offres.csv"')
        .send(Buffer.from(text)),
    );
    app.get('/stream', async (_request, reply) =>
      reply.type('text/plain').send(Readable.from([text])),
    );
    app.get('/pdf', async (_request, reply) =>
      reply.type('application/pdf').send(Buffer.from(text)),
    );
    app.get('/octets', async (_request, reply) =>
      reply.type('application/octet-stream').send(Buffer.from(text)),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, acceptEncoding = BR) =>
    app.inject({ url, headers: { 'accept-encoding': acceptEncoding } });

  it('compresses JSON above the threshold with brotli, or gzip when that is all', async () => {
    expect(JSON.stringify(big).length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const br = await get('/big');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(decoded(br))).toEqual(big);
    const gzip = await get('/big', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip))).toEqual(big);
    const identity = await app.inject({ url: '/big' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(big);
  });

  it('leaves JSON below the threshold uncompressed', async () => {
    const res = await get('/small');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ id: 1, name: 'Offre' });
  });

  it('never compresses server-sent events, files, streams or already compressed types', async () => {
    for (const url of ['/events', '/csv', '/stream', '/pdf', '/octets']) {
      const res = await get(url);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.body, url).toBe(text);
    }
  });

  it('tells compressible types apart', () => {
    for (const type of [
      'application/json; charset=utf-8',
      'application/problem+json',
      'text/html',
      'text/csv',
      'text/javascript',
      'image/svg+xml',
    ]) {
      expect(isCompressibleType(type), type).toBe(true);
    }
    for (const type of [
      'text/event-stream',
      'application/pdf',
      'application/zip',
      'image/png',
      'application/octet-stream',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]) {
      expect(isCompressibleType(type), type).toBe(false);
    }
  });
});
