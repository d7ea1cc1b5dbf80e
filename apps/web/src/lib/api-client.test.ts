import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server.ts';
import { api } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { buildQueryString } from './query-string.ts';

describe('api client', () => {
  it('gives undefined for a 204', async () => {
    server.use(http.post('*/api/logout', () => new HttpResponse(null, { status: 204 })));
    await expect(api.post('/logout')).resolves.toBeUndefined();
  });

  it('sends JSON and parses JSON', async () => {
    server.use(
      http.post('*/api/echo', async ({ request }) =>
        HttpResponse.json({ received: await request.json(), type: request.headers.get('content-type') }),
      ),
    );
    await expect(api.post('/echo', { a: 1 })).resolves.toEqual({ received: { a: 1 }, type: 'application/json' });
  });

  it('throws the parsed body of a non-2xx answer with its status', async () => {
    server.use(
      http.post('*/api/login', () =>
        HttpResponse.json(
          { message: 'Invalid', code: 'validation_failed', errors: { email: ['invalid_credentials'] } },
          { status: 422 },
        ),
      ),
    );
    const error = await api.post('/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Invalid',
      code: 'validation_failed',
      errors: { email: ['invalid_credentials'] },
      body: { message: 'Invalid', code: 'validation_failed', errors: { email: ['invalid_credentials'] } },
    });
  });

  it('passes the list query through to the URL', async () => {
    let url = '';
    server.use(
      http.get('*/api/users', ({ request }) => {
        url = request.url;
        return HttpResponse.json([]);
      }),
    );
    await api.get('/users', { query: { filter: { name: 'ana', roles: [1, 2] }, sort: '-name' } });
    expect(decodeURIComponent(new URL(url).search)).toBe('?filter[name]=ana&filter[roles]=1,2&sort=-name');
  });
});

describe('buildQueryString', () => {
  it('writes filter[name], comma-joins arrays and skips empty values', () => {
    const query = buildQueryString({
      filter: { status: ['draft', 'published'], q: '', archived: false, owner: null, empty: [] },
      sort: 'name',
      page: 2,
    });
    expect(decodeURIComponent(query)).toBe('?filter[status]=draft,published&filter[archived]=false&sort=name&page=2');
  });

  it('gives an empty string when nothing is set', () => {
    expect(buildQueryString({ filter: { a: undefined }, sort: null })).toBe('');
  });
});
