import type { TFunction } from 'i18next';

/**
 * `max_length:255` → t('errors:max_length', { count: 255 }); a code naming things
 * (`unknown_merge_fields:a,b`, braces allowed around the list) → t('errors:code', { names: 'a, b',
 * count: 2 }); a plain code → t('errors:code').
 */
export function translateErrorCode(t: TFunction, code: string): string {
  const [name = 'invalid', ...rest] = code.split(':');
  const arg = rest.join(':');
  if (arg !== '' && !Number.isNaN(Number(arg))) return t(`errors:${name}`, { count: Number(arg) });
  const names = arg
    .replace(/[{}\s]/g, '')
    .split(',')
    .filter(Boolean);
  return names.length
    ? t(`errors:${name}`, { names: names.join(', '), count: names.length })
    : t(`errors:${name}`);
}
