import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Requests as one signed-in user (or anonymous without a cookie). */
export function apiAs(app: App, cookie?: string) {
  const call = (method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: unknown) => call('POST', url, payload),
    put: (url: string, payload?: unknown) => call('PUT', url, payload),
    del: (url: string) => call('DELETE', url),
  };
}

export type Api = ReturnType<typeof apiAs>;

/** The id of the project called `name` in a flat project list. */
export async function projectId(api: Api, name: string): Promise<number> {
  const list = (await api.get('/api/projects')).json() as { id: number; name: string }[];
  const found = list.find((p) => p.name === name);
  if (!found) throw new Error(`no project ${name}`);
  return found.id;
}
