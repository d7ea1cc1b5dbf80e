import type { TFunction } from 'i18next';

/** `max_length:255` → t('errors:max_length', { count: 255 }); a plain code → t('errors:code'). */
export function translateErrorCode(t: TFunction, code: string): string {
  const [name = 'invalid', rawCount] = code.split(':');
  if (rawCount !== undefined && rawCount !== '' && !Number.isNaN(Number(rawCount))) {
    return t(`errors:${name}`, { count: Number(rawCount) });
  }
  return t(`errors:${name}`);
}
