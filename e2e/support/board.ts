import type { Locator } from 'playwright-core';

/** The number in a board column's header (its screen-reader text, e.g. "3 candidatures"). */
export async function columnCount(column: Locator): Promise<number> {
  const text = await column.locator('header .sr-only').textContent();
  return Number(/\d+/.exec(text ?? '')?.[0] ?? NaN);
}
