import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestProvider, type TestProvider } from '../../apps/server/test/support/oidc-provider.ts';
import { signIn, useApp } from '../support/app.ts';
import { screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

// The provider below runs on http://127.0.0.1: the server of this file accepts an http issuer,
// and its guarded fetcher may reach loopback (OUTBOUND_ALLOW_HOSTS, issue 33).
process.env.SSO_ALLOW_HTTP_ISSUER = 'true';
process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';

const app = useApp();
const CLIENT = { clientId: 'embauche-e2e', clientSecret: 'e2e-client-secret-0123456789' };

/**
 * Without PUBLIC_URL the server names `http://localhost:<port>/api/sso/callback` as its redirect
 * URI, so the SSO sign-in browses the app at localhost (its cookies are that host's).
 */
const localUrl = () => app.url.replace('127.0.0.1', 'localhost');

describe('SSO sign-in', () => {
  let provider: TestProvider | undefined;
  before(async () => {
    provider = await startTestProvider([{ ...CLIENT, redirectUri: `${localUrl()}/api/sso/callback` }]);
  });
  after(async () => {
    await provider?.close();
  });

  it('is set up from the users page, then signs a new colleague in through the provider', async () => {
    const admin = await app.newPage();
    await signIn(admin.page, 'admin@demo.test');
    await admin.page.waitForURL(`${app.url}/`);
    await admin.page.goto('/config/users/list');
    await admin.page.getByRole('button', { name: label('fr', 'sso:open_label') }).click();
    const dialog = admin.page.getByRole('dialog', { name: label('fr', 'sso:title') });
    await dialog.getByLabel(label('fr', 'sso:issuer_url')).fill(provider!.issuer);
    await dialog.getByLabel(label('fr', 'sso:client_id')).fill(CLIENT.clientId);
    await dialog.getByLabel(label('fr', 'sso:client_secret')).fill(CLIENT.clientSecret);
    await dialog.getByLabel(label('fr', 'sso:domains')).fill('sso.test');
    await dialog.getByLabel(label('fr', 'sso:auto_create_users')).check();
    await dialog.getByLabel(label('fr', 'sso:default_role')).selectOption({ label: 'Recruteur' });
    assert.deepEqual(await seriousViolations(admin.page), []);
    await screenshot(admin.page, 'sso-settings-fr-1366', { fullPage: false });
    await dialog.getByRole('button', { name: label('fr', 'sso:save') }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The domain routes nobody until proved: without DNS here, the Embauche team approves it.
    const staff = await app.newPage();
    await signIn(staff.page, 'superadmin@demo.test');
    await staff.page.waitForURL(`${app.url}/`);
    await staff.page.goto('/config/superadmin-section/sso-domains');
    const approve = label('fr', 'sso:pending.approve_label')
      .replace('{{domain}}', 'sso.test')
      .replace('{{company}}', 'Groupe Valmont');
    await staff.page.getByRole('button', { name: approve }).waitFor();
    assert.deepEqual(await seriousViolations(staff.page), []);
    await screenshot(staff.page, 'sso-domains-approval-fr-1366', { fullPage: false });
    await staff.page.getByRole('button', { name: approve }).click();
    await staff.page.getByText(label('fr', 'sso:pending.empty')).waitFor();

    const { page } = await app.newPage('fr-FR', { baseURL: localUrl() });
    await page.goto('/login');
    const email = page.getByLabel(label('fr', 'login:email'));
    await email.fill('anne@sso.test');
    await email.blur();
    await page.getByRole('link', { name: label('fr', 'login:sso_continue') }).click();
    // The provider's own (development) sign-in form, then back to the app.
    await page.waitForURL((url) => url.href.startsWith(`${provider!.issuer}/interaction/`));
    await page.locator('input[name=password]').fill('any password');
    await page.locator('button[type=submit]').click();
    for (let i = 0; i < 5 && !page.url().startsWith(localUrl()); i++) {
      await page.waitForLoadState();
      if (page.url().includes('/interaction/')) await page.locator('button[type=submit]').first().click();
      else await page.waitForTimeout(300);
    }
    await page.waitForURL(`${localUrl()}/`);
    const me = (await (await page.request.get('/api/me')).json()) as { email: string; role: { name: string } };
    assert.equal(me.email, 'anne@sso.test');
    assert.equal(me.role.name, 'Recruteur');
  });

  it('sends a refused sign-in back to the login page with its reason', async () => {
    const { page } = await app.newPage('fr-FR', { baseURL: localUrl() });
    // A callback that this browser did not start: refused, no session.
    await page.goto('/api/sso/callback?code=x&state=forged');
    await page.waitForURL(/\/login\?sso_error=invalid_state$/);
    await page.getByRole('alert').getByText(label('fr', 'login:sso_error.invalid_state')).waitFor();
    assert.equal((await page.request.get('/api/me')).status(), 401);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'sso-error-fr-390', { fullPage: false });
  });
});
