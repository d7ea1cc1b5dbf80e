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

  it('counts the applications of a batch copied to an offer, and keeps a count of documents as its own', () => {
    const received = {
      slug: 'application_received',
      source: 'applicant',
      offer_name: 'Soudeur',
    } as const;
    expect(notificationSentence('fr', { ...received, applicant_name: 'Chloé Moreau' })).toBe(
      'Nouvelle candidature de Chloé Moreau sur Soudeur',
    );
    expect(notificationSentence('fr', { ...received, count: 45, applicant_ids: [1, 2] })).toBe(
      '45 nouvelles candidatures sur Soudeur',
    );
    expect(notificationSentence('en', { ...received, count: 45 })).toBe(
      '45 new applications for Soudeur',
    );
    expect(notificationSentence('es', { ...received, count: 45 })).toBe(
      '45 nuevas candidaturas para Soudeur',
    );
    expect(notificationSentence('de', { ...received, count: 45 })).toBe(
      '45 neue Bewerbungen auf Soudeur',
    );
    // Documents of an applicant whose name is gone: still documents, not a status change.
    expect(
      notificationSentence('fr', { slug: 'documents_received', source: 'applicant', count: 3 }),
    ).toBe('un candidat a envoyé 3 documents demandés');
  });

  it('says a CV bundle is ready, with its CVs, or could not be prepared, in each language', () => {
    const ready = {
      slug: 'cv_bundle',
      source: 'other',
      bundle_status: 'ready',
      count: 500,
    } as const;
    const failed = { ...ready, bundle_status: 'failed', count: 3000 } as const;
    expect(notificationSentence('fr', ready)).toBe('Votre ZIP de 500 CV est prêt');
    expect(notificationSentence('en', ready)).toBe('Your ZIP of 500 CVs is ready');
    expect(notificationSentence('es', ready)).toBe('Tu ZIP de 500 CV está listo');
    expect(notificationSentence('de', ready)).toBe('Ihr ZIP mit 500 Lebensläufen ist fertig');
    expect(notificationSentence('fr', failed)).toBe("Votre ZIP de 3000 CV n'a pas pu être préparé");
    expect(notificationSentence('en', failed)).toBe('Your ZIP of 3000 CVs could not be prepared');
    expect(notificationSentence('es', failed)).toBe('No se ha podido preparar tu ZIP de 3000 CV');
    expect(notificationSentence('de', failed)).toBe(
      'Ihr ZIP mit 3000 Lebensläufen konnte nicht vorbereitet werden',
    );
    expect(notificationSentence('en', { ...ready, count: 0 })).toBe(
      'Your ZIP is ready: none of the applications had a CV',
    );
  });
});
