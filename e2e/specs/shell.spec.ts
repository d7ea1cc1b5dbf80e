import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { signIn, signInWithForm, useApp } from '../support/app.ts';
import { screenshot, seriousViolations } from '../support/browser.ts';

const app = useApp();
const newPage = () => app.newPage();

describe('application shell', () => {
  it('shows an accessible French login page and refuses wrong credentials', async () => {
    const { context, page } = await newPage();
    await page.goto('/');
    await page.waitForURL(/\/login/);
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'fr');
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'login-fr');
    await signInWithForm(page, 'admin@demo.test', 'wrong-password');
    await page.getByText('E-mail ou mot de passe incorrect.').waitFor();
    assert.match(page.url(), /\/login/);
    await context.close();
  });

  it('opens /login without asking for the user, so without a console error, and still signs in', async () => {
    const { context, page } = await newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const meCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/me') meCalls.push(request.url());
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(meCalls, [], 'spec 7: GET /me is skipped on the login path');
    assert.deepEqual(errors, []);
    await page.getByLabel('Adresse e-mail').fill('admin@demo.test');
    await page.getByLabel('Mot de passe').fill('demo1234');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
    assert.equal(meCalls.length, 1, 'the user is fetched once signed in');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('signs in, walks the navigation, switches language, toggles the sidebar and signs out', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await nav.waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'shell-dashboard-fr');

    const items: [string, RegExp][] = [
      ['Projets', /\/projects/],
      ['Sourcing', /\/sourcing$/],
      ['Onboarding', /\/onboarding$/],
      ['Statistiques', /\/stats$/],
      ['Agenda', /\/planner$/],
      ['Communauté', /\/community$/],
      ['Configuration', /\/config/],
      ['Tableau de bord', /\/$/],
    ];
    for (const [name, url] of items) {
      await nav.getByRole('link', { name, exact: true }).click();
      await page.waitForURL(url);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }

    await page.goto('/config/status');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'config-fr');

    // Language: English, remembered for the user.
    await page.goto('/');
    await page.getByRole('button', { name: /^Changer de langue/ }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Projects', exact: true }).waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    await screenshot(page, 'shell-dashboard-en');

    // Sidebar: ctrl+b collapses it and the state lands in a cookie.
    const before = (await context.cookies()).find((c) => c.name === 'sidebar_state')?.value;
    await page.keyboard.press('Control+b');
    await page.waitForFunction((prev) => {
      const m = /(?:^|; )sidebar_state=([^;]*)/.exec(document.cookie);
      return m !== null && m[1] !== prev;
    }, before ?? null);
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    assert.ok(cookie, 'sidebar cookie written');
    assert.ok(cookie.expires > Date.now() / 1000 + 6 * 86400, 'kept for 7 days');
    // 16rem open, 3rem collapsed, once the width transition has run.
    const sidebar = page.locator('aside[data-state]');
    await page.waitForFunction(() => document.querySelector('aside[data-state]')?.getBoundingClientRect().width === 48);
    assert.equal(await sidebar.getAttribute('data-state'), 'collapsed');
    await screenshot(page, 'shell-sidebar-collapsed-en');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.waitForFunction(() => document.querySelector('aside[data-state]')?.getBoundingClientRect().width === 256);

    // Sign out through the avatar menu.
    await page.getByRole('button', { name: /^User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    await page.goto('/');
    await page.waitForURL(/\/login/);
    await context.close();
  });

  it('serves the API documentation generated from the route schemas', async () => {
    const { context, page } = await newPage();
    await page.goto('/api/docs');
    await page.getByText('Embauche API').first().waitFor();
    await page.getByText('/api/login').first().waitFor();
    await context.close();
  });

  it('hides what a recruiter may not use', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'recruiter@demo.test');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await nav.getByRole('link', { name: 'Projets', exact: true }).waitFor();
    assert.equal(await nav.getByRole('link', { name: 'Configuration', exact: true }).count(), 0);
    assert.equal(await nav.getByRole('link', { name: 'Statistiques', exact: true }).count(), 0);
    await page.goto('/config/status');
    await page.getByText("Vous n'avez pas accès à cette page").waitFor();
    await context.close();
  });

  it('lets a person with two companies choose the account', async () => {
    const { context, page } = await newPage();
    await signInWithForm(page, 'multi@demo.test');
    await page.getByRole('button', { name: /Mairie de Saint-Aubin/ }).click();
    await page.waitForURL(`${app.url}/`);
    await page.getByRole('button', { name: /^Menu utilisateur/ }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).waitFor();
    await screenshot(page, 'user-menu-fr');
    await context.close();
  });
});
