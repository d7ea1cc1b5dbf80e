import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { horizontalOverflow, screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();

const t = (lng: string, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)),
    label(lng, `statistics:${key}`),
  );

/** The page has drawn its first figures: the funnel's chart or its empty state. */
async function waitForFigures(page: Page, lng: string) {
  const funnel = page.getByRole('region', { name: t(lng, 'funnel.title') });
  await funnel
    .getByRole('button', { name: t(lng, 'chart.show_table') })
    .or(funnel.getByText(t(lng, 'chart.empty')))
    .waitFor();
}

async function noSidewaysScroll(page: Page) {
  const overflow = await horizontalOverflow(page);
  assert.ok(overflow.overflow <= 0, `sideways scroll: ${JSON.stringify(overflow)}`);
}

describe('statistics', () => {
  it('opens /stats, changes the range and a filter, exports a chart; French and English at 1366 and 390 px', async () => {
    const { context, page } = await app.newPage('fr-FR', { acceptDownloads: true });
    await signIn(page, 'admin@demo.test');
    await page.goto('/stats');
    await page.getByRole('heading', { level: 1, name: t('fr', 'title') }).waitFor();
    await waitForFigures(page, 'fr');

    // A year of the demo company's history.
    await page
      .getByRole('combobox', { name: t('fr', 'range.label') })
      .selectOption({ label: t('fr', 'range.presets.12m') });
    await page.waitForURL(/\/stats\?range=12m$/);
    const volume = page.getByRole('region', { name: t('fr', 'volume.title') });
    await volume.getByRole('button', { name: t('fr', 'chart.show_table') }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'statistics-fr-1366');

    // The volume's figures as CSV: the file the browser receives carries the table's columns.
    await volume
      .getByRole('button', {
        name: t('fr', 'chart.export_label', { chart: t('fr', 'volume.title') }),
      })
      .click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: t('fr', 'chart.export_as', { format: 'CSV' }) }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^volume-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.equal(
      header,
      [
        t('fr', 'volume.period_month'),
        t('fr', 'volume.applications'),
        t('fr', 'volume.hires'),
        t('fr', 'volume.refusals'),
        t('fr', 'volume.withdrawals'),
      ].join(';'),
    );
    assert.ok(rows.length >= 12, `one row per month: ${rows.length}`);

    // A filter: the applications of one job board (Indeed brings some of the demo's); the URL keeps
    // it and the calls carry it.
    const board = await page.evaluate(async () => {
      const res = await fetch('/api/statistics/options');
      const options = (await res.json()) as { job_boards: { id: number; name: string }[] };
      return options.job_boards.find((b) => b.name === 'Indeed') ?? options.job_boards[0]!;
    });
    const filtered = page.waitForResponse(
      (r) => r.url().includes('/api/statistics/funnel?') && r.url().includes(`source=${board.id}`),
    );
    await page
      .getByRole('combobox', { name: t('fr', 'filters.source') })
      .selectOption({ label: board.name });
    await page.waitForURL(new RegExp(`/stats\\?range=12m&source=${board.id}$`));
    assert.equal((await filtered).status(), 200);
    await waitForFigures(page, 'fr');

    // The same page on a phone: no sideways scroll, the filters behind their button.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: /Filtres/ }).waitFor();
    await noSidewaysScroll(page);
    await screenshot(page, 'statistics-fr-390');
    await context.close();

    // English, phone first then desktop.
    const en = await app.newPage('en-US', { viewport: { width: 390, height: 844 } });
    await signIn(en.page, 'admin@demo.test');
    await en.page.evaluate(async () => {
      await fetch('/api/user_profile/language', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ language: 'en' }),
      });
      localStorage.setItem('i18nextLng', 'en');
    });
    await en.page.goto('/stats?range=12m');
    await en.page.getByRole('heading', { level: 1, name: t('en', 'title') }).waitFor();
    await waitForFigures(en.page, 'en');
    await noSidewaysScroll(en.page);
    await screenshot(en.page, 'statistics-en-390');
    await en.page.setViewportSize({ width: 1366, height: 900 });
    await en.page
      .getByRole('region', { name: t('en', 'volume.title') })
      .getByRole('button', { name: t('en', 'chart.show_table') })
      .click();
    assert.deepEqual(await seriousViolations(en.page), []);
    await screenshot(en.page, 'statistics-en-1366');
    await en.context.close();
  });
});
