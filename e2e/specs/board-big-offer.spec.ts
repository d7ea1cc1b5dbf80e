import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { signIn, useApp } from '../support/app.ts';
import { seedBigOfferFor, type SeededOffer } from '../support/big-offer.ts';
import { columnCount, liveAnnouncement } from '../support/board.ts';
import { screenshot } from '../support/browser.ts';

const app = useApp();

/** Issue 42 part 1: an offer of a few thousand applications, most of them new. */
const NEW = 2500;
const PRESELECTED = 500;
let seeded: SeededOffer | undefined;

async function bigOffer(): Promise<SeededOffer> {
  seeded ??= await seedBigOfferFor(app.dataDir, 'admin@demo.test', NEW + PRESELECTED, { 1: NEW, 2: PRESELECTED });
  return seeded;
}

type Card = { firstname: string; lastname: string };

/** The last card of a column as the API has it (its last page), to compare with what the board shows. */
async function lastOfColumn(page: Page, offer: SeededOffer, statusId: number): Promise<string> {
  const card = await page.evaluate(
    async ({ projectId, offerId, statusId }) => {
      const base = `/api/projects/${projectId}/offers/${offerId}/applications?per_page=50&filter[statuses]=${statusId}`;
      const first = (await (await fetch(`${base}&page=1`)).json()) as { last_page: number };
      const last = (await (await fetch(`${base}&page=${first.last_page}`)).json()) as { data: Card[] };
      return last.data.at(-1)!;
    },
    { projectId: offer.projectId, offerId: offer.offerId, statusId },
  );
  return `${card.firstname} ${card.lastname}`;
}

/** The column's scrolling box (its list's parent). */
const scroller = (column: Locator) => column.getByRole('list').locator('xpath=..');

/** Scrolls a column down, as a user dragging its scrollbar, until `name`'s card shows; answers how many scrolls it took. */
async function scrollColumnTo(column: Locator, name: string): Promise<number> {
  const card = column.getByRole('link', { name, exact: true });
  for (let scrolls = 1; scrolls <= 400; scrolls += 1) {
    await scroller(column).evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
    await column.page().waitForTimeout(60);
    if (await card.isVisible()) return scrolls;
  }
  throw new Error(`${name} never showed`);
}

/** Waits until two columns' counts read `a` and `b`. */
async function countsBecome(first: Locator, a: number, second: Locator, b: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const now = [await columnCount(first), await columnCount(second)];
    if (now[0] === a && now[1] === b) return;
    if (Date.now() > deadline) throw new Error(`counts ${now.join(', ')}, expected ${a}, ${b}`);
    await first.page().waitForTimeout(200);
  }
}

describe('a board column of thousands of cards', () => {
  it('scrolls "Nouveau" to its last card, a window of cards drawn at a time, then moves that card by keyboard and undoes it', async () => {
    const offer = await bigOffer();
    const { context, page } = await app.newPage();
    await signIn(page, 'admin@demo.test');
    await page.goto(`/projects/${offer.projectId}/offer/${offer.offerId}?view=board`);
    await page.getByRole('heading', { level: 1, name: offer.jobPosition }).waitFor();
    const nouveau = page.getByRole('region', { name: 'Nouveau', exact: true });
    const preselected = page.getByRole('region', { name: 'Présélectionné', exact: true });
    await nouveau.getByRole('listitem').first().waitFor();
    assert.equal(await columnCount(nouveau), NEW);
    assert.equal(await columnCount(preselected), PRESELECTED);
    // No "Afficher plus" to press: the cards load as the column scrolls.
    assert.equal(await nouveau.getByRole('button', { name: /Afficher plus/ }).count(), 0);

    const lastName = await lastOfColumn(page, offer, 1);
    const started = Date.now();
    const scrolls = await scrollColumnTo(nouveau, lastName);
    const took = Date.now() - started;
    const lastCard = nouveau.getByRole('listitem').filter({ has: page.getByRole('link', { name: lastName, exact: true }) });
    assert.equal(await lastCard.getAttribute('aria-posinset'), String(NEW));
    assert.equal(await lastCard.getAttribute('aria-setsize'), String(NEW));
    // A window of cards, not 2,500 nodes.
    const drawn = await nouveau.getByRole('listitem').count();
    assert.ok(drawn < 60, `${drawn} cards drawn`);
    // Each page of the column asked once: the loaded cards add up to the count.
    const posinsets = await nouveau.getByRole('listitem').evaluateAll((items) => items.map((li) => Number(li.getAttribute('aria-posinset'))));
    assert.equal(Math.max(...posinsets), NEW);
    console.log(`# scrolled "Nouveau" (${NEW} cards) to its end in ${took} ms, ${scrolls} scrolls, ${drawn} cards drawn at the end`);
    await screenshot(page, 'board-big-offer-end-1366-fr');

    // The last card, 2,500 down the column, moves by keyboard to "Présélectionné".
    await lastCard.getByRole('button', { name: `Déplacer la candidature de ${lastName}` }).focus();
    // As pipeline.spec.ts: the drag measures the columns once picked up, then over the next one.
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(250);
    await page.keyboard.press('Space');
    await page.getByText(`${lastName} est maintenant « Présélectionné ».`).first().waitFor();
    assert.match(await liveAnnouncement(page), new RegExp(`${lastName}.*« Présélectionné »`));
    await countsBecome(nouveau, NEW - 1, preselected, PRESELECTED + 1);
    assert.equal(await nouveau.getByRole('link', { name: lastName, exact: true }).count(), 0);
    // Undo from the toast: the card goes back, the counts follow.
    await page.getByRole('button', { name: 'Annuler' }).first().click();
    await page.getByText(`Changement annulé : ${lastName} est de nouveau « Nouveau ».`).first().waitFor();
    await countsBecome(nouveau, NEW, preselected, PRESELECTED);
    await context.close();
  });

  it('walks a column with the arrow keys on a phone in English, loading more as it goes', async () => {
    const offer = await bigOffer();
    const { context, page } = await app.newPage('en-US', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(page, 'admin@demo.test');
    await page.goto(`/projects/${offer.projectId}/offer/${offer.offerId}?view=board`);
    await page.getByRole('heading', { level: 1, name: offer.jobPosition }).waitFor();
    const column = page.getByRole('region', { name: 'New', exact: true });
    await column.getByRole('listitem').first().waitFor();
    assert.equal(await columnCount(column), NEW);
    // From the first card's link, End goes to the last loaded card (the 50th), ↓ loads the next page and goes on.
    await column.getByRole('listitem').first().getByRole('link').focus();
    await page.keyboard.press('End');
    await page.waitForFunction(() => document.activeElement?.closest('li')?.getAttribute('aria-posinset') === '50');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.closest('li')?.getAttribute('aria-posinset') === '51', undefined, { timeout: 10_000 });
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.closest('li')?.getAttribute('aria-posinset') === '56');
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no sideways scroll of the page');
    await screenshot(page, 'board-big-offer-keys-390-en', { fullPage: false });
    await context.close();
  });
});
