import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { horizontalOverflow, seriousViolations } from './browser.ts';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
type Visit = { url: string; key: string; locale: string; page: Page; state: Promise<StorageState | undefined> };

/** Who signed in on a page (set by the specs' `signIn`), so an audit can sign in again once the test has signed out. */
const credentials = new WeakMap<Page, { email: string; password: string }>();

export function rememberSignIn(page: Page, email: string, password: string): void {
  credentials.set(page, { email, password });
}

const LAPTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Query parameters that change what a page shows (a tab, a view); the others are filters and state. */
const SCREEN_PARAMETERS = new Set(['tab', 'view']);

/**
 * What identifies a screen in a URL: the path with its ids and tokens generalised, and the
 * parameters that pick a tab or a view. `/projects/4/offer/12?tab=applications&status=2` →
 * `/projects/:id/offer/:id?tab=applications`.
 */
export function screenKey(url: string): string {
  const parsed = new URL(url);
  const pathname = parsed.pathname
    .split('/')
    .map((segment) => (/^\d+$/.test(segment) ? ':id' : /^[\w-]{20,}$/.test(segment) ? ':token' : segment))
    .join('/');
  const screen = [...parsed.searchParams].filter(([name]) => SCREEN_PARAMETERS.has(name)).sort(([a], [b]) => a.localeCompare(b));
  return screen.length ? `${pathname}?${new URLSearchParams(screen).toString()}` : pathname;
}

/**
 * Runs in each page the specs open (kept as text, as OVERFLOW_SCRIPT in browser.ts): a link or a
 * redirect to another path must open the new page at its top (issue 35). After such a navigation
 * from a scrolled page, the window still at the previous page's exact position later on means the
 * new page opened scrolled: checked 8 s after the navigation, or when the test ends (if 1.5 s have
 * passed; a younger one is let go). Back and forward restore a position on purpose; they are not
 * pushes and are not watched. The test scrolling the new page moves the window elsewhere: not reported.
 */
const OPENS_AT_TOP_SCRIPT = `(() => {
  const pending = [];
  const found = (entry) => location.pathname === entry.to && window.scrollY === entry.y;
  const describe = (entry) => [entry.to, entry.from, entry.y];
  window.__embaucheOpenedScrolledNow = () => {
    const late = pending.splice(0).filter((entry) => performance.now() - entry.at >= 1500 && found(entry));
    return late.map(describe);
  };
  for (const name of ['pushState', 'replaceState']) {
    const original = history[name];
    history[name] = function (...args) {
      const from = location.pathname;
      const y = window.scrollY;
      const result = original.apply(this, args);
      if (location.pathname !== from && y > 0) {
        const entry = { to: location.pathname, from, y, at: performance.now() };
        pending.push(entry);
        setTimeout(() => {
          const index = pending.indexOf(entry);
          if (index < 0) return;
          pending.splice(index, 1);
          if (found(entry)) window.__embaucheOpenedScrolled?.(...describe(entry));
        }, 8000);
      }
      return result;
    };
  }
})()`;

/**
 * Audits every screen the specs visit, once per screen and language across the whole e2e run: after
 * the test (so its own timing is untouched) the visited URL is opened again with the same cookies in
 * the audit's own window (see #window), axe runs at 1366 px (in the first language the screen is
 * seen in only), then the window narrows to 390 px and must not scroll sideways (in every language).
 * Violations of impact serious or critical, any sideways scroll, and a page that opened scrolled
 * (OPENS_AT_TOP_SCRIPT, watched in the test's own pages) are reported as problems.
 * (A spec's own `check` calls cover states a URL cannot reach: open dialogs, sheets, menus.)
 */
export class PageAuditor {
  readonly #pending: Visit[] = [];
  /** Pages that opened where the previous page was scrolled, noted by OPENS_AT_TOP_SCRIPT. */
  readonly #openedScrolled: string[] = [];
  readonly #watched = new Set<Page>();
  /** The audit's windows by language and user (see #window). */
  readonly #windows = new Map<string, Page>();
  /** Screens audited by earlier spec files of the same run (node --test runs each file in a process of its own). */
  /**
   * Screens audited or being audited by any spec file of the same run (node --test runs each file in
   * a process of its own, two at a time): a file per screen, created exclusively, so that two files
   * visiting the same screen at the same time audit it once.
   */
  readonly #ledger = path.join(tmpdir(), `embauche-e2e-audited-${process.ppid}`);
  readonly #seen = new Set<string>();

  constructor(
    private readonly browser: () => Browser,
    private readonly baseUrl: () => string,
  ) {}

  /** Notes each screen `page` shows (full loads and client-side navigations alike). */
  async watch(context: BrowserContext, page: Page, locale: string): Promise<void> {
    this.#watched.add(page);
    page.once('close', () => this.#watched.delete(page));
    await page.exposeFunction('__embaucheOpenedScrolled', (to: string, from: string, y: number) => this.#noteOpenedScrolled(to, from, y));
    await page.addInitScript(OPENS_AT_TOP_SCRIPT);
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      const url = frame.url();
      if (!url.startsWith(this.baseUrl()) || new URL(url).pathname.startsWith('/api/')) return;
      const key = `${locale} ${screenKey(url)}`;
      if (this.#seen.has(key)) return;
      this.#seen.add(key);
      this.#pending.push({ url, key, locale, page, state: context.storageState().catch(() => undefined) });
    });
  }

  #noteOpenedScrolled(to: string, from: string, y: number): void {
    const screen = (pathname: string) => screenKey(new URL(pathname, this.baseUrl()).href);
    this.#openedScrolled.push(`${screen(to)} opened from ${screen(from)} at that page's scroll position (${y}px), not at its top`);
  }

  /**
   * Audits the screens noted since the last call; answers the problems found, what was audited, and
   * what could not be reached (left for a later test that visits it again).
   */
  async run(): Promise<{ problems: string[]; audited: string[]; missed: string[] }> {
    for (const page of this.#watched) {
      const late = await page.evaluate<[string, string, number][]>('window.__embaucheOpenedScrolledNow?.() ?? []').catch(() => []);
      for (const [to, from, y] of late) this.#noteOpenedScrolled(to, from, y);
    }
    const problems: string[] = this.#openedScrolled.splice(0);
    const audited: string[] = [];
    const missed: string[] = [];
    for (let visit = this.#pending.shift(); visit; visit = this.#pending.shift()) {
      if (!this.#claim(visit.key)) continue;
      const page = await this.#window(visit);
      try {
        if (!(await this.#open(page, visit))) {
          missed.push(`${visit.key} (shown as ${new URL(page.url()).pathname})`);
          this.#seen.delete(visit.key);
          this.#release(visit.key);
          continue;
        }
        audited.push(visit.key);
        // axe once per screen, in the first language it is seen in: its findings (names, roles,
        // contrast, structure) do not depend on the words; each language's own width is checked below.
        if (this.#claim(`axe ${visit.key.slice(visit.key.indexOf(' ') + 1)}`))
          for (const violation of await seriousViolations(page)) problems.push(`${visit.key} at 1366px: ${violation}`);
        await page.setViewportSize(PHONE);
        await settled(page);
        const { overflow, offenders } = await horizontalOverflow(page);
        if (overflow > 0) problems.push(`${visit.key} at 390px scrolls sideways by ${overflow}px: ${offenders.join('; ')}`);
      } catch (error) {
        // A window left in an unknown state is not reused.
        await this.#forget(page);
        throw error;
      }
    }
    return { problems, audited, missed };
  }

  #claimFile(key: string): string {
    return path.join(this.#ledger, createHash('sha1').update(key).digest('hex'));
  }

  /** Whether this file audits `key` (no file of the run has claimed it yet). */
  #claim(key: string): boolean {
    mkdirSync(this.#ledger, { recursive: true });
    try {
      closeSync(openSync(this.#claimFile(key), 'wx'));
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === 'EEXIST') return false;
      throw error;
    }
  }

  #release(key: string): void {
    rmSync(this.#claimFile(key), { force: true });
  }

  /**
   * The audit's window for a visit: one per language and user across the spec file, given the
   * visit's cookies and local storage each time. A window that already loaded the app loads the next
   * screen from its cache (a fresh window cost about 1.3 s more CPU per screen, measured).
   */
  async #window(visit: Visit): Promise<Page> {
    const storageState = await visit.state;
    const key = `${visit.locale} ${credentials.get(visit.page)?.email ?? ''}`;
    let page = this.#windows.get(key);
    if (!page || page.isClosed()) {
      const context = await this.browser().newContext({ viewport: LAPTOP, baseURL: this.baseUrl(), locale: visit.locale, storageState });
      page = await context.newPage();
      this.#windows.set(key, page);
      return page;
    }
    const context = page.context();
    await context.clearCookies();
    if (storageState?.cookies.length) await context.addCookies(storageState.cookies);
    const origin = new URL(this.baseUrl()).origin;
    const storage = storageState?.origins.find((entry) => entry.origin === origin)?.localStorage ?? [];
    if (page.url().startsWith(origin)) {
      await page.evaluate((items) => {
        window.localStorage.clear();
        window.sessionStorage.clear();
        for (const { name, value } of items) window.localStorage.setItem(name, value);
      }, storage);
    }
    await page.setViewportSize(LAPTOP);
    return page;
  }

  async #forget(page: Page): Promise<void> {
    for (const [key, open] of this.#windows) if (open === page) this.#windows.delete(key);
    await page.context().close().catch(() => undefined);
  }

  /** Opens the visited URL; signs in again if the test's session has ended since. Answers whether the screen was reached. */
  async #open(page: Page, visit: Visit): Promise<boolean> {
    const expected = new URL(visit.url).pathname;
    const reached = () => expected === '/login' || new URL(page.url()).pathname !== '/login';
    // A session the test has ended since (signed out, acted as someone else) is renewed before the
    // screen is loaded, rather than after a first load that would show the sign-in page.
    const user = credentials.get(visit.page);
    if (expected !== '/login' && user && (await page.request.get('/api/me')).status() === 401) {
      const response = await page.request.post('/api/login', { data: user, headers: { origin: this.baseUrl() } });
      if (!response.ok()) return false;
    }
    await page.goto(visit.url);
    await quiet(page);
    return reached();
  }
}

/** Waits until the page shows its title and its data, and has stopped moving. */
async function quiet(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ timeout: 10_000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 5_000 }).catch(() => undefined);
  await settled(page);
}

async function settled(page: Page): Promise<void> {
  await page.waitForTimeout(150);
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
}
