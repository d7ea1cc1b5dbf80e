import { after, afterEach, before } from 'node:test';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { label } from './labels.ts';
import { PageAuditor, rememberSignIn } from './page-audit.ts';
import { startServer, type RunningServer } from './server.ts';

export type AppHandle = {
  readonly url: string;
  /** The server's data folder (its SQLite database): support/big-offer.ts seeds straight into it. */
  readonly dataDir: string;
  /** A fresh browser context (own cookies and storage) in French, desktop sized unless `options` say otherwise. */
  newPage(locale?: string, options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
};

/**
 * One built server on a fresh seeded database and one Chromium for the specs of a file. After each
 * test, every screen its pages visited is audited (axe, and sideways scroll at 390 px): see PageAuditor.
 */
export function useApp(): AppHandle {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const auditor = new PageAuditor(
    () => {
      if (!browser) throw new Error('browser not started');
      return browser;
    },
    () => {
      if (!server) throw new Error('server not started');
      return server.url;
    },
  );
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterEach(async (t) => {
    const started = Date.now();
    const { problems, audited, missed } = await auditor.run();
    const note = (line: string) => ('diagnostic' in t ? t.diagnostic(line) : undefined);
    if (audited.length) note(`audit: ${audited.length} screen(s) in ${Date.now() - started} ms`);
    for (const screen of audited) note(`audited ${screen}`);
    for (const screen of missed) note(`not audited (it showed the sign-in page; a later visit will be): ${screen}`);
    if (problems.length) throw new Error(`Accessibility or layout problems on visited screens:\n${problems.join('\n')}`);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get url() {
      if (!server) throw new Error('server not started');
      return server.url;
    },
    get dataDir() {
      if (!server) throw new Error('server not started');
      return server.dataDir;
    },
    async newPage(locale = 'fr-FR', options: BrowserContextOptions = {}) {
      if (!browser || !server) throw new Error('browser not started');
      const context = await browser.newContext({ baseURL: server.url, locale, viewport: { width: 1366, height: 900 }, ...options });
      const page = await context.newPage();
      await auditor.watch(context, page, locale);
      return { context, page };
    },
  };
}

/**
 * Signs `page`'s window in as `email` and opens the dashboard. Through the API: the session cookie
 * lands in the window's context as the form would leave it. The form itself is under test where
 * it is the subject (`signInWithForm` in shell, password-reset and profile specs; sso.spec fills it
 * itself); filling it before every test cost a page load, about 0.7 s of CPU and 0.8 s per sign-in
 * (measured). An account that must choose its company or give a second factor is not signed in by
 * this: use the form.
 */
export async function signIn(page: Page, email: string, password = 'demo1234'): Promise<void> {
  rememberSignIn(page, email, password);
  const response = await page.request.post('/api/login', { data: { email, password } });
  const body = (await response.json().catch(() => undefined)) as { status?: string } | undefined;
  if (!response.ok() || body?.status !== 'authenticated') {
    throw new Error(`signIn(${email}): the API answered ${response.status()} ${JSON.stringify(body)}; sign in with signInWithForm`);
  }
  await page.goto('/');
}

/** Fills the login form, in French unless `language` says otherwise (the page's locale must match). */
export async function signInWithForm(page: Page, email: string, password = 'demo1234', language = 'fr'): Promise<void> {
  rememberSignIn(page, email, password);
  await page.goto('/login');
  await page.getByLabel(label(language, 'login:email')).fill(email);
  await page.getByLabel(label(language, 'login:password')).fill(password);
  await page.getByRole('button', { name: label(language, 'login:submit') }).click();
}
