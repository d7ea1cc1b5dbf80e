import type { Language } from '@embauche/contracts/constants';
import {
  candidateValues,
  senderValues,
  type MergeValues,
} from '../../platform/mail/merge-fields.ts';

/**
 * The sample values of a preview or a test send, in the model's language: a made-up candidate,
 * offer, interview and links, with the company's and the signed-in user's own names.
 */
const SAMPLES: Record<Language, MergeValues> = {
  fr: {
    'candidate.firstname': 'Léa',
    'candidate.lastname': 'Martin',
    'offer.title': 'Chargé(e) de recrutement',
    'interview.date': 'mardi 12 janvier 2027',
    'interview.time': '10:30',
    'interview.place': '12 rue de la République, Lyon',
    'booking.expires': 'vendredi 15 janvier 2027',
    'documents.list': 'Pièce d’identité, Diplôme',
    'transfer.message': 'Voici un profil qui devrait vous intéresser.',
    'onboarding.start_date': 'lundi 4 janvier 2027',
    'onboarding.manager_name': 'Paul Bernard',
    'onboarding.address': '12 rue de la République, Lyon',
    'onboarding.first_day_contact': 'Claire, à l’accueil à 9 h',
  },
  en: {
    'candidate.firstname': 'Emma',
    'candidate.lastname': 'Smith',
    'offer.title': 'Recruitment officer',
    'interview.date': 'Tuesday 12 January 2027',
    'interview.time': '10:30',
    'interview.place': '12 High Street, London',
    'booking.expires': 'Friday 15 January 2027',
    'documents.list': 'Identity document, Diploma',
    'transfer.message': 'Here is a profile you should find interesting.',
    'onboarding.start_date': 'Monday 4 January 2027',
    'onboarding.manager_name': 'Paul Brown',
    'onboarding.address': '12 High Street, London',
    'onboarding.first_day_contact': 'Claire, at the front desk at 9 am',
  },
  es: {
    'candidate.firstname': 'Lucía',
    'candidate.lastname': 'García',
    'offer.title': 'Responsable de selección',
    'interview.date': 'martes 12 de enero de 2027',
    'interview.time': '10:30',
    'interview.place': 'Calle Mayor 12, Madrid',
    'booking.expires': 'viernes 15 de enero de 2027',
    'documents.list': 'Documento de identidad, Título',
    'transfer.message': 'Este perfil debería interesarle.',
    'onboarding.start_date': 'lunes 4 de enero de 2027',
    'onboarding.manager_name': 'Pablo Romero',
    'onboarding.address': 'Calle Mayor 12, Madrid',
    'onboarding.first_day_contact': 'Clara, en recepción a las 9',
  },
  de: {
    'candidate.firstname': 'Anna',
    'candidate.lastname': 'Müller',
    'offer.title': 'Recruiter (m/w/d)',
    'interview.date': 'Dienstag, 12. Januar 2027',
    'interview.time': '10:30',
    'interview.place': 'Hauptstraße 12, Berlin',
    'booking.expires': 'Freitag, 15. Januar 2027',
    'documents.list': 'Ausweis, Zeugnis',
    'transfer.message': 'Dieses Profil dürfte Sie interessieren.',
    'onboarding.start_date': 'Montag, 4. Januar 2027',
    'onboarding.manager_name': 'Paul Becker',
    'onboarding.address': 'Hauptstraße 12, Berlin',
    'onboarding.first_day_contact': 'Klara, am Empfang um 9 Uhr',
  },
};

/** The sample values in `language`, with the company, the sender and links under `base`. */
export function sampleValues(
  language: Language,
  company: string,
  sender: { firstname: string; lastname: string; email: string },
  base: string,
): MergeValues {
  const s = SAMPLES[language];
  return {
    ...s,
    ...candidateValues({
      firstname: s['candidate.firstname'] ?? '',
      lastname: s['candidate.lastname'] ?? '',
    }),
    'company.name': company,
    ...senderValues(sender),
    'offer.link': `${base}/careers/example/offers/1`,
    'interview.link': `${base}/booking/example`,
    'booking.link': `${base}/booking/example`,
    'upload.link': `${base}/upload/example`,
    'transfer.link': `${base}/shared/example`,
    'unsubscribe.link': `${base}/unsubscribe/example`,
  };
}
