import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { notificationText } from './notification-text.ts';

/** Answers the key and the values it was given, to see which sentence is chosen. */
const t = ((key: string, values?: { count?: number }) => `${key}${values?.count !== undefined ? ` ${values.count}` : ''}`) as unknown as TFunction;

describe('a favourite offer’s status change in the bell', () => {
  const one = { slug: 'favorite_offer_status_changed', source: 'applicant', applicant_name: 'Chloé Moreau', offer_name: 'Soudeur', status_name: 'interview' } as const;

  it('names the applicant of one change', () => {
    expect(notificationText(t, one)).toBe('notifications:messages.favorite_offer_status_changed 1');
  });

  it('counts the applications of a bulk change (one notification for the batch)', () => {
    expect(notificationText(t, { ...one, applicant_name: undefined, count: 200, applicant_ids: [1, 2] })).toBe('notifications:messages.favorite_offer_status_changed_many 200');
  });

  it('counts the applications copied to a favourite offer in one go', () => {
    const received = { slug: 'application_received', source: 'applicant', offer_name: 'Soudeur' } as const;
    expect(notificationText(t, { ...received, applicant_name: 'Chloé Moreau' })).toBe('notifications:messages.application_received 1');
    expect(notificationText(t, { ...received, count: 45, applicant_ids: [1, 2] })).toBe('notifications:messages.application_received_many 45');
  });
});

describe('a CV bundle in the bell', () => {
  const ready = { slug: 'cv_bundle', source: 'other', route: '/downloads/cv-bundles/7', bundle_status: 'ready', count: 500 } as const;

  it('says the ZIP is ready with its CVs, that none had a CV, or that it could not be prepared', () => {
    expect(notificationText(t, ready)).toBe('notifications:messages.cv_bundle_ready 500');
    expect(notificationText(t, { ...ready, count: 0 })).toBe('notifications:messages.cv_bundle_ready_none');
    expect(notificationText(t, { ...ready, bundle_status: 'failed', count: 3000 })).toBe('notifications:messages.cv_bundle_failed 3000');
  });
});
