import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { label } from '../support/labels.ts';
import { screenshot } from '../support/browser.ts';

/**
 * Issue 35, items 3 to 5: the kanban's room at 1366 px, the CV one tap away on a phone, and phone
 * lists and configuration pages that start with their content. Screenshots in French and German.
 */
const app = useApp();

const LAPTOP: BrowserContextOptions = { viewport: { width: 1366, height: 860 } };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

type TreatmentOffer = { id: number; project_id: number; job_position: string; to_treat: number };

/** Signs in as the administrator (configuration included) and saves the interface language the test reads. */
async function open(language: 'fr' | 'de', options: BrowserContextOptions) {
  const { context, page } = await app.newPage(language === 'fr' ? 'fr-FR' : 'de-DE', options);
  // Each test saves its language: the account is shared by the French and the German tests.
  await signIn(page, 'admin@demo.test');
  await page.waitForURL(`${app.url}/`);
  await page.evaluate(async (lng) => {
    const saved = await fetch('/api/user_profile/language', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ language: lng }) });
    if (!saved.ok) throw new Error(`language not saved: ${saved.status}`);
    localStorage.setItem('i18nextLng', lng);
  }, language);
  await page.reload();
  return { context, page, l: (key: string) => label(language, key) };
}

/** The demo offer with the most applications to treat (its workflow has the 8 default statuses), and one applicant with a CV. */
async function findTarget(page: Page) {
  const found = await page.evaluate(async () => {
    const offers = (await (await fetch('/api/treatment/applications/offers')).json()) as TreatmentOffer[];
    const offer = [...offers].sort((a, b) => b.to_treat - a.to_treat)[0];
    if (!offer) return null;
    const items = (await (await fetch(`/api/projects/${offer.project_id}/offers/${offer.id}/applications`)).json()) as { applicant_id: number }[];
    for (const item of items) {
      const applicant = (await (await fetch(`/api/applicants/${item.applicant_id}`)).json()) as { cv: { mime: string } | null };
      if (applicant.cv?.mime === 'application/pdf') return { offer, applicantId: item.applicant_id };
    }
    return items[0] ? { offer, applicantId: items[0].applicant_id } : null;
  });
  assert.ok(found, 'the demo data has an offer with applications to treat');
  return found;
}

/** Board columns wholly inside the board's frame, and how many columns there are. */
function boardColumns(page: Page, boardName: string) {
  return page.evaluate((name) => {
    const board = document.querySelector(`[role="group"][aria-label="${name}"]`);
    if (!board) return { total: 0, whole: 0 };
    const frame = board.getBoundingClientRect();
    const columns = Array.from(board.querySelectorAll(':scope > section'), (column) => column.getBoundingClientRect());
    const whole = columns.filter((rect) => rect.left >= frame.left - 1 && rect.right <= frame.right + 1).length;
    return { total: columns.length, whole };
  }, boardName);
}

const settle = (page: Page) => page.waitForTimeout(400);

describe('room for the kanban and content first on phones (issue 35)', () => {
  for (const language of ['fr', 'de'] as const) {
    it(`${language}: at 1366×860 the projects panel folds by keyboard and at least 5 of the 8 columns show whole`, async () => {
      const { context, page, l } = await open(language, LAPTOP);
      const { offer } = await findTarget(page);
      await page.goto(`/projects/${offer.project_id}/offer/${offer.id}?view=board`);
      const boardName = l('kanban:board');
      await page.getByRole('group', { name: boardName }).waitFor();
      await page.getByRole('region', { name: l('config:status.statuses.new'), exact: true }).waitFor();
      const panel = page.getByRole('navigation', { name: l('projects:tree.label') });
      const fold = panel.getByRole('button', { name: l('projects:panel.fold') });
      await fold.waitFor();
      const before = await boardColumns(page, boardName);
      assert.equal(before.total, 8, 'the demo offer has the 8 default statuses');

      // Folded by its keyboard shortcut: the panel becomes a rail and the board gets the room.
      await page.keyboard.press('Alt+Shift+P');
      const unfold = panel.getByRole('button', { name: l('projects:panel.unfold') });
      await unfold.waitFor();
      await settle(page);
      const after = await boardColumns(page, boardName);
      assert.ok(after.whole >= 5, `at least 5 whole columns once folded, saw ${after.whole} (${before.whole} before)`);
      // The columns beyond the view are announced by a button that scrolls to them.
      await page.getByRole('button', { name: new RegExp(`^${l('kanban:scroll_after_other').split(' (')[0]}|^${l('kanban:scroll_after_one').split(' (')[0]}`) }).waitFor();
      await screenshot(page, `kanban-1366-folded${language === 'fr' ? '' : '-de'}`, { fullPage: false });

      // Remembered: another visit opens folded.
      await page.reload();
      await unfold.waitFor();
      // And unfolded by the same shortcut.
      await page.keyboard.press('Alt+Shift+P');
      await fold.waitFor();
      assert.equal(await unfold.count(), 0);
      await context.close();
    });

    it(`${language}: at 390×844 the applicant's CV is one tap away, fitted to the screen's width`, async () => {
      const { context, page, l } = await open(language, PHONE);
      const { applicantId } = await findTarget(page);
      await page.goto(`/applicants/${applicantId}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const tabs = page.getByRole('tablist', { name: l('applicant:sections.label') });
      const cvTab = tabs.getByRole('tab', { name: l('applicant:sections.cv'), exact: true });
      await cvTab.waitFor();
      const box = await cvTab.boundingBox();
      assert.ok(box && box.y + box.height <= 844, `the CV tab is in the first screen (at ${box?.y})`);
      await cvTab.tap();
      const canvas = page.getByRole('img', { name: l('pdfReader:page_image').replace('{{page}}', '1') });
      const noCv = page.getByText(l('applicant:cv.none'));
      await Promise.race([canvas.waitFor(), noCv.waitFor()]);
      if (await canvas.count()) {
        // Fitted: the page is as wide as its frame, nearly the screen's width.
        await page.waitForFunction(() => {
          const drawn = document.querySelector('canvas[role="img"]') as HTMLCanvasElement | null;
          return drawn !== null && parseFloat(drawn.style.width) > 300;
        });
        const width = await canvas.evaluate((element) => parseFloat((element as HTMLCanvasElement).style.width));
        assert.ok(width > 300 && width <= 390, `the PDF page is ${width}px wide`);
        await page.getByRole('button', { name: l('pdfReader:fit_width') }).waitFor();
        assert.equal(await page.getByRole('button', { name: l('pdfReader:fit_width') }).getAttribute('aria-pressed'), 'true');
      }
      await settle(page);
      await screenshot(page, `applicant-cv-390${language === 'fr' ? '' : '-de'}`, { fullPage: false });
      await context.close();
    });

    it(`${language}: at 390 a configuration page's heading is in the first screen, its menu a drawer`, async () => {
      const { context, page, l } = await open(language, PHONE);
      await page.goto('/config/users/list');
      const heading = page.getByRole('heading', { level: 1 }).first();
      await heading.waitFor();
      const box = await heading.boundingBox();
      assert.ok(box && box.y + box.height <= 844, `the page's heading is in the first screen (at ${box?.y})`);
      const menuButton = page.getByRole('button', { name: l('config:menu_label') });
      await menuButton.click();
      const drawer = page.getByRole('dialog', { name: l('config:menu_label') });
      await drawer.getByRole('searchbox', { name: l('config:search') }).waitFor();
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      await settle(page);
      await screenshot(page, `config-390${language === 'fr' ? '' : '-de'}`, { fullPage: false });
      await context.close();
    });
  }

  it('fr: at 390 the offer list shows its results before its filters, which open in a sheet', async () => {
    const { context, page } = await open('fr', PHONE);
    await page.goto('/projects/all/offers');
    await page.getByRole('heading', { level: 1, name: 'Toutes les offres' }).waitFor();
    // The first offer of the list (on a phone, a list of cards).
    const first = page.getByRole('list', { name: 'Toutes les offres' }).getByRole('listitem').first();
    await first.waitFor();
    const box = await first.boundingBox();
    assert.ok(box && box.y + 40 < 844, `the first result is in the first screen (at ${box?.y})`);
    await screenshot(page, 'offer-list-390-results-first', { fullPage: false });
    assert.equal(await page.getByRole('search', { name: 'Filtres des offres' }).count(), 0, 'no filter form in the page');
    await page.getByRole('button', { name: /^Filtres/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filtres' });
    await sheet.getByRole('search', { name: 'Filtres des offres' }).waitFor();
    await sheet.getByRole('button', { name: /^Voir/ }).click();
    await sheet.waitFor({ state: 'detached' });
    await context.close();
  });
});
