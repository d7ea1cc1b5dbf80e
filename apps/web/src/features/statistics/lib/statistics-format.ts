import { toLanguage } from '../../../lib/language.ts';

/**
 * Numbers as the interface language writes them (spec 9): `1 234,5` in French, `1,234.5` in
 * English. One formatter per language and style, built once.
 */
const cache = new Map<string, Intl.NumberFormat>();

function formatter(
  language: string | undefined,
  key: string,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  const locale = toLanguage(language);
  const id = `${locale}:${key}`;
  let found = cache.get(id);
  if (!found) {
    found = new Intl.NumberFormat(locale, options);
    cache.set(id, found);
  }
  return found;
}

/** A count or an amount: at most one decimal. */
export function formatNumber(value: number, language: string | undefined): string {
  return formatter(language, 'number', { maximumFractionDigits: 1 }).format(value);
}

/** A share given as a fraction (0.25 → 25 %), to one decimal at most. */
export function formatPercent(fraction: number, language: string | undefined): string {
  return formatter(language, 'percent', { style: 'percent', maximumFractionDigits: 1 }).format(
    fraction,
  );
}

/** A duration in days ("12,5 jours"), the unit in the language's words. */
export function formatDays(days: number, language: string | undefined): string {
  return formatter(language, 'days', {
    style: 'unit',
    unit: 'day',
    unitDisplay: 'long',
    maximumFractionDigits: 1,
  }).format(days);
}

/** An amount of money in euros, without cents. */
export function formatMoney(value: number, language: string | undefined, currency = 'EUR'): string {
  return formatter(language, `money-${currency}`, {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
  }).format(value);
}

export type Change = {
  direction: 'up' | 'down' | 'same';
  /** The change as a fraction of the previous value; null from 0. */ ratio: number | null;
};

/** How `current` moved from `previous`: the comparison arrow and its percentage. */
export function changeOf(current: number | null, previous: number | null): Change | null {
  if (current === null || previous === null) return null;
  const direction = current > previous ? 'up' : current < previous ? 'down' : 'same';
  return { direction, ratio: previous === 0 ? null : (current - previous) / Math.abs(previous) };
}
