import { describe, expect, it } from 'vitest';
import { notificationSentence } from '../src/modules/notifications/notification-mail.ts';

describe('a notification e-mail’s sentence', () => {
  const one = {
    slug: 'favorite_offer_status_changed',
    source: 'applicant',
    applicant_name: 'Chloé Moreau',
    offer_name: 'Soudeur',
    status_name: 'interview',
  } as const;
  const many = { ...one, applicant_name: undefined, count: 200, applicant_ids: [1, 2] };

  it('names the applicant of one change, and counts those of a bulk change, in each language', () => {
    expect(notificationSentence('fr', one)).toBe(
      'La candidature de Chloé Moreau sur Soudeur est passée à « Entretien »',
    );
    expect(notificationSentence('fr', many)).toBe(
      '200 candidatures sur Soudeur sont passées à « Entretien »',
    );
    expect(notificationSentence('en', many)).toMatch(/^200 applications for Soudeur moved to/);
    expect(notificationSentence('es', many)).toMatch(/^200 candidaturas para Soudeur/);
    expect(notificationSentence('de', many)).toMatch(/^200 Bewerbungen auf Soudeur/);
  });
});
