import { after, before } from 'node:test';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

export type AppHandle = {
  readonly url: string;
  /** A fresh browser context (own cookies and storage) in French, desktop sized unless `options` say otherwise. */
  newPage(locale?: string, options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
};

/** One built server on a fresh seeded database and one Chromium for the specs of a file. */
export function useApp(): AppHandle {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
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
    async newPage(locale = 'fr-FR', options: BrowserContextOptions = {}) {
      if (!browser || !server) throw new Error('browser not started');
      const context = await browser.newContext({ baseURL: server.url, locale, viewport: { width: 1366, height: 900 }, ...options });
      return { context, page: await context.newPage() };
    },
  };
}

/** Fills the French login form. */
export async function signIn(page: Page, email: string, password = 'demo1234'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}
