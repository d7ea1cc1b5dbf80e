import { z } from 'zod';

/** Schemes a link stored from a user may use: a web page. */
export const WEB_SCHEMES = ['https:', 'http:'] as const;
/** For fields that mean an address or a number as well (a contact link). */
export const CONTACT_SCHEMES = [...WEB_SCHEMES, 'mailto:', 'tel:'] as const;

/**
 * Whether `value` is an absolute URL with one of `schemes`. Everything else (`javascript:`,
 * `data:`, `vbscript:`, relative paths, text) is refused on input and never rendered as a link.
 */
export function isSafeLink(
  value: string | null | undefined,
  schemes: readonly string[] = WEB_SCHEMES,
): value is string {
  // Whitespace or control characters anywhere: browsers drop some of them ("java\tscript:").
  if (
    !value ||
    /\s/.test(value) ||
    [...value].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f')
  )
    return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (!scheme || !schemes.includes(`${scheme}:`)) return false;
  // A web link names its host: `https://host…`, never `https:/path` or `https:`.
  if (scheme === 'http' || scheme === 'https') return /^[a-z]+:\/\/[^/?#@\\]/i.test(value);
  return value.length > scheme.length + 1;
}

/** A link field: at most `max` characters, an allowed scheme, else 422 `invalid_url`. */
export function zLink(max = 2048, schemes: readonly string[] = WEB_SCHEMES) {
  return z
    .string()
    .trim()
    .max(max, `max_length:${max}`)
    .refine((v) => isSafeLink(v, schemes), 'invalid_url');
}
