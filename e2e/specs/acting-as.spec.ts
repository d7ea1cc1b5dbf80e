import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();
const l = (key: string, vars: Record<string, string> = {}) =>
  Object.entries(vars).reduce((text, [name, value]) => text.replace(`{{${name}}}`, value), label('fr', key));

describe('acting as another company or user', () => {
  it('the super administrator acts as the second company, sees its offers, acts as its user, resets', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'superadmin@demo.test');
    await page.waitForURL(`${app.url}/`);

    // The company picker with search; the page reloads with the new session.
    await page.getByRole('button', { name: l('actingAs:open') }).click();
    const dialog = page.getByRole('dialog', { name: l('actingAs:title') });
    await dialog.getByRole('searchbox', { name: l('actingAs:company.search') }).fill('Saint-Aubin');
    await dialog.getByRole('button', { name: 'Groupe Valmont' }).waitFor({ state: 'detached' });
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Mairie de Saint-Aubin' }).click();
    await reloaded;
    const banner = page.getByRole('region', { name: l('actingAs:title') });
    await banner.waitFor();
    assert.equal(
      (await banner.locator('p').textContent())?.trim(),
      l('actingAs:banner.company', { real: 'Sophie Bernard', company: 'Mairie de Saint-Aubin' }),
    );

    // Only the second company's offers.
    await page.goto('/projects/all/offers');
    await page.getByRole('link', { name: 'Secrétaire de mairie (H/F)' }).first().waitFor();
    assert.equal(await page.getByRole('link', { name: 'Contrôleur de gestion H/F' }).count(), 0);
    await banner.waitFor();
    await screenshot(page, 'acting-as-company-fr');
    assert.deepEqual(await seriousViolations(page), []);

    // The user picker while a company is acted as.
    await page.getByRole('button', { name: l('actingAs:open') }).click();
    const userReload = page.waitForEvent('load');
    await dialog.getByRole('button', { name: /Nadia Benali/ }).click();
    await userReload;
    await banner.waitFor();
    assert.equal(
      (await banner.locator('p').textContent())?.trim(),
      l('actingAs:banner.user', { real: 'Sophie Bernard', user: 'Nadia Benali', company: 'Mairie de Saint-Aubin' }),
    );
    const me = (await (await page.request.get('/api/me')).json()) as { email: string; super_admin: boolean };
    assert.equal(me.email, 'admin@other.test');
    assert.equal(me.super_admin, true);
    await screenshot(page, 'acting-as-user-fr');

    // Reset from the banner: back to one's own company, no banner.
    const resetReload = page.waitForEvent('load');
    await banner.getByRole('button', { name: l('actingAs:reset') }).click();
    await resetReload;
    await page.getByRole('button', { name: l('actingAs:open') }).waitFor();
    assert.equal(await banner.count(), 0);
    const own = (await (await page.request.get('/api/me')).json()) as { company_name: string; acting_as: unknown };
    assert.equal(own.company_name, 'Embauche');
    assert.equal(own.acting_as, null);
    await context.close();
  });

  it('fits a 390 px wide phone: the switcher button, the banner and the dialog', async () => {
    const { context, page } = await app.newPage('fr-FR', { viewport: { width: 390, height: 844 } });
    await signIn(page, 'superadmin@demo.test');
    await page.waitForURL(`${app.url}/`);
    await page.getByRole('button', { name: l('actingAs:open') }).click();
    const dialog = page.getByRole('dialog', { name: l('actingAs:title') });
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Mairie de Saint-Aubin' }).click();
    await reloaded;
    await page.getByRole('region', { name: l('actingAs:title') }).waitFor();
    const overflow = await horizontalOverflow(page);
    assert.ok(overflow.overflow <= 0, `sideways scroll at 390 px: ${JSON.stringify(overflow)}`);
    await page.getByRole('button', { name: l('actingAs:open') }).click();
    await dialog.getByRole('list', { name: l('actingAs:user.label') }).waitFor();
    await screenshot(page, 'acting-as-mobile-fr', { fullPage: false });
    await page.keyboard.press('Escape');
    const resetReload = page.waitForEvent('load');
    await page.getByRole('region', { name: l('actingAs:title') }).getByRole('button', { name: l('actingAs:reset') }).click();
    await resetReload;
    await context.close();
  });
});
