import type { Language } from '@embauche/contracts/constants';

/** The apply form's, confirmation page's and confirmation e-mail's fixed texts (issue 37 part 3). */
export type ApplyTexts = {
  title: string;
  required_note: string;
  optional: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  address: string;
  birth_date: string;
  linkedin_url: string;
  cover_letter: string;
  cv: string;
  /** The company's own questions (custom fields asked on the site). */
  yes: string;
  no: string;
  choose: string;
  /** After an amount's label. */
  in_euros: string;
  files_hint: (mb: number) => string;
  privacy_link: string;
  consent: (version: number) => string;
  /** The consent box in the list of errors. */
  consent_label: string;
  honeypot: string;
  submit: string;
  errors_title: (n: number) => string;
  files_again: string;
  /** One message per error code (a `code:n` passes n). */
  errors: {
    field_required: string;
    consent_required: string;
    invalid_email: string;
    max_length: (n: number) => string;
    file_type: string;
    file_too_large: (mb: number) => string;
    invalid: string;
    invalid_date: string;
    out_of_range: string;
    too_fast: string;
    expired: string;
    too_many: string;
  };
  applied_title: string;
  applied_text: (offer: string, company: string) => string;
  applied_mail: string;
  mail_subject: (offer: string, company: string) => string;
  mail_greeting: (firstname: string) => string;
  mail_body: (offer: string, company: string) => string;
  mail_next: string;
  mail_closing: (company: string) => string;
};

export const APPLY_TEXTS: Record<Language, ApplyTexts> = {
  fr: {
    title: 'Postuler',
    required_note: 'Les champs marqués d’un astérisque (*) sont obligatoires.',
    optional: 'facultatif',
    firstname: 'Prénom',
    lastname: 'Nom',
    email: 'Adresse e-mail',
    phone: 'Téléphone',
    address: 'Adresse postale',
    birth_date: 'Date de naissance',
    linkedin_url: 'Profil LinkedIn (adresse)',
    cover_letter: 'Lettre de motivation',
    cv: 'CV',
    yes: 'Oui',
    no: 'Non',
    choose: 'Choisir…',
    in_euros: 'en euros',
    files_hint: (mb) => `PDF, Word, ODT, RTF, texte, JPEG ou PNG, ${mb} Mo au plus.`,
    privacy_link: 'Lire la notice de confidentialité (nouvel onglet)',
    consent: (v) =>
      `J’accepte que mes données soient traitées pour cette candidature, comme le décrit la notice de confidentialité (version ${v}).`,
    consent_label: 'Consentement',
    honeypot: 'Ne remplissez pas ce champ',
    submit: 'Envoyer ma candidature',
    errors_title: (n) =>
      n <= 1 ? 'Le formulaire contient une erreur' : `Le formulaire contient ${n} erreurs`,
    files_again: 'Pour votre sécurité, choisissez à nouveau vos fichiers avant d’envoyer.',
    errors: {
      field_required: 'Ce champ est obligatoire.',
      consent_required: 'Votre accord est nécessaire pour envoyer votre candidature.',
      invalid_email: 'Cette adresse e-mail n’est pas valide.',
      max_length: (n) => `${n.toLocaleString('fr')} caractères au plus.`,
      file_type: 'Ce type de fichier n’est pas accepté : PDF, Word, ODT, RTF, texte, JPEG ou PNG.',
      file_too_large: (mb) => `Ce fichier dépasse ${mb} Mo.`,
      invalid: 'Cette valeur n’est pas valide.',
      invalid_date: 'Cette date n’est pas valide.',
      out_of_range: 'Ce nombre est hors des limites acceptées.',
      too_fast: 'Merci de relire votre saisie, puis d’envoyer à nouveau.',
      expired: 'Ce formulaire a expiré : relisez votre saisie, puis envoyez à nouveau.',
      too_many: 'Trop de candidatures ont été envoyées : réessayez dans une heure.',
    },
    applied_title: 'Candidature envoyée',
    applied_text: (o, c) =>
      `Merci ! Votre candidature au poste « ${o} » a bien été transmise à ${c}.`,
    applied_mail: 'Un e-mail de confirmation vous a été envoyé.',
    mail_subject: (o, c) => `Votre candidature « ${o} » – ${c}`,
    mail_greeting: (f) => `Bonjour ${f},`,
    mail_body: (o, c) => `Nous avons bien reçu votre candidature au poste « ${o} » chez ${c}.`,
    mail_next: 'Notre équipe l’étudie et reviendra vers vous.',
    mail_closing: (c) => `L’équipe recrutement de ${c}`,
  },
  en: {
    title: 'Apply',
    required_note: 'Fields marked with an asterisk (*) are required.',
    optional: 'optional',
    firstname: 'First name',
    lastname: 'Last name',
    email: 'E-mail address',
    phone: 'Phone',
    address: 'Postal address',
    birth_date: 'Date of birth',
    linkedin_url: 'LinkedIn profile (address)',
    cover_letter: 'Cover letter',
    cv: 'CV',
    yes: 'Yes',
    no: 'No',
    choose: 'Choose…',
    in_euros: 'in euros',
    files_hint: (mb) => `PDF, Word, ODT, RTF, text, JPEG or PNG, ${mb} MB at most.`,
    privacy_link: 'Read the privacy notice (new tab)',
    consent: (v) =>
      `I agree that my data is processed for this application, as the privacy notice (version ${v}) describes.`,
    consent_label: 'Consent',
    honeypot: 'Leave this field empty',
    submit: 'Send my application',
    errors_title: (n) => (n <= 1 ? 'The form holds an error' : `The form holds ${n} errors`),
    files_again: 'For your safety, choose your files again before sending.',
    errors: {
      field_required: 'This field is required.',
      consent_required: 'Your consent is needed to send your application.',
      invalid_email: 'This e-mail address is not valid.',
      max_length: (n) => `${n.toLocaleString('en')} characters at most.`,
      file_type: 'This file type is not accepted: PDF, Word, ODT, RTF, text, JPEG or PNG.',
      file_too_large: (mb) => `This file is larger than ${mb} MB.`,
      invalid: 'This value is not valid.',
      invalid_date: 'This date is not valid.',
      out_of_range: 'This number is outside the accepted range.',
      too_fast: 'Please check what you typed, then send again.',
      expired: 'This form has expired: check what you typed, then send again.',
      too_many: 'Too many applications were sent: try again in an hour.',
    },
    applied_title: 'Application sent',
    applied_text: (o, c) => `Thank you! Your application for “${o}” was sent to ${c}.`,
    applied_mail: 'A confirmation e-mail is on its way to you.',
    mail_subject: (o, c) => `Your application “${o}” – ${c}`,
    mail_greeting: (f) => `Hello ${f},`,
    mail_body: (o, c) => `We have received your application for “${o}” at ${c}.`,
    mail_next: 'Our team is reviewing it and will get back to you.',
    mail_closing: (c) => `The ${c} recruitment team`,
  },
  es: {
    title: 'Postularse',
    required_note: 'Los campos marcados con un asterisco (*) son obligatorios.',
    optional: 'opcional',
    firstname: 'Nombre',
    lastname: 'Apellidos',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    address: 'Dirección postal',
    birth_date: 'Fecha de nacimiento',
    linkedin_url: 'Perfil de LinkedIn (dirección)',
    cover_letter: 'Carta de presentación',
    cv: 'CV',
    yes: 'Sí',
    no: 'No',
    choose: 'Elegir…',
    in_euros: 'en euros',
    files_hint: (mb) => `PDF, Word, ODT, RTF, texto, JPEG o PNG, ${mb} MB como máximo.`,
    privacy_link: 'Leer el aviso de privacidad (nueva pestaña)',
    consent: (v) =>
      `Acepto que mis datos se traten para esta candidatura, como describe el aviso de privacidad (versión ${v}).`,
    consent_label: 'Consentimiento',
    honeypot: 'No rellene este campo',
    submit: 'Enviar mi candidatura',
    errors_title: (n) =>
      n <= 1 ? 'El formulario contiene un error' : `El formulario contiene ${n} errores`,
    files_again: 'Por su seguridad, vuelva a elegir sus archivos antes de enviar.',
    errors: {
      field_required: 'Este campo es obligatorio.',
      consent_required: 'Necesitamos su consentimiento para enviar su candidatura.',
      invalid_email: 'Esta dirección de correo no es válida.',
      max_length: (n) => `${n.toLocaleString('es')} caracteres como máximo.`,
      file_type: 'Este tipo de archivo no se acepta: PDF, Word, ODT, RTF, texto, JPEG o PNG.',
      file_too_large: (mb) => `Este archivo supera ${mb} MB.`,
      invalid: 'Este valor no es válido.',
      invalid_date: 'Esta fecha no es válida.',
      out_of_range: 'Este número está fuera de los límites aceptados.',
      too_fast: 'Revise lo que ha escrito y vuelva a enviar.',
      expired: 'Este formulario ha caducado: revise lo que ha escrito y vuelva a enviar.',
      too_many: 'Se han enviado demasiadas candidaturas: inténtelo de nuevo dentro de una hora.',
    },
    applied_title: 'Candidatura enviada',
    applied_text: (o, c) => `¡Gracias! Su candidatura para «${o}» se ha enviado a ${c}.`,
    applied_mail: 'Le hemos enviado un correo de confirmación.',
    mail_subject: (o, c) => `Su candidatura «${o}» – ${c}`,
    mail_greeting: (f) => `Hola, ${f}:`,
    mail_body: (o, c) => `Hemos recibido su candidatura para «${o}» en ${c}.`,
    mail_next: 'Nuestro equipo la está estudiando y se pondrá en contacto con usted.',
    mail_closing: (c) => `El equipo de selección de ${c}`,
  },
  de: {
    title: 'Bewerben',
    required_note: 'Mit einem Sternchen (*) gekennzeichnete Felder sind Pflichtfelder.',
    optional: 'optional',
    firstname: 'Vorname',
    lastname: 'Nachname',
    email: 'E-Mail-Adresse',
    phone: 'Telefon',
    address: 'Postanschrift',
    birth_date: 'Geburtsdatum',
    linkedin_url: 'LinkedIn-Profil (Adresse)',
    cover_letter: 'Anschreiben',
    cv: 'Lebenslauf',
    yes: 'Ja',
    no: 'Nein',
    choose: 'Auswählen…',
    in_euros: 'in Euro',
    files_hint: (mb) => `PDF, Word, ODT, RTF, Text, JPEG oder PNG, höchstens ${mb} MB.`,
    privacy_link: 'Datenschutzhinweis lesen (neuer Tab)',
    consent: (v) =>
      `Ich bin einverstanden, dass meine Daten für diese Bewerbung verarbeitet werden, wie im Datenschutzhinweis (Version ${v}) beschrieben.`,
    consent_label: 'Einwilligung',
    honeypot: 'Dieses Feld bitte leer lassen',
    submit: 'Bewerbung absenden',
    errors_title: (n) =>
      n <= 1 ? 'Das Formular enthält einen Fehler' : `Das Formular enthält ${n} Fehler`,
    files_again: 'Zu Ihrer Sicherheit wählen Sie Ihre Dateien vor dem Absenden bitte erneut aus.',
    errors: {
      field_required: 'Dieses Feld ist ein Pflichtfeld.',
      consent_required: 'Ihre Einwilligung ist nötig, um die Bewerbung abzusenden.',
      invalid_email: 'Diese E-Mail-Adresse ist ungültig.',
      max_length: (n) => `Höchstens ${n.toLocaleString('de')} Zeichen.`,
      file_type: 'Dieser Dateityp wird nicht angenommen: PDF, Word, ODT, RTF, Text, JPEG oder PNG.',
      file_too_large: (mb) => `Diese Datei ist größer als ${mb} MB.`,
      invalid: 'Dieser Wert ist ungültig.',
      invalid_date: 'Dieses Datum ist ungültig.',
      out_of_range: 'Diese Zahl liegt außerhalb des zulässigen Bereichs.',
      too_fast: 'Bitte prüfen Sie Ihre Angaben und senden Sie erneut.',
      expired: 'Dieses Formular ist abgelaufen: Prüfen Sie Ihre Angaben und senden Sie erneut.',
      too_many: 'Es wurden zu viele Bewerbungen gesendet: Versuchen Sie es in einer Stunde erneut.',
    },
    applied_title: 'Bewerbung gesendet',
    applied_text: (o, c) => `Vielen Dank! Ihre Bewerbung als „${o}“ wurde an ${c} gesendet.`,
    applied_mail: 'Eine Bestätigung ist per E-Mail unterwegs.',
    mail_subject: (o, c) => `Ihre Bewerbung „${o}“ – ${c}`,
    mail_greeting: (f) => `Guten Tag ${f},`,
    mail_body: (o, c) => `wir haben Ihre Bewerbung als „${o}“ bei ${c} erhalten.`,
    mail_next: 'Unser Team prüft sie und meldet sich bei Ihnen.',
    mail_closing: (c) => `Das Recruiting-Team von ${c}`,
  },
};
