import type { TFunction } from 'i18next';
import type { TOnboardingStatusRef } from '@embauche/contracts/onboarding';

/** A status as the company named it, else a system status's translated name (`onboarding:statuses.{key}`). */
export function statusName(t: TFunction, status: TOnboardingStatusRef): string {
  if (status.name) return status.name;
  return status.system_key ? t(`onboarding:statuses.${status.system_key}`) : '';
}

/** "3 days before the start", "the start date", "10 days after the start". */
export function dueDaysLabel(t: TFunction, days: number): string {
  if (days === 0) return t('onboarding:due.on_start');
  return days < 0
    ? t('onboarding:due.before', { count: -days })
    : t('onboarding:due.after', { count: days });
}

/** The new hire's name as lists show it. */
export function hireName(applicant: { firstname: string; lastname: string }): string {
  return `${applicant.firstname} ${applicant.lastname}`.trim();
}

/** Today as a `yyyy-MM-dd` day in the browser's zone (the start date's default). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
