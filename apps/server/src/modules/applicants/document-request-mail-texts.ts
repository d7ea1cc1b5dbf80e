import type { Language } from '@embauche/contracts/constants';

/** The fixed texts of the e-mail that asks an applicant for documents. */
export type DocumentRequestMailTexts = {
  subject(company: string): string;
  greeting(firstname: string): string;
  /** The line before the list of documents. */
  intro(company: string): string;
  /** Where to send them, and until when the link opens (a date as the web writes it). */
  action(date: string): string;
  /**
   * The default document types by their key (migration 0003); the same words as the web's
   * `applicant:document_types` (checked by document-request-mail.test.ts). A company's own types
   * keep the name it gave them.
   */
  documentTypes: Record<string, string>;
};

/** Document requests in the company's default language (the applicant has none of their own). */
export const DOCUMENT_REQUEST_MAIL_TEXTS: Record<Language, DocumentRequestMailTexts> = {
  fr: {
    subject: (company) => `${company} : documents demandés pour votre candidature`,
    greeting: (name) => `Bonjour ${name},`,
    intro: (company) =>
      `Pour poursuivre votre candidature, ${company} vous demande les documents suivants :`,
    action: (date) => `Déposez-les avec ce lien, ouvert jusqu'au ${date} :`,
    documentTypes: {
      identity_card: "Pièce d'identité",
      proof_of_address: 'Justificatif de domicile',
      diploma: 'Diplôme',
      social_security_card: 'Carte Vitale',
      bank_details: 'RIB',
      driving_licence: 'Permis de conduire',
    },
  },
  en: {
    subject: (company) => `${company}: documents requested for your application`,
    greeting: (name) => `Hello ${name},`,
    intro: (company) =>
      `To move your application forward, ${company} asks you for the following documents:`,
    action: (date) => `Please upload them with this link, open until ${date}:`,
    documentTypes: {
      identity_card: 'Identity document',
      proof_of_address: 'Proof of address',
      diploma: 'Diploma',
      social_security_card: 'Social security card',
      bank_details: 'Bank details',
      driving_licence: 'Driving licence',
    },
  },
  es: {
    subject: (company) => `${company}: documentos solicitados para su candidatura`,
    greeting: (name) => `Hola ${name}:`,
    intro: (company) =>
      `Para continuar con su candidatura, ${company} le solicita los siguientes documentos:`,
    action: (date) => `Envíelos con este enlace, abierto hasta el ${date}:`,
    documentTypes: {
      identity_card: 'Documento de identidad',
      proof_of_address: 'Justificante de domicilio',
      diploma: 'Título',
      social_security_card: 'Tarjeta de la Seguridad Social',
      bank_details: 'Datos bancarios',
      driving_licence: 'Permiso de conducir',
    },
  },
  de: {
    subject: (company) => `${company}: angeforderte Unterlagen für Ihre Bewerbung`,
    greeting: (name) => `Guten Tag ${name},`,
    intro: (company) =>
      `Damit Ihre Bewerbung weitergehen kann, bittet ${company} Sie um folgende Unterlagen:`,
    action: (date) => `Bitte laden Sie sie über diesen Link hoch, geöffnet bis zum ${date}:`,
    documentTypes: {
      identity_card: 'Ausweisdokument',
      proof_of_address: 'Wohnsitznachweis',
      diploma: 'Abschlusszeugnis',
      social_security_card: 'Sozialversicherungsausweis',
      bank_details: 'Bankverbindung',
      driving_licence: 'Führerschein',
    },
  },
};
