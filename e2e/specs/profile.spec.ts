import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { totpCode } from '../../apps/server/src/modules/auth/totp.ts';
import { signIn, signInWithForm, useApp } from '../support/app.ts';
import { screenshot, seriousViolations } from '../support/browser.ts';

const app = useApp();

describe('profile and user settings', () => {
  it('edits the profile, enrols a second factor and signs in with it', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'recruiter@demo.test');
    await page.waitForURL(`${app.url}/`);

    // Profile: through the avatar menu.
    await page.getByRole('button', { name: /^Menu utilisateur/ }).click();
    await page.getByRole('menuitem', { name: 'Mon profil' }).click();
    await page.waitForURL(/\/profile$/);
    const lastname = page.getByRole('textbox', { name: /^Nom/ });
    await lastname.waitFor();
    assert.equal(await lastname.inputValue(), 'Morel');
    await lastname.fill('');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Ce champ est obligatoire.').first().waitFor();
    await lastname.fill('Morel-Dupont');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const toast = page.getByText('Votre profil a été mis à jour.');
    await toast.waitFor();
    await page.waitForTimeout(300); // the toast's entry animation
    await screenshot(page, 'profile-saved-fr');
    // Toasts close on click (they also close by themselves after 3 s).
    await toast.click();
    await toast.waitFor({ state: 'detached', timeout: 2_000 });
    assert.deepEqual(await seriousViolations(page), []);

    // User settings: second factor.
    await page.goto('/user-settings');
    await page.getByRole('button', { name: 'Activer' }).click();
    const secret = (await page.locator('code').first().textContent())?.trim() ?? '';
    assert.match(secret, /^[A-Z2-7]{16,}$/);
    await screenshot(page, 'user-settings-two-factor-fr');
    await page.getByLabel('Code à 6 chiffres').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByText('Codes de récupération').waitFor();
    await page.getByRole('button', { name: "J'ai noté mes codes" }).click();
    // The toast slides in over the section's "Désactiver" button: axe measured the button's
    // contrast against the toast in motion (a flaky color-contrast finding). Closed first.
    const enabled = page.getByText('La vérification en deux étapes est activée.');
    await enabled.waitFor();
    await page.waitForTimeout(300); // the toast's entry animation
    await enabled.click();
    await enabled.waitFor({ state: 'detached', timeout: 2_000 });
    assert.deepEqual(await seriousViolations(page), []);

    // Sign out, then sign in with a code of the next time step (each code is accepted once).
    await page.getByRole('button', { name: /^Menu utilisateur/ }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.waitForURL(/\/login/);
    await signInWithForm(page, 'recruiter@demo.test');
    await page.getByRole('heading', { name: 'Vérification en deux étapes' }).waitFor();
    await page.getByLabel('Code de vérification').fill('000000' === totpCode(secret, Date.now() + 30_000) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await page.getByText(/code/i).first().waitFor();
    await page.getByLabel('Code de vérification').fill(totpCode(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor();

    // The same page in Spanish.
    await page.goto('/user-settings?lng=es');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'es');
    await screenshot(page, 'user-settings-es');
    await context.close();
  });
});
