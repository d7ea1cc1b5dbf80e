import type { App } from '../../src/app.ts';

/** Cookies per host, as a browser keeps them (enough for these flows: no expiry, no paths). */
class CookieJar {
  readonly #byHost = new Map<string, Map<string, string>>();

  store(url: URL, setCookie: string[]) {
    const jar = this.#byHost.get(url.host) ?? new Map<string, string>();
    for (const line of setCookie) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    this.#byHost.set(url.host, jar);
  }

  header(url: URL): string | undefined {
    const jar = this.#byHost.get(url.host);
    if (!jar?.size) return undefined;
    return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get(url: URL, name: string): string | undefined {
    return this.#byHost.get(url.host)?.get(name);
  }

  set(url: URL, name: string, value: string) {
    const jar = this.#byHost.get(url.host) ?? new Map<string, string>();
    jar.set(name, value);
    this.#byHost.set(url.host, jar);
  }
}

type BrowserResponse = { url: URL; status: number; location?: string; body: string };

/**
 * A browser for the SSO flow: requests to the app's origin go through `app.inject`, others to the
 * network (the provider); redirects are followed and the provider's forms submitted with `login`.
 */
export class TestBrowser {
  readonly jar = new CookieJar();

  constructor(
    private readonly app: App,
    private readonly appOrigin: string,
  ) {}

  async request(
    url: URL,
    method: 'GET' | 'POST' = 'GET',
    form?: URLSearchParams,
  ): Promise<BrowserResponse> {
    const cookie = this.jar.header(url);
    if (url.origin === this.appOrigin) {
      const res = await this.app.inject({
        method,
        url: url.pathname + url.search,
        headers: cookie ? { cookie } : {},
      });
      const setCookie = res.headers['set-cookie'];
      this.jar.store(url, setCookie ? [setCookie].flat() : []);
      const location = res.headers.location;
      return {
        url,
        status: res.statusCode,
        location: typeof location === 'string' ? location : undefined,
        body: res.body,
      };
    }
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form?.toString(),
    });
    this.jar.store(url, res.headers.getSetCookie());
    return {
      url,
      status: res.status,
      location: res.headers.get('location') ?? undefined,
      body: await res.text(),
    };
  }

  /**
   * Opens `start` (a path of the app or a URL) and follows redirects and the provider's forms
   * until the app answers other than by a redirect to the provider: that last answer.
   * `until` stops earlier, at the first URL it accepts (to tamper with the callback).
   */
  async follow(
    start: string,
    login: string,
    until?: (url: URL) => boolean,
  ): Promise<BrowserResponse & { visited: URL[] }> {
    let url = new URL(start, this.appOrigin);
    let method: 'GET' | 'POST' = 'GET';
    let form: URLSearchParams | undefined;
    const visited: URL[] = [];
    for (let step = 0; step < 20; step++) {
      visited.push(url);
      if (until?.(url)) return { url, status: 0, body: '', visited };
      const res = await this.request(url, method, form);
      method = 'GET';
      form = undefined;
      if (res.status >= 300 && res.status < 400 && res.location) {
        const next = new URL(res.location, url);
        // The app's own redirects (to `/` or the login page) end the flow: that is its answer.
        if (url.origin === this.appOrigin && next.origin === this.appOrigin)
          return { ...res, visited };
        url = next;
        continue;
      }
      const action = /<form[^>]*action="([^"]+)"/.exec(res.body)?.[1];
      if (res.status === 200 && action && url.origin !== this.appOrigin) {
        form = new URLSearchParams();
        for (const m of res.body.matchAll(/<input[^>]*name="([^"]+)"(?:[^>]*?value="([^"]*)")?/g))
          form.set(m[1]!, m[2] ?? '');
        if (form.has('login')) form.set('login', login);
        if (form.has('password')) form.set('password', 'any-password');
        url = new URL(action.replace(/&amp;/g, '&'), url);
        method = 'POST';
        continue;
      }
      return { ...res, visited };
    }
    throw new Error(`too many redirects: ${visited.map((u) => u.href).join(' → ')}`);
  }
}
