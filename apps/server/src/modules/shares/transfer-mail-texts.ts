import type { Language } from '@embauche/contracts/constants';

/** The fixed texts of a transfer e-mail; what the sender typed (subject, message) is never translated. */
export type TransferMailTexts = {
  /** The line before the list: who sends how many profiles. */
  intro(sender: string, count: number): string;
  /** Between an applicant's name and their link (French puts a space before a colon). */
  linkSeparator: string;
  /** Until when the links open (a date as the web writes it) and why they must not be passed on. */
  expiry(date: string): string;
};

/** Transfer e-mails in the sender's language (their `language`, French when unknown). */
export const TRANSFER_MAIL_TEXTS: Record<Language, TransferMailTexts> = {
  fr: {
    intro: (sender, count) =>
      `${sender} vous transmet ${count === 1 ? 'un profil' : `${count} profils`} :`,
    linkSeparator: ' : ',
    expiry: (date) =>
      `Les liens restent ouverts jusqu'au ${date}. Ne les transférez pas : ils donnent accès au profil sans connexion.`,
  },
  en: {
    intro: (sender, count) =>
      `${sender} is sharing ${count === 1 ? 'a profile' : `${count} profiles`} with you:`,
    linkSeparator: ': ',
    expiry: (date) =>
      `The links stay open until ${date}. Please do not forward them: they give access to the profile without signing in.`,
  },
  es: {
    intro: (sender, count) =>
      `${sender} le envía ${count === 1 ? 'un perfil' : `${count} perfiles`}:`,
    linkSeparator: ': ',
    expiry: (date) =>
      `Los enlaces permanecen abiertos hasta el ${date}. No los reenvíe: dan acceso al perfil sin iniciar sesión.`,
  },
  de: {
    intro: (sender, count) =>
      `${sender} sendet Ihnen ${count === 1 ? 'ein Profil' : `${count} Profile`}:`,
    linkSeparator: ': ',
    expiry: (date) =>
      `Die Links sind bis zum ${date} geöffnet. Bitte leiten Sie sie nicht weiter: Sie geben ohne Anmeldung Zugriff auf das Profil.`,
  },
};
