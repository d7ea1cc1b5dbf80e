import type { Locator, Page } from 'playwright-core';

/** The number in a board column's header (its screen-reader text, e.g. "3 candidatures"). */
export async function columnCount(column: Locator): Promise<number> {
  const text = await column.locator('header .sr-only').textContent();
  return Number(/\d+/.exec(text ?? '')?.[0] ?? NaN);
}

/** A card's grip button (its keyboard drag handle) in a column. */
export function cardHandle(column: Locator, name: string): Locator {
  return column.getByRole('button', { name: `Déplacer la candidature de ${name}`, exact: true });
}

/** The focused element's name and the title of the board column it sits in. */
export function focusedCard(page: Page): Promise<{ handle: string | null; column: string | null }> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return { handle: active?.getAttribute('aria-label') ?? null, column: active?.closest('section')?.querySelector('h2')?.textContent ?? null };
  });
}

/** What dnd-kit last told screen readers (its live region). */
export async function liveAnnouncement(page: Page): Promise<string> {
  return (await page.locator('[id^="DndLiveRegion"]').first().textContent()) ?? '';
}
