import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();

/** A string of the users namespace with its `{{…}}` values filled in. */
const t = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)), label('fr', `users:${key}`));

const csv = (...lines: string[]) => ({
  name: 'utilisateurs.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`\uFEFF${['firstname;lastname;email;role;language;subsidiary;groups', ...lines].join('\r\n')}\r\n`),
});

describe('users import', () => {
  it('reports the bad row of a CSV, then imports the fixed file with progress, at 1366 and 390 px', async () => {
    const { page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    await page.goto('/config/users/list');
    await page.getByRole('table', { name: t('list.label') }).waitFor();

    await page.getByRole('button', { name: t('import.button') }).click();
    const dialog = page.getByRole('dialog', { name: t('import.title') });
    const file = dialog.getByLabel(t('import.file'));
    await file.setInputFiles(
      csv('Aline;Importée;aline.import@valmont.test;Recruteur;fr;;Direction', 'Basile;Importé;basile.import@;Recruteur;en;;'),
    );
    const report = dialog.getByRole('table', { name: t('import.errors_caption') });
    const bad = report.getByRole('row').filter({ hasText: label('fr', 'errors:invalid_email') });
    await bad.waitFor();
    assert.match((await bad.textContent()) ?? '', /^3/);
    assert.ok(await dialog.getByRole('button', { name: t('import.confirm_one', { count: 1 }) }).isDisabled());
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'users-import-report-fr', { fullPage: false });

    // Fixed: both rows good, the import runs in the background with its progress.
    await file.setInputFiles(
      csv('Aline;Importée;aline.import@valmont.test;Recruteur;fr;;Direction', 'Basile;Importé;basile.import@valmont.test;Recruteur;en;;'),
    );
    const confirm = dialog.getByRole('button', { name: t('import.confirm_other', { count: 2 }) });
    await confirm.waitFor();
    assert.ok(await confirm.isEnabled());
    await confirm.click();
    // Two rows may be imported before the first poll answers: the dialog then closes on "done"
    // with its progress bar shown for a moment only (users-import.test.tsx checks the bar).
    const progress = dialog.getByRole('progressbar', { name: t('import.progress_label') });
    const done = page.getByText(t('import.done_other', { count: 2 }));
    await progress.or(done).first().waitFor();
    if (await progress.isVisible()) await screenshot(page, 'users-import-progress-fr', { fullPage: false });
    await done.waitFor({ timeout: 15_000 });
    const table = page.getByRole('table', { name: t('list.label') });
    await table.getByRole('row').filter({ hasText: 'aline.import@valmont.test' }).waitFor();
    const basile = table.getByRole('row').filter({ hasText: 'basile.import@valmont.test' });
    await basile.waitFor();
    assert.match((await table.getByRole('row').filter({ hasText: 'aline.import@valmont.test' }).textContent()) ?? '', /Direction/);
    await screenshot(page, 'users-import-done-fr');

    // A phone: the dialog and its report without sideways scrolling.
    const phone = await app.newPage('fr-FR', { viewport: { width: 390, height: 844 } });
    await signIn(phone.page, 'admin@demo.test');
    await phone.page.waitForURL(`${app.url}/`);
    await phone.page.goto('/config/users/list');
    await phone.page.getByRole('button', { name: t('import.button') }).click();
    const phoneDialog = phone.page.getByRole('dialog', { name: t('import.title') });
    await phoneDialog.getByLabel(t('import.file')).setInputFiles(
      csv('Aline;Importée;aline.import@valmont.test;Recruteur;fr;;Direction', 'Zoé;Longue-Adresse;zoe.avec.une.adresse.tres.longue@valmont.test;Inconnu;it;;'),
    );
    await phoneDialog.getByRole('table', { name: t('import.errors_caption') }).waitFor();
    const overflow = await horizontalOverflow(phone.page);
    assert.ok(overflow.overflow <= 0, `sideways scroll at 390 px: ${JSON.stringify(overflow)}`);
    await screenshot(phone.page, 'users-import-report-mobile-fr', { fullPage: false });
    await phone.context.close();
  });
});
