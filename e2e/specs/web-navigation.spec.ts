import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { screenshot, seriousViolations } from '../support/browser.ts';
import { label } from '../support/labels.ts';

const app = useApp();
const fr = (key: string) => label('fr', key);

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls the window as a user does (the wheel), until it rests `by` pixels further down. */
async function wheel(page: Page, by: number): Promise<number> {
  await page.mouse.move(700, 500);
  await page.mouse.wheel(0, by);
  let last = -1;
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(100);
    const now = await scrollY(page);
    if (now === last && now > 0) return now;
    last = now;
  }
  return last;
}

/** Whether the element's box lies inside the window, below the sticky header (3.5rem). */
async function inView(page: Page, selector: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await selector.boundingBox();
  const height = await page.evaluate(() => window.innerHeight);
  return box !== null && box.y >= 56 && box.y + box.height <= height;
}

describe('navigation: scroll positions, deleting from its own page, undo toasts (issue 35)', () => {
  for (const viewport of [
    { width: 1366, height: 860 },
    { width: 390, height: 844 },
  ]) {
    it(`opens an offer from a scrolled offer list at its top, and back puts the list where it was (${viewport.width} px)`, async () => {
      const { context, page } = await app.newPage('fr-FR', { viewport });
      await signIn(page, 'admin@demo.test');
      await page.waitForURL(`${app.url}/`);
      await page.goto('/projects/all/offers');
      const offers = page.locator('main a[href*="/offer/"]');
      await offers.nth(15).waitFor();
      const scrolled = await wheel(page, 900);
      assert.ok(scrolled >= 600, `the list scrolled to ${scrolled}`);

      // An offer in view, far down the list.
      const count = await offers.count();
      let target = offers.first();
      for (let i = 0; i < count; i++) {
        if (await inView(page, offers.nth(i))) {
          target = offers.nth(i);
          if (i > 5) break;
        }
      }
      const name = (await target.textContent())?.trim() ?? '';
      // Where the list is when the offer is pressed (the pointer does not move it: the link is in view).
      await target.hover();
      const listY = await scrollY(page);
      assert.ok(listY >= 600, `the list is at ${listY}`);
      await target.click();
      await page.waitForURL(/\/projects\/\d+\/offer\/\d+/);
      const title = page.getByRole('heading', { level: 1, name });
      await title.waitFor();
      await page.getByRole('tab', { name: fr('projects:tabs.details') }).waitFor();
      assert.equal(await scrollY(page), 0);
      assert.equal(await inView(page, title), true, 'the offer title is in view');
      const tabsTop = await page.getByRole('tablist').evaluate((tabs) => tabs.getBoundingClientRect().top);
      assert.ok(tabsTop >= 0 && tabsTop < viewport.height, `the tabs start in view (top ${tabsTop})`);
      await screenshot(page, `offer-opened-from-scrolled-list-fr-${viewport.width}`, { fullPage: false });

      // Back: the list where it was, once it is there again.
      await page.goBack();
      await page.waitForURL(/\/projects\/all\/offers$/);
      await offers.nth(15).waitFor();
      await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 1, listY, { timeout: 10_000 });
      assert.ok(Math.abs((await scrollY(page)) - listY) <= 1);
      await screenshot(page, `offer-list-back-fr-${viewport.width}`, { fullPage: false });

      // Forward: the offer at its top again.
      await page.goForward();
      await title.waitFor();
      await page.waitForFunction(() => window.scrollY === 0);
      await context.close();
    });
  }

  it('deleting a recruitment list from its page lands on the lists sheet, with no request for the deleted list', async () => {
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${app.url}/`);
    const created = await page.evaluate(async () => {
      const response = await fetch('/api/recruitment-lists', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Liste à supprimer e2e', type: 'private' }),
      });
      return (await response.json()) as { id: number };
    });
    await page.goto(`/sourcing/lists/${created.id}`);
    await page.getByRole('heading', { level: 1, name: 'Liste à supprimer e2e' }).waitFor();

    let deletedAt = 0;
    const askedAfter: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'DELETE' && url.pathname === `/api/recruitment-lists/${created.id}`) deletedAt = Date.now();
      else if (deletedAt && url.pathname.startsWith(`/api/recruitment-lists/${created.id}`)) askedAfter.push(`${request.method()} ${url.pathname}`);
    });
    await page.getByRole('button', { name: fr('sourcing:lists.detail.delete') }).click();
    const confirm = page.getByRole('alertdialog');
    // The sheet's lists are asked again once the list is gone.
    const reloaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/recruitment-lists' && r.request().method() === 'GET');
    await confirm.getByRole('button', { name: fr('sourcing:lists.delete_confirm') }).click();
    await page.getByText(fr('sourcing:lists.deleted')).first().waitFor();
    await page.waitForURL(`${app.url}/sourcing`);
    const sheet = page.getByRole('dialog', { name: fr('sourcing:lists.sheet_title') });
    await sheet.waitFor();
    await reloaded;
    await page.waitForTimeout(1_500);
    assert.deepEqual(askedAfter, [], 'the deleted list is not requested again');
    assert.equal(await sheet.getByText('Liste à supprimer e2e').count(), 0);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'recruitment-list-deleted-sheet-fr-1366', { fullPage: false });

    // Back does not lead to the deleted list (its entry was replaced).
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    assert.equal(new URL(page.url()).pathname, '/sourcing');
    await context.close();
  });

  for (const viewport of [
    { width: 1366, height: 860 },
    { width: 390, height: 844 },
  ]) {
    it(`the undo toast of a status change covers none of the page and closes after 3 s (${viewport.width} px)`, async () => {
      const { context, page } = await app.newPage('fr-FR', { viewport });
      await signIn(page, 'admin@demo.test');
      await page.waitForURL(`${app.url}/`);
      await page.goto('/projects/all/offers');
      await page.locator('main a[href*="/offer/"]').first().waitFor();
      // An offer with applications, on its applications tab.
      const offers = (await page.evaluate(async () => {
        const response = await fetch('/api/projects/all/offers');
        return ((await response.json()) as { data: { id: number; project_id: number; total_applications: number }[] }).data;
      })).filter((offer) => offer.total_applications > 0);
      const offer = offers[0]!;
      await page.goto(`/projects/${offer.project_id}/offer/${offer.id}?tab=applications`);
      const change = page.getByRole('button', { name: /^Changer le statut de / }).first();
      await change.click();
      const choices = page.getByRole('menuitemradio', { checked: false });
      const names = await choices.allTextContents();
      const target = names.find((text) => !/Refusé|Désisté/.test(text))!;
      await page.getByRole('menuitemradio', { name: target.trim(), exact: true }).click();
      const toast = page.locator('[data-undo-toast]');
      await toast.waitFor();
      await page.waitForTimeout(450);
      const box = (await toast.boundingBox())!;
      if (viewport.width === 1366) {
        // In the open sidebar (16rem), below its menu.
        assert.ok(box.x >= 0 && box.x + box.width <= 256, `toast at x ${box.x}–${box.x + box.width}`);
        const menuBottom = await page.getByRole('navigation', { name: fr('common:nav.main') }).evaluate((nav) => nav.getBoundingClientRect().bottom).catch(() => 0);
        assert.ok(box.y > menuBottom, `toast at y ${box.y}, the menu ends at ${menuBottom}`);
      } else {
        // Over the 3.5rem header.
        assert.ok(box.y >= 0 && box.y + box.height <= 56, `toast at y ${box.y}–${box.y + box.height}`);
      }
      await screenshot(page, `undo-toast-fr-${viewport.width}`, { fullPage: false });
      // Kept while hovered; gone 3 s after the pointer leaves.
      await toast.hover();
      await page.waitForTimeout(3_500);
      assert.equal(await toast.isVisible(), true);
      await page.mouse.move(viewport.width / 2, viewport.height - 10);
      await toast.waitFor({ state: 'detached', timeout: 5_000 });
      await context.close();
    });
  }
});
