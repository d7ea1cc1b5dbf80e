import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { columnCount } from '../support/board.ts';
import { screenshot, seriousViolations } from '../support/browser.ts';

const app = useApp();

type TreatmentOffer = { id: number; project_id: number; job_position: string; to_treat: number };

/** Waits for toasts and menus to settle so screenshots and axe see a quiet page. */
const settle = (page: Page) => page.waitForTimeout(400);

/** A demo offer with applications still to treat, the biggest first. */
async function offerToTreat(page: Page): Promise<TreatmentOffer> {
  const offers = await page.evaluate(async () => {
    const response = await fetch('/api/treatment/applications/offers', { headers: { Accept: 'application/json' } });
    return (await response.json()) as TreatmentOffer[];
  });
  const offer = [...offers].sort((a, b) => b.to_treat - a.to_treat)[0];
  assert.ok(offer, 'the demo data has an offer with applications to treat');
  return offer;
}

describe('applications: board, status changes and treatment', () => {
  it('moves a card by keyboard, refuses with a motif and treats in bulk', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'recruiter@demo.test');
    await page.waitForURL(`${app.url}/`);
    const offer = await offerToTreat(page);

    // The offer's applications tab, list view first.
    await page.goto(`/projects/${offer.project_id}/offer/${offer.id}`);
    await page.getByRole('heading', { level: 1, name: offer.job_position }).waitFor();
    await page.getByRole('tab', { name: 'Candidatures' }).click();
    await page.getByRole('list', { name: 'Candidatures par statut' }).waitFor();
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    await settle(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'applications-list-fr');

    // Board: columns in pipeline order.
    await page.getByRole('button', { name: 'Tableau', exact: true }).click();
    await page.waitForURL(/view=board/);
    const nouveau = page.getByRole('region', { name: 'Nouveau', exact: true });
    const preselected = page.getByRole('region', { name: 'Présélectionné', exact: true });
    await nouveau.getByRole('link').first().waitFor();
    const before = { new: await columnCount(nouveau), preselected: await columnCount(preselected) };
    assert.ok(before.new >= 1);
    await settle(page);
    // The board scrolls inside the tab; the page itself does not widen.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'applications-board-fr');

    // Keyboard drag: focus the handle, Space, right arrow, Space.
    const handle = nouveau.getByRole('button', { name: /^Déplacer la candidature de / }).first();
    const name = ((await handle.getAttribute('aria-label')) ?? '').replace('Déplacer la candidature de ', '');
    await handle.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    await preselected.getByRole('link', { name, exact: true }).waitFor();
    await page.getByText(`${name} est maintenant « Présélectionné ».`).waitFor();
    assert.equal(await columnCount(nouveau), before.new - 1);
    assert.equal(await columnCount(preselected), before.preselected + 1);

    // The change is stored: the same counts after a reload (the URL reopens the board).
    await page.reload();
    await preselected.getByRole('link', { name, exact: true }).waitFor();
    assert.equal(await columnCount(nouveau), before.new - 1);
    assert.equal(await columnCount(preselected), before.preselected + 1);

    // Refusal: the motif is asked first.
    const refused = page.getByRole('region', { name: 'Refusé', exact: true });
    const refusedBefore = await columnCount(refused);
    await preselected.getByRole('button', { name: `Changer le statut de ${name}` }).click();
    await page.getByRole('menuitemradio', { name: 'Refusé' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Passer en « Refusé »' });
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await dialog.getByText('Ce champ est obligatoire.').waitFor();
    await dialog.getByLabel(/Motif/).selectOption({ label: 'Expérience insuffisante' });
    await settle(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'applications-motif-fr');
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await refused.getByRole('link', { name, exact: true }).waitFor();
    assert.equal(await columnCount(refused), refusedBefore + 1);

    // The dashboard leads to the treatment screen.
    await page.goto('/');
    await page.getByRole('link', { name: 'Candidatures à traiter' }).click();
    await page.waitForURL(/\/treatment$/);
    await page.getByRole('heading', { level: 1, name: 'Candidatures à traiter' }).waitFor();
    await page.getByRole('table').getByRole('row').nth(1).waitFor();

    // Filter on the offer, select the page, move everything to "Présélectionné".
    await page.getByRole('button', { name: /^Offres/ }).click();
    await page.getByRole('checkbox', { name: new RegExp(`^${offer.job_position.replace(/[()]/g, '.')} \\(\\d+\\)$`) }).first().check();
    await page.keyboard.press('Escape');
    await page.waitForURL(new RegExp(`offers=${offer.id}`));
    const rows = page.getByRole('table').getByRole('row');
    // The offer's own rows: until they come, the previous page stays in view, busy and inert.
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length > 0 && !document.querySelector('[aria-busy="true"], [inert]'));
    const count = await page.locator('tbody tr').count();
    await settle(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'treatment-fr');
    await page.getByRole('checkbox', { name: 'Sélectionner toutes les candidatures de la page' }).check();
    await page.getByRole('toolbar', { name: 'Actions sur la sélection' }).getByRole('button', { name: 'Changer le statut' }).click();
    const bulk = page.getByRole('alertdialog', { name: /^Changer le statut de \d+ candidatures?$/ });
    await bulk.getByLabel(/Nouveau statut/).selectOption({ label: 'Présélectionné' });
    await bulk.getByRole('button', { name: 'Appliquer' }).click();
    await bulk.getByText(count === 1 ? '1 candidature mise à jour.' : `${count} candidatures mises à jour.`).waitFor();
    await bulk.getByRole('button', { name: 'Fermer' }).click();
    // They are treated now: the list of applications to treat on that offer is empty.
    await page.getByText('Aucune candidature ne correspond à ces filtres').waitFor();
    assert.equal(await rows.count(), 0);
    await context.close();
  });

  it('shows the board and the treatment screen in English', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    const offer = await offerToTreat(page);
    await page.goto(`/projects/${offer.project_id}/offer/${offer.id}?view=board&lng=en`);
    await page.getByRole('group', { name: 'Board of applications by status' }).waitFor();
    await page.getByRole('region', { name: 'New', exact: true }).getByRole('link').first().waitFor();
    await settle(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'applications-board-en');
    await page.goto('/treatment?tab=spontaneous');
    await page.getByRole('tab', { name: 'Unsolicited', selected: true }).waitFor();
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    await settle(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'treatment-en');
    await context.close();
  });
});
