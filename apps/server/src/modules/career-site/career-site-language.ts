import { LANGUAGES, knownLanguage, type Language } from '@embauche/contracts/constants';

/** A JSON column's value, or `fallback` when it is empty or unreadable. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Accept-Language's languages, by preference (q-values), as primary subtags. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q) : 1, index };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

/**
 * The languages a career site offers (its settings' JSON list; none saved: the company's default)
 * and the one a request reads it in: `lng`, then Accept-Language, then the company's default, then
 * the first offered. The public site and the community's pages (modules/community) choose alike.
 */
export function siteLanguages(
  offeredJson: string | null | undefined,
  defaultLanguage: string | null | undefined,
  lng: string | undefined,
  accept: string | undefined,
): { languages: Language[]; language: Language } {
  const offered = parseJson<unknown[]>(offeredJson, []);
  const fallback = knownLanguage(defaultLanguage);
  const languages = LANGUAGES.filter((l) => offered.includes(l));
  if (!languages.length) languages.push(fallback);
  const pick = (l: string | undefined) => languages.find((x) => x === l);
  const language =
    pick(lng) ??
    acceptedLanguages(accept).map(pick).find(Boolean) ??
    pick(fallback) ??
    languages[0]!;
  return { languages, language };
}

/** `url` in `language` when the site offers several (the links keep the page's language). */
export function withLng(
  url: string,
  s: { languages: readonly Language[]; language: Language },
  language: Language = s.language,
): string {
  if (s.languages.length < 2) return url;
  return `${url}${url.includes('?') ? '&' : '?'}lng=${language}`;
}

/** Whether the site shows the company's logo: it has one, and the settings do not hide it. */
export function logoShown(c: {
  logo_key: string | null;
  show_logo: boolean | number | null;
}): boolean {
  return Boolean(c.logo_key) && (c.show_logo === null || Boolean(c.show_logo));
}
