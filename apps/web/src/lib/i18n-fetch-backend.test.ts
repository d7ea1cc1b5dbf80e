import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { BackendModule } from 'i18next';
import { server } from '../test/server.ts';
import { i18nFetchBackend } from './i18n-fetch-backend.ts';

function read(backend: BackendModule, language: string, namespace: string) {
  return new Promise<{ error: unknown; data: unknown }>((resolve) => {
    backend.read(language, namespace, (error, data) => resolve({ error, data }));
  });
}

describe('i18n fetch backend', () => {
  it('loads /i18n/{namespace}/{language}.json with the translations version', async () => {
    let asked = '';
    server.use(
      http.get('*/i18n/login/en.json', ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json({ title: 'Sign in' });
      }),
    );
    expect(await read(i18nFetchBackend('abc123'), 'en', 'login')).toEqual({ error: null, data: { title: 'Sign in' } });
    expect(asked).toBe('?v=abc123');
    await read(i18nFetchBackend(undefined), 'en', 'login');
    expect(asked).toBe('');
  });

  it('asks i18next to retry server errors and network failures, not a missing file', async () => {
    server.use(
      http.get('*/i18n/missing/fr.json', () => new HttpResponse(null, { status: 404 })),
      http.get('*/i18n/broken/fr.json', () => new HttpResponse(null, { status: 503 })),
      http.get('*/i18n/offline/fr.json', () => HttpResponse.error()),
      http.get('*/i18n/garbled/fr.json', () => new HttpResponse('{', { headers: { 'content-type': 'application/json' } })),
    );
    const backend = i18nFetchBackend(undefined);
    const missing = await read(backend, 'fr', 'missing');
    expect(missing.error).toMatch(/404/);
    expect(missing.data).toBe(false);
    expect(await read(backend, 'fr', 'broken')).toMatchObject({ data: true });
    expect(await read(backend, 'fr', 'offline')).toMatchObject({ data: true });
    expect(await read(backend, 'fr', 'garbled')).toMatchObject({ data: false });
  });
});
